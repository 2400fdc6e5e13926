import { describe, expect, it } from 'vitest';
import { chartSpan, deviceMinutes, entriesTable, refusalSpans, refusalsTable } from './series';
import { at, report } from './test-report';

describe('the match-day figures for charts and tables', () => {
  it('span the gates’ opening to the reading while the match is on', () => {
    expect(chartSpan(report)).toEqual({ from: Date.parse(at('17:00')), to: Date.parse(at('19:07')) });
  });

  it('give each device every minute, zeros included, with its entries where they fell', () => {
    const { minutes, admitted } = deviceMinutes(report, 'a');
    expect(minutes).toHaveLength(128);
    expect(admitted.reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(admitted[minutes.indexOf(Date.parse(at('19:05')))]).toBe(3);
  });

  it('table the minutes with an entry, a column per admitting device, and their total', () => {
    expect(entriesTable(report)).toEqual([
      { minute: at('19:00'), byDevice: [2, 1], total: 3 },
      { minute: at('19:05'), byDevice: [3, 0], total: 3 },
    ]);
  });

  it('give the refusals per reason for every span, the most refused reason first', () => {
    const { spans, byReason } = refusalSpans(report);
    expect(spans[0]).toBe(Date.parse(at('17:00')));
    expect([...byReason.keys()]).toEqual(['ALREADY_ADMITTED', 'UNKNOWN_CODE']);
    expect(byReason.get('ALREADY_ADMITTED')?.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect(refusalsTable(report)).toEqual([
      { from: at('19:00'), byReason: [2, 1], total: 3 },
      { from: at('19:05'), byReason: [1, 0], total: 1 },
    ]);
  });
});
