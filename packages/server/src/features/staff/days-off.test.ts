import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { caller, type StaffFixture, seedStaffFixture } from './staff.fixture.js';

let t: TestApp;
let fx: StaffFixture;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ demoToday: '2026-03-18' });
  fx = await seedStaffFixture(t.db, t.app);
  call = caller(t.app);
});
afterAll(() => t.close());

const U = '/api/UserShifts';
const post = (code: string, payload: Record<string, unknown>) => call('POST', `${U}/${code}`, { payload });

describe('POST /api/UserShifts (days off)', () => {
  it('writes a whole-day HOLIDAY, counts its working days, and removes the shifts on those days', async () => {
    const shifts = await call('POST', `/api/UserTimeframes/Multiple/${fx.codes.manager}`, {
      payload: [
        { salonId: fx.salon1, userId: fx.users.stylist, dayStart: '2026-04-14T09:00', dayEnd: '2026-04-14T17:00' },
        { salonId: fx.salon1, userId: fx.users.stylist, dayStart: '2026-04-20T09:00', dayEnd: '2026-04-20T17:00' },
      ],
    });
    const [inside] = shifts.json() as { userTimeframeId: number }[];
    // Monday 13 to Sunday 19 April: the salon is closed on Sunday and Monday, so 5 working days.
    const res = await post(fx.codes.manager, {
      salonId: fx.salon1,
      userId: fx.users.stylist,
      startDate: '2026-04-13',
      endDate: '2026-04-19',
      type: 'HOLIDAY',
      note: 'Easter',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: fx.users.stylist,
      startDate: '2026-04-13',
      endDate: '2026-04-19',
      type: 'HOLIDAY',
      part: 'FULL_DAY',
      startTime: null,
      endTime: null,
      days: 5,
      note: 'Easter',
      userShiftRequestId: null,
      removedShiftIds: [inside?.userTimeframeId],
    });
    expect(await t.db.selectFrom('user_timeframes').select('id').where('user_id', '=', fx.users.stylist).execute()).toHaveLength(1);
  });

  it('refuses an overlapping day off with 409 DAY_OFF_CLASH naming it; a morning and an afternoon of one day do not overlap', async () => {
    const clash = await post(fx.codes.manager, {
      salonId: fx.salon1,
      userId: fx.users.stylist,
      startDate: '2026-04-19',
      endDate: '2026-04-21',
      type: 'SICK',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().reason).toBe('DAY_OFF_CLASH');
    expect(typeof clash.json().dayOffId).toBe('number');
    const morning = await post(fx.codes.manager, {
      salonId: fx.salon1,
      userId: fx.users.stylist,
      startDate: '2026-05-05',
      type: 'HOLIDAY',
      part: 'MORNING',
    });
    expect(morning.statusCode).toBe(200);
    expect(morning.json()).toMatchObject({ days: 0.5, endDate: '2026-05-05', removedShiftIds: [] });
    const afternoon = await post(fx.codes.manager, {
      salonId: fx.salon1,
      userId: fx.users.stylist,
      startDate: '2026-05-05',
      type: 'SICK',
      part: 'AFTERNOON',
    });
    expect(afternoon.statusCode).toBe(200);
    const morningHours = await post(fx.codes.manager, {
      salonId: fx.salon1,
      userId: fx.users.stylist,
      startDate: '2026-05-05',
      type: 'PERMIT',
      part: 'HOURS',
      startTime: '10:00',
      endTime: '12:00',
    });
    expect(morningHours.statusCode).toBe(409);
    const otherDayHours = await post(fx.codes.manager, {
      salonId: fx.salon1,
      userId: fx.users.stylist,
      startDate: '2026-05-06',
      type: 'PERMIT',
      part: 'HOURS',
      startTime: '10:00',
      endTime: '12:00',
    });
    expect(otherDayHours.statusCode).toBe(200);
    expect(otherDayHours.json()).toMatchObject({ startTime: '10:00', endTime: '12:00', days: 0 });
  });

  it('answers 400 naming the field for hours that are not a PERMIT, a half day over two days, missing hours, bad dates', async () => {
    const base = { salonId: fx.salon1, userId: fx.users.reception };
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: '2026-06-02', type: 'HOLIDAY', part: 'HOURS', startTime: '10:00', endTime: '11:00' }, 'part'],
      [{ startDate: '2026-06-02', endDate: '2026-06-03', type: 'HOLIDAY', part: 'MORNING' }, 'endDate'],
      [{ startDate: '2026-06-02', type: 'PERMIT', part: 'HOURS', startTime: '10:00' }, 'endTime'],
      [{ startDate: '2026-06-02', type: 'PERMIT', part: 'HOURS', startTime: '10:00', endTime: '09:00' }, 'endTime'],
      [{ startDate: '2026-06-02', type: 'SICK', startTime: '10:00' }, 'startTime'],
      [{ startDate: '2026-06-05', endDate: '2026-06-02', type: 'SICK' }, 'endDate'],
      [{ startDate: '2026-02-30', type: 'SICK' }, 'startDate'],
    ];
    for (const [body, parameter] of cases) {
      const res = await post(fx.codes.manager, { ...base, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().parameter, JSON.stringify(body)).toBe(parameter);
    }
  });

  it('is for managers of the salon only', async () => {
    const body = { salonId: fx.salon1, userId: fx.users.reception, startDate: '2026-06-09', type: 'SICK' };
    expect((await post(fx.codes.stylist, body)).statusCode).toBe(403);
    expect((await post(fx.codes.manager2, body)).statusCode).toBe(403);
    expect((await post(fx.codes.superadmin, body)).statusCode).toBe(200);
  });
});

