import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollupModel } from '../../db/rollups/apply.js';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';

// The figures that carry the same label on two screens, on the shared report fixture (salon 1,
// March 2025): either they agree, or they differ by exactly what their definitions say.
let t: TestApp;
let f: ReportFixture;
let manager: string;

const FROM = '2025-03-01';
const TO = '2025-03-31';

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db);
  // A6 (C2's next after A2, which ended 03-03 10:30Z) booked 03-05: A2 is rebooked, 1 of the 4 visits.
  await t.db
    .updateTable('appointments')
    .set({ booked_at: new Date('2025-03-05T12:00:00Z') })
    .where('id', '=', f.appointments.a6)
    .execute();
  manager = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: the answers of five screens, read field by field in the assertions
const get = async <T = Record<string, any>>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json() as T;
};
const sales = () => get(`/api/Stats/GetSalesDataAnalysisPerDay/${TO}/${FROM}/${f.salon1}/${manager}`);
const overview = (from = FROM, to = TO) => get(`/api/CustomerAnalysis/GetCustomerAnalysis/${manager}/${f.salon1}/${from}/${to}`);
const byClient = () => get(`/api/Stats/GetSalesDataAnalysisPerClient/${TO}/${FROM}/${f.salon1}/${manager}`);

describe('the same label gives the same number, or its definition says why not', () => {
  it("Revenue: the customer overview's is the sales revenue less the sales without a client", async () => {
    // Sales: A1 84 + A2 30 + A3 45 + A4 27 + W1 10 + W2 12 = 208; W2 has no client: 196 from clients.
    const { totals } = await sales();
    const { kpis } = await overview();
    const clients = await byClient();
    expect(totals.totalRevenue).toBe(208);
    expect(kpis.revenue).toBe(196);
    expect(clients.totals).toMatchObject({ revenue: 196, withoutClientRevenue: 12 });
    expect(kpis.revenue + clients.totals.withoutClientRevenue).toBe(totals.totalRevenue);
  });

  it('Average ticket: the sales one counts every sale; the one of the clients listed leaves out sales without a client', async () => {
    const { totals } = await sales();
    const clients = await byClient();
    expect(totals.averageTicket).toBe(52); // 208 / 4 appointments
    expect(clients.totals.visits).toBe(totals.appointments);
    expect(clients.totals.revenue / clients.totals.visits).toBe(49); // 196 / 4
    // The check-up and Performance use the sales definition.
    const checkUp = await get(`/api/ReportDataAnalysis/GetCheckUp/${manager}/${f.salon1}?fromDate=${FROM}&toDate=${TO}`);
    expect(checkUp.items.find((i: { kpi: string }) => i.kpi === 'averageTicket').actual).toBe(totals.averageTicket);
  });

  it('Returning clients: the overview counts each client once, the recap once per day they came (balance + recovered)', async () => {
    // Before March: C2 (first visit 2024-01-10) and C3 (2024-06-01) came back: 2 clients. The recap counts C2 on
    // 03-03 (A2, previous 02-20: balance) and 03-04 (W1: balance), C3 on 03-04 (previous 2024-06-01, over 180 days: recovered).
    const { kpis } = await overview();
    const recap = await get(`/api/ReportDataAnalysis/GetSalonRecap/${manager}/${FROM}/${TO}/${f.salon1}`);
    expect(kpis.returningClients).toBe(2);
    expect(recap.recapData).toMatchObject({ balanceClientCount: 2, lostClientCount: 1 });
    // Over one day each client comes once: the two agree.
    const day = await overview('2025-03-04', '2025-03-04');
    const dayRecap = await get(`/api/ReportDataAnalysis/GetSalonRecap/${manager}/2025-03-04/2025-03-04/${f.salon1}`);
    expect(day.kpis.returningClients).toBe(dayRecap.recapData.balanceClientCount + dayRecap.recapData.lostClientCount);
  });

  it('Rebooking: Check-up, Performance and the staff total row agree when no visit is shared by two people', async () => {
    const checkUp = await get(`/api/ReportDataAnalysis/GetCheckUp/${manager}/${f.salon1}?fromDate=${FROM}&toDate=${TO}`);
    const rebooking = checkUp.items.find((i: { kpi: string }) => i.kpi === 'rebookingRate').actual;
    expect(rebooking).toBe(25); // A2 of A1..A4
    const performance = await get(`/api/Performance/GetPerformanceBysalon/${TO}/${f.salon1}/${manager}`);
    expect(performance.salons[0].monthToDate.current.rebookingRate).toBe(rebooking);
    // The staff rows: stylist A1, A3 (0 of 2), manager A2, A4 (1 of 2); the total row adds the rows' visits.
    const staff = await get(`/api/StaffDataAnalysis/GetStaffDataAnalysis/${manager}/${FROM}/${TO}/${f.salon1}`);
    const rows = staff.staffDataAnalysis as { visits: number; rebookingRate: number | null }[];
    const visits = rows.reduce((s, r) => s + r.visits, 0);
    const rebooked = rows.reduce((s, r) => s + Math.round(((r.rebookingRate ?? 0) * r.visits) / 100), 0);
    expect(visits).toBe(4);
    expect((rebooked / visits) * 100).toBe(rebooking);
  });

  it('Appointments per client: DONE appointments / clients seen, below 1 when a client only bought at the counter', async () => {
    // 03-04: C3 (A3), C4 (A4) and C2 (W1, a walk-in purchase only): 2 appointments / 3 clients.
    const { kpis } = await overview('2025-03-04', '2025-03-04');
    expect(kpis).toMatchObject({ clientsSeen: 3, visits: 2, averageVisitsPerClient: 0.67 });
    // The sales report's appointments are the same count.
    const { totals } = await get(`/api/Stats/GetSalesDataAnalysisPerDay/2025-03-04/2025-03-04/${f.salon1}/${manager}`);
    expect(totals.appointments).toBe(kpis.visits);
  });

  it("A person's shift hours and hours worked: staff analysis, the attendance sheet and the planner add seconds and round once", async () => {
    // The assistant, week of 10 March: three shifts and three clocked days of 7 h 20 min each. Each
    // is 7.33 h alone, which add up to 21.99; the 79,200 seconds are 22.00 h.
    const assistant = f.users.assistant;
    const days = ['2025-03-10', '2025-03-11', '2025-03-12'];
    await t.db
      .insertInto('user_timeframes')
      .values(
        days.map((day) => ({
          salon_id: f.salon1,
          user_id: assistant,
          day_start: new Date(`${day}T09:00:00Z`),
          day_end: new Date(`${day}T16:20:00Z`),
        })),
      )
      .execute();
    await t.db
      .insertInto('attendances')
      .values(
        days.map((day) => ({
          salon_id: f.salon1,
          user_id: assistant,
          clock_in: new Date(`${day}T09:00:00Z`),
          clock_out: new Date(`${day}T16:20:00Z`),
          source: 'APP' as const,
        })),
      )
      .execute();
    await rebuildRollupModel(t.db);
    const week = { from: '2025-03-10', to: '2025-03-16' };

    const staff = await get(`/api/StaffDataAnalysis/GetStaffDataAnalysis/${manager}/${week.from}/${week.to}/${f.salon1}`);
    const row = staff.staffDataAnalysis.find((r: { staffId: number }) => r.staffId === assistant);
    expect(row).toMatchObject({ totalShiftHours: 22, totalWorkingHours: 22 });

    const sheet = await get(`/api/Attendances/GetAttendancesPerUser/${manager}?from=${week.from}&to=${week.to}&userId=${assistant}`);
    expect(sheet.person.totals).toMatchObject({ shiftHours: row.totalShiftHours, hoursWorked: row.totalWorkingHours });
    // Each day alone still reads 7.33: the days are rounded for the day, the totals from the seconds.
    expect(
      sheet.person.days.filter((d: { hoursWorked: number }) => d.hoursWorked > 0).map((d: { hoursWorked: number }) => d.hoursWorked),
    ).toEqual([7.33, 7.33, 7.33]);

    const planner = await get(`/api/UserTimeframes/Planner/${manager}?fromDate=${week.from}`);
    expect(planner.staff.find((p: { userId: number }) => p.userId === assistant)?.hours).toBe(row.totalShiftHours);
  });
  it('Hours worked on half a hundredth: staff analysis and both attendance views round the same seconds the same way', async () => {
    // The receptionist, 17-19 March: three clocked days of 7 h 20 min 6 s (26,406 s, 7.335 h, each day 7.34 alone).
    // The 79,218 seconds are 22.005 h: both screens round that one number half up to 22.01 (the days' 7.34s
    // would add up to 22.02, a rounding of the seconds half to even or down to 22.00).
    const reception = f.users.reception;
    const days = ['2025-03-17', '2025-03-18', '2025-03-19'];
    await t.db
      .insertInto('attendances')
      .values(
        days.map((day) => ({
          salon_id: f.salon1,
          user_id: reception,
          clock_in: new Date(`${day}T09:00:00Z`),
          clock_out: new Date(`${day}T16:20:06Z`),
          source: 'APP' as const,
        })),
      )
      .execute();
    await rebuildRollupModel(t.db);
    const week = { from: '2025-03-17', to: '2025-03-23' };
    for (const range of [week, { from: FROM, to: TO }]) {
      const staff = await get(`/api/StaffDataAnalysis/GetStaffDataAnalysis/${manager}/${range.from}/${range.to}/${f.salon1}`);
      const row = staff.staffDataAnalysis.find((r: { staffId: number }) => r.staffId === reception);
      expect([range.from, row?.totalWorkingHours]).toEqual([range.from, 22.01]);
      const person = await get(`/api/Attendances/GetAttendancesPerUser/${manager}?from=${range.from}&to=${range.to}&userId=${reception}`);
      expect(person.person.totals.hoursWorked).toBe(row.totalWorkingHours);
      expect(person.person.days.map((d: { hoursWorked: number }) => d.hoursWorked).filter((h: number) => h > 0)).toEqual([
        7.34, 7.34, 7.34,
      ]);
      const month = await get(`/api/Attendances/GetAttendancesPerMonth/${manager}?salonId=${f.salon1}&from=${range.from}&to=${range.to}`);
      const sheetRow = month.people.find((p: { userId: number }) => p.userId === reception);
      expect(sheetRow?.totals.hoursWorked).toBe(row.totalWorkingHours);
    }
  });
});
