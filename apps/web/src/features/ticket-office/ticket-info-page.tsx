import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  identifyTicketSchema,
  messages,
  normalizeDocumentId,
  personalizeTicketSchema,
  RESIDENCE_PERMIT_TYPES,
  TICKET_CODE_LENGTH,
  TICKET_USER_KINDS,
  documentTypeLabel,
  type DocumentType,
  type TicketIssueRequest,
  type TicketUserKind,
} from '@tickets/domain';
import { BackLink, Button } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { ErrorSummary, problemsFrom, summaryFocus } from '../../shared/forms/error-summary';
import { TextField } from '../../shared/forms/text-field';
import { useRefusal } from '../../shared/forms/use-refusal';
import { paths } from '../../shared/paths';
import { issueTicket, type IssuedState, type PrintState } from './api';

const text = messages.ticketOffice;
const CHOICES = ['PASSPORT', 'ID', 'PERMIT'] as const;

/** The form's rules are the server's: the same domain schema, by the kind of fan. */
const formSchemaOf = (kind: TicketUserKind) =>
  (kind === 'foreigner' ? identifyTicketSchema : personalizeTicketSchema)
    .pick({ ticketCode: true, firstName: true, lastName: true, documentId: true })
    .extend({ documentChoice: z.enum(CHOICES), permitType: z.enum(RESIDENCE_PERMIT_TYPES) });
type FormValues = z.infer<ReturnType<typeof formSchemaOf>>;

const documentTypeOf = (kind: TicketUserKind, values: FormValues): DocumentType =>
  values.documentChoice === 'PASSPORT'
    ? 'PASSPORT'
    : values.documentChoice === 'PERMIT'
      ? values.permitType
      : kind === 'foreigner'
        ? 'FOREIGN_ID'
        : 'NATIONAL_ID';

const isKind = (value: string | null): value is TicketUserKind =>
  TICKET_USER_KINDS.some((kind) => kind === value);

/** docs/product-spec.md §2 "Ticket info form", for a foreigner or an over-67 fan; anything else goes back. */
export default function TicketInfoPage() {
  const user = useSearchParams()[0].get('user');
  if (!isKind(user)) return <Navigate to={paths.ticketOffice.chooseUser} replace />;
  return <TicketInfoForm key={user} kind={user} />;
}

function TicketInfoForm({ kind }: { kind: TicketUserKind }) {
  const navigate = useNavigate();
  const foreigner = kind === 'foreigner';
  const { register, handleSubmit, watch, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchemaOf(kind)),
    ...summaryFocus,
    mode: 'onTouched',
    defaultValues: {
      ticketCode: '',
      firstName: '',
      lastName: '',
      documentId: '',
      documentChoice: 'PASSPORT',
      permitType: 'VIGNETTE',
    },
  });
  const refusal = useRefusal();
  const { errors } = formState;
  const values = watch();
  const filled = [values.ticketCode, values.firstName, values.lastName, values.documentId].every(
    (value) => value.trim() !== '',
  );
  const problems = problemsFrom(errors, ['ticketCode', 'firstName', 'lastName', 'documentId']);

  const issue = useMutation({
    mutationFn: (request: TicketIssueRequest) => issueTicket(kind, request),
    onSuccess: (ticket, request) => {
      if (foreigner) {
        navigate(paths.ticketOffice.success, {
          state: { type: 'ticket-data', ticket } satisfies IssuedState,
        });
      } else {
        navigate(paths.ticketOffice.printTicket, { state: { ...request, ...ticket } satisfies PrintState });
      }
    },
    onError: (error) => refusal.refuse(error),
  });
  const onSubmit = (form: FormValues) =>
    issue.mutate({
      ticketCode: form.ticketCode,
      firstName: form.firstName,
      lastName: form.lastName,
      documentType: documentTypeOf(kind, form),
      documentId: form.documentId,
    });

  const choiceLabel = { PASSPORT: text.passport, ID: text.identity, PERMIT: text.residencePermit } as const;
  const choices = foreigner ? CHOICES : (['PASSPORT', 'ID'] as const);
  const nameHint = foreigner ? text.latinHint : text.greekHint;

  return (
    <>
      <BackLink to={paths.ticketOffice.chooseUser} />
      <PageHeading>{messages.screens.ticketInfo}</PageHeading>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} {...refusal.formProps}>
        <ErrorSummary problems={problems} submitCount={formState.submitCount} refusal={refusal} />
        <TextField
          id="ticketCode"
          label={text.ticketCode}
          hint={text.ticketCodeHint}
          error={errors.ticketCode?.message}
          digitsOnly
          maxLength={TICKET_CODE_LENGTH}
          autoComplete="off"
          className="govgr-input--width-20"
          {...register('ticketCode')}
        />
        <TextField
          id="firstName"
          label={text.firstName}
          hint={nameHint}
          error={errors.firstName?.message}
          autoComplete="off"
          lang={foreigner ? 'en' : 'el'}
          {...register('firstName')}
        />
        <TextField
          id="lastName"
          label={text.lastName}
          hint={nameHint}
          error={errors.lastName?.message}
          autoComplete="off"
          lang={foreigner ? 'en' : 'el'}
          {...register('lastName')}
        />
        <fieldset className="govgr-fieldset">
          <legend className="govgr-fieldset__legend govgr-heading-s">{text.documentType}</legend>
          <div className="govgr-radios">
            {choices.map((choice) => (
              <div className="govgr-radios__item" key={choice}>
                <label className="govgr-radios__label" htmlFor={`documentChoice-${choice}`}>
                  <input
                    className="govgr-radios__input"
                    type="radio"
                    id={`documentChoice-${choice}`}
                    value={choice}
                    {...register('documentChoice')}
                  />
                  {choiceLabel[choice]}
                </label>
              </div>
            ))}
          </div>
          {foreigner && values.documentChoice === 'PERMIT' ? (
            <div className="govgr-field app-conditional">
              <label className="govgr-label" htmlFor="permitType">
                {text.permitType}
              </label>
              <select className="govgr-select" id="permitType" {...register('permitType')}>
                {RESIDENCE_PERMIT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {documentTypeLabel(type)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </fieldset>
        <TextField
          id="documentId"
          label={text.documentId}
          hint={text.documentIdHint}
          error={errors.documentId?.message}
          autoComplete="off"
          className="govgr-input--width-20"
          normalize={normalizeDocumentId}
          {...register('documentId')}
        />
        <Button type="submit" busy={issue.isPending} disabled={!filled || problems.length > 0}>
          {text.submit}
        </Button>
      </form>
    </>
  );
}
