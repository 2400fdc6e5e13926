import { useState } from 'react';
import { formatDateTime, messages, type StatsTicket } from '@tickets/domain';
import { BackLink } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { Form } from '../../shared/forms/form';
import { TicketCodeField } from '../../shared/forms/ticket-code-field';
import { paths } from '../../shared/paths';
import { useLookUpTicketMutation } from './api';
import { TicketDetailsPanel } from './ticket-details-panel';
import { TableHead } from '../../shared/components/table-head';

const text = messages.ticketOffice;

/** docs/product-spec.md §2 "Stats/ticket": a ticket's every field by its 12-digit code. */
export default function StatsTicketPage() {
  const [ticket, setTicket] = useState<StatsTicket>();
  const lookUp = useLookUpTicketMutation({ onSuccess: setTicket });
  return (
    <>
      <BackLink to={paths.ticketOffice.chooseUser} />
      <PageHeading>{messages.screens.statsTicket}</PageHeading>
      <Form
        schema={() => import('./form-schemas').then((schemas) => schemas.statsQuerySchema)}
        defaultValues={{ code: '' }}
        fields={['code']}
        refusalField="code"
        // A new search, valid or not, takes the last one's result away: it is not the answer to the new code.
        onSubmitStart={({ refusal }) => {
          setTicket(undefined);
          refusal.clear();
        }}
        onSubmit={({ code }, { refusal }) =>
          lookUp.mutate(code, {
            // The message of docs/product-spec.md §8, unless the server said something more useful ("not found").
            onError: (error) => refusal.refuse(error, messages.errors.statsLookup),
          })
        }
        submitLabel={text.statsSubmit}
        busy={lookUp.isPending}
      >
        {({ register, formState }) => (
          <TicketCodeField id="code" error={formState.errors.code?.message} {...register('code')} />
        )}
      </Form>
      <div aria-live="polite">
        {ticket ? <TicketDetailsPanel ticket={ticket} view="stats" /> : null}
        {ticket && ticket.fixtures.length > 0 ? <FixtureEntrants fixtures={ticket.fixtures} /> : null}
      </div>
    </>
  );
}

/** A season ticket's fixtures not yet over, with who enters each: the holder, or a loan's recipient. */
function FixtureEntrants({ fixtures }: { fixtures: StatsTicket['fixtures'] }) {
  return (
    <div className="govgr-table-container">
      <table className="govgr-table govgr-table--stacked-m">
        <caption className="govgr-table__caption govgr-table__caption--m">{text.seasonFixtures}</caption>
        <TableHead columns={[text.fixture, text.matchDateTime, text.entrant]} />
        <tbody className="govgr-table__body">
          {fixtures.map((fixture) => (
            <tr className="govgr-table__row" key={fixture.eventId}>
              <td className="govgr-table__cell">{fixture.eventDescription}</td>
              <td className="govgr-table__cell">{formatDateTime(fixture.eventDateTime)}</td>
              <td className="govgr-table__cell">
                {fixture.lent ? text.lentFixture(fixture.entrantName ?? '-') : (fixture.entrantName ?? '-')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
