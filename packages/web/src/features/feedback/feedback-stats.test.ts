import { describe, expect, it } from 'vitest';
import type { FeedbackStats } from './api/use-feedback';
import { combineStats, detailLink, distributionSegments, listLink, listTotals, positiveIntOf, rowsByAverage } from './feedback-stats';

describe('feedback shaping', () => {
  it('splits a distribution into segments whose widths add up to 100 %', () => {
    const segments = distributionSegments([1, 0, 0, 1, 2]);
    expect(segments.map((s) => s.percent)).toEqual([25, 0, 0, 25, 50]);
    expect(segments.map((s) => s.score)).toEqual([1, 2, 3, 4, 5]);
    expect(distributionSegments([0, 0, 0, 0, 0]).every((s) => s.percent === 0)).toBe(true);
  });

  it('combines rows: counts summed, the average and the shares recomputed from the scores, 12 of 12 rows', () => {
    // (2 + 4*6 + 5*5) + (4*2 + 5*6) = 51 + 38 = 89 points over 20 rows = 4.45
    const combined = combineStats([
      { count: 12, distribution: [0, 1, 0, 6, 5] },
      { count: 8, distribution: [0, 0, 0, 2, 6] },
    ]);
    // 11 fives of 20 = 55 %, one 2 of 20 = 5 %
    expect(combined).toEqual({ count: 20, average: 4.45, distribution: [0, 1, 0, 8, 11], shareOfFives: 55, shareOfLow: 5 });
    expect(combineStats([])).toEqual({ count: 0, average: null, distribution: [0, 0, 0, 0, 0], shareOfFives: null, shareOfLow: null });
  });

  it("keeps the API's totals while every row is shown, and combines the rows a filter leaves", () => {
    const api = { count: 21, average: 4.19, distribution: [1, 1, 0, 8, 11], shareOfFives: 52.4, shareOfLow: 9.5 };
    const rows: ({ staffId: number | null; name: string } & FeedbackStats)[] = [
      { staffId: 1, name: 'A', count: 12, average: 4.25, distribution: [0, 1, 0, 6, 5], shareOfFives: 41.7, shareOfLow: 8.3 },
      { staffId: 2, name: 'B', count: 9, average: 4.11, distribution: [1, 0, 0, 2, 6], shareOfFives: 66.7, shareOfLow: 11.1 },
    ];
    expect(listTotals(2, api, rows, { staffId: null, name: '' })).toEqual({ staffId: null, name: '', ...api });
    // 4*2 + 5*6 + 1 = 39 / 9 = 4.333 -> 4.33
    expect(listTotals(2, api, [rows[1]!], { staffId: null, name: '' })).toEqual({
      staffId: null,
      name: '',
      count: 9,
      average: 4.33,
      distribution: [1, 0, 0, 2, 6],
      // 6 of 9 = 66.7 %, 1 of 9 = 11.1 %
      shareOfFives: 66.7,
      shareOfLow: 11.1,
    });
  });

  it('orders the averages chart lowest first (best on top), rows without an average left out', () => {
    const rows = [
      { name: 'B', count: 3, average: 5 },
      { name: 'A', count: 8, average: 4.13 },
      { name: 'C', count: 0, average: null },
      { name: 'D', count: 12, average: 4.13 },
    ];
    expect(rowsByAverage(rows).map((row) => row.name)).toEqual(['A', 'D', 'B']);
  });

  it('links a row to its detail with the same range, and the detail back to its list without id and paging', () => {
    const search = new URLSearchParams('fromDate=2026-08-01&toDate=2026-11-20&page=3');
    expect(detailLink('/feedback-staff-details-data', 'staffId', 5, search)).toBe(
      '/feedback-staff-details-data?fromDate=2026-08-01&toDate=2026-11-20&staffId=5',
    );
    const onDetail = new URLSearchParams('fromDate=2026-08-01&toDate=2026-11-20&staffId=5&page=2&size=50');
    expect(listLink('/feedback-staff-data', 'staffId', onDetail)).toBe('/feedback-staff-data?fromDate=2026-08-01&toDate=2026-11-20');
    expect(listLink('/feedback-staff-data', 'staffId', new URLSearchParams('staffId=5'))).toBe('/feedback-staff-data');
  });

  it('reads ids from the URL strictly', () => {
    expect(positiveIntOf('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', '1e3', 'abc', '99999999999999999999']) expect(positiveIntOf(bad)).toBeNull();
  });
});
