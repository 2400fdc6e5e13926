import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime, matchDayMessages, messages, type GateEvent } from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { BackLink } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { paths } from '../../shared/paths';
import { useMatchDayEvents } from './api';
import { CancelledNotice } from './cancelled-notice';
import { MatchDayView } from './match-day-view';

const text = matchDayMessages;
const EVENT_FIELD = 'match-day-event';
// Below the figures, and only for a match not yet over: its form's checks (zod) load after the page.
const MatchCancellation = lazy(() =>
  import('./match-cancellation').then((module) => ({ default: module.MatchCancellation })),
);

const option = (event: GateEvent) => (
  <option key={event.eventId} value={event.eventId}>
    {event.eventDescription} ({formatDateTime(event.eventDateTime)})
    {event.cancelledAt ? ` · ${text.cancellation.cancelled}` : ''}
  </option>
);

/**
 * "Εικόνα αγωνιστικής ημέρας" (issue #42 items 3, 4): a match of the club (every club's, platform-wide)
 * as its gates saw it, live and afterwards, and a finished match's CSV report. The match chosen is in
 * the address (`?eventId=`), so a reload or a shared link shows the same.
 */
export default function MatchDayPage() {
  const current = useMatchDayEvents(false);
  const over = useMatchDayEvents(true);
  const [search, setSearch] = useSearchParams();
  const failed = current.error ?? over.error;
  const events = [...(current.data ?? []), ...(over.data ?? [])];
  const asked = Number(search.get('eventId'));
  // Chosen once both lists are in: the match asked for may be in the second (an over one), and choosing
  // from the first alone showed, and fetched, another match before it.
  const listed = current.data !== undefined && over.data !== undefined;
  const chosen = !listed
    ? undefined
    : events.some((event) => event.eventId === asked)
      ? asked
      : events[0]?.eventId;
  // The match the officer just cancelled here: its notice takes the focus when it appears.
  const [cancelledHere, setCancelledHere] = useState<number>();
  const chosenEvent = events.find((event) => event.eventId === chosen);
  // Not over yet (the current list) and standing: the office may still cancel it.
  const cancellable = !chosenEvent?.cancelledAt && current.data?.some((event) => event.eventId === chosen);
  return (
    <div className="app-wide app-match-day">
      <BackLink to={paths.ticketOffice.gateDevices} />
      <PageHeading>{messages.screens.matchDay}</PageHeading>
      {/* At a desk the picker and the intro side by side, so that the figures start in the first screen. */}
      <div className="app-match-day-head">
        <p className="govgr-body app-match-day-head__intro">{text.intro}</p>
        {/* The picker's place is held while the matches load (a spinner in it), so nothing under it moves. */}
        <div className="app-match-day-head__picker">
          {current.isPending || over.isPending ? <Spinner size="small" /> : null}
          {events.length > 0 && chosen !== undefined ? (
            <div className="govgr-field">
              <label className="govgr-label" htmlFor={EVENT_FIELD}>
                {text.event}
              </label>
              <select
                className="govgr-select app-select-wide"
                id={EVENT_FIELD}
                value={chosen}
                onChange={(change) => setSearch({ eventId: change.target.value }, { replace: true })}
              >
                {current.data?.length ? (
                  <optgroup label={text.current}>{current.data.map(option)}</optgroup>
                ) : null}
                {over.data?.length ? <optgroup label={text.over}>{over.data.map(option)}</optgroup> : null}
              </select>
            </div>
          ) : null}
        </div>
      </div>
      {failed ? <ErrorBox message={failureMessage(failed, text.loadFailed)} /> : null}
      {current.data && over.data && events.length === 0 ? (
        <p className="govgr-body">{text.noEvents}</p>
      ) : null}
      {chosenEvent ? <CancelledNotice event={chosenEvent} focused={cancelledHere === chosen} /> : null}
      {events.length > 0 && chosen !== undefined ? <MatchDayView key={chosen} eventId={chosen} /> : null}
      {chosenEvent && cancellable ? (
        <Suspense fallback={null}>
          <MatchCancellation
            key={`cancel-${chosen}`}
            event={chosenEvent}
            onCancelled={() => setCancelledHere(chosen)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
