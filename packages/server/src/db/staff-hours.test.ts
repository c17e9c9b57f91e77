import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../test/helpers.js';
import { REBOOK_DAYS } from './staff-hours.js';

/**
 * The one definition of booked service hours, utilisation and rebooking (db/staff-hours.ts), on
 * a hand-made week of salon 1 (Europe/Rome), Mon 2025-03-10 .. Sun 2025-03-16, nothing else in March:
 *
 * shifts:  stylist 08:00-16:00Z (8 h), manager 08:00-12:00Z (4 h): 12 h
 * X1 stylist 08:00-09:30Z DONE C1 (a colour processing) · X2 stylist 09:00-10:00Z DONE C2 (a cut meanwhile)
 *    → the stylist's union 08:00-10:00Z = 2 h (the durations would add up to 2.5 h)
 * X3 manager 09:00-10:00Z BOOKED C3 → 1 h · X4 manager 10:30-11:00Z CANCELLED → 0
 * X5 no staff 11:00-11:30Z DONE C3 → 0.5 h on its own
 * booked 2 + 1 + 0.5 = 3.5 h of 12 h: utilisation 29.17 %; stylist 2 / 8 = 25 %, manager 1 / 4 = 25 %
 *
 * rebooking: C1's next appointment after X1 (ended 03-10 09:30Z), Y1 on 03-24, was booked exactly
 * 7 days after (03-17 09:30Z): in. C2's next after X2 (ended 10:00Z), Y2 on 03-24, was booked
 * 8 days after (03-18 10:00Z): out. X5 (C3) has no next appointment. DONE visits with a client:
 * X1, X2, X5 → 1 / 3 = 33.33 %. The stylist's visits (a line on X1 and X2): 1 / 2 = 50 %.
 */
let t: TestApp;
let salon: number;
let users: Awaited<ReturnType<typeof seedAccessFixture>>['users'];
let code: string;

