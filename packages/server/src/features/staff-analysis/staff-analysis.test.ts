import { StaffDailyDetailsResponse } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenderScope } from '../../lib/report-range.js';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';
import { expectSchemaBytes } from '../../test/schema-bytes.js';
import { getStaffBuckets, getStaffSpan } from './staff-analysis.query.js';

// Expected numbers are worked out by hand from the fixture in ../../test/report-fixture.ts plus
// the attendances, feedback and booking times added below. Salon 1 is in Europe/Rome (UTC+1 in March).
let t: TestApp;
let f: ReportFixture;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db);
  const { salon1, users, clients, appointments: a } = f;
  // Stylist: 09:00-16:30 on Mon 3 March (7.5 h) and 09:00-12:00 on Tue 4 March (3 h) = 10.5 h over 2 days.
  await t.db
    .insertInto('attendances')
    .values([
      { salon_id: salon1, user_id: users.stylist, clock_in: new Date('2025-03-03T08:00:00Z'), clock_out: new Date('2025-03-03T15:30:00Z') },
      { salon_id: salon1, user_id: users.stylist, clock_in: new Date('2025-03-04T08:00:00Z'), clock_out: new Date('2025-03-04T11:00:00Z') },
      // 23:30 UTC on 31 March is 1 April in Rome: outside March.
      { salon_id: salon1, user_id: users.manager, clock_in: new Date('2025-03-31T23:30:00Z'), clock_out: new Date('2025-04-01T01:30:00Z') },
    ])
    .execute();
  await t.db
    .insertInto('feedback')
    .values([
      { salon_id: salon1, appointment_id: a.a1, client_id: clients.c1, staff_id: users.stylist, score: 5, day: '2025-03-03' },
      { salon_id: salon1, appointment_id: a.a3, client_id: clients.c3, staff_id: users.stylist, score: 4, day: '2025-03-04' },
      { salon_id: salon1, appointment_id: a.a2, client_id: clients.c2, staff_id: users.manager, score: 3, day: '2025-03-03' },
    ])
    .execute();
  // C1's next appointment after A1 (3 March) is A8 (A5 was cancelled), booked on 5 March: a rebooking.
  // C2's next after A2 (3 March) is A6, booked on 4 March: a rebooking. A000 (2024) is followed by A0, booked now: not.
  await t.db
    .updateTable('appointments')
    .set({ booked_at: new Date('2025-03-05T12:00:00Z') })
    .where('id', '=', a.a8)
    .execute();
  await t.db
    .updateTable('appointments')
    .set({ booked_at: new Date('2025-03-04T12:00:00Z') })
    .where('id', '=', a.a6)
    .execute();
  // A line on the CANCELLED A5 (stylist, C1, 4 March): only DONE appointments count, so no figure below includes it.
  await t.db
    .insertInto('sale_lines')
    .values({
      salon_id: salon1,
      appointment_id: a.a5,
      client_id: clients.c1,
      staff_id: users.stylist,
      day: '2025-03-04',
      kind: 'SERVICE',
      service_id: f.services.cut,
      category: 'HAIRCUT',
      list_amount_cents: 3000,
      paid_amount_cents: 3000,
    })
    .execute();
  // The write path: the rollups of the days written (A5's line on 03-04, A6 on 03-10, A8 on 04-15; the
  // refresh also recomputes each client's previous visit, whose rebooking the booking times change).
  manager = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

const url = (code: string, salonId: number, from = '2025-03-01', to = '2025-03-31', gender = '') =>
  gender
    ? `/api/StaffDataAnalysis/GetStaffDataAnalysisGender/${code}/${from}/${to}/${salonId}/${gender}`
    : `/api/StaffDataAnalysis/GetStaffDataAnalysis/${code}/${from}/${to}/${salonId}`;

