/**
 * The months the picker offers: January up to the salon's current month, those with sales when
 * the year's rows are known, always keeping the month shown and the current one.
 */
export function offeredMonthsOf(
  todayMonth: number,
  shownMonth: number,
  yearRows: readonly { month: number; totalRevenue: number; appointments: number }[] | undefined,
): number[] {
  const withData = yearRows
    ? new Set(yearRows.filter((row) => row.totalRevenue > 0 || row.appointments > 0).map((row) => row.month))
    : null;
  return Array.from({ length: todayMonth }, (_, index) => index + 1).filter(
    (value) => withData === null || withData.has(value) || value === shownMonth || value === todayMonth,
  );
}
