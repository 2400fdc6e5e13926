import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  formatDateTime,
  messages,
  statsQuerySchema,
  TICKET_CODE_LENGTH,
  type StatsTicket,
} from '@tickets/domain';
import { BackLink, Button } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { ErrorSummary, problemsFrom, summaryFocus } from '../../shared/forms/error-summary';
import { TextField } from '../../shared/forms/text-field';
import { useRefusal } from '../../shared/forms/use-refusal';
import { paths } from '../../shared/paths';
import { lookUpTicket } from './api';
import { TicketDetailsPanel } from './ticket-details-panel';
import { TableHead } from '../../shared/components/table-head';

const text = messages.ticketOffice;

/** docs/product-spec.md §2 "Stats/ticket": a ticket's every field by its 12-digit code. */
export default function StatsTicketPage() {
  const [ticket, setTicket] = useState<StatsTicket>();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof statsQuerySchema>>({
    resolver: zodResolver(statsQuerySchema),
    ...summaryFocus,
    defaultValues: { code: '' },
  });
  const refusal = useRefusal('code');
  // A lookup the officer submits, once: a mutation, nothing to cache.
  const lookUp = useMutation({
    mutationFn: lookUpTicket,
    onSuccess: setTicket,
    // The message of docs/product-spec.md §8, unless the server said something more useful ("not found").
    onError: (error) => refusal.refuse(error, messages.errors.statsLookup),
  });
  // A new search, valid or not, takes the last one's result away: it is not the answer to the new code.
  const search = (event: FormEvent<HTMLFormElement>) => {
    setTicket(undefined);
    refusal.clear();
    void handleSubmit(({ code }) => lookUp.mutate(code))(event);
  };
  const error = formState.errors.code?.message;
  return (
    <>
      <BackLink to={paths.ticketOffice.chooseUser} />
      <PageHeading>{messages.screens.statsTicket}</PageHeading>
      <form noValidate onSubmit={search} {...refusal.formProps}>
        <ErrorSummary
          problems={problemsFrom(formState.errors, ['code'])}
          refusal={refusal}
          submitCount={formState.submitCount}
        />
        <TextField
          id="code"
          label={text.ticketCode}
          hint={text.ticketCodeHint}
          error={error}
          digitsOnly
          maxLength={TICKET_CODE_LENGTH}
          autoComplete="off"
          className="govgr-input--width-20"
          {...register('code')}
        />
        <Button type="submit" busy={lookUp.isPending}>
          {text.statsSubmit}
        </Button>
      </form>
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
