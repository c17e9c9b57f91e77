import type { SalesClientRow } from './api/use-sales-per-client';
import type { SalesDayRow, SalesMeasures } from './api/use-sales-per-day';
import type { SalesMonthRow } from './api/use-sales-per-year';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** (current - previous) / previous x 100, 2 decimals; null when the previous value is 0 (no base to compare with). */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return round2(((current - previous) / previous) * 100);
}

/** part / total x 100, 2 decimals; null when the total is 0. */
export function sharePercent(part: number, total: number): number | null {
  if (total === 0) return null;
  return round2((part / total) * 100);
}

/** A period with no revenue, no appointments and no clients: the report shows its empty state. */
export function isSalesEmpty(totals: SalesMeasures): boolean {
  return totals.totalRevenue === 0 && totals.appointments === 0 && totals.clients === 0;
}

/** One day of a month beside the same day of the month a year before. */
export interface DayComparisonRow {
  dayOfMonth: number;
  /** The day this year; null when only last year's month has it (29 February). */
  day: string | null;
  previousDay: string | null;
  totalRevenue: number;
  previousRevenue: number;
  revenueChange: number | null;
  appointments: number;
  previousAppointments: number;
  appointmentsChange: number | null;
  averageTicket: number;
  clients: number;
  newClients: number;
  discountTotal: number;
}

const dayOfMonthOf = (isoDate: string) => Number(isoDate.slice(8, 10));

/**
 * Pairs the days of a month with the same day of the month in the previous year (1 with 1, ...);
 * a day only one year has (29 February) is paired with zeros. Days after `today` have not
 * happened yet: they get no change (a -100 % would be noise).
 */
export function compareDays(current: readonly SalesDayRow[], previous: readonly SalesDayRow[], today?: string): DayComparisonRow[] {
  const byDay = new Map<number, { current?: SalesDayRow; previous?: SalesDayRow }>();
  for (const row of current) byDay.set(dayOfMonthOf(row.day), { current: row });
  for (const row of previous) {
    const entry = byDay.get(dayOfMonthOf(row.day)) ?? {};
    entry.previous = row;
    byDay.set(dayOfMonthOf(row.day), entry);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([dayOfMonth, { current: now, previous: before }]) => {
      const totalRevenue = now?.totalRevenue ?? 0;
      const previousRevenue = before?.totalRevenue ?? 0;
      const appointments = now?.appointments ?? 0;
      const previousAppointments = before?.appointments ?? 0;
      const isFuture = today !== undefined && now !== undefined && now.day > today;
      return {
        dayOfMonth,
        day: now?.day ?? null,
        previousDay: before?.day ?? null,
        totalRevenue,
        previousRevenue,
        revenueChange: isFuture ? null : changePercent(totalRevenue, previousRevenue),
        appointments,
        previousAppointments,
        appointmentsChange: isFuture ? null : changePercent(appointments, previousAppointments),
        averageTicket: now?.averageTicket ?? 0,
        clients: now?.clients ?? 0,
        newClients: now?.newClients ?? 0,
        discountTotal: now?.discountTotal ?? 0,
      };
    });
}

/** One month of a year beside the same month of the previous year. */
export interface MonthComparisonRow {
  month: number;
  totalRevenue: number;
  previousRevenue: number;
  revenueChange: number | null;
  servicesRevenue: number;
  productsRevenue: number;
  appointments: number;
  previousAppointments: number;
  appointmentsChange: number | null;
  averageTicket: number;
  previousAverageTicket: number;
  clients: number;
  newClients: number;
  discountTotal: number;
}

/** Pairs the twelve months of a year with those of the previous year. */
export function compareMonths(current: readonly SalesMonthRow[], previous: readonly SalesMonthRow[]): MonthComparisonRow[] {
  const previousByMonth = new Map(previous.map((row) => [row.month, row]));
  return [...current]
    .sort((a, b) => a.month - b.month)
    .map((row) => {
      const before = previousByMonth.get(row.month);
      const previousRevenue = before?.totalRevenue ?? 0;
      const previousAppointments = before?.appointments ?? 0;
      return {
        month: row.month,
        totalRevenue: row.totalRevenue,
        previousRevenue,
        revenueChange: changePercent(row.totalRevenue, previousRevenue),
        servicesRevenue: row.servicesRevenue,
        productsRevenue: row.productsRevenue,
        appointments: row.appointments,
        previousAppointments,
        appointmentsChange: changePercent(row.appointments, previousAppointments),
        averageTicket: row.averageTicket,
        previousAverageTicket: before?.averageTicket ?? 0,
        clients: row.clients,
        newClients: row.newClients,
        discountTotal: row.discountTotal,
      };
    });
}

/** Totals of the client rows shown: the average ticket is revenue over visits (0 without visits), not a mean of averages. */
export function summarizeClients(rows: readonly SalesClientRow[]) {
  const revenue = round2(rows.reduce((sum, row) => sum + row.revenue, 0));
  const visits = rows.reduce((sum, row) => sum + row.visits, 0);
  return { clients: rows.length, revenue, visits, averageTicket: visits ? round2(revenue / visits) : 0 };
}

/** A client's name as shown and filtered: 'First Last', trimmed. */
export function clientNameOf(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

/** The clients with the highest revenue, highest first (ties keep their order), for the top-clients chart. */
export function topClientsByRevenue(rows: readonly SalesClientRow[], limit: number): SalesClientRow[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => b.row.revenue - a.row.revenue || a.index - b.index)
    .slice(0, limit)
    .map(({ row }) => row);
}
