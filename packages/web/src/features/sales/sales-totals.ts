/**
 * The totals row of the sales tables (days, days of a month, months of a year): computed from
 * the rows the table shows, so with no filter it equals the report's KPI totals.
 * - revenues, appointments, new clients and discounts add up;
 * - the average ticket is total revenue over total appointments, not a mean of the rows';
 * - clients are left out (shown '–'): a client who came on two days is one client of the period,
 *   so the rows' counts do not add up to the period's;
 * - last year's figures add up over the rows that have come, and the change is computed from
 *   the two sums (rows not yet come are compared with nothing, like the KPI cards).
 */
interface SalesTotalsRow {
  totalRevenue: number;
  appointments: number;
  averageTicket: number | null;
  clients: number;
  newClients: number;
  discountTotal: number;
  servicesRevenue?: number;
  productsRevenue?: number;
  previousRevenue?: number;
  previousAppointments?: number;
  previousAverageTicket?: number | null;
  revenueChange?: number | null;
  appointmentsChange?: number | null;
  notYetCome?: boolean;
  isToDate?: boolean;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const sum = <T>(rows: readonly T[], value: (row: T) => number | undefined) =>
  round2(rows.reduce((total, row) => total + (value(row) ?? 0), 0));
const change = (current: number, previous: number) => (previous === 0 ? null : round2(((current - previous) / previous) * 100));

/**
 * The totals row of the days of a month: like the KPI cards, last year's figures are those of the
 * same dates (not the rows' same weekdays), summed over the days that have come, and the change
 * is computed from the two sums. With every day shown it equals the cards' comparison.
 */
export function monthTotals<T extends SalesTotalsRow & { sameDatePreviousRevenue: number; sameDatePreviousAppointments: number }>(
  rows: readonly T[],
): T {
  const come = rows.filter((row) => !row.notYetCome);
  const previousRevenue = sum(come, (row) => row.sameDatePreviousRevenue);
  const previousAppointments = sum(come, (row) => row.sameDatePreviousAppointments);
  return {
    ...salesTotals(rows),
    previousRevenue,
    previousAppointments,
    revenueChange: change(
      sum(come, (row) => row.totalRevenue),
      previousRevenue,
    ),
    appointmentsChange: change(
      sum(come, (row) => row.appointments),
      previousAppointments,
    ),
  };
}

export function salesTotals<T extends SalesTotalsRow>(rows: readonly T[]): T {
  const totalRevenue = sum(rows, (row) => row.totalRevenue);
  const appointments = sum(rows, (row) => row.appointments);
  const totals: SalesTotalsRow = {
    totalRevenue,
    appointments,
    averageTicket: appointments === 0 ? null : round2(totalRevenue / appointments),
    // Distinct clients do not add up over rows: no total (the cell shows '–').
    clients: null as unknown as number,
    newClients: sum(rows, (row) => row.newClients),
    discountTotal: sum(rows, (row) => row.discountTotal),
  };
  const first = rows[0];
  if (first?.servicesRevenue !== undefined) totals.servicesRevenue = sum(rows, (row) => row.servicesRevenue);
  if (first?.productsRevenue !== undefined) totals.productsRevenue = sum(rows, (row) => row.productsRevenue);
  if (first?.previousRevenue !== undefined) {
    const come = rows.filter((row) => !row.notYetCome);
    const comeRevenue = sum(come, (row) => row.totalRevenue);
    const comeAppointments = sum(come, (row) => row.appointments);
    totals.previousRevenue = sum(come, (row) => row.previousRevenue);
    totals.previousAppointments = sum(come, (row) => row.previousAppointments);
    totals.revenueChange = change(comeRevenue, totals.previousRevenue);
    totals.appointmentsChange = change(comeAppointments, totals.previousAppointments);
    if (first.previousAverageTicket !== undefined) {
      totals.previousAverageTicket =
        totals.previousAppointments === 0 ? null : round2(totals.previousRevenue / totals.previousAppointments);
    }
    totals.notYetCome = false;
    totals.isToDate = false;
  }
  // The row's own keys (day, month...) are kept from nothing: the table writes "Total" in the first column.
  return { ...Object.fromEntries(Object.keys(first ?? {}).map((key) => [key, null])), ...totals } as unknown as T;
}
