import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  AFM_LENGTH,
  formatCalendarDate,
  indicateCompanionSchema,
  messages,
  TICKET_CODE_LENGTH,
  type Dependent,
} from '@tickets/domain';
import { BackLink, Button } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { SummaryList } from '../../shared/components/summary-list';
import { ErrorSummary, problemsFrom, summaryFocus } from '../../shared/forms/error-summary';
import { TextField } from '../../shared/forms/text-field';
import { useRefusal } from '../../shared/forms/use-refusal';
import { paths } from '../../shared/paths';
import NotFoundPage from '../../shared/components/not-found-page';
import { declarationsQuery, indicateCompanion, type CompanionSuccessState } from './api';

const text = messages.companions;
/** The route's own schema, less the minor's ΑΜΚΑ, which the page knows. */
const formSchema = indicateCompanionSchema.omit({ amka: true });
type FormValues = z.infer<typeof formSchema>;

/** docs/product-spec.md §2 "Selected minor": the minor, the ticket code and the companion's ΑΦΜ. */
export default function SelectedMinorPage() {
  const minor = (useLocation().state as { minor?: Dependent } | null)?.minor;
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    ...summaryFocus,
    defaultValues: { publicCode: '', afm: '' },
  });
  const refusal = useRefusal();
  const queryClient = useQueryClient();
  const indicate = useMutation({
    mutationFn: indicateCompanion,
    onSuccess: (declaration) => {
      void queryClient.invalidateQueries({ queryKey: declarationsQuery.queryKey });
      navigate(paths.tickets.successCompanion, { state: { declaration } satisfies CompanionSuccessState });
    },
    onError: (error) => refusal.refuse(error),
  });
  if (!minor) return <NotFoundPage />;

  const onSubmit = (values: FormValues) => indicate.mutate({ ...values, amka: minor.amka });
  const { errors } = formState;
  const problems = problemsFrom(errors, ['publicCode', 'afm']);

  return (
    <>
      <BackLink to={paths.tickets.chooseMinor} />
      <PageHeading>{messages.screens.selectedMinor}</PageHeading>
      <SummaryList
        rows={[
          [text.minor, `${minor.firstName} ${minor.lastName}`],
          [text.born, formatCalendarDate(minor.birthdate)],
        ]}
      />
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} {...refusal.formProps}>
        <ErrorSummary problems={problems} submitCount={formState.submitCount} refusal={refusal} />
        <TextField
          id="publicCode"
          label={text.ticketCode}
          hint={text.ticketCodeHint}
          error={errors.publicCode?.message}
          digitsOnly
          maxLength={TICKET_CODE_LENGTH}
          autoComplete="off"
          className="govgr-input--width-20"
          {...register('publicCode')}
        />
        <TextField
          id="afm"
          label={text.companionAfm}
          hint={text.companionAfmHint}
          error={errors.afm?.message}
          digitsOnly
          maxLength={AFM_LENGTH}
          autoComplete="off"
          className="govgr-input--width-10"
          {...register('afm')}
        />
        <Button type="submit" busy={indicate.isPending}>
          {text.sendRequest}
        </Button>
      </form>
    </>
  );
}
