import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';
import { weeksOf } from './full-capacity.routes.js';

/**
 * Hand-worked on the shared report fixture (test/report-fixture.ts), salon 1, Europe/Rome, with
 * two more shifts of the manager:
 *   stylist 2025-03-03 8 h · manager 2025-03-04 4 h (fixture)
 *   manager 2025-03-03 09:00-11:00Z (2 h, a second person on Monday)
 *   manager 2025-03-05 23:30Z-2025-03-06 01:30Z (2 h, starts on Thursday 03-06 00:30 in Rome)
 * Week 2025-03-03..09: shift hours 8 + 2 + 4 + 2 = 16, head count 2;
 *   capped at 1 person: Mon 8 (not 8 + 2), Tue 4, Thu 2 = 14;
 *   booked: A1 60 + A2 30 + A3 45 + A4 30 min = 2.75 h (A5 cancelled, A6 on 03-10);
 *   utilisation 2.75 / 16 = 17.1875 % → 17.19;
 *   revenue: A1 54 + 30, A2 30, A3 30 + 15, A4 27, walk-ins W1 10 + W2 12 = 208.00;
 *   capacity at 45 €/h: 16 x 45 = 720 → ratio 208 / 720 = 28.89 %; capped 14 x 45 = 630 → 33.02 %.
 */
let t: TestApp;
let f: ReportFixture;
let manager: string;
let superadmin: string;

const TODAY = '2025-03-12'; // a Wednesday: current week 03-10..16, last week 03-03..09

beforeAll(async () => {
  t = await createTestApp({ demoToday: TODAY });
  f = await seedReportFixture(t.db);
  await t.db
    .insertInto('user_timeframes')
    .values([
      {
        salon_id: f.salon1,
        user_id: f.users.manager,
        day_start: new Date('2025-03-03T09:00:00Z'),
        day_end: new Date('2025-03-03T11:00:00Z'),
      },
      {
        salon_id: f.salon1,
        user_id: f.users.manager,
        day_start: new Date('2025-03-05T23:30:00Z'),
        day_end: new Date('2025-03-06T01:30:00Z'),
      },
    ])
    .execute();
  manager = await signIn(t.app, 'manager');
  superadmin = await signIn(t.app, 'superadmin');
});
afterAll(() => t.close());

const week = {
  fromDate: '2025-03-03',
  toDate: '2025-03-09',
  headCount: 2,
  shiftHours: 16,
  capacityHours: 16,
  bookedServiceHours: 2.75,
  utilisation: 17.19,
  capacityRevenue: 720,
  actualRevenue: 208,
  ratio: 28.89,
};

describe('weeks', () => {
  it('run Monday..Sunday around the salon’s today', () => {
    expect(weeksOf('2025-03-12')).toEqual({
      lastWeek: { from: '2025-03-03', to: '2025-03-09' },
      actualWeek: { from: '2025-03-10', to: '2025-03-16' },
    });
    expect(weeksOf('2025-03-16')).toEqual({
      lastWeek: { from: '2025-03-03', to: '2025-03-09' },
      actualWeek: { from: '2025-03-10', to: '2025-03-16' },
    });
    expect(weeksOf('2025-03-10').lastWeek).toEqual({ from: '2025-03-03', to: '2025-03-09' });
  });
});