describe('GetStaffDataAnalysis', () => {
  it('gives every report field per person, the manager figures and the previous year', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(manager, f.salon1) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Lines naming a staff member in March: stylist 54 + 30 + 30 + 15 = 129, manager 30 + 27 = 57,
    // reception 10 (walk-in); W2 (12, no staff) is left out: 208 - 12 = 196.
    expect(body).toMatchObject({
      salonId: f.salon1,
      fromDate: '2025-03-01',
      toDate: '2025-03-31',
      gender: 'ALL',
      salonOpenDays: 2,
      sumOfTotalEarned: 196,
      sumOfTotalRecommended: 45,
      sumOfTotalDiscountValue: 14,
      sumOfTotalDiscountValueRec: 5,
      previousYear: { fromDate: '2024-03-01', toDate: '2024-03-31', salonOpenDays: 1, sumOfTotalEarned: 25, sumOfTotalRecommended: 0 },
    });
    expect(body.staffDataAnalysis.map((r: { name: string }) => r.name)).toEqual(['stylist Test', 'manager Test', 'reception Test']);
    const noPreviousYear = {
      totalEarned: 0,
      totalRecommended: 0,
      totalNumberOfClient: 0,
      totalShiftHours: 0,
      totalWorkingHours: 0,
      hourlyEarned: null,
      visits: 0,
      rebookingRate: null,
      retailAttachRate: null,
      bookedServiceHours: 0,
      utilisation: null,
      newClientsServed: 0,
    };
    expect(body.staffDataAnalysis[0]).toEqual({
      staffId: f.users.stylist,
      name: 'stylist Test',
      staffWorkingDays: 2,
      averageFeedback: 4.5,
      hourlyEarned: 12.29, // 129 / 10.5
      hourlyRecommended: 4.29, // 45 / 10.5
      perOnStaffTotal: 65.82, // 129 / 196
      perOnStaffRecommendedTotal: 100,
      product_RETotalEarned: 30,
      product_TotalEarned: 30,
      service_RETotalEarned: 15,
      service_TotalEarned: 99,
      totalEarned: 129,
      totalNumberOfClient: 2,
      totalRecommended: 45,
      totalShiftHours: 8,
      totalWorkingHours: 10.5,
      intervalCount: 1,
      visits: 2,
      rebookingRate: 50, // A1 rebooked, A3 not
      retailAttachRate: 50, // A1 has the shampoo
      bookedServiceHours: 1.75, // 60 + 45 min
      utilisation: 21.88, // 1.75 / 8
      newClientsServed: 1, // C1 (first visit 3 March)
      previousYear: noPreviousYear,
    });
    expect(body.staffDataAnalysis[1]).toEqual({
      staffId: f.users.manager,
      name: 'manager Test',
      staffWorkingDays: 0,
      averageFeedback: 3,
      hourlyEarned: null,
      hourlyRecommended: null,
      perOnStaffTotal: 29.08, // 57 / 196
      perOnStaffRecommendedTotal: 0,
      product_RETotalEarned: 0,
      product_TotalEarned: 0,
      service_RETotalEarned: 0,
      service_TotalEarned: 57,
      totalEarned: 57,
      totalNumberOfClient: 2,
      totalRecommended: 0,
      totalShiftHours: 4,
      totalWorkingHours: 0,
      intervalCount: 1,
      visits: 2,
      rebookingRate: 50, // A2 rebooked (A6), A4 not
      retailAttachRate: 0,
      bookedServiceHours: 1,
      utilisation: 25, // 1 / 4
      newClientsServed: 1, // C4
      previousYear: {
        ...noPreviousYear,
        totalEarned: 25,
        totalNumberOfClient: 1,
        visits: 1,
        rebookingRate: 0,
        retailAttachRate: 0,
        bookedServiceHours: 0.5,
      },
    });
    expect(body.staffDataAnalysis[2]).toMatchObject({
      name: 'reception Test',
      totalEarned: 10,
      product_TotalEarned: 10,
      perOnStaffTotal: 5.1,
      totalNumberOfClient: 1,
      visits: 0,
      rebookingRate: null,
      retailAttachRate: null,
      utilisation: null,
      averageFeedback: null,
    });
  });

  it("one span's statement (whole months from staff_client_months) equals the day rollups' span grain on every range", async () => {
    const ranges = [
      ['2025-03-01', '2025-03-31'],
      ['2025-01-01', '2025-12-31'],
      ['2024-01-01', '2025-12-31'],
      ['2025-02-01', '2025-03-04'],
      ['2025-03-04', '2025-04-30'],
      ['2024-03-10', '2025-03-09'],
      ['2025-03-01', '2025-03-03'],
      ['2024-12-01', '2025-02-28'],
    ] as const;
    let clients = 0;
    let newClients = 0;
    for (const [from, to] of ranges) {
      for (const gender of ['ALL', 'MALE', 'FEMALE'] as GenderScope[]) {
        const expected = (await getStaffBuckets(t.db, f.salon1, from, to, gender, 'span')).get('');
        const span = await getStaffSpan(t.db, f.salon1, from, to, gender);
        const sorted = (m: Map<number, unknown>) => [...m].sort((x, y) => x[0] - y[0]);
        expect({ from, to, gender, open: span.salonOpenDays, staff: sorted(span.staff) }).toEqual({
          from,
          to,
          gender,
          open: expected?.salonOpenDays ?? 0,
          staff: sorted(expected?.staff ?? new Map()),
        });
        for (const figures of span.staff.values()) {
          clients += figures.clients;
          newClients += figures.newClients;
        }
      }
    }
    expect(clients).toBeGreaterThan(0);
    expect(newClients).toBeGreaterThan(0);
  });

  it("week buckets of a range starting mid-week equal the span figures of their weeks clipped to the range (a pair seen on the week's Monday, before the range, still counts inside it)", async () => {
    // Stylist and C3: a DONE line on Mon 3 March and a walk-in on Wed 5 March, so a range starting on the 4th or 5th
    // clips a week whose Monday the pair already visited.
    const line = await t.db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('sale_lines')
        .values({
          salon_id: f.salon1,
          appointment_id: null,
          client_id: f.clients.c3,
          staff_id: f.users.stylist,
          day: '2025-03-05',
          kind: 'PRODUCT',
          product_id: f.products.gel,
          category: 'RESALE',
          list_amount_cents: 1000,
          paid_amount_cents: 1000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row;
    });
    try {
      await expectWeeksEqualTheirSpans();
    } finally {
      // The other tests' figures are the fixture's own.
      await t.db.transaction().execute(async (tx) => {
        await tx.deleteFrom('sale_lines').where('salon_id', '=', f.salon1).where('id', '=', line.id).execute();
      });
    }
  });

  async function expectWeeksEqualTheirSpans() {
    const sorted = (m: Map<number, unknown>) => [...m].sort((x, y) => x[0] - y[0]);
    let clipped = 0;
    for (const from of ['2025-03-01', '2025-03-04', '2025-03-05', '2025-03-06']) {
      for (const gender of ['ALL', 'FEMALE'] as GenderScope[]) {
        const weeks = await getStaffBuckets(t.db, f.salon1, from, '2025-03-16', gender, 'week');
        for (const [monday, week] of weeks) {
          const weekFrom = monday < from ? from : monday;
          const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
          const span = (await getStaffBuckets(t.db, f.salon1, weekFrom, sunday < '2025-03-16' ? sunday : '2025-03-16', gender, 'span')).get(
            '',
          );
          expect({ from, gender, monday, staff: sorted(week.staff) }).toEqual({
            from,
            gender,
            monday,
            staff: sorted(span?.staff ?? new Map()),
          });
          if (monday < from) clipped += [...week.staff.values()].reduce((sum, s) => sum + s.clients, 0);
        }
      }
    }
    // The clipped weeks did count clients (the case that needs the range start, not the Monday).
    expect(clipped).toBeGreaterThan(0);
  }

  it('the gender variant counts only clients of that gender (hours stay whole)', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(manager, f.salon1, '2025-03-01', '2025-03-31', 'FEMALE') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // C1 and C3 are the women: all of the stylist's lines, none of the manager's or reception's.
    expect(body).toMatchObject({ gender: 'FEMALE', salonOpenDays: 2, sumOfTotalEarned: 129, sumOfTotalDiscountValue: 11 });
    expect(body.staffDataAnalysis.map((r: { name: string }) => r.name)).toEqual(['stylist Test', 'manager Test']);
    expect(body.staffDataAnalysis[0]).toMatchObject({
      totalEarned: 129,
      perOnStaffTotal: 100,
      averageFeedback: 4.5,
      totalWorkingHours: 10.5,
    });
    expect(body.staffDataAnalysis[1]).toMatchObject({
      totalEarned: 0,
      perOnStaffTotal: 0,
      averageFeedback: null,
      totalShiftHours: 4,
      visits: 0,
      // Hours are not gendered (db/staff-hours.ts): A2 + A4, 30 + 30 min on the manager's appointments, / 4 h.
      bookedServiceHours: 1,
      utilisation: 25,
    });
    const male = (await t.app.inject({ method: 'GET', url: url(manager, f.salon1, '2025-03-01', '2025-03-31', 'MALE') })).json();
    // C2: A2 cut 30 (manager), W1 gel 10 (reception).
    expect(male.sumOfTotalEarned).toBe(40);
    expect(male.previousYear.sumOfTotalEarned).toBe(25);
  });

  it("is a 'user'-level report checked against the caller's salon, with clear 400s", async () => {
    for (const [user, status] of [
      ['reception', 200],
      ['stylist', 403],
    ] as const) {
      const code = await signIn(t.app, user);
      expect((await t.app.inject({ method: 'GET', url: url(code, f.salon1) })).statusCode, user).toBe(status);
    }
    const manager2 = await signIn(t.app, 'manager2');
    expect((await t.app.inject({ method: 'GET', url: url(manager2, f.salon1) })).statusCode).toBe(403);
    const reversed = await t.app.inject({ method: 'GET', url: url(manager, f.salon1, '2025-03-31', '2025-03-01') });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('fromDate');
    expect((await t.app.inject({ method: 'GET', url: url(manager, f.salon1, '2025-02-30', '2025-03-01') })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: url(manager, f.salon1, '2025-03-01', '2025-03-31', 'OTHER') })).statusCode).toBe(400);
  });
});

