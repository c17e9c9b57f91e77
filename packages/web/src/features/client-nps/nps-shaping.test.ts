import { describe, expect, it } from 'vitest';
import type { NpsMonth } from './api/use-nps';
import { daysOfMonth, intParam, latestMonthWithAnswers, npsChartSeries, yearsOffered } from './nps-shaping';

const month = (number: number, figures: Partial<NpsMonth> = {}): NpsMonth => ({
  month: number,
  isFuture: false,
  responses: 0,
  promoters: 0,
  passives: 0,
  detractors: 0,
  promotersPercent: null,
  passivesPercent: null,
  detractorsPercent: null,
  nps: null,
  averageScore: null,
  ...figures,
});

describe('npsChartSeries', () => {
  it('draws the counts per month, nothing for a month not yet come and a gap in the NPS line without answers', () => {
    const months = [
      month(1, { responses: 5, promoters: 2, passives: 1, detractors: 2, nps: 0 }),
      month(2),
      month(3, { responses: 3, promoters: 0, passives: 1, detractors: 2, nps: -66.7 }),
      month(4, { isFuture: true }),
    ];
    expect(npsChartSeries(months)).toEqual({
      promoters: [2, 0, 0, null],
      passives: [1, 0, 1, null],
      detractors: [2, 0, 2, null],
      nps: [0, null, -66.7, null],
    });
  });
});

describe('daysOfMonth', () => {
  it('keeps the days of the chosen month, in date order', () => {
    const day = (date: string) => ({ date, responses: 1, promoters: 1, passives: 0, detractors: 0, nps: 100 });
    const days = [day('2025-01-10'), day('2025-01-31'), day('2025-02-01'), day('2025-12-31')];
    expect(daysOfMonth(days, 1).map((d) => d.date)).toEqual(['2025-01-10', '2025-01-31']);
    expect(daysOfMonth(days, 12).map((d) => d.date)).toEqual(['2025-12-31']);
    expect(daysOfMonth(days, 6)).toEqual([]);
  });
});

describe('latestMonthWithAnswers', () => {
  it('opens the drill-down on the last month that has answers, or none', () => {
    expect(latestMonthWithAnswers([month(1, { responses: 2 }), month(2, { responses: 4 }), month(3), month(4, { isFuture: true })])).toBe(
      2,
    );
    expect(latestMonthWithAnswers([month(1), month(2)])).toBeNull();
  });
});

describe('yearsOffered', () => {
  it('offers this year and the five before, newest first, plus a chosen year outside them', () => {
    expect(yearsOffered(2026, 2026)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
    expect(yearsOffered(2026, 2012)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2012]);
    // Before the salon's today is known: nothing but a year the URL chose.
    expect(yearsOffered(0, 0)).toEqual([]);
    expect(yearsOffered(0, 2024)).toEqual([2024]);
  });
});

describe('intParam', () => {
  it('reads a whole number in range and refuses anything else', () => {
    expect(intParam('2025', 2000, 2100)).toBe(2025);
    expect(intParam('12', 1, 12)).toBe(12);
    expect(intParam('13', 1, 12)).toBeNull();
    expect(intParam('1e3', 1, 2000)).toBeNull();
    expect(intParam(' 3', 1, 12)).toBeNull();
    expect(intParam(null, 1, 12)).toBeNull();
  });
});
