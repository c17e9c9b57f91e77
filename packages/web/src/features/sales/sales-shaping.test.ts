import { describe, expect, it } from 'vitest';
import type { SalesClientRow } from './api/use-sales-per-client';
import type { SalesDayRow } from './api/use-sales-per-day';
import type { SalesMonthRow } from './api/use-sales-per-year';
import {
  changePercent,
  clientNameOf,
  compareDays,
  compareMonths,
  isSalesEmpty,
  sharePercent,
  summarizeClients,
  topClientsByRevenue,
} from './sales-shaping';
import { monthTotals } from './sales-totals';
import { parseIntParam } from './use-period-param';

const zero = {
  servicesRevenue: 0,
  productsRevenue: 0,
  totalRevenue: 0,
  appointments: 0,
  clients: 0,
  newClients: 0,
  averageTicket: 0,
  discountTotal: 0,
};
const day = (iso: string, totalRevenue: number, appointments: number): SalesDayRow => ({ ...zero, day: iso, totalRevenue, appointments });
const month = (m: number, totalRevenue: number, appointments: number): SalesMonthRow => ({
  ...zero,
  month: m,
  fromDate: `2026-${String(m).padStart(2, '0')}-01`,
  toDate: `2026-${String(m).padStart(2, '0')}-28`,
  totalRevenue,
  appointments,
  averageTicket: appointments ? totalRevenue / appointments : 0,
});

describe('changePercent and sharePercent', () => {
  it('compares with the previous value, null without a base', () => {
    expect(changePercent(150, 100)).toBe(50); // (150 - 100) / 100 x 100
    expect(changePercent(80, 120)).toBe(-33.33); // -40 / 120 x 100 = -33.333..
    expect(changePercent(10, 0)).toBeNull();
    expect(sharePercent(1, 3)).toBe(33.33);
    expect(sharePercent(5, 0)).toBeNull();
  });
});

describe('isSalesEmpty', () => {
  it('is empty only with no revenue, no appointments and no clients', () => {
    expect(isSalesEmpty(zero)).toBe(true);
    expect(isSalesEmpty({ ...zero, clients: 1 })).toBe(false);
    expect(isSalesEmpty({ ...zero, totalRevenue: 12.5 })).toBe(false);
  });
});

describe('compareDays', () => {
  it('pairs each day with the same weekday 52 weeks before, in the order the server gives', () => {
    // Sat 21 and Sun 22 Nov 2026 against Sat 22 and Sun 23 Nov 2025 (364 days back)
    const current = [day('2026-11-21', 100, 2), day('2026-11-22', 0, 0)];
    const previous = [day('2025-11-22', 80, 2), day('2025-11-23', 0, 0)];
    const rows = compareDays(current, previous, '2026-11-22');
    expect(rows.map((row) => row.dayOfMonth)).toEqual([21, 22]);
    // Saturday: (100 - 80) / 80 = +25 %, appointments 2 vs 2 = 0 %
    expect(rows[0]).toMatchObject({
      day: '2026-11-21',
      previousDay: '2025-11-22',
      previousRevenue: 80,
      revenueChange: 25,
      notYetCome: false,
    });
    // A closed Sunday against a closed Sunday: no base, no change (not -100 %)
    expect(rows[1]).toMatchObject({ previousRevenue: 0, revenueChange: null, appointmentsChange: null });
  });

  it('flags the days after today as not yet come, with no change', () => {
    const rows = compareDays(
      [day('2026-11-21', 100, 2), day('2026-11-23', 0, 0)],
      [day('2025-11-22', 50, 1), day('2025-11-24', 80, 2)],
      '2026-11-21',
    );
    expect(rows[0]).toMatchObject({ notYetCome: false, revenueChange: 100, appointmentsChange: 100 }); // (100 - 50) / 50; (2 - 1) / 1
    expect(rows[1]).toMatchObject({ notYetCome: true, previousRevenue: 80, revenueChange: null, appointmentsChange: null });
  });
});

describe('the month table totals (monthTotals)', () => {
  it('compares the days up to today with the same dates last year, as the KPI cards do, not with the same weekdays', () => {
    // Fri 20, Sat 21 (today), Sun 22 Nov 2026. Same weekdays 364 days back: 21, 22, 23 Nov 2025.
    // Same dates a year back: 20, 21, 22 Nov 2025.
    const current = [day('2026-11-20', 60, 2), day('2026-11-21', 100, 2), day('2026-11-22', 0, 0)];
    const weekdays = [day('2025-11-21', 70, 3), day('2025-11-22', 80, 2), day('2025-11-23', 500, 9)];
    const lastYear = [day('2025-11-20', 40, 1), day('2025-11-21', 70, 3), day('2025-11-22', 80, 2), day('2025-11-23', 500, 9)];
    const rows = compareDays(current, weekdays, '2026-11-21', lastYear);
    // The rows still compare by weekday: Friday 20 against Friday 21 Nov 2025.
    expect(rows[0]).toMatchObject({ previousRevenue: 70, sameDatePreviousRevenue: 40 });
    // The cards' span: 1..21 Nov 2026 (160, 4 appointments) against 20..21 Nov 2025 here (40 + 70 = 110, 1 + 3 = 4).
    // (160 - 110) / 110 = +45.45 %; 4 against 4 = 0 %. 22 Nov has not come: left out, like the cards.
    expect(monthTotals(rows)).toMatchObject({
      totalRevenue: 160,
      previousRevenue: 110,
      revenueChange: 45.45,
      appointments: 4,
      previousAppointments: 4,
      appointmentsChange: 0,
    });
  });

  it("counts 29 February against nothing (the cards' previous span ends on 28 February)", () => {
    const rows = compareDays([day('2028-02-28', 10, 1), day('2028-02-29', 20, 1)], [], '2028-02-29', [day('2027-02-28', 30, 2)]);
    expect(rows.map((row) => row.sameDatePreviousRevenue)).toEqual([30, 0]);
    expect(monthTotals(rows)).toMatchObject({ previousRevenue: 30, previousAppointments: 2, revenueChange: 0 });
  });
});

