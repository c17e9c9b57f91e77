import type { DayOfWeekRow } from './api/use-day-of-week';

/** The weekday with the highest revenue (the earliest in the week on a tie); null when no weekday sold anything. */
export function bestWeekdayOf(rows: readonly DayOfWeekRow[]): DayOfWeekRow | null {
  let best: DayOfWeekRow | null = null;
  for (const row of [...rows].sort((a, b) => a.isoWeekday - b.isoWeekday)) {
    if (row.totalRevenue > 0 && (best === null || row.totalRevenue > best.totalRevenue)) best = row;
  }
  return best;
}

/** Nothing sold on any weekday: the report shows its empty state. */
export function isWeekEmpty(rows: readonly DayOfWeekRow[]): boolean {
  return rows.every((row) => row.totalRevenue === 0 && row.appointments === 0);
}