beforeAll(async () => {
  t = await createTestApp();
  const access = await seedAccessFixture(t.db);
  salon = access.salon1;
  users = access.users;
  const client = async (first: string) =>
    (
      await t.db
        .insertInto('clients')
        .values({ salon_id: salon, first_name: first, last_name: 'Test', gender: 'FEMALE', first_visit: '2024-01-10' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const c1 = await client('Uno');
  const c2 = await client('Due');
  const c3 = await client('Tre');
  const at = (day: string, time: string) => new Date(`${day}T${time}:00Z`);
  const appointment = async (
    clientId: number,
    staffId: number | null,
    day: string,
    start: string,
    end: string,
    status: 'DONE' | 'BOOKED' | 'CANCELLED',
    bookedAt = at('2025-03-01', '12:00'),
  ) =>
    (
      await t.db
        .insertInto('appointments')
        .values({
          salon_id: salon,
          client_id: clientId,
          staff_id: staffId,
          day,
          start_at: at(day, start),
          end_at: at(day, end),
          status,
          booked_at: bookedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const d = '2025-03-10';
  const x1 = await appointment(c1, users.stylist, d, '08:00', '09:30', 'DONE');
  const x2 = await appointment(c2, users.stylist, d, '09:00', '10:00', 'DONE');
  await appointment(c3, users.manager, d, '09:00', '10:00', 'BOOKED');
  await appointment(c3, users.manager, d, '10:30', '11:00', 'CANCELLED');
  await appointment(c3, null, d, '11:00', '11:30', 'DONE');
  await appointment(c1, users.stylist, '2025-03-24', '09:00', '10:00', 'BOOKED', at('2025-03-17', '09:30'));
  await appointment(c2, users.stylist, '2025-03-24', '10:00', '11:00', 'BOOKED', at('2025-03-18', '10:00'));
  for (const [appointmentId, clientId, cents] of [
    [x1, c1, 5000],
    [x2, c2, 3000],
  ] as const) {
    const service = await t.db
      .insertInto('services')
      .values({ name: `Service ${cents}`, category: 'HAIRCUT', duration_minutes: 30, list_price_cents: cents })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sale_lines')
      .values({
        salon_id: salon,
        appointment_id: appointmentId,
        client_id: clientId,
        staff_id: users.stylist,
        day: d,
        kind: 'SERVICE',
        service_id: service.id,
        category: 'HAIRCUT',
        list_amount_cents: cents,
        paid_amount_cents: cents,
      })
      .execute();
  }
  await t.db
    .insertInto('user_timeframes')
    .values([
      { salon_id: salon, user_id: users.stylist, day_start: at(d, '08:00'), day_end: at(d, '16:00') },
      { salon_id: salon, user_id: users.manager, day_start: at(d, '08:00'), day_end: at(d, '12:00') },
    ])
    .execute();
  code = await signIn(t.app, 'superadmin');
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

describe('one definition of utilisation and rebooking', () => {
  it('counts a person’s overlapping appointments once, and the same utilisation in every report', async () => {
    const staff = await get(`/api/StaffDataAnalysis/GetStaffDataAnalysis/${code}/2025-03-10/2025-03-16/${salon}`);
    const byId = new Map(staff.staffDataAnalysis.map((r: { staffId: number }) => [r.staffId, r]));
    expect(byId.get(users.stylist)).toMatchObject({ bookedServiceHours: 2, totalShiftHours: 8, utilisation: 25 });
    expect(byId.get(users.manager)).toMatchObject({ bookedServiceHours: 1, totalShiftHours: 4, utilisation: 25 });

    const capacity = await get(`/api/UserTimeframes/GetLastWeekAndActualWeek/2025-03-10/2025-03-16/10/0/${salon}/${code}`);
    expect(capacity.customCapacity).toMatchObject({ shiftHours: 12, bookedServiceHours: 3.5, utilisation: 29.17 });

    const grid = await get(`/api/FullCapacity/UtilisationGrid/2025-03-10/2025-03-16/${salon}/${code}`);
    const gridBooked = grid.cells.reduce((a: number, c: { bookedServiceHours: number }) => a + c.bookedServiceHours, 0);
    expect(Math.round(gridBooked * 100) / 100).toBe(3.5);

    const performance = await get(`/api/Performance/GetPerformanceBysalon/2025-03-16/${salon}/${code}`);
    const month = performance.salons[0].monthToDate.current;
    expect(month).toMatchObject({ bookedHours: 3.5, shiftHours: 12, utilisation: 29.17 });

    const checkUp = await get(`/api/ReportDataAnalysis/GetCheckUp/${code}/${salon}?fromDate=2025-03-10&toDate=2025-03-16`);
    const kpi = (name: string) => checkUp.items.find((i: { kpi: string }) => i.kpi === name).actual;

    // The same salon and span give the same utilisation everywhere; staff analysis's people
    // (every appointment but X5, which has no staff) give it too once X5's half hour is added.
    const staffBooked = staff.staffDataAnalysis.reduce((a: number, r: { bookedServiceHours: number }) => a + r.bookedServiceHours, 0);
    const staffShift = staff.staffDataAnalysis.reduce((a: number, r: { totalShiftHours: number }) => a + r.totalShiftHours, 0);
    const fromStaff = Math.round(((staffBooked + 0.5) / staffShift) * 10_000) / 100;
    expect([fromStaff, capacity.customCapacity.utilisation, month.utilisation, kpi('utilisation')]).toEqual([29.17, 29.17, 29.17, 29.17]);
  });

  it(`counts a visit rebooked when the next appointment was booked within ${REBOOK_DAYS} days of its end (day 7 in, day 8 out)`, async () => {
    expect(REBOOK_DAYS).toBe(7);
    const staff = await get(`/api/StaffDataAnalysis/GetStaffDataAnalysis/${code}/2025-03-10/2025-03-16/${salon}`);
    const stylist = staff.staffDataAnalysis.find((r: { staffId: number }) => r.staffId === users.stylist);
    expect(stylist).toMatchObject({ visits: 2, rebookingRate: 50 });
    const performance = await get(`/api/Performance/GetPerformanceBysalon/2025-03-16/${salon}/${code}`);
    expect(performance.salons[0].monthToDate.current.rebookingRate).toBe(33.33);
    const checkUp = await get(`/api/ReportDataAnalysis/GetCheckUp/${code}/${salon}?fromDate=2025-03-10&toDate=2025-03-16`);
    expect(checkUp.items.find((i: { kpi: string }) => i.kpi === 'rebookingRate').actual).toBe(33.33);
  });
});
