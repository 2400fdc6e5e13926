import { useLocation, useNavigate } from 'react-router';
import { AFM_LENGTH, formatCalendarDate, messages, type Dependent } from '@tickets/domain';
import { BackLink } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { SummaryList } from '../../shared/components/summary-list';
import { Form } from '../../shared/forms/form';
import { TextField } from '../../shared/forms/text-field';
import { TicketCodeField } from '../../shared/forms/ticket-code-field';
import { paths } from '../../shared/paths';
import NotFoundPage from '../../shared/components/not-found-page';
import { useIndicateCompanionMutation, type CompanionSuccessState } from './api';
import type { SelectedMinorValues as FormValues } from './form-schemas';

const text = messages.companions;

/** docs/product-spec.md §2 "Selected minor": the minor, the ticket code and the companion's ΑΦΜ. */
export default function SelectedMinorPage() {
  const minor = (useLocation().state as { minor?: Dependent } | null)?.minor;
  const navigate = useNavigate();
  const indicate = useIndicateCompanionMutation({
    onSuccess: (declaration) => {
      navigate(paths.tickets.successCompanion, { state: { declaration } satisfies CompanionSuccessState });
    },
  });
  if (!minor) return <NotFoundPage />;

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
      <Form<FormValues>
        schema={() => import('./form-schemas').then((schemas) => schemas.selectedMinorSchema)}
        defaultValues={{ publicCode: '', afm: '' }}
        fields={['publicCode', 'afm']}
        onSubmit={(values, { refusal }) =>
          indicate.mutate({ ...values, amka: minor.amka }, { onError: (error) => refusal.refuse(error) })
        }
        submitLabel={text.sendRequest}
        busy={indicate.isPending}
      >
        {({ register, formState: { errors } }) => (
          <>
            <TicketCodeField
              id="publicCode"
              label={text.ticketCode}
              hint={text.ticketCodeHint}
              error={errors.publicCode?.message}
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
          </>
        )}
      </Form>
    </>
  );
}
