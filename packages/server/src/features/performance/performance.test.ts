import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';

// Expected numbers are worked out by hand from the fixture in report-fixture.ts, day 2025-03-04
// (Tuesday); the day is set against the same weekday 364 days earlier, Tuesday 2024-03-05 (A000: Cut
// paid 25.00, 30 min, C2); the month to date against the same dates, 2024-03-01..04, which hold nothing.
let t: TestApp;
let f: ReportFixture;
let manager: string;
let reception: string;
let superadmin: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db);
  // March campaign with a 500.00 target for salon 1; a February one must not apply on 03-04.
  const march = await t.db
    .insertInto('campaigns')
    .values({ name: 'Marzo', date_from: '2025-03-01', date_to: '2025-03-31' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const february = await t.db
    .insertInto('campaigns')
    .values({ name: 'Febbraio', date_from: '2025-02-01', date_to: '2025-02-28' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('campaign_salons')
    .values([
      { salon_id: f.salon1, campaign_id: march.id, target_cents: 50_000 },
      { salon_id: f.salon1, campaign_id: february.id, target_cents: 90_000 },
      { salon_id: f.salon2, campaign_id: february.id, target_cents: 90_000 },
    ])
    .execute();
  // The March campaign counts Cut and Shampoo (lib/campaign-revenue.query.ts).
  await t.db
    .insertInto('campaign_services_products')
    .values([
      { salon_id: f.salon1, campaign_id: march.id, service_id: f.services.cut, product_id: null },
      { salon_id: f.salon1, campaign_id: march.id, service_id: null, product_id: f.products.shampoo },
    ])
    .execute();
  // Booking times (db/staff-hours.ts: rebooked = the next appointment booked at most 7 days after
  // the visit ended): A6, C2's next after A2 (ended 03-03 10:30Z), booked 03-05: rebooked; A8, C1's
  // next after A1 (A5 is cancelled), booked 04-01, 28 days after: not. The write path refreshes the rollup.
  await t.db
    .updateTable('appointments')
    .set({ booked_at: new Date('2025-03-05T12:00:00Z') })
    .where('id', '=', f.appointments.a6)
    .execute();
  await t.db
    .updateTable('appointments')
    .set({ booked_at: new Date('2025-04-01T12:00:00Z') })
    .where('id', '=', f.appointments.a8)
    .execute();
  manager = await signIn(t.app, 'manager');
  reception = await signIn(t.app, 'reception');
  superadmin = await signIn(t.app, 'superadmin');
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

// Last year's day (2024-03-05) holds only A000.
const a000 = (from: string) => ({
  fromDate: from,
  toDate: '2024-03-05',
  revenue: 25,
  appointments: 1,
  averageTicket: 25,
  bookedHours: 0.5,
  shiftHours: 0,
  utilisation: null, // no shift planned then
  newClients: 0, // C2's first visit is 2024-01-10
  rebookingRate: 0, // C2's next appointment, A0 on 2025-02-20, was booked at insert time: not within 7 days
});

const salon1 = () => ({
  salonId: f.salon1,
  name: 'Salone Uno',
  city: 'Milano',
  day: {
    // A3 Cut 30 + Mask 15, A4 Cut 27, walk-in Gel 10 = 82; A3, A4; 82 / 2 = 41;
    // 45 + 30 min booked over the manager's 4 h shift = 31.25 %; new C4;
    // neither C3 nor C4 has a later appointment: rebooking 0 / 2
    current: {
      fromDate: '2025-03-04',
      toDate: '2025-03-04',
      revenue: 82,
      appointments: 2,
      averageTicket: 41,
      bookedHours: 1.25,
      shiftHours: 4,
      utilisation: 31.25,
      newClients: 1,
      rebookingRate: 0,
    },
    lastYear: a000('2024-03-05'),
    revenueChange: 228, // (82 - 25) / 25
  },
  monthToDate: {
    // 03-03: Colour 54 + Shampoo 30 + Cut 30 = 114, plus 03-04's 82 = 196; A1..A4; 196 / 4 = 49;
    // 60 + 30 + 45 + 30 = 165 min over 8 + 4 h = 22.92 %; new C1, C4;
    // rebooked: A2 (its next, A6, booked 03-05, 2 days after); A1 not (A8 booked 28 days after); A3, A4 no next: 1 / 4
    current: {
      fromDate: '2025-03-01',
      toDate: '2025-03-04',
      revenue: 196,
      appointments: 4,
      averageTicket: 49,
      bookedHours: 2.75,
      shiftHours: 12,
      utilisation: 22.92,
      newClients: 2,
      rebookingRate: 25,
    },
    // the same dates a year earlier, 2024-03-01..04, not the same weekdays (which would reach A000 on 03-05)
    lastYear: zero('2024-03-01', '2024-03-04'),
    revenueChange: null, // no revenue last year to compare with
  },
  // 03-03 114 and 03-04 82, each against the same date a year earlier: nothing
  trend: [
    { day: '2025-03-01', revenue: 0, lastYearRevenue: 0 },
    { day: '2025-03-02', revenue: 0, lastYearRevenue: 0 },
    { day: '2025-03-03', revenue: 114, lastYearRevenue: 0 },
    { day: '2025-03-04', revenue: 82, lastYearRevenue: 0 },
  ],
  // March, Cut and Shampoo to 03-04: Cut A2 30 + A3 30 + A4 27, Shampoo A1 30 = 117 of 500 = 23.4 %
  // (not the Colour, Mask and Gel of the 196); the February campaign ended before the day
  campaign: {
    campaignId: expect.any(Number),
    name: 'Marzo',
    fromDate: '2025-03-01',
    toDate: '2025-03-31',
    target: 500,
    revenueToDate: 117,
    achieved: 23.4,
  },
});

// The median of salon 1 and salon 2 (salon 2: nothing on 03-04; A7 60.00 on 03-03, C5 new, no
// shift, no rebooking); nulls are left out (salon 2 has no shifts and no revenue last year).
const chainMedian = {
  salons: 2,
  day: {
    revenue: 41, // (82 + 0) / 2
    appointments: 1, // (2 + 0) / 2
    averageTicket: 20.5, // (41 + 0) / 2
    utilisation: 31.25, // salon 1 only
    newClients: 0.5,
    rebookingRate: 0, // salon 1's 0 %; salon 2 has no base
    revenueChange: 228, // salon 1 only
  },
  monthToDate: {
    revenue: 128, // (196 + 60) / 2
    appointments: 2.5, // (4 + 1) / 2
    averageTicket: 54.5, // (49 + 60) / 2
    utilisation: 22.92,
    newClients: 1.5, // (2 + 1) / 2
    rebookingRate: 12.5, // (25 + 0) / 2
    revenueChange: null, // no salon had revenue on 2024-03-01..04
  },
};

const zero = (from: string, to: string) => ({
  fromDate: from,
  toDate: to,
  revenue: 0,
  appointments: 0,
  averageTicket: 0,
  bookedHours: 0,
  shiftHours: 0,
  utilisation: null,
  newClients: 0,
  rebookingRate: null,
});

describe('GetPerformanceBysalon and GetPerformanceById', () => {
  it("give the salon's day and month to date against the same weekday and the same dates last year, with its campaign", async () => {
    const bySalon = await get(`/api/Performance/GetPerformanceBysalon/2025-03-04/${f.salon1}/${manager}`);
    expect(bySalon.status).toBe(200);
    expect(bySalon.body).toEqual({ day: '2025-03-04', salons: [salon1()], chainMedian });
    const byId = await get(`/api/Performance/GetPerformanceById/2025-03-04/${manager}/${f.salon1}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(bySalon.body);
  });

  it('answers zeros, not errors, for a day with nothing recorded', async () => {
    const { status, body } = await get(`/api/Performance/GetPerformanceBysalon/2025-03-02/${f.salon2}/${superadmin}`);
    expect(status).toBe(200);
    // salon 2 had nothing on 03-01..02; last year 2024-03-01..02 and 03-03 nothing either; the February campaign is over
    expect(body.salons[0]).toEqual({
      salonId: f.salon2,
      name: 'Salone Due',
      city: 'Milano',
      day: { current: zero('2025-03-02', '2025-03-02'), lastYear: zero('2024-03-03', '2024-03-03'), revenueChange: null },
      monthToDate: { current: zero('2025-03-01', '2025-03-02'), lastYear: zero('2024-03-01', '2024-03-02'), revenueChange: null },
      trend: [
        { day: '2025-03-01', revenue: 0, lastYearRevenue: 0 },
        { day: '2025-03-02', revenue: 0, lastYearRevenue: 0 },
      ],
      campaign: null,
    });
  });

  it('checks the caller, the role and the day', async () => {
    expect((await get(`/api/Performance/GetPerformanceBysalon/2025-03-04/${f.salon2}/${manager}`)).status).toBe(403);
    expect((await get(`/api/Performance/GetPerformanceById/2025-03-04/${manager}/${f.salon2}`)).status).toBe(403);
    expect((await get(`/api/Performance/GetPerformanceBysalon/2025-03-04/${f.salon1}/${reception}`)).status).toBe(403);
    const badDay = await get(`/api/Performance/GetPerformanceBysalon/2025-02-30/${f.salon1}/${manager}`);
    expect(badDay.status).toBe(400);
    expect(badDay.body.message).toContain('day');
    expect((await get(`/api/Performance/GetPerformanceBysalon/2025-3-4/${f.salon1}/${manager}`)).status).toBe(400);
    expect((await get(`/api/Performance/GetPerformanceBysalon/2025-03-04/9999/${superadmin}`)).status).toBe(404);
  });
});

describe('GetPerformance', () => {
  it('gives every salon, by name, to the superadmin only', async () => {
    expect((await get(`/api/Performance/GetPerformance/2025-03-04/${manager}`)).status).toBe(403);
    const { status, body } = await get(`/api/Performance/GetPerformance/2025-03-04/${superadmin}`);
    expect(status).toBe(200);
    expect(body.salons.map((s: { salonId: number }) => s.salonId)).toEqual([f.salon2, f.salon1]);
    expect(body.salons[1]).toEqual(salon1());
    expect(body.chainMedian).toEqual(chainMedian);
    // Salon 2 on 03-04: nothing; month to date: A7 Colour 60, 60 min, new C5, no shift, no rebooking
    expect(body.salons[0].day.current).toEqual(zero('2025-03-04', '2025-03-04'));
    expect(body.salons[0].monthToDate.current).toEqual({
      fromDate: '2025-03-01',
      toDate: '2025-03-04',
      revenue: 60,
      appointments: 1,
      averageTicket: 60,
      bookedHours: 1,
      shiftHours: 0,
      utilisation: null,
      newClients: 1,
      rebookingRate: 0,
    });
    expect(body.salons[0].campaign).toBeNull();
    expect(body.salons[0].trend.map((d: { revenue: number }) => d.revenue)).toEqual([0, 0, 60, 0]);
  });
});

describe('cross-check with the sales report', () => {
  it("a salon's performance revenue and appointments equal its sales report for the same span", async () => {
    for (const day of ['2025-03-04', '2025-03-05', '2025-04-15']) {
      const perf = (await get(`/api/Performance/GetPerformanceBysalon/${day}/${f.salon1}/${manager}`)).body.salons[0];
      const from = `${day.slice(0, 8)}01`;
      const month = (await get(`/api/Stats/GetSalesDataAnalysisPerDay/${day}/${from}/${f.salon1}/${manager}`)).body.totals;
      const oneDay = (await get(`/api/Stats/GetSalesDataAnalysisPerDay/${day}/${day}/${f.salon1}/${manager}`)).body.totals;
      expect(perf.monthToDate.current.revenue).toBe(month.totalRevenue);
      expect(perf.monthToDate.current.appointments).toBe(month.appointments);
      expect(perf.monthToDate.current.newClients).toBe(month.newClients);
      expect(perf.day.current.revenue).toBe(oneDay.totalRevenue);
      expect(perf.day.current.appointments).toBe(oneDay.appointments);
    }
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones, leaving nulls out', async () => {
    const { median } = await import('./performance.query.js');
    expect(median([3, null, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null, null])).toBeNull();
    expect(median([])).toBeNull();
  });
});
