// This test alone needs Node: it sets the process time zone (the package itself runs in browsers too).
/// <reference types="node" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athensDayOf, endOfAthensDay } from './index';

/**
 * The browser's own time zone must not move the instant: the tests run in zones far from Athens
 * on both sides (Node reads TZ afresh whenever it is assigned).
 */
describe.each(['America/Los_Angeles', 'Pacific/Kiritimati'])('the end of an Athens day, from %s', (zone) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  it('is 23:59:59.999 in Athens in winter (UTC+2) and in summer (UTC+3)', () => {
    // The zone is in force: Los Angeles is 8 hours behind UTC in January, Kiritimati 14 ahead.
    expect(new Date(2027, 0, 15).getTimezoneOffset()).toBe(zone === 'America/Los_Angeles' ? 480 : -840);
    expect(endOfAthensDay('2027-01-15')).toBe('2027-01-15T23:59:59.999+02:00');
    expect(endOfAthensDay('2027-07-15')).toBe('2027-07-15T23:59:59.999+03:00');
  });

  it('is read back as the same Athens day, on the days the clocks change too', () => {
    for (const day of ['2027-01-15', '2027-07-15', '2027-03-28', '2027-10-31', '2027-12-31']) {
      expect(athensDayOf(endOfAthensDay(day))).toBe(day);
      // One millisecond later is the next day in Athens.
      const next = new Date(Date.parse(endOfAthensDay(day)) + 1).toISOString();
      expect(athensDayOf(next)).not.toBe(day);
    }
  });
});
