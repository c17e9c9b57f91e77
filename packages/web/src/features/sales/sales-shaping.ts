import { dayOf, sameDateYearBefore } from '../../components/format/dates';
import type { SalesClientRow } from './api/use-sales-per-client';
import type { SalesDayRow, SalesMeasures } from './api/use-sales-per-day';
import type { SalesMonthRow } from './api/use-sales-per-year';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** (current - previous) / previous x 100, 2 decimals; null when the previous value is 0 (no base to compare with). */
export function changePercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
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

/** One day of a month beside the same weekday 52 weeks (364 days) before. */
export interface DayComparisonRow {
  dayOfMonth: number;
  day: string;
  /** The same weekday 52 weeks before. */
  previousDay: string | null;
  /** The day is after the salon's today: nothing to show or compare yet. */
  notYetCome: boolean;
  totalRevenue: number;
  /** The same calendar date a year before (0 when it did not exist, 29 February): what the totals and the KPI cards compare. */
  sameDatePreviousRevenue: number;
  sameDatePreviousAppointments: number;
  previousRevenue: number;
  revenueChange: number | null;
  appointments: number;
  previousAppointments: number;
  appointmentsChange: number | null;
  averageTicket: number | null;
  clients: number;
  newClients: number;
  discountTotal: number;
}

/**
 * Pairs each day of a month with the same weekday 52 weeks before (`previousWeekdays`, given by
 * the server in the same order: a closed Sunday is compared with a Sunday), and keeps the same
 * date a year before (`previousYear`, the month's days last year) for the totals. Days after
 * `today` have not come: they are flagged and get no change (never a -100 %).
 */
export function compareDays(
  current: readonly SalesDayRow[],
  previousWeekdays: readonly SalesDayRow[],
  today?: string,
  previousYear: readonly SalesDayRow[] = [],
): DayComparisonRow[] {
  const lastYearByDate = new Map(previousYear.map((row) => [row.day, row]));
  return current.map((now, index) => {
    const sameDate = lastYearByDate.get(sameDateYearBefore(now.day) ?? '');
    const before = previousWeekdays[index];
    const previousRevenue = before?.totalRevenue ?? 0;
    const previousAppointments = before?.appointments ?? 0;
    const notYetCome = today !== undefined && now.day > today;
    return {
      dayOfMonth: dayOf(now.day),
      day: now.day,
      previousDay: before?.day ?? null,
      notYetCome,
      totalRevenue: now.totalRevenue,
      sameDatePreviousRevenue: sameDate?.totalRevenue ?? 0,
      sameDatePreviousAppointments: sameDate?.appointments ?? 0,
      previousRevenue,
      revenueChange: notYetCome ? null : changePercent(now.totalRevenue, previousRevenue),
      appointments: now.appointments,
      previousAppointments,
      appointmentsChange: notYetCome ? null : changePercent(now.appointments, previousAppointments),
      averageTicket: now.averageTicket,
      clients: now.clients,
      newClients: now.newClients,
      discountTotal: now.discountTotal,
    };
  });
}

/** One month of a year beside the same dates of the previous year (to date for the month under way). */
export interface MonthComparisonRow {
  month: number;
  /** The month starts after the salon's today: nothing to show or compare yet. */
  notYetCome: boolean;
  /** The month is under way: last year's figures are those of the same days, up to today's date. */
  isToDate: boolean;
  totalRevenue: number;
  previousRevenue: number;
  revenueChange: number | null;
  servicesRevenue: number;
  productsRevenue: number;
  appointments: number;
  previousAppointments: number;
  appointmentsChange: number | null;
  averageTicket: number | null;
  previousAverageTicket: number | null;
  clients: number;
  newClients: number;
  discountTotal: number;
}

/** A month against the same dates a year before, as the server compared it (SalesPerYear.comparedMonths). */
interface ComparedMonthInput {
  month: number;
  notYetCome: boolean;
  isToDate: boolean;
  current: SalesMeasures;
  previous: SalesMeasures;
}

/**
 * The twelve months of a year against the same dates of the previous year: a past month whole,
 * the month under way to date, a month not yet come flagged with no change (last year's whole
 * month is kept for reference).
 */
export function compareMonths(current: readonly SalesMonthRow[], compared: readonly ComparedMonthInput[]): MonthComparisonRow[] {
  const comparedByMonth = new Map(compared.map((row) => [row.month, row]));
  return [...current]
    .sort((a, b) => a.month - b.month)
    .map((row) => {
      const span = comparedByMonth.get(row.month);
      const notYetCome = span?.notYetCome ?? false;
      const now = span && !notYetCome ? span.current : row;
      const previousRevenue = span?.previous.totalRevenue ?? 0;
      const previousAppointments = span?.previous.appointments ?? 0;
      return {
        month: row.month,
        notYetCome,
        isToDate: span?.isToDate ?? false,
        totalRevenue: now.totalRevenue,
        previousRevenue,
        revenueChange: notYetCome ? null : changePercent(now.totalRevenue, previousRevenue),
        servicesRevenue: row.servicesRevenue,
        productsRevenue: row.productsRevenue,
        appointments: now.appointments,
        previousAppointments,
        appointmentsChange: notYetCome ? null : changePercent(now.appointments, previousAppointments),
        averageTicket: row.averageTicket,
        previousAverageTicket: span?.previous.averageTicket ?? null,
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
