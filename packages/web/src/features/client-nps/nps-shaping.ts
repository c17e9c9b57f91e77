import { monthOf } from '../../components/format/dates';
import type { NpsDaySummary, NpsMonth } from './api/use-nps';

/** The chart's series: per month the three counts (empty for a month not yet come, never 0) and the NPS (a gap without answers). */
export function npsChartSeries(months: readonly NpsMonth[]) {
  const countOf = (month: NpsMonth, value: number) => (month.isFuture ? null : value);
  return {
    promoters: months.map((month) => countOf(month, month.promoters)),
    passives: months.map((month) => countOf(month, month.passives)),
    detractors: months.map((month) => countOf(month, month.detractors)),
    nps: months.map((month) => month.nps),
  };
}

/** The days of one month (1..12) that have answers, by date. */
export function daysOfMonth(days: readonly NpsDaySummary[], month: number): NpsDaySummary[] {
  return days.filter((day) => monthOf(day.date) === month);
}

/** The month the drill-down opens on: the last month of the year with answers, or null when none has any. */
export function latestMonthWithAnswers(months: readonly NpsMonth[]): number | null {
  for (let index = months.length - 1; index >= 0; index -= 1) {
    const month = months[index];
    if (month && month.responses > 0) return month.month;
  }
  return null;
}

/** The years the picker offers: this year and the five before, plus the chosen one when it is outside them. */
export function yearsOffered(thisYear: number, chosen: number, back = 5): number[] {
  // Before the salon's today is known there is no year to count back from.
  const years = thisYear > 0 ? Array.from({ length: back + 1 }, (_, index) => thisYear - index) : [];
  if (chosen > 0 && !years.includes(chosen)) years.push(chosen);
  return years.sort((a, b) => b - a);
}

/** Reads an integer search param within [min, max]; anything else gives null. */
export function intParam(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}
