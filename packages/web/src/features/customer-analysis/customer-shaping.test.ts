import { describe, expect, it } from 'vitest';
import {
  changePercent,
  cohortColumns,
  cohortMaxShare,
  heatmapCap,
  heatmapGrid,
  heatmapHours,
  heatmapPeaks,
  lastTwelveMonths,
  parseThresholds,
  percentile,
  shadeOf,
} from './customer-shaping';

/** All 7 x 24 cells, zero but the given ones (as the API answers). */
function cells(busy: Record<string, number>) {
  const all = [];
  for (let weekday = 1; weekday <= 7; weekday += 1)
    for (let hour = 0; hour < 24; hour += 1) all.push({ weekday, hour, visits: busy[`${weekday}-${hour}`] ?? 0 });
  return all;
}

describe('changePercent', () => {
  it('is the change against last year in per cent, one decimal', () => {
    expect(changePercent(110, 100)).toBe(10);
    expect(changePercent(50, 200)).toBe(-75);
    expect(changePercent(1, 3)).toBe(-66.7);
  });
  it('is null without a last year or when it was zero (never -100 % or infinity)', () => {
    expect(changePercent(10, null)).toBeNull();
    expect(changePercent(10, undefined)).toBeNull();
    expect(changePercent(10, 0)).toBeNull();
    expect(changePercent(null, 10)).toBeNull();
  });
});

describe('heat-map shaping', () => {
  it('takes the nearest-rank percentile', () => {
    expect(percentile([], 95)).toBe(0);
    expect(percentile([5], 95)).toBe(5);
    // 20 values 1..20: the 95th percentile is the 19th.
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => 20 - i),
        95,
      ),
    ).toBe(19);
  });

  it('caps the colour scale at the 95th percentile of the hours with visits, so one outlier does not wash the rest out', () => {
    // 19 hours with 4 visits and one exceptional hour with 100; the closed hours (0) do not pull the cap down.
    const busy: Record<string, number> = { '6-10': 100 };
    for (let hour = 9; hour < 19; hour += 1) busy[`1-${hour}`] = 4;
    for (let hour = 9; hour < 18; hour += 1) busy[`2-${hour}`] = 4;
    expect(heatmapCap(cells(busy))).toBe(4);
    expect(heatmapCap(cells({}))).toBe(1);
  });

  it('shows the hours from the first to the last with a visit on any day', () => {
    expect(heatmapHours(cells({ '1-9': 1, '3-19': 2, '5-12': 1 }))).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(heatmapHours(cells({}))).toHaveLength(24);
  });

  it('lays the cells out weekday by hour and finds the busiest hour and day', () => {
    const data = cells({ '1-9': 3, '6-10': 7, '6-11': 5, '2-15': 7 });
    const grid = heatmapGrid(data);
    expect(grid[0]?.[9]).toBe(3);
    expect(grid[5]?.[10]).toBe(7);
    expect(grid[6]?.[10]).toBe(0);
    const peaks = heatmapPeaks(data);
    // A tie on 7 goes to the first in weekday then hour order: Tuesday 15:00.
    expect(peaks.busiest).toEqual({ weekday: 2, hour: 15, visits: 7 });
    expect(peaks.busiestWeekday).toBe(6);
    expect(peaks.busiestWeekdayVisits).toBe(12);
    expect(peaks.perWeekday).toEqual([3, 7, 0, 0, 0, 12, 0]);
    expect(heatmapPeaks(cells({})).busiestWeekday).toBeNull();
  });

  it('shades a value from faint to a pink that dark text still reads on', () => {
    expect(shadeOf(null)).toBe('transparent');
    expect(shadeOf(0)).toBe('rgba(173, 20, 87, 0.04)');
    expect(shadeOf(25, 50)).toBe('rgba(173, 20, 87, 0.32)');
    expect(shadeOf(50, 50)).toBe('rgba(173, 20, 87, 0.6)');
    // Above the scale's top it stays at the strongest.
    expect(shadeOf(80, 40)).toBe('rgba(173, 20, 87, 0.6)');
  });
});

describe('cohort shaping', () => {
  const cohorts = [
    { retention: [{ sharePercent: 20 }, { sharePercent: 35.5 }] },
    { retention: [{ sharePercent: null }] },
    { retention: [] },
  ];
  it('needs as many columns as the longest cohort and scales the shade to the largest share', () => {
    expect(cohortColumns(cohorts)).toBe(2);
    expect(cohortMaxShare(cohorts)).toBe(35.5);
    expect(cohortColumns([])).toBe(0);
  });
});

describe('lastTwelveMonths', () => {
  it('starts on the 1st of the month eleven months before', () => {
    expect(lastTwelveMonths('2026-11-20')).toEqual({ fromDate: '2025-12-01', toDate: '2026-11-20' });
    expect(lastTwelveMonths('2026-01-31')).toEqual({ fromDate: '2025-02-01', toDate: '2026-01-31' });
  });
});

describe('parseThresholds', () => {
  it('accepts whole days from 1 to 3650 with lost at least active', () => {
    expect(parseThresholds('90', '180')).toEqual({ activeDays: 90, lostDays: 180 });
    expect(parseThresholds(' 30 ', '30')).toEqual({ activeDays: 30, lostDays: 30 });
  });
  it('says what is wrong with each field', () => {
    expect(parseThresholds('', '180')).toEqual({ errors: { activeDays: 'required' } });
    expect(parseThresholds('0', '4000')).toEqual({ errors: { activeDays: 'range', lostDays: 'range' } });
    expect(parseThresholds('12.5', 'abc')).toEqual({ errors: { activeDays: 'range', lostDays: 'range' } });
    expect(parseThresholds('200', '100')).toEqual({ errors: { lostDays: 'order' } });
  });
});