describe('GetStaffDataAnalysisByName and ByStaff', () => {
  it('ByName gives the same people sorted by name', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/StaffDataAnalysis/GetStaffDataAnalysisByName/${manager}/2025-03-01/2025-03-31/${f.salon1}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.staffDataAnalysis.map((r: { name: string }) => r.name)).toEqual(['manager Test', 'reception Test', 'stylist Test']);
    expect(body.sumOfTotalEarned).toBe(196);
    const female = await t.app.inject({
      method: 'GET',
      url: `/api/StaffDataAnalysis/GetStaffDataAnalysisByNameGender/${manager}/2025-03-01/2025-03-31/${f.salon1}/FEMALE`,
    });
    expect(female.json().staffDataAnalysis.map((r: { name: string }) => r.name)).toEqual(['manager Test', 'stylist Test']);
  });

  it("ByStaff gives one person against the whole salon's sums; 404 for someone not in the salon", async () => {
    const base = `/api/StaffDataAnalysis/GetStaffDataAnalysisByStaff/${manager}/2025-03-01/2025-03-31/${f.salon1}`;
    const res = await t.app.inject({ method: 'GET', url: `${base}/${f.users.manager}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sumOfTotalEarned).toBe(196);
    expect(body.staffDataAnalysis).toHaveLength(1);
    expect(body.staffDataAnalysis[0]).toMatchObject({
      staffId: f.users.manager,
      totalEarned: 57,
      perOnStaffTotal: 29.08,
      rebookingRate: 50,
    });
    const male = await t.app.inject({
      method: 'GET',
      url: `/api/StaffDataAnalysis/GetStaffDataAnalysisByStaffGender/${manager}/2025-03-01/2025-03-31/${f.salon1}/${f.users.manager}/MALE`,
    });
    // C2 only: A2's cut 30 of the salon's male 40.
    expect(male.json().staffDataAnalysis[0]).toMatchObject({ totalEarned: 30, perOnStaffTotal: 75, visits: 1, rebookingRate: 100 });
    const other = await t.app.inject({ method: 'GET', url: `${base}/${f.users.manager2}` });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toContain(`Staff member ${f.users.manager2} does not exist`);
  });
});

/** The daily details are written by JSON.stringify: their bytes must be the schema serialiser's. */
const expectDailyBytes = (res: { body: string; headers: Record<string, unknown>; json: () => unknown }) =>
  expectSchemaBytes(StaffDailyDetailsResponse, res);

describe('GetStaffDailyDetailsAnalysis', () => {
  it('gives the days with data, each against the same weekday 52 weeks earlier', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/StaffDataAnalysis/GetStaffDailyDetailsAnalysis/${manager}/2025-03-03/2025-03-05/${f.salon1}`,
    });
    expect(res.statusCode).toBe(200);
    expectDailyBytes(res);
    const body = res.json();
    // 5 March has only W2, which names no staff member, and no appointment.
    expect(body.days.map((d: { day: string }) => d.day)).toEqual(['2025-03-03', '2025-03-04']);
    const [mon, tue] = body.days;
    // Monday: stylist A1 54 + 30, manager A2 30.
    expect(mon).toMatchObject({ salonOpenDays: 1, sumOfTotalEarned: 114, sumOfTotalRecommended: 30 });
    expect(mon.previousYear).toEqual({
      fromDate: '2024-03-04',
      toDate: '2024-03-04',
      salonOpenDays: 0,
      sumOfTotalEarned: 0,
      sumOfTotalRecommended: 0,
    });
    expect(mon.staffDataAnalysis.map((r: { name: string }) => r.name)).toEqual(['stylist Test', 'manager Test']);
    expect(mon.staffDataAnalysis[0]).toMatchObject({
      totalEarned: 84,
      totalShiftHours: 8,
      totalWorkingHours: 7.5,
      hourlyEarned: 11.2, // 84 / 7.5
      staffWorkingDays: 1,
      averageFeedback: 5,
      visits: 1,
      rebookingRate: 100,
      retailAttachRate: 100,
      utilisation: 12.5, // 1 h of 8
      perOnStaffTotal: 73.68, // 84 / 114
    });
    // Tuesday: stylist A3 45, manager A4 27, reception W1 10; 52 weeks back is 5 March 2024 (A000, manager 25).
    expect(tue).toMatchObject({ sumOfTotalEarned: 82, previousYear: { fromDate: '2024-03-05', salonOpenDays: 1, sumOfTotalEarned: 25 } });
    const tueManager = tue.staffDataAnalysis.find((r: { name: string }) => r.name === 'manager Test');
    expect(tueManager).toMatchObject({
      totalEarned: 27,
      totalShiftHours: 4,
      visits: 1,
      utilisation: 12.5,
      rebookingRate: 0,
      newClientsServed: 1,
    });
    expect(tueManager.previousYear).toMatchObject({ totalEarned: 25, visits: 1, bookedServiceHours: 0.5 });
    const male = await t.app.inject({
      method: 'GET',
      url: `/api/StaffDataAnalysis/GetStaffDailyDetailsAnalysisGender/${manager}/2025-03-03/2025-03-05/${f.salon1}/MALE`,
    });
    // C2: Monday A2 30; Tuesday W1 10.
    expect(male.json().days.map((d: { sumOfTotalEarned: number }) => d.sumOfTotalEarned)).toEqual([30, 10]);
  });

  it('pages the days with limit / offset: each page is the slice of the full answer, with the total', async () => {
    const daily = (query: string, gender = '') =>
      t.app.inject({
        method: 'GET',
        url: gender
          ? `/api/StaffDataAnalysis/GetStaffDailyDetailsAnalysisGender/${manager}/2024-03-01/2025-04-30/${f.salon1}/${gender}${query}`
          : `/api/StaffDataAnalysis/GetStaffDailyDetailsAnalysis/${manager}/2024-03-01/2025-04-30/${f.salon1}${query}`,
      });
    for (const gender of ['', 'FEMALE']) {
      const fullRes = await daily('', gender);
      const full = fullRes.json();
      expectDailyBytes(fullRes);
      expect(full).not.toHaveProperty('total');
      // The fixture has days in March 2024 (A000), March 2025 and April 2025: pages cross the gaps between them.
      expect(full.days.length).toBeGreaterThan(4);
      const pages = [];
      for (let offset = 0; offset <= full.days.length; offset += 2) {
        const res = await daily(`?limit=2&offset=${offset}`, gender);
        expect(res.statusCode).toBe(200);
        const page = res.json();
        expectDailyBytes(res);
        expect(page).toMatchObject({ total: full.days.length, limit: 2, offset, fromDate: '2024-03-01', toDate: '2025-04-30' });
        expect(page.days).toEqual(full.days.slice(offset, offset + 2));
        pages.push(...page.days);
      }
      expect(pages).toEqual(full.days);
      // offset alone: the rest of the days, with the total.
      const rest = (await daily('?offset=1', gender)).json();
      expect(rest).toEqual({ ...full, total: full.days.length, days: full.days.slice(1) });
    }
    for (const bad of ['?limit=0', '?limit=501', '?limit=abc', '?offset=-1']) {
      const res = await daily(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body, bad).toMatch(/limit|offset/);
    }
  });
});

