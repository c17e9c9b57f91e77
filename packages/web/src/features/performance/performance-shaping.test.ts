import { describe, expect, it } from 'vitest';
import type { PerformanceSalon } from './api/use-performance';
import {
  changeDirectionOf,
  compareWithMedian,
  formatKpi,
  progressValueOf,
  rankByRevenue,
  signedPercent,
  trendFactsOf,
} from './performance-shaping';

function salon(salonId: number, dayRevenue: number, monthRevenue: number): PerformanceSalon {
  const span = (revenue: number) =>
    ({ current: { revenue }, lastYear: { revenue: 0 }, revenueChange: null }) as unknown as PerformanceSalon['day'];
  return { salonId, name: `S${salonId}`, city: '', day: span(dayRevenue), monthToDate: span(monthRevenue), trend: [], campaign: null };
}

describe('rankByRevenue', () => {
  const salons = [salon(1, 100, 900), salon(2, 300, 500), salon(3, 100, 1200), salon(4, 50, 500)];

  it('ranks the highest revenue of the span first and lets equal revenues share a rank, the next one skipping', () => {
    expect(Object.fromEntries(rankByRevenue(salons, 'day'))).toEqual({ 1: 2, 2: 1, 3: 2, 4: 4 });
  });

  it('ranks the month to date on its own figures, not the day', () => {
    expect(Object.fromEntries(rankByRevenue(salons, 'monthToDate'))).toEqual({ 1: 2, 2: 3, 3: 1, 4: 3 });
  });

  it('gives nothing for no salons', () => {
    expect(rankByRevenue([], 'day').size).toBe(0);
  });
});

describe('changeDirectionOf', () => {
  it('reads the sign of the change, and no base (null) as none, never as a fall', () => {
    expect(changeDirectionOf(12.5)).toBe('up');
    expect(changeDirectionOf(-0.01)).toBe('down');
    expect(changeDirectionOf(0)).toBe('flat');
    expect(changeDirectionOf(null)).toBe('none');
    expect(changeDirectionOf(Number.NaN)).toBe('none');
  });
});

describe('compareWithMedian', () => {
  it('says better above the median, worse below, equal on it, and none when a side is missing', () => {
    expect(compareWithMedian(10, 9.99)).toBe('better');
    expect(compareWithMedian(0, 3)).toBe('worse');
    expect(compareWithMedian(42, 42)).toBe('equal');
    expect(compareWithMedian(null, 3)).toBe('none');
    expect(compareWithMedian(3, null)).toBe('none');
  });
});

describe('progressValueOf', () => {
  it('holds a campaign bar between 0 and 100 and shows no bar for a target of 0 (null)', () => {
    expect(progressValueOf(37.5)).toBe(37.5);
    expect(progressValueOf(180)).toBe(100);
    expect(progressValueOf(-5)).toBe(0);
    expect(progressValueOf(null)).toBe(0);
  });
});

describe('trendFactsOf', () => {
  it('finds the span, the best, the weakest and the last day (the first of equal days)', () => {
    const trend = [
      { day: '2026-11-01', revenue: 0, lastYearRevenue: 10 },
      { day: '2026-11-02', revenue: 500, lastYearRevenue: 400 },
      { day: '2026-11-03', revenue: 500, lastYearRevenue: 0 },
      { day: '2026-11-04', revenue: 120, lastYearRevenue: 90 },
    ];
    expect(trendFactsOf(trend)).toEqual({
      fromDay: '2026-11-01',
      toDay: '2026-11-04',
      best: trend[1],
      worst: trend[0],
      last: trend[3],
    });
  });

  it('gives null for an empty trend', () => {
    expect(trendFactsOf([])).toBeNull();
  });
});

describe('signedPercent and formatKpi', () => {
  it('writes a change with its sign in the interface language, and no base as a dash', () => {
    expect(signedPercent(9.62, 'en')).toBe('+9.6%');
    expect(signedPercent(-11, 'it')).toBe('-11%');
    expect(signedPercent(0, 'en')).toBe('0%');
    expect(signedPercent(null, 'en')).toBeNull();
    expect(formatKpi({ id: 'revenueChange', kind: 'percent' }, null, 'en')).toBe('–');
    expect(formatKpi({ id: 'revenueChange', kind: 'percent' }, 33.01, 'it')).toBe('+33%');
    expect(formatKpi({ id: 'revenue', kind: 'money' }, 1234.5, 'it')).toBe('1.234,50\u00a0€');
  });
});
