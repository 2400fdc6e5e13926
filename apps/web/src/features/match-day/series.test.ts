import { describe, expect, it } from 'vitest';
import type { MatchDay } from '@tickets/domain';
import { chartSpan, countAxis, entrySeries, entriesTable, refusalSpans, refusalsTable } from './series';
import { at, report } from './test-report';

/** The same match after its end (23:00), read the next morning. */
const over: MatchDay = { ...report, over: true, readAt: '2026-11-29T09:00:00.000Z' };

describe('the match-day figures for charts and tables', () => {
  it('span the gates’ opening to the reading while the match is on', () => {
    expect(chartSpan(report)).toEqual({ from: Date.parse(at('17:00')), to: Date.parse(at('19:07')) });
  });

  it('span the gates’ opening to the last entry after the match, not to its end', () => {
    expect(chartSpan(over)).toEqual({ from: Date.parse(at('17:00')), to: Date.parse(at('19:05')) });
    expect(entrySeries(over).minutes.at(-1)).toBe(Date.parse(at('19:05')));
  });

  it('span to the last refusal after a match nobody entered', () => {
    const refusedOnly: MatchDay = { ...over, admitted: 0, entriesPerMinute: [] };
    expect(chartSpan(refusedOnly).to).toBe(Date.parse(at('19:05')));
  });

  it('give each admitting device every minute, zeros included, and the total of all gates', () => {
    const { minutes, byDevice, total } = entrySeries(report);
    expect(minutes).toHaveLength(128);
    expect(byDevice).toHaveLength(2);
    const sum = (values: number[] | undefined) => (values ?? []).reduce((all, n) => all + n, 0);
    expect(sum(byDevice[0])).toBe(5);
    expect(sum(byDevice[1])).toBe(1);
    expect(sum(total)).toBe(6);
    const at1900 = minutes.indexOf(Date.parse(at('19:00')));
    expect([byDevice[0]?.[at1900], byDevice[1]?.[at1900], total[at1900]]).toEqual([2, 1, 3]);
    expect(total[minutes.indexOf(Date.parse(at('19:05')))]).toBe(3);
  });

  it('stretch the minutes to an entry outside the span (an offline device’s clock)', () => {
    const early: MatchDay = {
      ...report,
      entriesPerMinute: [...report.entriesPerMinute, { deviceId: 'b', minute: at('16:58'), admitted: 1 }],
    };
    const { minutes, byDevice } = entrySeries(early);
    expect(minutes[0]).toBe(Date.parse(at('16:58')));
    expect(byDevice[1]?.[0]).toBe(1);
  });

  it('step a count axis so that a short chart reads more than 0 and 10', () => {
    expect(countAxis(0)).toEqual({ top: 1, step: 1, splits: [0, 1] });
    expect(countAxis(3)).toEqual({ top: 3, step: 1, splits: [0, 1, 2, 3] });
    expect(countAxis(7)).toEqual({ top: 8, step: 2, splits: [0, 2, 4, 6, 8] });
    expect(countAxis(12)).toEqual({ top: 15, step: 5, splits: [0, 5, 10, 15] });
    expect(countAxis(180).splits).toEqual([0, 50, 100, 150, 200]);
    expect(countAxis(2500, 5).splits).toEqual([0, 500, 1000, 1500, 2000, 2500]);
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