describe('PUT and DELETE /api/UserShifts/{id}', () => {
  it('updates a day off (checked against the others) and deletes it', async () => {
    const created = (
      await post(fx.codes.manager, {
        salonId: fx.salon1,
        userId: fx.users.reception,
        startDate: '2026-07-07',
        endDate: '2026-07-08',
        type: 'HOLIDAY',
      })
    ).json();
    const id = created.userShiftId;
    const moved = await call('PUT', `${U}/${fx.codes.manager}/${id}`, {
      payload: { userShiftId: id, startDate: '2026-07-14', endDate: '2026-07-17', type: 'HOLIDAY', note: 'moved' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ userShiftId: id, startDate: '2026-07-14', endDate: '2026-07-17', days: 4, note: 'moved' });
    // Onto the reception's SICK day of 2026-06-09 (written by the superadmin above): refused.
    const clash = await call('PUT', `${U}/${fx.codes.manager}/${id}`, {
      payload: { startDate: '2026-06-08', endDate: '2026-06-10', type: 'HOLIDAY' },
    });
    expect(clash.statusCode).toBe(409);
    const mismatch = await call('PUT', `${U}/${fx.codes.manager}/${id}`, {
      payload: { userShiftId: id + 1, startDate: '2026-07-14', type: 'HOLIDAY' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(
      (await call('PUT', `${U}/${fx.codes.manager2}/${id}`, { payload: { startDate: '2026-07-14', type: 'HOLIDAY' } })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `${U}/${fx.codes.stylist}/${id}`)).statusCode).toBe(403);
    expect((await call('DELETE', `${U}/${fx.codes.manager}/${id}`)).json()).toEqual({ deleted: true, userShiftId: id });
    expect((await call('DELETE', `${U}/${fx.codes.manager}/${id}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `${U}/${fx.codes.manager}/${id}`, { payload: { startDate: '2026-07-14', type: 'HOLIDAY' } })).statusCode,
    ).toBe(404);
  });

  it("answers an update without its id with the fixed 'Something went wrong.'", async () => {
    for (const path of ['/api/UserShifts', '/api/UserShiftRequests']) {
      const res = await call('PUT', `${path}/${fx.codes.manager}`, { payload: { startDate: '2026-07-14', type: 'HOLIDAY' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Something went wrong.');
    }
  });
});

describe('GET /api/UserShifts and User/{userId}', () => {
  it("lists the salon's days off to a manager and only their own to others", async () => {
    const all = (await call('GET', `${U}/${fx.codes.manager}`, { query: { fromDate: '2026-01-01', toDate: '2026-12-31' } })).json() as {
      userId: number;
    }[];
    expect(new Set(all.map((d) => d.userId))).toEqual(new Set([fx.users.stylist, fx.users.reception]));
    const own = (await call('GET', `${U}/${fx.codes.stylist}`, { query: { fromDate: '2026-01-01', toDate: '2026-12-31' } })).json() as {
      userId: number;
    }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((d) => d.userId === fx.users.stylist)).toBe(true);
    const sick = (
      await call('GET', `${U}/${fx.codes.manager}`, { query: { fromDate: '2026-01-01', toDate: '2026-12-31', type: 'SICK' } })
    ).json();
    expect(sick.every((d: { type: string }) => d.type === 'SICK')).toBe(true);
    const year = (await call('GET', `${U}/User/${fx.codes.stylist}/${fx.users.stylist}`)).json();
    expect(year).toHaveLength(own.length);
    expect((await call('GET', `${U}/User/${fx.codes.stylist}/${fx.users.reception}`)).statusCode).toBe(403);
  });
});

describe('GET /api/UserTimeframes/UserRemainingDays/{userId}', () => {
  it('= allowance - approved HOLIDAY days of the year on open days (half day 0.5), pending shown apart', async () => {
    const url = `/api/UserTimeframes/UserRemainingDays/${fx.codes.stylist}/${fx.users.stylist}`;
    // 5 (Easter week) + 0.5 (morning of 5 May); the SICK afternoon and the PERMIT hours do not count.
    expect((await call('GET', url)).json()).toEqual({
      userId: fx.users.stylist,
      year: 2026,
      allowanceDays: 24,
      takenDays: 5.5,
      pendingDays: 0,
      remainingDays: 18.5,
    });
    // A HOLIDAY across the new year counts only its days in the year asked.
    await post(fx.codes.manager, {
      salonId: fx.salon1,
      userId: fx.users.stylist,
      startDate: '2026-12-29',
      endDate: '2027-01-02',
      type: 'HOLIDAY',
    });
    await t.db.updateTable('users').set({ annual_allowance_days: 26 }).where('id', '=', fx.users.stylist).execute();
    // 29, 30, 31 December 2026 are Tuesday to Thursday.
    expect((await call('GET', url)).json()).toMatchObject({ allowanceDays: 26, takenDays: 8.5, remainingDays: 17.5 });
    // 1 January 2027 (Friday) is New Year's Day, a national holiday; Saturday 2 January is the one working day.
    expect((await call('GET', url, { query: { year: 2027 } })).json()).toMatchObject({ year: 2027, takenDays: 1, remainingDays: 25 });
    expect((await call('GET', `/api/UserTimeframes/UserRemainingDays/${fx.codes.stylist}/${fx.users.reception}`)).statusCode).toBe(403);
    expect((await call('GET', `/api/UserTimeframes/UserRemainingDays/${fx.codes.manager}/999999`)).statusCode).toBe(404);
  });
});
