import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatTime } from './dates';

describe('Greek dates and times', () => {
  it('shows an instant in Athens time, 24-hour', () => {
    // 19:30 UTC in summer is 22:30 in Athens (UTC+3).
    expect(formatDateTime('2026-07-04T19:30:00Z')).toBe('04/07/2026 22:30');
    // In winter Athens is UTC+2, and the date rolls over at midnight there, not in UTC.
    expect(formatDate('2026-12-31T22:30:00Z')).toBe('01/01/2027');
    expect(formatTime('2026-12-31T22:30:00Z')).toBe('00:30');
  });

  it('shows a calendar date without shifting it', () => {
    expect(formatCalendarDate('2012-03-14')).toBe('14/03/2012');
  });

  it('shows a dash for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatTime(undefined)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
    expect(formatCalendarDate('')).toBe('-');
  });
});
