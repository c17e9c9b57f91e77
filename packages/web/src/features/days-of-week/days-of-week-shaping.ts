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

/** A row of the weekday table: the API's row, or the totals row whose distinct clients may be blank. */
export type WeekTableRow = Omit<DayOfWeekRow, 'clients'> & { clients: number | null };

const round2 = (value: number) => Math.round(value * 100) / 100;
const sumOf = (rows: readonly WeekTableRow[], pick: (row: WeekTableRow) => number) =>
  round2(rows.reduce((total, row) => total + pick(row), 0));

/**
 * The table's totals row over the weekdays shown: amounts, appointments, new clients and open days
 * add up; the share, the average per open day and the average ticket are recomputed from those
 * sums; distinct clients do not add up across weekdays (one client comes on several), so they are
 * the report's own count when all seven weekdays are shown and blank otherwise.
 */
export function weekTotalsOf(
  rows: readonly WeekTableRow[],
  report: { totals: { totalRevenue: number; clients: number }; rows: readonly unknown[] },
): WeekTableRow {
  const totalRevenue = sumOf(rows, (row) => row.totalRevenue);
  const appointments = sumOf(rows, (row) => row.appointments);
  const openDays = sumOf(rows, (row) => row.openDays);
  return {
    isoWeekday: 0,
    weekday: 'MONDAY',
    days: sumOf(rows, (row) => row.days),
    openDays,
    servicesRevenue: sumOf(rows, (row) => row.servicesRevenue),
    productsRevenue: sumOf(rows, (row) => row.productsRevenue),
    totalRevenue,
    appointments,
    newClients: sumOf(rows, (row) => row.newClients),
    discountTotal: sumOf(rows, (row) => row.discountTotal),
    clients: rows.length === report.rows.length ? report.totals.clients : null,
    revenueSharePercent: report.totals.totalRevenue > 0 ? round2((totalRevenue / report.totals.totalRevenue) * 100) : null,
    averageRevenuePerOpenDay: openDays > 0 ? round2(totalRevenue / openDays) : 0,
    averageTicket: appointments > 0 ? round2(totalRevenue / appointments) : null,
  };
}
