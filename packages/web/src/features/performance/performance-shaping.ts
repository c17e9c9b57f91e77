import { formatValue, type ValueKind } from '../../components/format/number-format';
import type { PerformanceMedian, PerformanceSalon, PerformanceSpan, PerformanceTrendDay } from './api/use-performance';

/** The two spans every salon is reported over. */
export type SpanKey = 'day' | 'monthToDate';
export const SPAN_KEYS: readonly SpanKey[] = ['day', 'monthToDate'];

/** A KPI of the performance report: the key of its label and definition, how it is shown, and where it is read. */
export interface PerformanceKpi {
  id: keyof PerformanceMedian;
  kind: ValueKind;
  /** The salon's value for a span (revenueChange is the span's, the others the current figures'). */
  valueOf: (span: PerformanceSpan) => number | null;
  /** Last year's value for the same span; null for the change itself, which already is the comparison. */
  lastYearOf: (span: PerformanceSpan) => number | null;
}

/** The KPIs in the order the screens show them; for each of them more is better. */
export const PERFORMANCE_KPIS: readonly PerformanceKpi[] = [
  { id: 'revenue', kind: 'money', valueOf: (s) => s.current.revenue, lastYearOf: (s) => s.lastYear.revenue },
  { id: 'revenueChange', kind: 'percent', valueOf: (s) => s.revenueChange, lastYearOf: () => null },
  { id: 'appointments', kind: 'integer', valueOf: (s) => s.current.appointments, lastYearOf: (s) => s.lastYear.appointments },
  { id: 'averageTicket', kind: 'money', valueOf: (s) => s.current.averageTicket, lastYearOf: (s) => s.lastYear.averageTicket },
  { id: 'utilisation', kind: 'percent', valueOf: (s) => s.current.utilisation, lastYearOf: (s) => s.lastYear.utilisation },
  { id: 'newClients', kind: 'integer', valueOf: (s) => s.current.newClients, lastYearOf: (s) => s.lastYear.newClients },
  { id: 'rebookingRate', kind: 'percent', valueOf: (s) => s.current.rebookingRate, lastYearOf: (s) => s.lastYear.rebookingRate },
];

/**
 * The rank of every salon by its revenue over the span, 1 for the highest. Equal revenues share a
 * rank and the next one skips (1, 2, 2, 4), so a rank always says how many salons did better.
 */
export function rankByRevenue(salons: readonly PerformanceSalon[], span: SpanKey): Map<number, number> {
  const revenues = salons.map((salon) => salon[span].current.revenue);
  return new Map(salons.map((salon) => [salon.salonId, 1 + revenues.filter((r) => r > salon[span].current.revenue).length]));
}

/** Which way a change against last year went: 'none' when there is no base to compare with (null). */
export type ChangeDirection = 'up' | 'down' | 'flat' | 'none';

export function changeDirectionOf(change: number | null | undefined): ChangeDirection {
  if (change === null || change === undefined || !Number.isFinite(change)) return 'none';
  if (change > 0) return 'up';
  if (change < 0) return 'down';
  return 'flat';
}

/** How a salon's figure stands against the chain's median: 'none' when either is missing. */
export type MedianComparison = 'better' | 'worse' | 'equal' | 'none';

export function compareWithMedian(value: number | null, median: number | null): MedianComparison {
  if (value === null || median === null) return 'none';
  if (value > median) return 'better';
  if (value < median) return 'worse';
  return 'equal';
}

/** A campaign's progress for a progress bar: the achieved per cent held to 0..100 (the figure shown is the API's, unclamped). */
export function progressValueOf(achieved: number | null): number {
  if (achieved === null || !Number.isFinite(achieved)) return 0;
  return Math.min(100, Math.max(0, achieved));
}

/** What a trend's text alternative says: the span, its best and worst day, and its last day (null for an empty trend). */
export interface TrendFacts {
  fromDay: string;
  toDay: string;
  best: PerformanceTrendDay;
  worst: PerformanceTrendDay;
  last: PerformanceTrendDay;
}

export function trendFactsOf(trend: readonly PerformanceTrendDay[]): TrendFacts | null {
  const first = trend[0];
  const last = trend[trend.length - 1];
  if (!first || !last) return null;
  let best = first;
  let worst = first;
  for (const day of trend) {
    if (day.revenue > best.revenue) best = day;
    if (day.revenue < worst.revenue) worst = day;
  }
  return { fromDay: first.day, toDay: last.day, best, worst, last };
}

/** A change in per cent with its sign ('+9.6%', '-2%'), as the change arrows show it; null (no base) is an en dash. */
export function signedPercent(value: number | null, language: string): string | null {
  if (value === null) return null;
  return `${value > 0 ? '+' : ''}${formatValue(value, 'percent', language)}`;
}

/** A KPI's value as text: the change with its sign, the rest as their kind says. */
export function formatKpi(kpi: Pick<PerformanceKpi, 'id' | 'kind'>, value: number | null, language: string): string {
  return kpi.id === 'revenueChange' ? (signedPercent(value, language) ?? '–') : formatValue(value, kpi.kind, language);
}
