import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AttendancePerMonthResponse, AttendancePerUserResponse } from '@salon/contracts';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, insertUser, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';

type PerUser = Static<typeof AttendancePerUserResponse>;
type PerMonth = Static<typeof AttendancePerMonthResponse>;

let t: TestApp;
let fx: Awaited<ReturnType<typeof seedAccessFixture>>;
let latecomer: number;
const codes: Record<string, string> = {};

/** A wall-clock time in Rome in November 2025 (CET, UTC+1). */
const rome = (text: string) => new Date(`${text}:00+01:00`);
const WEEK = { from: '2025-11-03', to: '2025-11-09' };

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { query?: Record<string, string | number>; payload?: unknown } = {},
) {
  return t.app.inject({
    method,
    url,
    query: options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined,
    payload: options.payload as object | undefined,
  });
}

async function addRecord(userId: number, clockIn: string, clockOut: string | null, salonId = fx.salon1) {
  const row = await t.db
    .insertInto('attendances')
    .values({ salon_id: salonId, user_id: userId, clock_in: rome(clockIn), clock_out: clockOut ? rome(clockOut) : null, source: 'APP' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function addShift(userId: number, start: string, end: string, salonId = fx.salon1) {
  await t.db
    .insertInto('user_timeframes')
    .values({ salon_id: salonId, user_id: userId, day_start: rome(start), day_end: rome(end) })
    .execute();
}

let forgottenId: number;
let marketingOpenId: number;

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailuresPerAddress: 1000 });
  fx = await seedAccessFixture(t.db);
  latecomer = await insertUser(t.db, 'latecomer', fx.salon1, ['RECEPTIONIST']);
  const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  const hours = Object.fromEntries([...week.map((day) => [day, ['09:00', '19:00']]), ['sunday', null]]);
  await t.db
    .updateTable('salons')
    .set({ opening_hours: JSON.stringify(hours), time_zone: 'Europe/Rome' })
    .execute();
  for (const name of ['superadmin', 'manager', 'reception', 'stylist', 'manager2', 'marketing', 'assistant', 'latecomer']) {
    codes[name] = await signIn(t.app, name);
  }
  const s = fx.users.stylist;
  // Monday: shift 8 h, worked 08:55-17:25 = 8.50 h, +0.50.
  await addShift(s, '2025-11-03T09:00', '2025-11-03T17:00');
  await addRecord(s, '2025-11-03T08:55', '2025-11-03T17:25');
  // Tuesday: two shifts (4 h + 4 h), worked 4 h + 3 h 50 = 7.83 h, -0.17.
  await addShift(s, '2025-11-04T09:00', '2025-11-04T13:00');
  await addShift(s, '2025-11-04T14:00', '2025-11-04T18:00');
  await addRecord(s, '2025-11-04T09:00', '2025-11-04T13:00');
  await addRecord(s, '2025-11-04T14:10', '2025-11-04T18:00');
  // Wednesday: shift 8 h, clocked in at 09:00 and never out: forgotten, 0 h, -8.
  await addShift(s, '2025-11-05T09:00', '2025-11-05T17:00');
  forgottenId = await addRecord(s, '2025-11-05T09:00', null);
  // Thursday: no shift, worked 10:00-12:00 = 2 h, +2: clock-in without shift.
  await addRecord(s, '2025-11-06T10:00', '2025-11-06T12:00');
  // Friday: shift 8 h and no clock-in: -8.
  await addShift(s, '2025-11-07T09:00', '2025-11-07T17:00');
  // Saturday: a shift crossing midnight (22:00-02:00, 4 h) and a record 21:55-02:05 (4.17 h): both count on Saturday.
  await addShift(s, '2025-11-08T22:00', '2025-11-09T02:00');
  await addRecord(s, '2025-11-08T21:55', '2025-11-09T02:05');
  // Sunday (the salon is closed): an approved holiday, which takes no day there.
  await t.db
    .insertInto('user_shifts')
    .values({ salon_id: fx.salon1, user_id: s, start_day: '2025-11-09', end_day: '2025-11-09', type: 'HOLIDAY' })
    .execute();
  // The next Monday is outside the week.
  await addRecord(s, '2025-11-10T09:00', '2025-11-10T10:00');

  // Reception: a sick day covering a shift (excused: no flag, difference 0) and a normal day.
  await addShift(fx.users.reception, '2025-11-03T09:00', '2025-11-03T13:00');
  await addRecord(fx.users.reception, '2025-11-03T09:00', '2025-11-03T13:00');
  await addShift(fx.users.reception, '2025-11-04T09:00', '2025-11-04T13:00');
  await t.db
    .insertInto('user_shifts')
    .values({ salon_id: fx.salon1, user_id: fx.users.reception, start_day: '2025-11-04', end_day: '2025-11-05', type: 'SICK' })
    .execute();

  // Latecomer: part-day absences. Thursday: shift 09-17, a PERMIT 09-11 (2 h excused), worked 11-17 (6 h): 0.
  const l = latecomer;
  await addShift(l, '2025-11-06T09:00', '2025-11-06T17:00');
  await addRecord(l, '2025-11-06T11:00', '2025-11-06T17:00');
  await t.db
    .insertInto('user_shifts')
    .values({
      salon_id: fx.salon1,
      user_id: l,
      start_day: '2025-11-06',
      end_day: '2025-11-06',
      type: 'PERMIT',
      part: 'HOURS',
      start_time: '09:00',
      end_time: '11:00',
    })
    .execute();
  // Friday: shift 09-17, a holiday afternoon (13-17 excused, 4 h), worked 09-12 (3 h): -1.
  await addShift(l, '2025-11-07T09:00', '2025-11-07T17:00');
  await addRecord(l, '2025-11-07T09:00', '2025-11-07T12:00');
  await t.db
    .insertInto('user_shifts')
    .values({ salon_id: fx.salon1, user_id: l, start_day: '2025-11-07', end_day: '2025-11-07', type: 'HOLIDAY', part: 'AFTERNOON' })
    .execute();
  // Saturday: shift 09-13 wholly inside a holiday morning, no clock-in: excused, no flag, 0.
  await addShift(l, '2025-11-08T09:00', '2025-11-08T13:00');
  await t.db
    .insertInto('user_shifts')
    .values({ salon_id: fx.salon1, user_id: l, start_day: '2025-11-08', end_day: '2025-11-08', type: 'HOLIDAY', part: 'MORNING' })
    .execute();

  // Reception: a shift far in the future counts as shift hours, but not as short hours yet.
  await addShift(fx.users.reception, '2099-01-05T09:00', '2099-01-05T13:00');

  // Marketing: a forgotten clock-out the manager will correct.
  await addShift(fx.users.marketing, '2025-11-05T09:00', '2025-11-05T17:00');
  marketingOpenId = await addRecord(fx.users.marketing, '2025-11-05T09:00', null);
  // Salon 2's manager: a record in the other salon.
  await addRecord(fx.users.manager2, '2025-11-03T09:00', '2025-11-03T12:00', fx.salon2);
  // Read from a badge reader (the demo chain has those too).
  await t.db.updateTable('attendances').set({ source: 'BADGE' }).where('user_id', '=', fx.users.manager2).execute();
});
afterAll(() => t.close());

