import { useState } from 'react';
import { messages, type TransferEvent } from '@tickets/domain';
import { BackLink } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { paths } from '../../shared/paths';
import { useLoad } from '../../shared/use-load';
import { fetchTransferEvents } from './api';
import { FixtureCard } from './fixture-card';
import { SeasonalCard } from './seasonal-card';

const text = messages.transferRules;

/** docs/product-spec.md §2 "Transfer events": the season tickets' rules and the fixtures' exclusions. */
export default function TransferEventsPage() {
  const [loaded] = useLoad(fetchTransferEvents, messages.errors.loadFailed);
  // The server's answer replaces the loaded entry; a new key remounts the card, resetting its form.
  const [saved, setSaved] = useState<ReadonlyMap<number, TransferEvent>>(new Map());
  const replace = (event: TransferEvent) => setSaved((map) => new Map(map).set(event.eventId, event));
  const events =
    loaded.status === 'ready' ? loaded.data.map((event) => saved.get(event.eventId) ?? event) : [];
  const keyOf = (event: TransferEvent) => `${event.eventId}-${JSON.stringify(event)}`;
  const seasonal = events.filter((event) => event.seasonal);
  const fixtures = events.filter((event) => !event.seasonal);

  return (
    <>
      <BackLink to={paths.ticketOffice.chooseUser} />
      <PageHeading>{messages.screens.transferEvents}</PageHeading>
      {loaded.status === 'loading' ? <Spinner /> : null}
      {loaded.status === 'failed' ? <ErrorBox message={loaded.message} /> : null}
      {loaded.status === 'ready' && events.length === 0 ? <p className="govgr-body">{text.empty}</p> : null}
      {seasonal.length > 0 ? (
        <section aria-labelledby="seasonal-heading">
          <h2 className="govgr-heading-m" id="seasonal-heading">
            {text.seasonal}
          </h2>
          {seasonal.map((event) => (
            <SeasonalCard key={keyOf(event)} event={event} onSaved={replace} />
          ))}
        </section>
      ) : null}
      {fixtures.length > 0 ? (
        <section aria-labelledby="fixtures-heading">
          <h2 className="govgr-heading-m" id="fixtures-heading">
            {text.fixtures}
          </h2>
          {fixtures.map((event) => (
            <FixtureCard key={keyOf(event)} event={event} onSaved={replace} />
          ))}
        </section>
      ) : null}
    </>
  );
}