describe('GetStaffWeeklyDetailsAnalysis', () => {
  it("gives one person's ISO weeks of a month of the salon's year, clipped to the month", async () => {
    const pinned = await createTestApp({ demoToday: '2025-03-20' }, t.database);
    try {
      const code = await signIn(pinned.app, 'manager');
      const base = `/api/StaffDataAnalysis/GetStaffWeeklyDetailsAnalysis/${code}/${f.salon1}/${f.users.manager}/3`;
      const res = await pinned.app.inject({ method: 'GET', url: base });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ salonId: f.salon1, staffId: f.users.manager, year: 2025, month: 3, gender: 'ALL' });
      expect(body.weeks.map((w: { weekStart: string; fromDate: string; toDate: string }) => [w.weekStart, w.fromDate, w.toDate])).toEqual([
        ['2025-02-24', '2025-03-01', '2025-03-02'],
        ['2025-03-03', '2025-03-03', '2025-03-09'],
        ['2025-03-10', '2025-03-10', '2025-03-16'],
        ['2025-03-17', '2025-03-17', '2025-03-23'],
        ['2025-03-24', '2025-03-24', '2025-03-30'],
        ['2025-03-31', '2025-03-31', '2025-03-31'],
      ]);
      const week = body.weeks[1];
      expect(week).toMatchObject({
        sumOfTotalEarned: 196,
        previousYear: { fromDate: '2024-03-04', toDate: '2024-03-10', sumOfTotalEarned: 25 },
      });
      expect(week.staffDataAnalysis).toHaveLength(1);
      expect(week.staffDataAnalysis[0]).toMatchObject({
        staffId: f.users.manager,
        totalEarned: 57,
        totalShiftHours: 4,
        rebookingRate: 50,
        utilisation: 25,
      });
      expect(week.staffDataAnalysis[0].previousYear).toMatchObject({ totalEarned: 25 });
      // The manager's clock-in at 23:30 UTC on 31 March is 1 April in Rome: not in March.
      expect(body.weeks[5].staffDataAnalysis).toEqual([]);
      expect(body.weeks[0].staffDataAnalysis).toEqual([]);

      const female = await pinned.app.inject({
        method: 'GET',
        url: `${base.replace('GetStaffWeeklyDetailsAnalysis/', 'GetStaffWeeklyDetailsAnalysisGender/')}/FEMALE`,
      });
      expect(female.statusCode).toBe(200);
      expect(female.json().weeks[1].staffDataAnalysis[0]).toMatchObject({ totalEarned: 0, totalShiftHours: 4, visits: 0 });
      expect((await pinned.app.inject({ method: 'GET', url: base.replace(/\/3$/, '/13') })).statusCode).toBe(400);
      const outsider = await pinned.app.inject({ method: 'GET', url: base.replace(`/${f.users.manager}/`, `/${f.users.manager2}/`) });
      expect(outsider.statusCode).toBe(404);
    } finally {
      await pinned.close();
    }
  });
});
