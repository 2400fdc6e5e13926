import type { MatchDay } from '@tickets/domain';

/**
 * The match-day figures shaped for the charts and their tables (issue #42 item 3): the same numbers
 * in both, from one function each, so the table is the chart's numbers and nothing else.
 */

const MINUTE_MS = 60_000;
const floorTo = (at: number, spanMs: number) => Math.floor(at / spanMs) * spanMs;

/**
 * The span the charts cover: from the gates' opening to now while the match is on; after it, to its
 * last entry (issue #55 item 5: a quarter of an hour of entries is not a sliver of a six-hour axis),
 * or to its last refusal if nobody entered.
 */
export function chartSpan(report: MatchDay): { from: number; to: number } {
  const from = floorTo(Date.parse(report.gatesOpenAt), MINUTE_MS);
  const recorded = report.entriesPerMinute.length
    ? report.entriesPerMinute.map((row) => Date.parse(row.minute))
    : report.refusalsOverTime.map((row) => Date.parse(row.from));
  const end = report.over
    ? Math.max(from, ...recorded)
    : Math.min(Date.parse(report.endsAt), Date.parse(report.readAt));
  return { from, to: Math.max(from + MINUTE_MS, floorTo(end, MINUTE_MS)) };
}

/** Each step from `from` to `to` (both included), `stepMs` apart. */
const steps = (from: number, to: number, stepMs: number) =>
  Array.from({ length: Math.floor((to - from) / stepMs) + 1 }, (_, index) => from + index * stepMs);

/** The devices that admitted someone to the match: a chart and a column each. */
export const admittingDevices = (report: MatchDay) => report.devices.filter((device) => device.admitted > 0);

/**
 * The entries over every minute of the span (zeros included), as the charts draw them: each admitting
 * device's, in the order of admittingDevices, and their total. One time axis for all, so that the
 * chart of all gates and the chart of each line up.
 */
export function entrySeries(report: MatchDay): { minutes: number[]; byDevice: number[][]; total: number[] } {
  const { from, to } = chartSpan(report);
  const counted = new Map(
    report.entriesPerMinute.map((row) => [`${Date.parse(row.minute)} ${row.deviceId}`, row.admitted]),
  );
  // Minutes outside the span (an offline device's clock) still count: the span grows to hold them.
  const times = report.entriesPerMinute.map((row) => Date.parse(row.minute));
  const minutes = steps(Math.min(from, ...times), Math.max(to, ...times), MINUTE_MS);
  const byDevice = admittingDevices(report).map((device) =>
    minutes.map((minute) => counted.get(`${minute} ${device.deviceId}`) ?? 0),
  );
  const total = minutes.map((_, index) => byDevice.reduce((sum, values) => sum + (values[index] ?? 0), 0));
  return { minutes, byDevice, total };
}

/** Whole numbers from 1 up, each 1, 2 or 5 times a power of ten: the steps a count axis may take. */
function* countSteps() {
  for (let power = 1; ; power *= 10) for (const times of [1, 2, 5]) yield times * power;
}

/**
 * A count axis that reads (issue #55 item 5): from 0 to a top at or above `max`, in whole steps of 1,
 * 2 or 5 times a power of ten, at most `ticks` of them above 0, so that a short chart shows 0, 5, 10,
 * 15 rather than 0 and 10.
 */
export function countAxis(max: number, ticks = 4): { top: number; step: number; splits: number[] } {
  let step = 1;
  for (step of countSteps()) if (step * ticks >= max) break;
  const top = Math.max(step, Math.ceil(max / step) * step);
  return { top, step, splits: steps(0, top, step) };
}

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
