import { useState } from 'react';
import {
  formatDate,
  formatDateTime,
  formatTime,
  formatTimeWithSeconds,
  gateCountsMessages,
  type AdmissionCounts,
  type AdmissionReason,
} from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { ErrorBox } from '../../shared/components/error-box';
import { Spinner } from '../../shared/components/spinner';
import { SummaryList } from '../../shared/components/summary-list';
import { useGateCounts, useGateEvents } from './api';
import { TableHead } from '../../shared/components/table-head';
import { VoidAdmission } from './void-admission';

const text = gateCountsMessages;
const REFRESH_MS = 10_000;

type Refused = Exclude<AdmissionReason, 'ADMITTED'>;

/** One match's entrance as it happens: admitted, refused by reason, the last scan (docs/design.md §8). */
export function GateCounts() {
  const events = useGateEvents();
  const [eventId, setEventId] = useState<number>();
  if (events.status === 'pending') return <Spinner />;
  if (events.status === 'error') return <ErrorBox message={failureMessage(events.error, text.loadFailed)} />;
  if (events.data.length === 0) return <p className="govgr-body">{text.noEvents}</p>;
  const chosen = eventId ?? events.data[0]?.eventId;
  return (
    <>
      <p className="govgr-body">{text.intro}</p>
      <div className="govgr-field">
        <label className="govgr-label" htmlFor="gate-counts-event">
          {text.event}
        </label>
        <select
          className="govgr-select"
          id="gate-counts-event"
          value={chosen}
          onChange={(change) => setEventId(Number(change.target.value))}
        >
          {events.data.map((event) => (
            <option key={event.eventId} value={event.eventId}>
              {event.eventDescription} ({formatDateTime(event.eventDateTime)})
            </option>
          ))}
        </select>
      </div>
      {chosen === undefined ? null : <LiveCounts key={chosen} eventId={chosen} />}
    </>
  );
}

/** Asks again every 10 s while shown; a failed refresh keeps the last figures and says so. */
function LiveCounts({ eventId }: { eventId: number }) {
  const counts = useGateCounts(eventId, REFRESH_MS);
  // A failed refresh leaves the last figures in the cache: both are shown.
  const failure = counts.error ? failureMessage(counts.error, text.loadFailed) : undefined;
  if (!counts.data) return failure ? <ErrorBox message={failure} /> : <Spinner />;
  const figures = counts.data;
  const refused = Object.entries(figures.refused) as [Refused, number][];
  const refusedTotal = refused.reduce((sum, [, n]) => sum + n, 0);
  return (
    <>
      {failure ? <ErrorBox message={failure} /> : null}
      <SummaryList
        rows={[
          [text.admitted, figures.admitted],
          [text.refused, refusedTotal],
          [text.lastScan, figures.lastScanAt ? formatDateTime(figures.lastScanAt) : text.noScan],
        ]}
      />
      {refused.length === 0 ? (
        <p className="govgr-body">{text.noRefusals}</p>
      ) : (
        <table className="govgr-table">
          <caption className="govgr-table__caption govgr-table__caption--m">{text.refusedByReason}</caption>
          <TableHead columns={[text.reason, { label: text.count, numeric: true }]} />
          <tbody className="govgr-table__body">
            {refused.map(([reason, n]) => (
              <tr key={reason} className="govgr-table__row">
                <td className="govgr-table__cell">{text.reasons[reason] ?? reason}</td>
                <td className="govgr-table__cell govgr-table__cell--numeric">{n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <DoubleEntries entries={figures.doubleEntries} />
      <p className="govgr-hint">{text.refreshed(formatTime(new Date(counts.dataUpdatedAt)))}</p>
      <VoidAdmission eventId={eventId} />
    </>
  );
}

/** Two devices may admit a ticket within the same minute: which came first shows in the seconds. */
const toTheSecond = (at: string) => `${formatDate(at)} ${formatTimeWithSeconds(at)}`;

/** Tickets admitted twice while devices were offline: both devices and times, for the club to follow up. */
function DoubleEntries({ entries }: { entries: AdmissionCounts['doubleEntries'] }) {
  if (entries.length === 0) {
    return (
      <>
        <h3 className="govgr-heading-s">{text.doubleEntries}</h3>
        <p className="govgr-body">{text.noDoubleEntries}</p>
      </>
    );
  }
  return (
    <table className="govgr-table">
      <caption className="govgr-table__caption govgr-table__caption--m">{text.doubleEntries}</caption>
      <TableHead columns={[text.ticketCode, text.firstEntry, text.againEntry]} />
      <tbody className="govgr-table__body">
        {entries.map((entry) => (
          <tr
            key={`${entry.ticketCode} ${entry.again.device} ${entry.again.at}`}
            className="govgr-table__row"
          >
            <td className="govgr-table__cell">{entry.ticketCode}</td>
            <td className="govgr-table__cell">
              {text.entryAt(entry.first.device, toTheSecond(entry.first.at))}
            </td>
            <td className="govgr-table__cell">
              {text.entryAt(entry.again.device, toTheSecond(entry.again.at))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
