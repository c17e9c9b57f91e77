import { addDays, monthStartOf } from '../../components/format/dates';
import type { CustomerMap, CustomerStatus } from './api/use-customer-analysis';

/** The change from last year's value to this one in per cent (1 decimal); null when there is no last year or it was 0. */
export function changePercent(current: number | null, lastYear: number | null | undefined): number | null {
  if (current === null || lastYear === null || lastYear === undefined || lastYear === 0) return null;
  return Math.round(((current - lastYear) / Math.abs(lastYear)) * 1000) / 10;
}

/**
 * The p-th percentile (0..100) of some values by the nearest-rank method: the smallest value with
 * at least p % of the values at or below it; 0 for no values.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/** Where the heat-map's colour scale stops: the 95th percentile of the cells that have visits (at least 1). */
export function heatmapCap(cells: CustomerMap['cells']): number {
  return Math.max(
    1,
    percentile(
      cells.filter((cell) => cell.visits > 0).map((cell) => cell.visits),
      95,
    ),
  );
}

/** The hours worth showing: from the first to the last hour with a visit on any weekday (all 24 when there is none). */
export function heatmapHours(cells: CustomerMap['cells']): number[] {
  const busy = cells.filter((cell) => cell.visits > 0).map((cell) => cell.hour);
  const first = busy.length ? Math.min(...busy) : 0;
  const last = busy.length ? Math.max(...busy) : 23;
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** The visits as a weekday (1..7) x hour (0..23) matrix: grid[weekday - 1][hour]. */
export function heatmapGrid(cells: CustomerMap['cells']): number[][] {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const cell of cells) {
    const row = grid[cell.weekday - 1];
    if (row) row[cell.hour] = cell.visits;
  }
  return grid;
}

/** The busiest cell (first in weekday then hour order on a tie) and the visits of each weekday. */
export function heatmapPeaks(cells: CustomerMap['cells']) {
  let busiest: CustomerMap['cells'][number] | null = null;
  const perWeekday = Array.from({ length: 7 }, () => 0);
  for (const cell of cells) {
    perWeekday[cell.weekday - 1] = (perWeekday[cell.weekday - 1] ?? 0) + cell.visits;
    if (cell.visits > 0 && (busiest === null || cell.visits > busiest.visits)) busiest = cell;
  }
  const top = Math.max(...perWeekday);
  const busiestWeekday = top > 0 ? perWeekday.indexOf(top) + 1 : null;
  return { busiest, busiestWeekday, busiestWeekdayVisits: top, perWeekday };
}

/**
 * A value as a cell shade of the theme's pink, stronger with the value (up to `max`, 100 by
 * default). The strongest shade stays light enough for the dark text on it to keep WCAG AA
 * contrast (4.98:1 at the top), so every cell reads the same way.
 */
export function shadeOf(value: number | null, max = 100): string {
  if (value === null || max <= 0) return 'transparent';
  const strength = Math.min(1, Math.max(0, value / max));
  const alpha = Math.round((0.04 + 0.56 * strength) * 100) / 100;
  return `rgba(173, 20, 87, ${alpha})`;
}

/** The largest share in the cohorts' later months (the top of their colour scale); 0 when none. */
export function cohortMaxShare(cohorts: readonly { retention: readonly { sharePercent: number | null }[] }[]): number {
  let max = 0;
  for (const cohort of cohorts) for (const cell of cohort.retention) max = Math.max(max, cell.sharePercent ?? 0);
  return max;
}

/** The number of later-month columns the cohort matrix needs (the longest retention row). */
export function cohortColumns(cohorts: readonly { retention: readonly unknown[] }[]): number {
  return cohorts.reduce((max, cohort) => Math.max(max, cohort.retention.length), 0);
}

/** The last twelve calendar months up to a day: from the 1st of the month eleven months before. */
export function lastTwelveMonths(toDate: string): { fromDate: string; toDate: string } {
  let start = monthStartOf(toDate);
  for (let i = 0; i < 11; i += 1) start = monthStartOf(addDays(start, -1));
  return { fromDate: start, toDate };
}

/** The limits of a threshold field (the contract's CustomerStatusSettings). */
export const THRESHOLD_LIMITS = { min: 1, max: 3650 } as const;

type ThresholdError = 'required' | 'range' | 'order';

/** Typed thresholds: the numbers when valid, else what is wrong with each field. */
export function parseThresholds(
  activeText: string,
  lostText: string,
): { activeDays: number; lostDays: number } | { errors: { activeDays?: ThresholdError; lostDays?: ThresholdError } } {
  const read = (text: string): number | ThresholdError => {
    const trimmed = text.trim();
    if (trimmed === '') return 'required';
    if (!/^\d+$/.test(trimmed)) return 'range';
    const value = Number(trimmed);
    return value >= THRESHOLD_LIMITS.min && value <= THRESHOLD_LIMITS.max ? value : 'range';
  };
  const activeDays = read(activeText);
  const lostDays = read(lostText);
  const errors: { activeDays?: ThresholdError; lostDays?: ThresholdError } = {};
  if (typeof activeDays !== 'number') errors.activeDays = activeDays;
  if (typeof lostDays !== 'number') errors.lostDays = lostDays;
  if (typeof activeDays === 'number' && typeof lostDays === 'number') {
    if (lostDays < activeDays) errors.lostDays = 'order';
    else return { activeDays, lostDays };
  }
  return { errors };
}

/** The chip colour of a status. */
export const STATUS_COLOR: Record<CustomerStatus, 'success' | 'warning' | 'error' | 'default'> = {
  ACTIVE: 'success',
  AT_RISK: 'warning',
  LOST: 'error',
  NO_VISIT: 'default',
};

/** The statuses in the order the screen lists them. */
export const STATUSES: readonly CustomerStatus[] = ['ACTIVE', 'AT_RISK', 'LOST', 'NO_VISIT'];
