import type { ReactElement } from 'react';
import { messages, type TransferEvent } from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { BackLink } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { paths } from '../../shared/paths';
import { useTransferEvents } from './api';
import { FixtureCard } from './fixture-card';
import { SeasonalCard } from './seasonal-card';

const text = messages.transferRules;

/** A titled section of cards; none when there are no cards. */
function CardsSection({ id, title, children }: { id: string; title: string; children: ReactElement[] }) {
  if (children.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 className="govgr-heading-m" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** docs/product-spec.md §2 "Transfer events": the season tickets' rules and the fixtures' exclusions. */
export default function TransferEventsPage() {
  const loaded = useTransferEvents();
  // A save puts the server's answer into the cached list; a new key remounts the card, resetting its form.
  const events = loaded.status === 'success' ? loaded.data : [];
  const keyOf = (event: TransferEvent) => `${event.eventId}-${JSON.stringify(event)}`;
  const seasonal = events.filter((event) => event.seasonal);
  const fixtures = events.filter((event) => !event.seasonal);

  return (
    <>
      <BackLink to={paths.ticketOffice.chooseUser} />
      <PageHeading>{messages.screens.transferEvents}</PageHeading>
      {loaded.status === 'pending' ? <Spinner /> : null}
      {loaded.status === 'error' ? (
        <ErrorBox message={failureMessage(loaded.error, messages.errors.loadFailed)} />
      ) : null}
      {loaded.status === 'success' && events.length === 0 ? <p className="govgr-body">{text.empty}</p> : null}
      <CardsSection id="seasonal-heading" title={text.seasonal}>
        {seasonal.map((event) => (
          <SeasonalCard key={keyOf(event)} event={event} />
        ))}
      </CardsSection>
      <CardsSection id="fixtures-heading" title={text.fixtures}>
        {fixtures.map((event) => (
          <FixtureCard key={keyOf(event)} event={event} />
        ))}
      </CardsSection>
    </>
  );
}
