import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  messages,
  normalizeDocumentId,
  RESIDENCE_PERMIT_TYPES,
  TICKET_USER_KINDS,
  documentTypeLabel,
  type DocumentType,
  type ErrorCode,
  type TicketUserKind,
} from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { BackLink } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { problemsFrom } from '../../shared/forms/error-summary';
import { Form } from '../../shared/forms/form';
import { TextField } from '../../shared/forms/text-field';
import { TicketCodeField } from '../../shared/forms/ticket-code-field';
import { paths } from '../../shared/paths';
import { useIssueTicketMutation, type IssuedState, type PrintState } from './api';
import type { DOCUMENT_CHOICES, TicketInfoValues as FormValues } from './form-schemas';

const text = messages.ticketOffice;
const CHOICES: typeof DOCUMENT_CHOICES = ['PASSPORT', 'ID', 'PERMIT'];
const FIELDS = ['ticketCode', 'firstName', 'lastName', 'documentId'] as const;
/** The two name fields, alike but for which name they hold. */
const NAME_FIELDS = ['firstName', 'lastName'] as const;
const LABELS = {
  ticketCode: text.ticketCode,
  firstName: text.firstName,
  lastName: text.lastName,
  documentId: text.documentId,
} as const;
/** The server's refusals about the person point at the document; the rest are about the ticket. */
const PERSON_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'PERSON_SUSPENDED',
  'PERSON_DOCUMENT_CHECK',
  'ALREADY_HOLDS_FIXTURE',
]);
const TICKET_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'TICKET_NOT_FOUND',
  'EVENT_STARTED',
  'TICKET_ALREADY_BOUND',
]);
const refusalField = (error: unknown) =>
  error instanceof ApiError && error.code
    ? PERSON_REFUSALS.has(error.code)
      ? 'documentId'
      : TICKET_REFUSALS.has(error.code)
        ? 'ticketCode'
        : undefined
    : undefined;
const labelsOf = (fields: readonly (typeof FIELDS)[number][]) =>
  fields.map((field) => LABELS[field]).join(', ');

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
  const issue = useIssueTicketMutation(kind, {
    onSuccess: (ticket, request) => {
      if (foreigner) {
        navigate(paths.ticketOffice.success, {
          state: { type: 'ticket-data', ticket } satisfies IssuedState,
        });
      } else {
        navigate(paths.ticketOffice.printTicket, { state: { ...request, ...ticket } satisfies PrintState });
      }
    },
  });

  const choiceLabel = { PASSPORT: text.passport, ID: text.identity, PERMIT: text.residencePermit } as const;
  const choices = foreigner ? CHOICES : (['PASSPORT', 'ID'] as const);
  const nameHint = foreigner ? text.latinHint : text.greekHint;

  return (
    <>
      <BackLink to={paths.ticketOffice.chooseUser} />
      <PageHeading>{messages.screens.ticketInfo}</PageHeading>
      <Form<FormValues>
        schema={() => import('./form-schemas').then((schemas) => schemas.ticketInfoSchema(kind))}
        mode="onTouched"
        defaultValues={{
          ticketCode: '',
          firstName: '',
          lastName: '',
          documentId: '',
          documentChoice: 'PASSPORT',
          permitType: 'VIGNETTE',
        }}
        fields={FIELDS}
        onSubmit={(form, { refusal }) =>
          issue.mutate(
            {
              ticketCode: form.ticketCode,
              firstName: form.firstName,
              lastName: form.lastName,
              documentType: documentTypeOf(kind, form),
              documentId: form.documentId,
            },
            { onError: (error) => refusal.refuse(error, undefined, refusalField(error)) },
          )
        }
        submitLabel={text.submit}
        busy={issue.isPending}
        // The spec's rule: Submit only once every field is filled and none is wrong.
        submitDisabled={({ watch, formState }) =>
          !FIELDS.every((field) => watch(field).trim() !== '') ||
          problemsFrom(formState.errors, FIELDS).length > 0
        }
        submitNote={({ watch, formState }) => {
          const missing = FIELDS.filter((field) => watch(field).trim() === '');
          if (missing.length > 0) return text.submitMissing(labelsOf(missing));
          const wrong = FIELDS.filter((field) => formState.errors[field]);
          return wrong.length > 0 ? text.submitFix(labelsOf(wrong)) : undefined;
        }}
      >
        {({ register, watch, formState: { errors }, refusal }) => (
          <>
            <TicketCodeField
              id="ticketCode"
              error={errors.ticketCode?.message ?? refusal.messageAt('ticketCode')}
              {...register('ticketCode')}
            />
            {NAME_FIELDS.map((field) => (
              <TextField
                key={field}
                id={field}
                label={LABELS[field]}
                hint={nameHint}
                error={errors[field]?.message}
                autoComplete="off"
                lang={foreigner ? 'en' : 'el'}
                {...register(field)}
              />
            ))}
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
              {foreigner && watch('documentChoice') === 'PERMIT' ? (
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
              error={errors.documentId?.message ?? refusal.messageAt('documentId')}
              autoComplete="off"
              className="govgr-input--width-20"
              normalize={normalizeDocumentId}
              {...register('documentId')}
            />
          </>
        )}
      </Form>
    </>
  );
}
