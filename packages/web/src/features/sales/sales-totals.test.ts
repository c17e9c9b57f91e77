import { describe, expect, it } from 'vitest';
import { offeredMonthsOf } from './month-options';
import { salesTotals } from './sales-totals';

const day = (d: string, revenue: number, appointments: number, extra: Record<string, unknown> = {}) => ({
  day: d,
  totalRevenue: revenue,
  appointments,
  averageTicket: appointments ? revenue / appointments : 0,
  clients: appointments,
  newClients: 1,
  discountTotal: 2.5,
  ...extra,
});

describe('salesTotals', () => {
  it('adds revenue, appointments, new clients and discounts; the average ticket is revenue over appointments; clients are left out', () => {
    // 120 + 80.5 + 0 = 200.5 over 3 + 2 + 0 = 5 appointments: 40.10 a ticket.
    const totals = salesTotals([day('2026-11-01', 120, 3), day('2026-11-02', 80.5, 2), day('2026-11-03', 0, 0)]);
    expect(totals).toMatchObject({
      totalRevenue: 200.5,
      appointments: 5,
      averageTicket: 40.1,
      newClients: 3,
      discountTotal: 7.5,
      clients: null,
      day: null,
    });
  });

  it("compares last year's sums over the rows that have come only", () => {
    const rows = [
      day('2026-11-01', 100, 4, { previousRevenue: 80, previousAppointments: 4, notYetCome: false }),
      day('2026-11-02', 50, 1, { previousRevenue: 120, previousAppointments: 6, notYetCome: false }),
      day('2026-11-03', 0, 0, { previousRevenue: 999, previousAppointments: 9, notYetCome: true }),
    ];
    // 150 against 200: -25 %; 5 appointments against 10: -50 %.
    expect(salesTotals(rows)).toMatchObject({
      totalRevenue: 150,
      previousRevenue: 200,
      revenueChange: -25,
      appointments: 5,
      previousAppointments: 10,
      appointmentsChange: -50,
      notYetCome: false,
    });
  });
});

describe('offeredMonthsOf (the month picker)', () => {
  it("offers the months with sales up to the salon's current month, never a month not yet come", () => {
    const rows = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => ({
      month,
      totalRevenue: month === 2 || month > 11 ? 0 : 100,
      appointments: month === 2 || month > 11 ? 0 : 3,
    }));
    expect(offeredMonthsOf(11, 11, rows)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // The month shown stays offered; the current one too, even before its first sale.
    expect(offeredMonthsOf(12, 2, rows)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // While the year's rows load: every month up to today's.
    expect(offeredMonthsOf(3, 3, undefined)).toEqual([1, 2, 3]);
  });
});
