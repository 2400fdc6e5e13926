import {
  formatDateTime,
  MATCH_DAY_REFUSAL_BUCKET_MINUTES,
  MATCH_REPORT_CSV_SEPARATOR,
  matchDayMessages,
  gateCountsMessages,
  type MatchDay,
} from '@tickets/domain';
import type { Db } from '../../../db/client';
import { AppError } from '../../../shared/app-error';
import type { SessionUser } from '../../../shared/sessions';
import {
  countBoundTickets,
  countEntriesPerMinute,
  countRefusalsOverTime,
  findMatchForOfficer,
  listMatchDevices,
} from './match-day.queries';
import { countAdmissions, countDoubleEntries, countRefusals } from './reports.queries';

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * One match of the officer's club as its gates saw it (issue #42 item 3): entries per device and
 * minute, refusals by reason and span, attendance against the bound tickets, each device's last contact
 * and what it holds unsent, and the double entries. Another club's match (or a season) is
 * EVENT_NOT_FOUND, as the rest of the office answers it.
 */
export async function matchDay(db: Db, user: SessionUser, eventId: number): Promise<MatchDay> {
  const match = await findMatchForOfficer(db, user, eventId);
  if (!match) throw new AppError('EVENT_NOT_FOUND');
  const admitting = match.seasonId === null ? [match.id] : [match.id, match.seasonId];
  const [admitted, refusals, boundTickets, devices, entries, refusalSpans, doubleEntries] = await Promise.all(
    [
      countAdmissions(db, eventId),
      countRefusals(db, eventId),
      countBoundTickets(db, admitting),
      listMatchDevices(db, match.organisationId, eventId),
      countEntriesPerMinute(db, eventId),
      countRefusalsOverTime(db, eventId),
      countDoubleEntries(db, eventId),
    ],
  );
  const refusedByReason = Object.fromEntries(refusals.map((row) => [row.reason, row.n]));
  return {
    eventId,
    eventDescription: match.description,
    eventDateTime: match.startsAt.toISOString(),
    venue: match.venue,
    gatesOpenAt: iso(match.gatesOpenAt),
    endsAt: iso(match.endsAt),
    over: match.over,
    readAt: iso(match.readAt),
    admitted: admitted?.n ?? 0,
    boundTickets,
    refusedByReason,
    alreadyAdmittedRefusals: refusedByReason.ALREADY_ADMITTED ?? 0,
    doubleEntries,
    devices: devices.map((device) => ({
      deviceId: device.deviceId,
      label: device.label,
      admitted: device.admitted,
      lastContactAt: device.lastContactAt?.toISOString() ?? null,
      pendingUploads: device.pendingUploads,
      offline: device.offline,
      revoked: device.revoked,
    })),
    entriesPerMinute: entries.map((row) => ({
      deviceId: row.deviceId,
      minute: iso(row.minute),
      admitted: row.admitted,
    })),
    refusalSpanMinutes: MATCH_DAY_REFUSAL_BUCKET_MINUTES,
    refusalsOverTime: refusalSpans.map((row) => ({
      reason: row.reason,
      from: iso(row.from),
      refused: row.refused,
    })),
  };
}

/**
 * A field of the CSV: quoted when it holds the separator, a quote or a line break (RFC 4180's rule); a
 * text a spreadsheet would take for a formula (a device's label, a match's description starting with
 * `=`, `+`, `-` or `@`) is led by an apostrophe, which Excel shows as text (OWASP, "CSV Injection").
 */
const field = (value: string | number) => {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return [MATCH_REPORT_CSV_SEPARATOR, '"', '\r', '\n'].some((special) => text.includes(special))
    ? `"${text.replaceAll('"', '""')}"`
    : text;
};

/** The byte-order mark that makes Excel read the file as UTF-8 (its Greek). */
const BOM = '\uFEFF';

/**
 * A finished match's report as CSV (issue #42 item 4): the figures of the match-day view, one a row, in
 * long form (a figure, its device, reason and span, and the count) so that a spreadsheet filters and
 * pivots it and reports of many matches can be put together; times in Athens time. Refused while the
 * match is not over (MATCH_REPORT_NOT_READY): its figures are still moving.
 */
export async function matchReportCsv(
  db: Db,
  user: SessionUser,
  eventId: number,
): Promise<{ fileName: string; csv: string }> {
  const report = await matchDay(db, user, eventId);
  if (!report.over) throw new AppError('MATCH_REPORT_NOT_READY');
  const names = matchDayMessages.csv;
  const labels = new Map(report.devices.map((device) => [device.deviceId, device.label]));
  const reasonLabel = (reason: string) =>
    gateCountsMessages.reasons[reason as keyof typeof gateCountsMessages.reasons] ?? reason;
  const minutesLater = (at: string, minutes: number) => new Date(Date.parse(at) + minutes * 60_000);
  const match = [report.eventDescription, formatDateTime(report.eventDateTime)];
  const rows: (string | number)[][] = [
    [...names.columns],
    [...match, names.admitted, '', '', '', '', report.admitted],
    [...match, names.boundTickets, '', '', '', '', report.boundTickets],
    [
      ...match,
      names.refused,
      '',
      '',
      '',
      '',
      Object.values(report.refusedByReason).reduce((sum, n) => sum + n, 0),
    ],
    [...match, names.alreadyAdmitted, '', '', '', '', report.alreadyAdmittedRefusals],
    [...match, names.doubleEntries, '', '', '', '', report.doubleEntries],
    ...report.devices.map((device) => [
      ...match,
      names.deviceAdmitted,
      device.label,
      '',
      '',
      '',
      device.admitted,
    ]),
    ...Object.entries(report.refusedByReason).map(([reason, n]) => [
      ...match,
      names.refusedByReason,
      '',
      reasonLabel(reason),
      '',
      '',
      n,
    ]),
    ...report.entriesPerMinute.map((row) => [
      ...match,
      names.entriesPerMinute,
      labels.get(row.deviceId) ?? row.deviceId,
      '',
      formatDateTime(row.minute),
      formatDateTime(minutesLater(row.minute, 1)),
      row.admitted,
    ]),
    ...report.refusalsOverTime.map((row) => [
      ...match,
      names.refusalsOverTime,
      '',
      reasonLabel(row.reason),
      formatDateTime(row.from),
      formatDateTime(minutesLater(row.from, report.refusalSpanMinutes)),
      row.refused,
    ]),
  ];
  const csv = BOM + rows.map((row) => row.map(field).join(MATCH_REPORT_CSV_SEPARATOR)).join('\r\n') + '\r\n';
  return { fileName: `match-report-${eventId}.csv`, csv };
}