describe('settings', () => {
  it('answer numberOfPeople 0 and averageHourly 0 when none are stored, then what was saved', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/FullCapacity/${manager}`, query: { SalonId: String(f.salon1) } });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ salonId: f.salon1, numberOfPeople: 0, averageHourly: 0, isDefault: true });

    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/FullCapacity/${manager}`,
      payload: { salonId: f.salon1, numberOfPeople: 3, averageHourly: 42.5 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ salonId: f.salon1, numberOfPeople: 3, averageHourly: 42.5, isDefault: false });

    const updated = await t.app.inject({
      method: 'POST',
      url: `/api/FullCapacity/${manager}`,
      payload: { salonId: f.salon1, numberOfPeople: 4, averageHourly: 45 },
    });
    expect(updated.json()).toEqual({ salonId: f.salon1, numberOfPeople: 4, averageHourly: 45, isDefault: false });
    const after = await t.app.inject({ method: 'GET', url: `/api/FullCapacity/${manager}`, query: { SalonId: String(f.salon1) } });
    expect(after.json()).toEqual({ salonId: f.salon1, numberOfPeople: 4, averageHourly: 45, isDefault: false });
    expect(await t.db.selectFrom('full_capacity_settings').selectAll().where('salon_id', '=', f.salon1).execute()).toEqual([
      { salon_id: f.salon1, number_of_people: 4, average_hourly_cents: 4500 },
    ]);
  });

  it('are written by ADMIN for their own salon only, by SUPERADMIN for any; other roles get 403', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/FullCapacity/${manager}`,
      payload: { salonId: f.salon2, numberOfPeople: 1, averageHourly: 10 },
    });
    expect(other.statusCode).toBe(403);
    const reception = await signIn(t.app, 'reception');
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/FullCapacity/${reception}`,
      payload: { salonId: f.salon1, numberOfPeople: 1, averageHourly: 10 },
    });
    expect(denied.statusCode).toBe(403);
    const readDenied = await t.app.inject({ method: 'GET', url: `/api/FullCapacity/${reception}`, query: { SalonId: String(f.salon1) } });
    expect(readDenied.statusCode).toBe(403);
    const bySuper = await t.app.inject({
      method: 'POST',
      url: `/api/FullCapacity/${superadmin}`,
      payload: { salonId: f.salon2, numberOfPeople: 2, averageHourly: 30 },
    });
    expect(bySuper.json()).toEqual({ salonId: f.salon2, numberOfPeople: 2, averageHourly: 30, isDefault: false });
  });

  it('refuse bad input with a 400 naming it, and an unknown salon with 404', async () => {
    for (const payload of [
      { salonId: f.salon1, numberOfPeople: -1, averageHourly: 10 },
      { salonId: f.salon1, numberOfPeople: 1.5, averageHourly: 10 },
      { salonId: f.salon1, numberOfPeople: 1, averageHourly: -5 },
      { salonId: f.salon1, numberOfPeople: 1 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/FullCapacity/${manager}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await t.app.inject({ method: 'GET', url: `/api/FullCapacity/${manager}` });
    expect(missing.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/FullCapacity/${superadmin}`, query: { SalonId: '9999' } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('capacity', () => {
  const url = (tail: string) => `/api/UserTimeframes/GetLastWeekAndActualWeek/${tail}/${manager}`;

  it('LW and AW answer last week and the current week, hand-worked, with no custom block', async () => {
    for (const which of ['LW', 'AW']) {
      const res = await t.app.inject({ method: 'GET', url: url(`${which}/45/0/${f.salon1}`) });
      expect(res.statusCode, which).toBe(200);
      expect(res.json()).toEqual({
        lastWeek: week,
        actualWeek: {
          fromDate: '2025-03-10',
          toDate: '2025-03-16',
          headCount: 0,
          shiftHours: 0,
          capacityHours: 0,
          bookedServiceHours: 0.5, // A6, still BOOKED
          utilisation: null,
          capacityRevenue: 0,
          actualRevenue: 0,
          ratio: null,
        },
        customCapacity: null,
      });
    }
  });

  it('numberOfPeople caps the head count per day', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(`LW/45/1/${f.salon1}`) });
    expect(res.json().lastWeek).toEqual({ ...week, capacityHours: 14, capacityRevenue: 630, ratio: 33.02 });
    const two = await t.app.inject({ method: 'GET', url: url(`LW/45/2/${f.salon1}`) });
    expect(two.json().lastWeek).toEqual(week);
  });

  it('the custom range: a shift belongs to the local day it starts on', async () => {
    const wed = await t.app.inject({ method: 'GET', url: url(`2025-03-05/2025-03-05/45/0/${f.salon1}`) });
    expect(wed.statusCode).toBe(200);
    expect(wed.json().customCapacity).toEqual({
      fromDate: '2025-03-05',
      toDate: '2025-03-05',
      headCount: 0,
      shiftHours: 0,
      capacityHours: 0,
      bookedServiceHours: 0,
      utilisation: null,
      capacityRevenue: 0,
      actualRevenue: 12, // W2, a walk-in
      ratio: null,
    });
    const tueThu = await t.app.inject({ method: 'GET', url: url(`2025-03-04/2025-03-06/20/0/${f.salon1}`) });
    // Tue: manager 4 h, A3 45 + A4 30 min (A5 cancelled), revenue A3 45 + A4 27 + W1 10; Wed: W2 12; Thu: 2 h
    expect(tueThu.json().customCapacity).toEqual({
      fromDate: '2025-03-04',
      toDate: '2025-03-06',
      headCount: 1,
      shiftHours: 6,
      capacityHours: 6,
      bookedServiceHours: 1.25,
      utilisation: 20.83,
      capacityRevenue: 120,
      actualRevenue: 94,
      ratio: 78.33,
    });
    expect(tueThu.json().lastWeek).toEqual({ ...week, capacityRevenue: 320, ratio: 65 });
  });

  it('actual revenue equals the sales report for the same days', async () => {
    const sales = await t.app.inject({
      method: 'GET',
      url: `/api/Stats/GetSalesDataAnalysisPerDay/2025-03-09/2025-03-03/${f.salon1}/${manager}`,
    });
    expect(sales.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: url(`2025-03-03/2025-03-09/45/0/${f.salon1}`) });
    expect(res.json().customCapacity.actualRevenue).toBe(sales.json().totals.totalRevenue);
  });

  it('refuses bad dates and ranges with a 400 naming them, another salon with 403', async () => {
    const bad = await t.app.inject({ method: 'GET', url: url(`2025-02-30/2025-03-05/45/0/${f.salon1}`) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('fromDate');
    const reversed = await t.app.inject({ method: 'GET', url: url(`2025-03-06/2025-03-05/45/0/${f.salon1}`) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('fromDate');
    const negative = await t.app.inject({ method: 'GET', url: url(`LW/-1/0/${f.salon1}`) });
    expect(negative.statusCode).toBe(400);
    const other = await t.app.inject({ method: 'GET', url: url(`LW/45/0/${f.salon2}`) });
    expect(other.statusCode).toBe(403);
  });
});

describe('utilisation grid (weekday x local hour)', () => {
  const url = (tail: string) => `/api/FullCapacity/UtilisationGrid/${tail}/${manager}`;
  const cell = (weekday: number, hour: number, shiftHours: number, bookedServiceHours: number) => {
    const utilisation = Math.round((bookedServiceHours / shiftHours) * 10_000) / 100;
    return {
      weekday,
      hour,
      shiftHours,
      bookedServiceHours,
      utilisation,
      level: utilisation > 90 ? 'OVER' : utilisation < 40 ? 'UNDER' : null,
    };
  };

  it('splits shifts and appointments over the local hours they cover (Rome, UTC+1)', async () => {
    // Mon: stylist 10-18, manager 10-12; A1 10:00-11:00, A2 11:00-11:30.
    // Tue: manager 10-14; A3 12:00-12:45, A4 13:00-13:30. Thu: manager 00:30-02:30.
    const res = await t.app.inject({ method: 'GET', url: url(`2025-03-03/2025-03-09/${f.salon1}`) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fromDate: '2025-03-03',
      toDate: '2025-03-09',
      cells: [
        { weekday: 1, hour: 10, shiftHours: 2, bookedServiceHours: 1, utilisation: 50, level: null },
        { weekday: 1, hour: 11, shiftHours: 2, bookedServiceHours: 0.5, utilisation: 25, level: 'UNDER' },
        ...[12, 13, 14, 15, 16, 17].map((hour) => cell(1, hour, 1, 0)),
        cell(2, 10, 1, 0),
        cell(2, 11, 1, 0),
        { weekday: 2, hour: 12, shiftHours: 1, bookedServiceHours: 0.75, utilisation: 75, level: null },
        { weekday: 2, hour: 13, shiftHours: 1, bookedServiceHours: 0.5, utilisation: 50, level: null },
        { weekday: 4, hour: 0, shiftHours: 0.5, bookedServiceHours: 0, utilisation: 0, level: 'UNDER' },
        cell(4, 1, 1, 0),
        { weekday: 4, hour: 2, shiftHours: 0.5, bookedServiceHours: 0, utilisation: 0, level: 'UNDER' },
      ],
    });
    // The grid's hours add up to the capacity block of the same days.
    const total = (key: 'shiftHours' | 'bookedServiceHours') =>
      (res.json().cells as Record<string, number>[]).reduce((sum, c) => sum + (c[key] ?? 0), 0);
    expect(total('shiftHours')).toBe(week.shiftHours);
    expect(total('bookedServiceHours')).toBe(week.bookedServiceHours);
  });

  it('marks booked hours with no shift as OVER, and is empty without data', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(`2025-03-10/2025-03-16/${f.salon1}`) });
    expect(res.json().cells).toEqual([{ weekday: 1, hour: 11, shiftHours: 0, bookedServiceHours: 0.5, utilisation: null, level: 'OVER' }]);
    const empty = await t.app.inject({ method: 'GET', url: url(`2025-03-24/2025-03-30/${f.salon1}`) });
    expect(empty.json().cells).toEqual([]);
  });

  it('refuses a bad range with a 400 naming it, another salon with 403', async () => {
    const bad = await t.app.inject({ method: 'GET', url: url(`2025-03-10/2025-03-32/${f.salon1}`) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('toDate');
    const other = await t.app.inject({ method: 'GET', url: url(`2025-03-10/2025-03-16/${f.salon2}`) });
    expect(other.statusCode).toBe(403);
  });
});

describe('overlapping appointments of one person', () => {
  // Week of 2025-03-17: stylist shift 09:00-13:00Z (10-14 in Rome, 4 h); the stylist's DONE
  // appointments 09:00-10:00Z and 09:30-10:30Z overlap (one stretch of 1.5 h, not 2 h); one
  // with no staff 09:00-09:30Z counts on its own (0.5 h): booked 2 h, utilisation 50 %.
  beforeAll(async () => {
    await t.db
      .insertInto('user_timeframes')
      .values({
        salon_id: f.salon1,
        user_id: f.users.stylist,
        day_start: new Date('2025-03-17T09:00:00Z'),
        day_end: new Date('2025-03-17T13:00:00Z'),
      })
      .execute();
    const at = (start: string, end: string, staff: number | null) => ({
      salon_id: f.salon1,
      client_id: f.clients.c1,
      staff_id: staff,
      day: '2025-03-17',
      start_at: new Date(`2025-03-17T${start}:00Z`),
      end_at: new Date(`2025-03-17T${end}:00Z`),
      status: 'DONE' as const,
    });
    await t.db
      .insertInto('appointments')
      .values([at('09:00', '10:00', f.users.stylist), at('09:30', '10:30', f.users.stylist), at('09:00', '09:30', null)])
      .execute();
    // The write path: booked hours are read from the rollup (db/staff-hours.ts).
  });

  it('count once in the capacity block', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/UserTimeframes/GetLastWeekAndActualWeek/2025-03-17/2025-03-23/10/0/${f.salon1}/${manager}`,
    });
    expect(res.json().customCapacity).toEqual({
      fromDate: '2025-03-17',
      toDate: '2025-03-23',
      headCount: 1,
      shiftHours: 4,
      capacityHours: 4,
      bookedServiceHours: 2,
      utilisation: 50,
      capacityRevenue: 40,
      actualRevenue: 0,
      ratio: null, // the week is still to come (today is 03-12): not known yet, not 0 %
    });
    // A range across today sets the revenue against the capacity of its days up to today only:
    // 03-04..12 has the manager's Tue 4 h + Thu 2 h = 6 h x 10 = 60; revenue 94 (03-04..06): 156.67 %.
    const across = await t.app.inject({
      method: 'GET',
      url: `/api/UserTimeframes/GetLastWeekAndActualWeek/2025-03-04/2025-03-17/10/0/${f.salon1}/${manager}`,
    });
    expect(across.json().customCapacity).toMatchObject({ capacityHours: 10, capacityRevenue: 100, actualRevenue: 94, ratio: 156.67 });
  });

  it('count once in the grid', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/FullCapacity/UtilisationGrid/2025-03-17/2025-03-23/${f.salon1}/${manager}`,
    });
    expect(res.json().cells).toEqual([
      { weekday: 1, hour: 10, shiftHours: 1, bookedServiceHours: 1.5, utilisation: 150, level: 'OVER' },
      { weekday: 1, hour: 11, shiftHours: 1, bookedServiceHours: 0.5, utilisation: 50, level: null },
      { weekday: 1, hour: 12, shiftHours: 1, bookedServiceHours: 0, utilisation: 0, level: 'UNDER' },
      { weekday: 1, hour: 13, shiftHours: 1, bookedServiceHours: 0, utilisation: 0, level: 'UNDER' },
    ]);
  });
});
