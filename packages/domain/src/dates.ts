import { LOCALE, TIME_ZONE } from './constants';

/** Dates and times as people in Greece read them: el-GR, 24-hour, Europe/Athens. */
const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const secondsFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const toDate = (value: string | Date): Date | undefined => {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** "25/12/2026"; a dash for a missing or unreadable value. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value == null ? undefined : toDate(value);
  return date ? dateFormat.format(date) : '-';
}

/** "21:30"; a dash for a missing or unreadable value. */
export function formatTime(value: string | Date | null | undefined): string {
  const date = value == null ? undefined : toDate(value);
  return date ? timeFormat.format(date) : '-';
}

/**
 * "21:30:07": where two moments a minute apart must be told apart (a decision on the steward's screen,
 * which of two admissions came first).
 */
export function formatTimeWithSeconds(value: string | Date | null | undefined): string {
  const date = value == null ? undefined : toDate(value);
  return date ? secondsFormat.format(date) : '-';
}

/** "25/12/2026 21:30". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value == null ? undefined : toDate(value);
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)}` : '-';
}

/**
 * A calendar date (YYYY-MM-DD, such as a birth date) shown as "DD/MM/YYYY" without any
 * time-zone shift: a birth date is a day, not an instant.
 */
export function formatCalendarDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '-';
}

const athensOffsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  timeZoneName: 'longOffset',
});

/** Athens' offset from UTC at an instant, as "+02:00" or "+03:00". */
const athensOffsetAt = (instant: number): string => {
  const name = athensOffsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName');
  return name?.value.replace('GMT', '') || '+00:00';
};

/**
 * The last millisecond of a calendar day (YYYY-MM-DD) in Athens, as an ISO instant with Athens'
 * offset ("2027-01-15T23:59:59.999+02:00"): the same instant whatever the browser's own time zone.
 * The clocks change at 03:00/04:00 Athens time, never near midnight, so the offset three hours
 * before midnight UTC on that date is the one at the end of that day in Athens.
 */
export function endOfAthensDay(day: string): string {
  const offset = athensOffsetAt(Date.parse(`${day}T21:00:00Z`));
  return `${day}T23:59:59.999${offset}`;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in Athens; undefined for no instant. */
export function athensDayOf(iso: string): string | undefined {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return undefined;
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(instant);
}

export const todayInAthens = () => athensDayOf(new Date().toISOString()) as string;
