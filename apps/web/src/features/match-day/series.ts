import type { MatchDay } from '@tickets/domain';

/**
 * The match-day figures shaped for the charts and their tables (issue #42 item 3): the same numbers
 * in both, from one function each, so the table is the chart's numbers and nothing else.
 */

const MINUTE_MS = 60_000;
const floorTo = (at: number, spanMs: number) => Math.floor(at / spanMs) * spanMs;

/** The span the charts cover: from the gates' opening to the match's end, or to now while it is on. */
export function chartSpan(report: MatchDay): { from: number; to: number } {
  const from = floorTo(Date.parse(report.gatesOpenAt), MINUTE_MS);
  const end = Math.min(Date.parse(report.endsAt), Date.parse(report.readAt));
  return { from, to: Math.max(from + MINUTE_MS, floorTo(end, MINUTE_MS)) };
}

/** Each step from `from` to `to` (both included), `stepMs` apart. */
const steps = (from: number, to: number, stepMs: number) =>
  Array.from({ length: Math.floor((to - from) / stepMs) + 1 }, (_, index) => from + index * stepMs);

/** One device's entries for every minute of the span (zeros included), as the chart draws them. */
export function deviceMinutes(report: MatchDay, deviceId: string): { minutes: number[]; admitted: number[] } {
  const { from, to } = chartSpan(report);
  const counted = new Map(
    report.entriesPerMinute
      .filter((row) => row.deviceId === deviceId)
      .map((row) => [Date.parse(row.minute), row.admitted]),
  );
  // Minutes outside the span (an offline device's clock) still count: the span grows to hold them.
  const times = [...counted.keys()];
  const minutes = steps(Math.min(from, ...times), Math.max(to, ...times), MINUTE_MS);
  return { minutes, admitted: minutes.map((minute) => counted.get(minute) ?? 0) };
}

/** The devices that admitted someone to the match: a chart and a column each. */
export const admittingDevices = (report: MatchDay) => report.devices.filter((device) => device.admitted > 0);

/** The entries table: a row per minute with an entry at some device, a column per device, and the total. */
export function entriesTable(report: MatchDay): { minute: string; byDevice: number[]; total: number }[] {
  const minutes = [...new Set(report.entriesPerMinute.map((row) => row.minute))].sort();
  const counted = new Map(
    report.entriesPerMinute.map((row) => [`${row.minute} ${row.deviceId}`, row.admitted]),
  );
  return minutes.map((minute) => {
    const byDevice = admittingDevices(report).map(
      (device) => counted.get(`${minute} ${device.deviceId}`) ?? 0,
    );
    return { minute, byDevice, total: byDevice.reduce((sum, n) => sum + n, 0) };
  });
}

/** The reasons refused at the match, most refused first. */
export const refusalReasons = (report: MatchDay) =>
  Object.entries(report.refusedByReason)
    .sort(([, one], [, other]) => other - one)
    .map(([reason]) => reason);

/** Refusals per reason for every span of the chart (zeros included). */
export function refusalSpans(report: MatchDay): { spans: number[]; byReason: Map<string, number[]> } {
  const spanMs = report.refusalSpanMinutes * MINUTE_MS;
  const { from, to } = chartSpan(report);
  const rows = report.refusalsOverTime.map((row) => ({ ...row, at: Date.parse(row.from) }));
  const spans = steps(
    floorTo(Math.min(from, ...rows.map((row) => row.at)), spanMs),
    floorTo(Math.max(to, ...rows.map((row) => row.at)), spanMs),
    spanMs,
  );
  const counted = new Map(rows.map((row) => [`${row.at} ${row.reason}`, row.refused]));
  const byReason = new Map(
    refusalReasons(report).map((reason) => [
      reason,
      spans.map((span) => counted.get(`${span} ${reason}`) ?? 0),
    ]),
  );
  return { spans, byReason };
}

/** The refusals table: a row per span with a refusal, a column per reason, and the total. */
export function refusalsTable(report: MatchDay): { from: string; byReason: number[]; total: number }[] {
  const reasons = refusalReasons(report);
  const spans = [...new Set(report.refusalsOverTime.map((row) => row.from))].sort();
  const counted = new Map(report.refusalsOverTime.map((row) => [`${row.from} ${row.reason}`, row.refused]));
  return spans.map((from) => {
    const byReason = reasons.map((reason) => counted.get(`${from} ${reason}`) ?? 0);
    return { from, byReason, total: byReason.reduce((sum, n) => sum + n, 0) };
  });
}