describe('GET /api/Attendances/GetAttendancesPerUser/{SESSIONCODE}', () => {
  it("gives a person's own days with hours, shift hours, differences, absence codes and flags worked out from records, shifts and days off", async () => {
    const res = await call('GET', `/api/Attendances/GetAttendancesPerUser/${codes.stylist}`, { query: WEEK });
    expect(res.statusCode).toBe(200);
    const body = res.json() as PerUser;
    expect(body.timeZone).toBe('Europe/Rome');
    const days = body.person.days.map((d) => ({
      day: d.day,
      in: d.clockIn,
      out: d.clockOut,
      worked: d.hoursWorked,
      shift: d.shiftHours,
      diff: d.difference,
      absence: d.absenceCode,
      flags: Object.entries(d.flags)
        .filter(([, on]) => on)
        .map(([name]) => name),
    }));
    expect(days).toEqual([
      { day: '2025-11-03', in: '2025-11-03T08:55', out: '2025-11-03T17:25', worked: 8.5, shift: 8, diff: 0.5, absence: null, flags: [] },
      { day: '2025-11-04', in: '2025-11-04T09:00', out: '2025-11-04T18:00', worked: 7.83, shift: 8, diff: -0.17, absence: null, flags: [] },
      { day: '2025-11-05', in: '2025-11-05T09:00', out: null, worked: 0, shift: 8, diff: -8, absence: null, flags: ['forgottenClockOut'] },
      {
        day: '2025-11-06',
        in: '2025-11-06T10:00',
        out: '2025-11-06T12:00',
        worked: 2,
        shift: 0,
        diff: 2,
        absence: null,
        flags: ['clockInWithoutShift'],
      },
      { day: '2025-11-07', in: null, out: null, worked: 0, shift: 8, diff: -8, absence: null, flags: ['shiftWithoutClockIn'] },
      { day: '2025-11-08', in: '2025-11-08T21:55', out: '2025-11-09T02:05', worked: 4.17, shift: 4, diff: 0.17, absence: null, flags: [] },
    ]);
    expect(body.person.days[1]?.attendances.map((a) => [a.clockIn, a.clockOut, a.hoursWorked])).toEqual([
      ['2025-11-04T09:00', '2025-11-04T13:00', 4],
      ['2025-11-04T14:10', '2025-11-04T18:00', 3.83],
    ]);
    expect(body.person.days[5]?.shiftStart).toBe('2025-11-08T22:00');
    expect(body.person.days[5]?.shiftEnd).toBe('2025-11-09T02:00');
    expect(body.person.totals).toEqual({
      daysWorked: 5,
      hoursWorked: 22.5,
      shiftHours: 36,
      excusedHours: 0,
      difference: -13.5,
      holidayDays: 0,
      sickDays: 0,
      permitDays: 0,
      forgottenClockOuts: 1,
      clockInsWithoutShift: 1,
      shiftsWithoutClockIn: 1,
      correctedDays: 0,
    });
  });

  it('excuses a shift on a sick day: no flag, difference 0', async () => {
    const res = await call('GET', `/api/Attendances/GetAttendancesPerUser/${codes.manager}`, {
      query: { ...WEEK, userId: fx.users.reception },
    });
    expect(res.statusCode).toBe(200);
    const { person } = res.json() as PerUser;
    expect(person.days.map((d) => [d.day, d.hoursWorked, d.shiftHours, d.difference, d.absenceCode, d.flags.shiftWithoutClockIn])).toEqual([
      ['2025-11-03', 4, 4, 0, null, false],
      ['2025-11-04', 0, 4, 0, 'SICK', false],
      ['2025-11-05', 0, 0, 0, 'SICK', false],
    ]);
    expect(person.totals.sickDays).toBe(2);
    expect(person.totals.difference).toBe(0);
  });

  it('excuses only the part of the shifts a half day or an hours PERMIT covers', async () => {
    const res = await call('GET', `/api/Attendances/GetAttendancesPerUser/${codes.latecomer}`, { query: WEEK });
    const { person } = res.json() as PerUser;
    expect(
      person.days.map((d) => [
        d.day,
        d.hoursWorked,
        d.shiftHours,
        d.excusedHours,
        d.difference,
        d.absenceCode,
        d.flags.shiftWithoutClockIn,
      ]),
    ).toEqual([
      ['2025-11-06', 6, 8, 2, 0, 'PERMIT', false],
      ['2025-11-07', 3, 8, 4, -1, 'HOLIDAY', false],
      ['2025-11-08', 0, 4, 4, 0, 'HOLIDAY', false],
    ]);
    expect(person.totals).toMatchObject({
      hoursWorked: 9,
      shiftHours: 20,
      excusedHours: 10,
      difference: -1,
      holidayDays: 1, // an afternoon and a morning, half a day each
      permitDays: 1,
    });
  });

  it('lists a shift still to come with its shift hours, no hours worked and no short hours', async () => {
    const res = await call('GET', `/api/Attendances/GetAttendancesPerUser/${codes.reception}`, {
      query: { from: '2099-01-01', to: '2099-01-31' },
    });
    expect(res.statusCode).toBe(200);
    const { person } = res.json() as PerUser;
    expect(person.days.map((d) => [d.day, d.hoursWorked, d.shiftHours, d.difference, d.flags.shiftWithoutClockIn])).toEqual([
      ['2099-01-05', 0, 4, 0, false],
    ]);
    expect(person.totals).toMatchObject({ hoursWorked: 0, shiftHours: 4, difference: 0, shiftsWithoutClockIn: 0 });
  });

  it("refuses someone else's sheet to a non-manager and another salon's person to an ADMIN with 403", async () => {
    const asStylist = await call('GET', `/api/Attendances/GetAttendancesPerUser/${codes.stylist}`, {
      query: { ...WEEK, userId: fx.users.reception },
    });
    expect(asStylist.statusCode).toBe(403);
    const asOtherManager = await call('GET', `/api/Attendances/GetAttendancesPerUser/${codes.manager2}`, {
      query: { ...WEEK, userId: fx.users.stylist },
    });
    expect(asOtherManager.statusCode).toBe(403);
  });

  it('answers 400 naming the parameter for a bad or reversed range, one over 366 days, and a missing from', async () => {
    const base = `/api/Attendances/GetAttendancesPerUser/${codes.stylist}`;
    const reversed = await call('GET', base, { query: { from: '2025-11-09', to: '2025-11-03' } });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().parameter).toBe('to');
    expect((await call('GET', base, { query: { from: '2024-01-01', to: '2025-11-03' } })).statusCode).toBe(400);
    expect((await call('GET', base, { query: { from: '2025-13-01', to: '2025-11-03' } })).statusCode).toBe(400);
    expect((await call('GET', base, { query: { from: '2025-02-30', to: '2025-03-03' } })).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/Attendances/ExportCSV/${codes.stylist}`, { query: { from: '2025-02-29', to: '2025-03-03' } })).statusCode,
    ).toBe(400);
    expect((await call('GET', base, { query: { to: '2025-11-03' } })).statusCode).toBe(400);
  });
});

describe('GET /api/Attendances/GetAttendancesPerMonth/{SESSIONCODE}', () => {
  it("gives an ADMIN the whole salon's staff, people with nothing included, by name; never another salon's records", async () => {
    const res = await call('GET', `/api/Attendances/GetAttendancesPerMonth/${codes.manager}`, { query: WEEK });
    expect(res.statusCode).toBe(200);
    const body = res.json() as PerMonth;
    expect(body.salonId).toBe(fx.salon1);
    expect(body.people.map((p) => p.firstName)).toEqual([
      'assistant',
      'latecomer',
      'manager',
      'marketing',
      'noroles',
      'reception',
      'stylist',
    ]);
    const stylist = body.people.find((p) => p.userId === fx.users.stylist);
    expect(stylist?.totals.hoursWorked).toBe(22.5);
    expect(body.people.find((p) => p.userId === fx.users.manager)?.days).toEqual([]);
  });

  it('gives everyone else only their own row, and refuses another userId with 403', async () => {
    const res = await call('GET', `/api/Attendances/GetAttendancesPerMonth/${codes.reception}`, { query: WEEK });
    expect(res.statusCode).toBe(200);
    expect((res.json() as PerMonth).people.map((p) => p.userId)).toEqual([fx.users.reception]);
    const other = await call('GET', `/api/Attendances/GetAttendancesPerMonth/${codes.reception}`, {
      query: { ...WEEK, userId: fx.users.stylist },
    });
    expect(other.statusCode).toBe(403);
  });

  it('refuses another salon to an ADMIN with 403; a SUPERADMIN names the salon (400 without it, 404 for an unknown one)', async () => {
    expect(
      (await call('GET', `/api/Attendances/GetAttendancesPerMonth/${codes.manager2}`, { query: { ...WEEK, salonId: fx.salon1 } }))
        .statusCode,
    ).toBe(403);
    const noSalon = await call('GET', `/api/Attendances/GetAttendancesPerMonth/${codes.superadmin}`, { query: WEEK });
    expect(noSalon.statusCode).toBe(400);
    expect(noSalon.json().parameter).toBe('salonId');
    expect(
      (await call('GET', `/api/Attendances/GetAttendancesPerMonth/${codes.superadmin}`, { query: { ...WEEK, salonId: 999 } })).statusCode,
    ).toBe(404);
    const salon2 = await call('GET', `/api/Attendances/GetAttendancesPerMonth/${codes.superadmin}`, {
      query: { ...WEEK, salonId: fx.salon2 },
    });
    expect(salon2.statusCode).toBe(200);
    expect((salon2.json() as PerMonth).people.map((p) => [p.firstName, p.totals.hoursWorked])).toEqual([['manager2', 3]]);
    expect((salon2.json() as PerMonth).people[0]?.days[0]?.attendances[0]?.source).toBe('BADGE');
  });

  it('answers 401 without a valid session', async () => {
    expect((await call('GET', '/api/Attendances/GetAttendancesPerMonth/not-a-valid-session-code-at-all', { query: WEEK })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/Attendances/ClockIn and ClockOut', () => {
  it('clocks the signed-in person in and out; the status follows', async () => {
    const before = await call('GET', `/api/Attendances/Status/${codes.assistant}`);
    expect(before.json()).toMatchObject({ canClock: true, isClockedIn: false, open: null });
    const clockedIn = await call('POST', `/api/Attendances/ClockIn/${codes.assistant}`);
    expect(clockedIn.statusCode).toBe(200);
    expect(clockedIn.json()).toMatchObject({
      userId: fx.users.assistant,
      salonId: fx.salon1,
      clockOut: null,
      source: 'APP',
      isCorrected: false,
    });
    const during = await call('GET', `/api/Attendances/Status/${codes.assistant}`);
    expect(during.json()).toMatchObject({ isClockedIn: true, open: { attendanceId: clockedIn.json().attendanceId } });
    const clockedOut = await call('POST', `/api/Attendances/ClockOut/${codes.assistant}`);
    expect(clockedOut.statusCode).toBe(200);
    expect(clockedOut.json().attendanceId).toBe(clockedIn.json().attendanceId);
    expect(clockedOut.json().clockOut).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect((await call('GET', `/api/Attendances/Status/${codes.assistant}`)).json()).toMatchObject({ isClockedIn: false, open: null });
  });

  it('refuses clocking in twice and clocking out without being in with 409 and a clear message', async () => {
    expect((await call('POST', `/api/Attendances/ClockIn/${codes.reception}`)).statusCode).toBe(200);
    const twice = await call('POST', `/api/Attendances/ClockIn/${codes.reception}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^You are already clocked in since \d{2}:\d{2}\. Clock out first\.$/);
    expect((await call('POST', `/api/Attendances/ClockOut/${codes.reception}`)).statusCode).toBe(200);
    const outAgain = await call('POST', `/api/Attendances/ClockOut/${codes.reception}`);
    expect(outAgain.statusCode).toBe(409);
    expect(outAgain.json().message).toBe('You are not clocked in. Clock in first.');
  });

  it('lets only one of two simultaneous clock-ins through', async () => {
    const results = await Promise.all([
      call('POST', `/api/Attendances/ClockIn/${codes.latecomer}`),
      call('POST', `/api/Attendances/ClockIn/${codes.latecomer}`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const open = await t.db
      .selectFrom('attendances')
      .select('id')
      .where('user_id', '=', latecomer)
      .where('clock_out', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('does not let a forgotten clock-out block clocking in, and refuses to close it by clocking out (a manager corrects it)', async () => {
    // The stylist's Wednesday record is still open, days ago.
    const out = await call('POST', `/api/Attendances/ClockOut/${codes.stylist}`);
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe(
      'You are not clocked in: your clock-in of 2025-11-05 09:00 was left open for more than 14 hours. Ask a manager to correct it.',
    );
    expect((await call('POST', `/api/Attendances/ClockIn/${codes.stylist}`)).statusCode).toBe(200);
    expect((await call('POST', `/api/Attendances/ClockOut/${codes.stylist}`)).statusCode).toBe(200);
  });

  it('refuses a user without roles with 403 (they see only Logout) and says they cannot clock', async () => {
    const code = await signIn(t.app, 'noroles');
    expect((await call('POST', `/api/Attendances/ClockIn/${code}`)).statusCode).toBe(403);
    expect((await call('GET', `/api/Attendances/Status/${code}`)).json()).toMatchObject({ canClock: false, isClockedIn: false });
  });

  it('refuses a user without a salon with 400', async () => {
    const res = await call('POST', `/api/Attendances/ClockIn/${codes.superadmin}`);
    expect(res.statusCode).toBe(400);
    expect((await call('GET', `/api/Attendances/Status/${codes.superadmin}`)).json()).toMatchObject({ canClock: false });
  });
});

describe('Corrections by a manager', () => {
  it('closes a forgotten clock-out with a reason, keeping who, when, old and new times; the sheet follows', async () => {
    const res = await call('PUT', `/api/Attendances/${codes.manager}/${marketingOpenId}`, {
      payload: { clockOut: '2025-11-05T17:30', reason: 'Forgot to clock out' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ clockIn: '2025-11-05T09:00', clockOut: '2025-11-05T17:30', hoursWorked: 8.5, isCorrected: true });
    const sheet = (await call('GET', `/api/Attendances/GetAttendancesPerUser/${codes.marketing}`, { query: WEEK })).json() as PerUser;
    expect(sheet.person.days).toHaveLength(1);
    expect(sheet.person.days[0]).toMatchObject({
      hoursWorked: 8.5,
      shiftHours: 8,
      difference: 0.5,
      isCorrected: true,
      flags: { forgottenClockOut: false, clockInWithoutShift: false, shiftWithoutClockIn: false },
    });
    expect(sheet.person.totals.correctedDays).toBe(1);
    expect(sheet.corrections).toHaveLength(1);
    expect(sheet.corrections[0]).toMatchObject({
      attendanceId: marketingOpenId,
      userId: fx.users.marketing,
      action: 'CHANGE',
      changedById: fx.users.manager,
      changedByName: 'manager Test',
      oldClockIn: '2025-11-05T09:00',
      oldClockOut: null,
      newClockIn: '2025-11-05T09:00',
      newClockOut: '2025-11-05T17:30',
      reason: 'Forgot to clock out',
    });
  });

  it('adds a record for someone of the salon and removes one, each kept as a correction', async () => {
    const added = await call('POST', `/api/Attendances/${codes.manager}`, {
      payload: { userId: fx.users.marketing, clockIn: '2025-11-06T09:00', clockOut: '2025-11-06T13:00', reason: 'Badge reader broken' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ source: 'ADMIN', hoursWorked: 4, isCorrected: true, day: '2025-11-06' });
    const id = added.json().attendanceId as number;
    const removed = await call('DELETE', `/api/Attendances/${codes.manager}/${id}`, { query: { reason: 'Entered twice' } });
    expect(removed.statusCode).toBe(200);
    const sheet = (
      await call('GET', `/api/Attendances/GetAttendancesPerUser/${codes.manager}`, { query: { ...WEEK, userId: fx.users.marketing } })
    ).json() as PerUser;
    expect(sheet.person.days.map((d) => d.day)).toEqual(['2025-11-05']);
    expect(sheet.corrections.map((c) => [c.action, c.reason])).toEqual([
      ['DELETE', 'Entered twice'],
      ['ADD', 'Badge reader broken'],
      ['CHANGE', 'Forgot to clock out'],
    ]);
  });

  it('refuses an overlapping record with 409, and bad times or a blank reason with 400 naming the field', async () => {
    const overlap = await call('POST', `/api/Attendances/${codes.manager}`, {
      payload: { userId: fx.users.stylist, clockIn: '2025-11-03T12:00', clockOut: '2025-11-03T14:00', reason: 'x' },
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(
      'This overlaps another record of the same person: 2025-11-03 08:55-17:25. Correct that one instead.',
    );
    const cases: [unknown, string][] = [
      [{ userId: fx.users.stylist, clockIn: '2025-02-30T09:00', clockOut: null, reason: 'x' }, 'clockIn'],
      [{ userId: fx.users.stylist, clockIn: '2025-11-01T09:00', clockOut: '2025-11-01T08:00', reason: 'x' }, 'clockOut'],
      [{ userId: fx.users.stylist, clockIn: '2025-11-01T09:00', clockOut: '2025-11-02T10:00', reason: 'x' }, 'clockOut'],
      [{ userId: fx.users.stylist, clockIn: '2025-11-01T09:00', clockOut: '2025-11-01T10:00', reason: '   ' }, 'reason'],
      [{ userId: fx.users.stylist, clockIn: '2025-11-01 09:00', clockOut: null, reason: 'x' }, 'clockIn'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', `/api/Attendances/${codes.manager}`, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const same = await call('PUT', `/api/Attendances/${codes.manager}/${forgottenId}`, {
      payload: { clockIn: '2025-11-05T09:00', reason: 'x' },
    });
    expect(same.statusCode).toBe(400);
  });

  it("refuses corrections to non-managers and another salon's manager with 403; 404 for an unknown record", async () => {
    const payload = { clockOut: '2025-11-05T17:00', reason: 'x' };
    expect((await call('PUT', `/api/Attendances/${codes.stylist}/${forgottenId}`, { payload })).statusCode).toBe(403);
    expect((await call('PUT', `/api/Attendances/${codes.manager2}/${forgottenId}`, { payload })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Attendances/${codes.manager2}/${forgottenId}`, { query: { reason: 'x' } })).statusCode).toBe(403);
    expect(
      (
        await call('POST', `/api/Attendances/${codes.manager2}`, {
          payload: { userId: fx.users.stylist, clockIn: '2025-11-01T09:00', clockOut: null, reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('PUT', `/api/Attendances/${codes.manager}/99999999`, { payload })).statusCode).toBe(404);
  });
});

/** The table of an attendance CSV (the lines after the heading's empty line), split into cells. */
function csvOf(body: Buffer): string[][] {
  const lines = body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  return lines.slice(lines.indexOf('') + 1).map((line) => line.split(/[;,]/));
}

describe('Exports', () => {
  it('writes the Italian CSV with a BOM, `;`, decimal comma, Italian headers, a row per day and a totals row per person', async () => {
    const res = await call('GET', `/api/Attendances/ExportCSV/${codes.manager}`, {
      query: { ...WEEK, userId: fx.users.stylist, language: 'it' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Presence-20251103-20251109.csv"');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const all = raw.toString('utf8').slice(1).trimEnd().split('\r\n');
    // The heading: title, the salon's name and the week in Italian words, then an empty line.
    expect(all.slice(0, 4)).toEqual(['Foglio presenze', 'Salone;Salone Uno', 'Periodo;3 nov 2025 – 9 nov 2025', '']);
    const lines = all.slice(4);
    expect(lines[0]).toBe(
      'Cognome;Nome;Data;Entrata;Uscita;Ore lavorate;Ore turno;Ore giustificate;Differenza;Assenza;Uscita dimenticata;Entrata senza turno;Turno senza entrata;Corretto',
    );
    expect(lines.slice(1)).toEqual([
      'Test;stylist;03/11/2025;08:55;17:25;8,50;8,00;0,00;0,50;;;;;',
      'Test;stylist;04/11/2025;09:00;18:00;7,83;8,00;0,00;-0,17;;;;;',
      'Test;stylist;05/11/2025;09:00;;0,00;8,00;0,00;-8,00;;sì;;;',
      'Test;stylist;06/11/2025;10:00;12:00;2,00;0,00;0,00;2,00;;;sì;;',
      'Test;stylist;07/11/2025;;;0,00;8,00;0,00;-8,00;;;;sì;',
      'Test;stylist;08/11/2025;21:55;02:05 (+1);4,17;4,00;0,00;0,17;;;;;',
      'Test;stylist;Totale;;;22,50;36,00;0,00;-13,50;;1;1;1;0',
    ]);
  });

  it("writes English headers, `,` and decimal point in the caller's stored language; a non-manager exports only their own rows", async () => {
    const res = await call('GET', `/api/Attendances/ExportCSV/${codes.reception}`, { query: WEEK });
    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.toString('utf8');
    expect(text).toContain('Attendance sheet\r\nSalon,Salone Uno\r\nPeriod,3 Nov 2025 – 9 Nov 2025\r\n\r\n');
    const rows = csvOf(res.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['Last name', 'First name', 'Date']);
    expect(rows.slice(1).every((row) => row[1] === 'reception')).toBe(true);
    expect(rows.at(-1)).toEqual(['Test', 'reception', 'Total', '', '', '4.00', '8.00', '4.00', '0.00', 'Sick 2', '0', '0', '0', '0']);
  });

  it('writes a genuine .xls (BIFF8 compound file) that LibreOffice opens, with the same numbers', async () => {
    const res = await call('GET', `/api/Attendances/ExportXLS/${codes.manager}`, { query: { ...WEEK, language: 'it' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.ms-excel');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Presence-20251103-20251109.xls"');
    const file = res.rawPayload;
    expect([...file.subarray(0, 8)]).toEqual([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const soffice = spawnSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).stdout.trim();
    expect(soffice, 'LibreOffice (soffice) is needed to read the .xls back: apt-get install libreoffice-calc').not.toBe('');
    const dir = mkdtempSync(join(tmpdir(), 'presence-'));
    try {
      writeFileSync(join(dir, 'Presence.xls'), file);
      // Separator ';' (59), UTF-8 (76), cells as shown (the last true): hours with 2 decimals, days as dd/mm/yyyy.
      const run = spawnSync(
        soffice,
        [
          `-env:UserInstallation=file://${dir}/profile`,
          '--headless',
          '--convert-to',
          'csv:Text - txt - csv (StarCalc):59,34,76,1,,0,false,true,true',
          '--outdir',
          dir,
          join(dir, 'Presence.xls'),
        ],
        { encoding: 'utf8', timeout: 120_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      const lines = readFileSync(join(dir, 'Presence.csv'), 'utf8').trimEnd().split(/\r?\n/);
      // The sheet starts with its heading (title, salon, the week in words), the table below it.
      expect(lines[0]?.startsWith('Foglio presenze')).toBe(true);
      expect(lines[1]?.startsWith('Salone;Salone Uno')).toBe(true);
      expect(lines[2]?.startsWith('Periodo;3 nov 2025 – 9 nov 2025')).toBe(true);
      expect(lines[4]).toBe(
        'Cognome;Nome;Data;Entrata;Uscita;Ore lavorate;Ore turno;Ore giustificate;Differenza;Assenza;Uscita dimenticata;Entrata senza turno;Turno senza entrata;Corretto',
      );
      expect(lines).toContain('Test;stylist;03/11/2025;08:55;17:25;8.50;8.00;0.00;0.50;;;;;');
      expect(lines).toContain('Test;stylist;Totale;;;22.50;36.00;0.00;-13.50;;1;1;1;0');
      expect(lines).toContain('Test;latecomer;Totale;;;9.00;20.00;10.00;-1.00;Ferie 1, Permesso 1;0;0;0;0');
      expect(lines).toContain('Test;reception;Totale;;;4.00;8.00;4.00;0.00;Malattia 2;0;0;0;0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('refuses an export of another salon to an ADMIN with 403 and a bad range with 400', async () => {
    expect((await call('GET', `/api/Attendances/ExportXLS/${codes.manager2}`, { query: { ...WEEK, salonId: fx.salon1 } })).statusCode).toBe(
      403,
    );
    expect(
      (await call('GET', `/api/Attendances/ExportCSV/${codes.manager}`, { query: { from: '2025-11-09', to: '2025-11-01' } })).statusCode,
    ).toBe(400);
  });
});

describe("Today's open clock-in", () => {
  it("is still in, not a forgotten clock-out short of its shift, until the salon's day is over; on the sheet and the export", async () => {
    // The assistant: shift Saturday 2025-11-15 09:30-18:00 (8.50 h), clocked in at 09:25, not out.
    const a = fx.users.assistant;
    await addShift(a, '2025-11-15T09:30', '2025-11-15T18:00');
    await addRecord(a, '2025-11-15T09:25', null);
    const sheetAt = async (now: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(rome(now));
      try {
        const res = await call('GET', `/api/Attendances/GetAttendancesPerUser/${codes.manager}`, {
          query: { from: '2025-11-15', to: '2025-11-15', userId: a },
        });
        const csv = await call('GET', `/api/Attendances/ExportCSV/${codes.manager}`, {
          query: { from: '2025-11-15', to: '2025-11-15', userId: a, language: 'en' },
        });
        return { person: (res.json() as PerUser).person, csv: csvOf(csv.rawPayload) };
      } finally {
        vi.useRealTimers();
      }
    };
    // 19:39, after the salon's closing time (19:00): the day is not over, so still in, no flag, no -8.50.
    const during = await sheetAt('2025-11-15T19:39');
    expect(during.person.days[0]).toMatchObject({ clockOut: null, hoursWorked: 0, shiftHours: 8.5, difference: 0 });
    expect(during.person.days[0]?.flags.forgottenClockOut).toBe(false);
    expect(during.person.totals).toMatchObject({ forgottenClockOuts: 0, difference: 0 });
    expect(during.csv[1]?.slice(3, 5)).toEqual(['09:25', 'still in']);
    expect(during.csv.at(-1)?.[8]).toBe('0.00');
    // 23:59 is still the same day; at Sunday 00:00 it is over (and 14 h have passed): forgotten, 8.50 h short.
    expect((await sheetAt('2025-11-15T23:59')).person.days[0]?.flags.forgottenClockOut).toBe(false);
    const after = await sheetAt('2025-11-16T00:00');
    expect(after.person.days[0]).toMatchObject({ difference: -8.5, flags: { forgottenClockOut: true } });
    expect(after.person.totals).toMatchObject({ forgottenClockOuts: 1, difference: -8.5 });
    expect(after.csv[1]?.[4]).toBe('');
    await t.db.deleteFrom('attendances').where('user_id', '=', a).where('clock_in', '=', rome('2025-11-15T09:25')).execute();
    await t.db.deleteFrom('user_timeframes').where('user_id', '=', a).where('day_start', '=', rome('2025-11-15T09:30')).execute();
  });
});

describe('On a server with a pinned day (DEMO_TODAY)', () => {
  it("clocks in on the pinned day at the real time of day, so the demo's sheet shows it", async () => {
    const pinned = await createTestApp({ demoToday: '2025-11-07', loginMaxFailuresPerAddress: 1000 }, t.database);
    try {
      const code = await signIn(pinned.app, 'assistant');
      const res = await pinned.app.inject({ method: 'POST', url: `/api/Attendances/ClockIn/${code}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().day).toBe('2025-11-07');
      const sheet = await pinned.app.inject({
        method: 'GET',
        url: `/api/Attendances/GetAttendancesPerUser/${code}`,
        query: { from: '2025-11-07', to: '2025-11-07' },
      });
      expect(sheet.statusCode, sheet.body).toBe(200);
      expect((sheet.json() as PerUser).person.days[0]?.attendances).toHaveLength(1);
      const status = await pinned.app.inject({ method: 'GET', url: `/api/Attendances/Status/${code}` });
      expect(status.json()).toMatchObject({ isClockedIn: true, today: { day: '2025-11-07' } });
    } finally {
      await pinned.close();
    }
  });
});

describe('Totals, days to come and holidays (salon 2, today pinned to Wednesday 3 December 2025)', () => {
  let pinned: TestApp;
  let worker: number;
  let own: string;
  let chief: string;
  const RANGE = { from: '2025-11-29', to: '2025-12-08' };

  beforeAll(async () => {
    worker = await insertUser(t.db, 'sheetworker', fx.salon2, ['RECEPTIONIST']);
    await t.db.updateTable('users').set({ employment_start: '2025-11-20' }).where('id', '=', worker).execute();
    // Sat 29 Nov, Mon 1 and Tue 2 Dec: a 20-minute shift (0.33 h a day) and 40 minutes worked (0.67 h a day).
    for (const day of ['2025-11-29', '2025-12-01', '2025-12-02']) {
      await addShift(worker, `${day}T09:00`, `${day}T09:20`, fx.salon2);
      await addRecord(worker, `${day}T09:00`, `${day}T09:40`, fx.salon2);
    }
    // Days to come: an 8-hour shift on Friday 5 Dec, a holiday Saturday 6 - Monday 8 Dec over the closed Sunday.
    await addShift(worker, '2025-12-05T09:00', '2025-12-05T17:00', fx.salon2);
    await t.db
      .insertInto('user_shifts')
      .values({ salon_id: fx.salon2, user_id: worker, start_day: '2025-12-06', end_day: '2025-12-08', type: 'HOLIDAY' })
      .execute();
    // Next month: a 4-hour shift on Monday 5 January.
    await addShift(worker, '2026-01-05T09:00', '2026-01-05T13:00', fx.salon2);
    pinned = await createTestApp({ demoToday: '2025-12-03', loginMaxFailuresPerAddress: 1000 }, t.database);
    own = await signIn(pinned.app, 'sheetworker');
    chief = await signIn(pinned.app, 'superadmin');
  });
  afterAll(() => pinned?.close());

  const get = (url: string, query: Record<string, string | number>) =>
    pinned.app.inject({ method: 'GET', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

  it('lists every day with a shift, a day off or a record, days to come included, and adds up seconds rounded once', async () => {
    const res = await get(`/api/Attendances/GetAttendancesPerUser/${own}`, RANGE);
    expect(res.statusCode, res.body).toBe(200);
    const { person } = res.json() as PerUser;
    expect(person.days.map((d) => [d.day, d.hoursWorked, d.shiftHours, d.difference, d.absenceCode, d.flags.shiftWithoutClockIn])).toEqual([
      ['2025-11-29', 0.67, 0.33, 0.33, null, false],
      ['2025-12-01', 0.67, 0.33, 0.33, null, false],
      ['2025-12-02', 0.67, 0.33, 0.33, null, false],
      ['2025-12-05', 0, 8, 0, null, false],
      ['2025-12-06', 0, 0, 0, 'HOLIDAY', false],
      ['2025-12-08', 0, 0, 0, 'HOLIDAY', false],
    ]);
    // 3 x 40 min = 2 h (not 3 x 0.67 = 2.01); shifts 3 x 20 min + 8 h = 9 h (not 8.99); difference 3 x 20 min = 1 h (not 0.99);
    // the holiday takes Saturday and Monday, not the closed Sunday: 2 days, as the allowance counts it.
    expect(person.totals).toMatchObject({ daysWorked: 3, hoursWorked: 2, shiftHours: 9, difference: 1, holidayDays: 2 });
  });

  it('gives the same totals in the month view and the Presence CSV, and staff analysis the same working hours', async () => {
    const month = await get(`/api/Attendances/GetAttendancesPerMonth/${chief}`, { ...RANGE, salonId: fx.salon2 });
    expect(month.statusCode, month.body).toBe(200);
    const mine = (month.json() as PerMonth).people.find((p) => p.userId === worker);
    expect(mine?.totals).toMatchObject({ hoursWorked: 2, shiftHours: 9, difference: 1, holidayDays: 2 });
    const csv = await get(`/api/Attendances/ExportCSV/${own}`, { ...RANGE, language: 'en' });
    expect(csv.statusCode).toBe(200);
    expect(csvOf(csv.rawPayload).at(-1)).toEqual([
      'Test',
      'sheetworker',
      'Total',
      '',
      '',
      '2.00',
      '9.00',
      '0.00',
      '1.00',
      'Holiday 2',
      '0',
      '0',
      '0',
      '0',
    ]);
    const staff = await pinned.app.inject({
      method: 'GET',
      url: `/api/StaffDataAnalysis/GetStaffDataAnalysis/${chief}/${RANGE.from}/${RANGE.to}/${fx.salon2}`,
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const row = (staff.json() as { staffDataAnalysis: { staffId: number; totalWorkingHours: number }[] }).staffDataAnalysis.find(
      (r) => r.staffId === worker,
    );
    expect(row?.totalWorkingHours).toBe(2);
  });

  it("lists next month's shifts before anything is clocked", async () => {
    const res = await get(`/api/Attendances/GetAttendancesPerMonth/${chief}`, { from: '2026-01-01', to: '2026-01-31', salonId: fx.salon2 });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (res.json() as PerMonth).people.find((p) => p.userId === worker);
    expect(mine?.days.map((d) => [d.day, d.hoursWorked, d.shiftHours, d.difference, d.flags.shiftWithoutClockIn])).toEqual([
      ['2026-01-05', 0, 4, 0, false],
    ]);
    expect(mine?.totals).toMatchObject({ hoursWorked: 0, shiftHours: 4, difference: 0 });
  });

  it('counts the holiday days of the allowance the same way: 1 for Saturday to Monday over a closed Sunday and 8 December', async () => {
    const res = await pinned.app.inject({ method: 'GET', url: `/api/UserTimeframes/UserRemainingDays/${own}/${worker}` });
    expect(res.statusCode, res.body).toBe(200);
    // Saturday 6 counts; Sunday 7 the salon is closed; Monday 8 December is a national holiday (Immaculate Conception).
    expect(res.json()).toMatchObject({ takenDays: 1 });
  });
});