const span = (m: number, now: [number, number], before: [number, number], flags: { notYetCome?: boolean; isToDate?: boolean } = {}) => ({
  month: m,
  notYetCome: flags.notYetCome ?? false,
  isToDate: flags.isToDate ?? false,
  current: { ...zero, totalRevenue: now[0], appointments: now[1] },
  previous: { ...zero, totalRevenue: before[0], appointments: before[1], averageTicket: before[1] ? before[0] / before[1] : 0 },
});

describe('compareMonths', () => {
  it('pairs the months in order with the same dates of the previous year', () => {
    const current = [month(2, 300, 10), month(1, 100, 5)];
    const rows = compareMonths(current, [span(1, [100, 5], [200, 4]), span(2, [300, 10], [300, 12])]);
    expect(rows.map((row) => row.month)).toEqual([1, 2]);
    // January: (100 - 200) / 200 = -50 %; appointments (5 - 4) / 4 = +25 %; last year's ticket 200 / 4 = 50
    expect(rows[0]).toMatchObject({ previousRevenue: 200, revenueChange: -50, appointmentsChange: 25, previousAverageTicket: 50 });
    // February: revenue flat; appointments (10 - 12) / 12 = -16.67 %
    expect(rows[1]).toMatchObject({ revenueChange: 0, appointmentsChange: -16.67 });
  });

  it('compares the month under way to date and leaves a month not yet come without a change', () => {
    const rows = compareMonths(
      [month(11, 500, 10), month(12, 0, 0)],
      [span(11, [500, 10], [400, 8], { isToDate: true }), span(12, [0, 0], [900, 20], { notYetCome: true })],
    );
    // November to date: (500 - 400) / 400 = +25 %
    expect(rows[0]).toMatchObject({ isToDate: true, previousRevenue: 400, revenueChange: 25 });
    // December: last year's whole month for reference, no -100 %
    expect(rows[1]).toMatchObject({ notYetCome: true, previousRevenue: 900, revenueChange: null, appointmentsChange: null });
  });
});

describe('summarizeClients', () => {
  const client = (revenue: number, visits: number): SalesClientRow => ({
    clientId: revenue,
    firstName: 'Ada',
    lastName: 'Rossi',
    gender: 'FEMALE',
    revenue,
    servicesRevenue: revenue,
    productsRevenue: 0,
    visits,
    averageTicket: visits ? revenue / visits : revenue,
    lastVisit: '2026-03-01',
    lastAppointmentId: null,
  });

  it('totals the rows shown; the average ticket is revenue over visits, not a mean of averages', () => {
    // revenue 100.10 + 50.20 + 20 = 170.30; visits 3 + 1 + 0 = 4; ticket 170.30 / 4 = 42.575 -> 42.58
    expect(summarizeClients([client(100.1, 3), client(50.2, 1), client(20, 0)])).toEqual({
      clients: 3,
      revenue: 170.3,
      visits: 4,
      averageTicket: 42.58,
    });
    expect(summarizeClients([])).toEqual({ clients: 0, revenue: 0, visits: 0, averageTicket: 0 });
  });

  it('ranks the top clients by revenue, ties in table order', () => {
    const rows = [client(10, 1), client(30, 1), client(20, 1), { ...client(30, 2), clientId: 99 }];
    expect(topClientsByRevenue(rows, 3).map((row) => row.clientId)).toEqual([30, 99, 20]);
  });

  it('names a client first name then last name', () => {
    expect(clientNameOf({ firstName: 'Ada', lastName: 'Rossi' })).toBe('Ada Rossi');
    expect(clientNameOf({ firstName: '', lastName: 'Rossi' })).toBe('Rossi');
  });
});

describe('parseIntParam', () => {
  it('reads an integer within bounds, else the fallback', () => {
    expect(parseIntParam('3', 1, 12, 11)).toBe(3);
    expect(parseIntParam('13', 1, 12, 11)).toBe(11);
    expect(parseIntParam('2.5', 1, 12, 11)).toBe(11);
    expect(parseIntParam(null, 1, 12, 11)).toBe(11);
    expect(parseIntParam('-1', 1, 12, 11)).toBe(11);
  });
});
