import type { ReactNode } from 'react';
import {
  formatDateTime,
  formatTime,
  gateCountsMessages,
  matchDayMessages,
  type MatchDay,
} from '@tickets/domain';
import { TableHead } from '../../shared/components/table-head';
import { admittingDevices, entriesTable, refusalReasons, refusalsTable } from './series';

const text = matchDayMessages;

/** A refusal reason as the office's counts name it. */
export const reasonLabel = (reason: string) =>
  gateCountsMessages.reasons[reason as keyof typeof gateCountsMessages.reasons] ?? reason;

/**
 * A chart's numbers as a table, under a disclosure that names it: for screen readers and for anyone who
 * prefers figures to a drawing. Wide on a phone, it scrolls inside its own box (reachable by keyboard).
 */
function NumbersTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <details className="govgr-details app-numbers">
      <summary className="govgr-details__summary">
        <span className="govgr-details__summary-text">{text.tableToggle}</span>
      </summary>
      <div className="govgr-details__text app-scroll-x" role="region" aria-label={caption} tabIndex={0}>
        <table className="govgr-table govgr-table--dense">
          <caption className="govgr-table__caption govgr-table__caption--s">{caption}</caption>
          {children}
        </table>
      </div>
    </details>
  );
}

const Cell = ({ children }: { children: ReactNode }) => (
  <td className="govgr-table__cell govgr-table__cell--numeric">{children}</td>
);

/** A chart's rows over time: the time, a count per column (a device, a reason), their total. */
function TimeRows({
  rows,
  columnKeys,
}: {
  rows: { at: string; counts: number[]; total: number }[];
  columnKeys: string[];
}) {
  return (
    <tbody className="govgr-table__body">
      {rows.map((row) => (
        <tr className="govgr-table__row" key={row.at}>
          <th scope="row" className="govgr-table__header">
            {formatTime(row.at)}
          </th>
          {row.counts.map((n, index) => (
            <Cell key={columnKeys[index] ?? index}>{n}</Cell>
          ))}
          <Cell>{row.total}</Cell>
        </tr>
      ))}
    </tbody>
  );
}

/** Entries per minute and device: the numbers of the charts per gate. */
export function EntriesTable({ report }: { report: MatchDay }) {
  const rows = entriesTable(report);
  if (rows.length === 0) return null;
  const devices = admittingDevices(report);
  return (
    <NumbersTable caption={text.entriesTitle}>
      <TableHead
        columns={[
          text.minute,
          ...devices.map((device) => ({ label: device.label, numeric: true as const })),
          { label: text.total, numeric: true },
        ]}
      />
      <TimeRows
        rows={rows.map((row) => ({ at: row.minute, counts: row.byDevice, total: row.total }))}
        columnKeys={devices.map((device) => device.deviceId)}
      />
    </NumbersTable>
  );
}

/** Refusals per span and reason: the numbers of the refusals' chart. */
export function RefusalsTable({ report }: { report: MatchDay }) {
  const rows = refusalsTable(report);
  if (rows.length === 0) return null;
  const reasons = refusalReasons(report);
  return (
    <NumbersTable caption={text.refusalsChart(report.refusalSpanMinutes)}>
      <TableHead
        columns={[
          text.from,
          ...reasons.map((reason) => ({ label: reasonLabel(reason), numeric: true as const })),
          { label: text.total, numeric: true },
        ]}
      />
      <TimeRows
        rows={rows.map((row) => ({ at: row.from, counts: row.byReason, total: row.total }))}
        columnKeys={reasons}
      />
    </NumbersTable>
  );
}

/** The match's refusals by reason, most first. */
export function RefusedByReason({ report }: { report: MatchDay }) {
  const reasons = refusalReasons(report);
  if (reasons.length === 0) return <p className="govgr-body">{text.noRefusals}</p>;
  return (
    <table className="govgr-table">
      <caption className="govgr-table__caption govgr-table__caption--s">
        {gateCountsMessages.refusedByReason}
      </caption>
      <TableHead columns={[text.reason, { label: text.count, numeric: true }]} />
      <tbody className="govgr-table__body">
        {reasons.map((reason) => (
          <tr className="govgr-table__row" key={reason}>
            <td className="govgr-table__cell">{reasonLabel(reason)}</td>
            <Cell>{report.refusedByReason[reason]}</Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A device's state: offline (with what it holds unsent), or online. */
function deviceState(device: MatchDay['devices'][number]) {
  if (device.revoked) return text.revoked;
  const pending = device.pendingUploads ?? 0;
  if (device.offline) return pending > 0 ? text.offlineWithPending(pending) : text.offline;
  return pending > 0 ? `${text.online}· ${text.pendingUploads(pending)}` : text.online;
}

/** Each device's entries, last contact and state; on a phone, a card of labelled lines each. */
export function DevicesTable({ report, titleId }: { report: MatchDay; titleId: string }) {
  if (report.devices.length === 0) return <p className="govgr-body">{text.noDevices}</p>;
  const columns = [text.device, text.lastContact, text.state, text.admitted] as const;
  return (
    <table className="govgr-table govgr-table--stacked-m app-results-table" aria-labelledby={titleId}>
      <TableHead columns={columns} />
      <tbody className="govgr-table__body">
        {report.devices.map((device) => (
          <tr className="govgr-table__row" key={device.deviceId}>
            <td className="govgr-table__cell" data-label={columns[0]}>
              {device.label}
            </td>
            <td className="govgr-table__cell" data-label={columns[1]}>
              {device.lastContactAt ? formatDateTime(device.lastContactAt) : text.neverContacted}
            </td>
            <td
              className={
                device.offline && (device.pendingUploads ?? 0) > 0 && !device.revoked
                  ? 'govgr-table__cell app-warning-text'
                  : 'govgr-table__cell'
              }
              data-label={columns[2]}
            >
              {deviceState(device)}
            </td>
            <td className="govgr-table__cell" data-label={columns[3]}>
              {device.admitted}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
