import { describe, expect, it } from 'vitest';
import type { DayOfWeekRow } from './api/use-day-of-week';
import { bestWeekdayOf, isWeekEmpty, weekTotalsOf } from './days-of-week-shaping';

const NAMES = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const row = (isoWeekday: number, totalRevenue: number, appointments = 0): DayOfWeekRow => ({
  isoWeekday,
  weekday: NAMES[isoWeekday - 1] ?? 'MONDAY',
  days: 4,
  openDays: 4,
  averageRevenuePerOpenDay: totalRevenue / 4,
  revenueSharePercent: null,
  servicesRevenue: totalRevenue,
  productsRevenue: 0,
  totalRevenue,
  appointments,
  clients: 0,
  newClients: 0,
  averageTicket: 0,
  discountTotal: 0,
});

describe('days of the week', () => {
  it('finds the weekday with the highest revenue, the earliest on a tie', () => {
    expect(bestWeekdayOf([row(7, 300), row(2, 500), row(6, 500), row(1, 100)])?.isoWeekday).toBe(2);
  });

  it('has no best weekday and is empty when nothing sold', () => {
    const week = [1, 2, 3, 4, 5, 6, 7].map((d) => row(d, 0));
    expect(bestWeekdayOf(week)).toBeNull();
    expect(isWeekEmpty(week)).toBe(true);
    expect(isWeekEmpty([...week, row(3, 0, 1)])).toBe(false);
  });
});

describe('the weekday totals row', () => {
  const monday = {
    ...row(1, 300, 6),
    openDays: 3,
    newClients: 2,
    clients: 5,
    discountTotal: 10.1,
    productsRevenue: 50,
    servicesRevenue: 250,
  };
  const friday = {
    ...row(5, 100.5, 2),
    openDays: 2,
    newClients: 1,
    clients: 2,
    discountTotal: 0.2,
    productsRevenue: 0.5,
    servicesRevenue: 100,
  };
  const report = { totals: { totalRevenue: 502, clients: 6 }, rows: [monday, friday] };

  it('adds what adds up and recomputes the averages and the share from the sums', () => {
    const totals = weekTotalsOf([monday, friday], report);
    expect(totals).toMatchObject({
      totalRevenue: 400.5,
      servicesRevenue: 350,
      productsRevenue: 50.5,
      appointments: 8,
      openDays: 5,
      newClients: 3,
      discountTotal: 10.3,
      averageRevenuePerOpenDay: 80.1, // 400.5 / 5
      averageTicket: 50.06, // 400.5 / 8 = 50.0625
      revenueSharePercent: 79.78, // 400.5 / 502
      clients: 6, // every weekday shown: the report's distinct clients, not 5 + 2
    });
  });

  it('leaves distinct clients blank when a filter hides a weekday, and the averages blank without appointments', () => {
    const totals = weekTotalsOf([friday], report);
    expect(totals.clients).toBeNull();
    expect(totals.revenueSharePercent).toBe(20.02); // 100.5 / 502
    expect(weekTotalsOf([{ ...friday, appointments: 0 }], report).averageTicket).toBeNull();
  });
});
