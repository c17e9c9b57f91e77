import { describe, expect, it } from 'vitest';
import type { DayOfWeekRow } from './api/use-day-of-week';
import { bestWeekdayOf, isWeekEmpty } from './days-of-week-shaping';

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
