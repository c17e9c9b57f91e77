import { sql } from 'kysely';
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

const M = '/api/UserTimeframes/Multiple';
const shiftCount = async (userId: number) =>
  Number(
    (await t.db.selectFrom('user_timeframes').select(sql<number>`count(*)`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow())
      .n,
  );

describe('POST /api/UserTimeframes/Multiple', () => {
  it('takes a single object as a list of one, and answers the salon-local day and times', async () => {
    const res = await call('POST', `${M}/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, userId: fx.users.stylist, dayStart: '2026-03-17T09:00', dayEnd: '2026-03-17T13:00', note: 'morning' },
    });
    expect(res.statusCode).toBe(200);
    const [shift] = res.json();
    expect(shift).toMatchObject({
      salonId: fx.salon1,
      userId: fx.users.stylist,
      dayStart: '2026-03-17T08:00:00.000Z',
      dayEnd: '2026-03-17T12:00:00.000Z',
      day: '2026-03-17',
      startTime: '09:00',
      endTime: '13:00',
      endsNextDay: false,
      hours: 4,
      note: 'morning',
      recurrenceId: null,
      recurrenceKind: null,
      firstName: 'stylist',
    });
  });

  it('accepts a shift that starts when another ends (touching is not overlapping) and an instant with an offset', async () => {
    const res = await call('POST', `${M}/${fx.codes.manager}`, {
      payload: [{ salonId: fx.salon1, userId: fx.users.stylist, dayStart: '2026-03-17T12:00:00Z', dayEnd: '2026-03-17T17:00:00Z' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ startTime: '13:00', endTime: '18:00' });
  });

  it('refuses an overlap with 409 naming the clashing shift, and writes nothing of the list', async () => {
    const before = await shiftCount(fx.users.stylist);
    const res = await call('POST', `${M}/${fx.codes.manager}`, {
      payload: [
        { salonId: fx.salon1, userId: fx.users.stylist, dayStart: '2026-03-19T09:00', dayEnd: '2026-03-19T12:00' },
        { salonId: fx.salon1, userId: fx.users.stylist, dayStart: '2026-03-17T12:30', dayEnd: '2026-03-17T14:00' },
      ],
    });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.reason).toBe('SHIFT_CLASH');
    expect(body.clash).toMatchObject({ userId: fx.users.stylist, day: '2026-03-17', startTime: '09:00', endTime: '13:00', inputIndex: 1 });
    expect(typeof body.clash.userTimeframeId).toBe('number');
    expect(body.message).toContain(`shift ${body.clash.userTimeframeId}`);
    expect(await shiftCount(fx.users.stylist)).toBe(before);
  });

  it('refuses two shifts of one call that overlap each other', async () => {
    const res = await call('POST', `${M}/${fx.codes.manager}`, {
      payload: [
        { salonId: fx.salon1, userId: fx.users.reception, dayStart: '2026-03-20T09:00', dayEnd: '2026-03-20T15:00' },
        { salonId: fx.salon1, userId: fx.users.reception, dayStart: '2026-03-20T14:00', dayEnd: '2026-03-20T19:00' },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().clash).toMatchObject({ userTimeframeId: null, startTime: '09:00', endTime: '15:00', inputIndex: 1 });
    expect(await shiftCount(fx.users.reception)).toBe(0);
  });

  it('refuses a shift outside the employment dates (409 OUTSIDE_EMPLOYMENT)', async () => {
    const res = await call('POST', `${M}/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, userId: fx.users.stylist2, dayStart: '2026-02-27T09:00', dayEnd: '2026-02-27T17:00' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('OUTSIDE_EMPLOYMENT');
  });

  it('refuses a shift on a whole day off (409 ON_DAY_OFF) but not on a half day off', async () => {
    const [full] = await t.db
      .insertInto('user_shifts')
      .values({ salon_id: fx.salon1, user_id: fx.users.stylist2, start_day: '2026-04-07', end_day: '2026-04-08', type: 'HOLIDAY' })
      .returning('id')
      .execute();
    await t.db
      .insertInto('user_shifts')
      .values({
        salon_id: fx.salon1,
        user_id: fx.users.stylist2,
        start_day: '2026-04-09',
        end_day: '2026-04-09',
        type: 'HOLIDAY',
        part: 'MORNING',
      })
      .execute();
    const refused = await call('POST', `${M}/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, userId: fx.users.stylist2, dayStart: '2026-04-08T09:00', dayEnd: '2026-04-08T17:00' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'ON_DAY_OFF', dayOffId: full?.id });
    const half = await call('POST', `${M}/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, userId: fx.users.stylist2, dayStart: '2026-04-09T14:00', dayEnd: '2026-04-09T19:00' },
    });
    expect(half.statusCode).toBe(200);
  });

  it('lets a shift crossing midnight belong to the day it starts', async () => {
    const res = await call('POST', `${M}/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, userId: fx.users.reception, dayStart: '2026-03-21T20:00', dayEnd: '2026-03-22T02:00' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ day: '2026-03-21', endsNextDay: true, hours: 6 });
    const list = async (date: string) =>
      (
        await call('GET', `/api/UserTimeframes/${fx.codes.manager}`, {
          query: { fromDate: date, toDate: date, userId: fx.users.reception },
        })
      ).json();
    expect(await list('2026-03-21')).toHaveLength(1);
    expect(await list('2026-03-22')).toHaveLength(0);
  });

  it('answers 400 for a bad time, an end before the start, a shift over 16 hours; 403 for another salon or a non-manager', async () => {
    const post = (code: string, payload: unknown) => call('POST', `${M}/${code}`, { payload });
    const base = { salonId: fx.salon1, userId: fx.users.stylist };
    expect((await post(fx.codes.manager, { ...base, dayStart: '2026-02-30T09:00', dayEnd: '2026-03-01T10:00' })).json().parameter).toBe(
      'dayStart',
    );
    expect((await post(fx.codes.manager, { ...base, dayStart: '2026-03-25T10:00', dayEnd: '2026-03-25T09:00' })).statusCode).toBe(400);
    expect((await post(fx.codes.manager, { ...base, dayStart: '2026-03-25T01:00', dayEnd: '2026-03-25T18:00' })).statusCode).toBe(400);
    expect((await post(fx.codes.manager2, { ...base, dayStart: '2026-03-25T09:00', dayEnd: '2026-03-25T10:00' })).statusCode).toBe(403);
    expect((await post(fx.codes.stylist, { ...base, dayStart: '2026-03-25T09:00', dayEnd: '2026-03-25T10:00' })).statusCode).toBe(403);
    const wrongSalon = await post(fx.codes.superadmin, {
      ...base,
      salonId: fx.salon2,
      dayStart: '2026-03-25T09:00',
      dayEnd: '2026-03-25T10:00',
    });
    expect(wrongSalon.statusCode).toBe(400);
    expect(wrongSalon.json().parameter).toBe('userId');
  });
});

describe('series: POST RecurrentType and Recurrent2', () => {
  it('keeps the wall-clock times across the daylight-saving change (Rome, 29 March 2026)', async () => {
    const res = await call('POST', `/api/UserTimeframes/RecurrentType/${fx.codes.manager}`, {
      query: { salonId: fx.salon1, userId: fx.users.manager, dayStart: '2026-03-24T09:00', dayEnd: '2026-04-14T17:00', note: 'weekly' },
    });
    expect(res.statusCode).toBe(200);
    const shifts = res.json() as {
      dayStart: string;
      startTime: string;
      endTime: string;
      day: string;
      recurrenceId: string;
      recurrenceKind: string;
    }[];
    expect(shifts.map((s) => s.day)).toEqual(['2026-03-24', '2026-03-31', '2026-04-07', '2026-04-14']);
    expect(shifts.map((s) => s.dayStart)).toEqual([
      '2026-03-24T08:00:00.000Z',
      '2026-03-31T07:00:00.000Z',
      '2026-04-07T07:00:00.000Z',
      '2026-04-14T07:00:00.000Z',
    ]);
    expect(new Set(shifts.map((s) => `${s.startTime}-${s.endTime}`))).toEqual(new Set(['09:00-17:00']));
    expect(new Set(shifts.map((s) => s.recurrenceId)).size).toBe(1);
    expect(shifts[0]?.recurrenceKind).toBe('WEEKLY');
  });

  it('writes every second week with Recurrent2, and crosses midnight when the end time is earlier', async () => {
    const res = await call('POST', `/api/UserTimeframes/Recurrent2/${fx.codes.manager}`, {
      query: { salonId: fx.salon1, userId: fx.users.reception, dayStart: '2026-04-03T22:00', dayEnd: '2026-05-01T02:00' },
    });
    expect(res.statusCode).toBe(200);
    const shifts = res.json() as { day: string; endsNextDay: boolean; recurrenceKind: string; hours: number }[];
    expect(shifts.map((s) => s.day)).toEqual(['2026-04-03', '2026-04-17', '2026-05-01']);
    expect(shifts.every((s) => s.endsNextDay && s.recurrenceKind === 'FORTNIGHTLY' && s.hours === 4)).toBe(true);
  });

  it('refuses a series with one clash whole: nothing written', async () => {
    const before = await shiftCount(fx.users.manager);
    const res = await call('POST', `/api/UserTimeframes/RecurrentType/${fx.codes.manager}`, {
      query: { salonId: fx.salon1, userId: fx.users.manager, dayStart: '2026-03-17T16:00', dayEnd: '2026-04-28T20:00' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().clash).toMatchObject({ day: '2026-03-24', startTime: '09:00', endTime: '17:00', inputIndex: 1 });
    expect(await shiftCount(fx.users.manager)).toBe(before);
  });

  it('answers 400 for a series ending before it starts or running over a year', async () => {
    const q = { salonId: fx.salon1, userId: fx.users.manager };
    const url = `/api/UserTimeframes/RecurrentType/${fx.codes.manager}`;
    expect((await call('POST', url, { query: { ...q, dayStart: '2026-05-10T09:00', dayEnd: '2026-05-01T17:00' } })).statusCode).toBe(400);
    expect((await call('POST', url, { query: { ...q, dayStart: '2026-05-10T09:00', dayEnd: '2027-06-01T17:00' } })).statusCode).toBe(400);
  });
});

describe('DELETE /api/UserTimeframes/{id}', () => {
  it('deletes one shift, or it and the rest of its series with ?series=following (earlier ones stay)', async () => {
    const created = (
      await call('POST', `/api/UserTimeframes/RecurrentType/${fx.codes.manager}`, {
        query: { salonId: fx.salon1, userId: fx.users.stylist, dayStart: '2026-06-02T09:00', dayEnd: '2026-06-30T13:00' },
      })
    ).json() as { userTimeframeId: number }[];
    expect(created).toHaveLength(5);
    const ids = created.map((s) => s.userTimeframeId);
    const one = await call('DELETE', `/api/UserTimeframes/${fx.codes.manager}/${ids[1]}`);
    expect(one.json()).toEqual({ deletedIds: [ids[1]], deleted: 1 });
    const rest = await call('DELETE', `/api/UserTimeframes/${fx.codes.manager}/${ids[2]}`, { query: { series: 'following' } });
    expect(rest.json()).toEqual({ deletedIds: ids.slice(2), deleted: 3 });
    const left = await t.db.selectFrom('user_timeframes').select('id').where('id', 'in', ids).execute();
    expect(left.map((r) => r.id)).toEqual([ids[0]]);
    expect((await call('DELETE', `/api/UserTimeframes/${fx.codes.manager}/${ids[2]}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/UserTimeframes/${fx.codes.manager2}/${ids[0]}`)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/UserTimeframes/${fx.codes.stylist}/${ids[0]}`)).statusCode).toBe(403);
  });
});

describe('PUT /api/UserTimeframes/{id}', () => {
  it('edits a shift in place under the same rules; it leaves its series', async () => {
    const series = (
      await call('POST', `/api/UserTimeframes/RecurrentType/${fx.codes.manager}`, {
        query: { salonId: fx.salon1, userId: fx.users.stylist2, dayStart: '2026-07-07T09:00', dayEnd: '2026-07-14T13:00' },
      })
    ).json() as { userTimeframeId: number }[];
    const [first, second] = series.map((s) => s.userTimeframeId);
    const moved = await call('PUT', `/api/UserTimeframes/${fx.codes.manager}/${first}`, {
      payload: { dayStart: '2026-07-07T10:00', dayEnd: '2026-07-07T16:00', note: 'later' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ userTimeframeId: first, startTime: '10:00', endTime: '16:00', note: 'later', recurrenceId: null });
    // Onto the next shift of the series: refused, naming it.
    const clash = await call('PUT', `/api/UserTimeframes/${fx.codes.manager}/${first}`, {
      payload: { dayStart: '2026-07-14T12:00', dayEnd: '2026-07-14T18:00' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().clash.userTimeframeId).toBe(second);
    expect(
      (
        await call('PUT', `/api/UserTimeframes/${fx.codes.stylist}/${first}`, {
          payload: { dayStart: '2026-07-07T10:00', dayEnd: '2026-07-07T11:00' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('PUT', `/api/UserTimeframes/${fx.codes.manager}/999999`, {
          payload: { dayStart: '2026-07-07T10:00', dayEnd: '2026-07-07T11:00' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('reading shifts', () => {
  it("shows a non-manager only their own shifts, but everyone's for today", async () => {
    await call('POST', `${M}/${fx.codes.manager}`, {
      payload: [
        { salonId: fx.salon1, userId: fx.users.stylist, dayStart: '2026-03-18T09:00', dayEnd: '2026-03-18T13:00' },
        { salonId: fx.salon1, userId: fx.users.reception, dayStart: '2026-03-18T13:00', dayEnd: '2026-03-18T19:00' },
      ],
    });
    const week = (
      await call('GET', `/api/UserTimeframes/${fx.codes.stylist}`, { query: { fromDate: '2026-03-16', toDate: '2026-03-22' } })
    ).json();
    expect(new Set(week.map((s: { userId: number }) => s.userId))).toEqual(new Set([fx.users.stylist]));
    const today = (
      await call('GET', `/api/UserTimeframes/${fx.codes.stylist}`, { query: { fromDate: '2026-03-18', toDate: '2026-03-18' } })
    ).json();
    expect(today.map((s: { userId: number }) => s.userId).sort()).toEqual([fx.users.stylist, fx.users.reception].sort());
    expect(
      (await call('GET', `/api/UserTimeframes/${fx.codes.stylist}`, { query: { fromDate: '2026-03-16', userId: fx.users.reception } }))
        .statusCode,
    ).toBe(403);
    const managerWeek = (
      await call('GET', `/api/UserTimeframes/${fx.codes.manager}`, { query: { fromDate: '2026-03-16', toDate: '2026-03-22' } })
    ).json();
    expect(managerWeek.length).toBeGreaterThan(week.length);
  });

  it('reads one person with UserAndDates: themselves or a manager of their salon', async () => {
    const url = `/api/UserTimeframes/UserAndDates`;
    const own = await call('GET', `${url}/${fx.codes.stylist}/${fx.users.stylist}`, {
      query: { fromDate: '2026-03-16', toDate: '2026-03-22' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().every((s: { userId: number }) => s.userId === fx.users.stylist)).toBe(true);
    expect((await call('GET', `${url}/${fx.codes.stylist}/${fx.users.reception}`)).statusCode).toBe(403);
    expect((await call('GET', `${url}/${fx.codes.manager2}/${fx.users.stylist}`)).statusCode).toBe(403);
    expect((await call('GET', `${url}/${fx.codes.manager}/${fx.users.stylist}`, { query: { fromDate: '2026-03-16' } })).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', `${url}/${fx.codes.manager}/${fx.users.stylist}`, { query: { fromDate: '2026-03-16', toDate: '2026-03-01' } }))
        .statusCode,
    ).toBe(400);
  });

  it('asks a superadmin for the salon and refuses another salon to others', async () => {
    const none = await call('GET', `/api/UserTimeframes/${fx.codes.superadmin}`);
    expect(none.statusCode).toBe(400);
    expect(none.json().parameter).toBe('salonId');
    expect((await call('GET', `/api/UserTimeframes/${fx.codes.superadmin}`, { query: { salonId: fx.salon1 } })).statusCode).toBe(200);
    expect((await call('GET', `/api/UserTimeframes/${fx.codes.manager}`, { query: { salonId: fx.salon2 } })).statusCode).toBe(403);
  });
});

describe('concurrency', () => {
  it('lets only one of two concurrent overlapping creates through', async () => {
    const payload = (hour: string) => ({
      salonId: fx.salon1,
      userId: fx.users.stylist2,
      dayStart: `2026-09-01T${hour}`,
      dayEnd: '2026-09-01T18:00',
    });
    const results = await Promise.all([
      call('POST', `${M}/${fx.codes.manager}`, { payload: payload('09:00') }),
      call('POST', `${M}/${fx.codes.manager}`, { payload: payload('10:00') }),
      call('POST', `${M}/${fx.codes.superadmin}`, { payload: payload('11:00') }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const stored = await t.db
      .selectFrom('user_timeframes')
      .select('id')
      .where('user_id', '=', fx.users.stylist2)
      .where('day_start', '>=', new Date('2026-09-01T00:00:00Z'))
      .where('day_start', '<', new Date('2026-09-02T00:00:00Z'))
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('has the database refuse overlapping rows written without the API (exclusion constraint)', async () => {
    const row = {
      salon_id: fx.salon1,
      user_id: fx.users.stylist2,
      day_start: new Date('2026-10-01T08:00:00Z'),
      day_end: new Date('2026-10-01T12:00:00Z'),
    };
    await t.db.insertInto('user_timeframes').values(row).execute();
    await expect(
      t.db
        .insertInto('user_timeframes')
        .values({ ...row, day_start: new Date('2026-10-01T11:00:00Z'), day_end: new Date('2026-10-01T13:00:00Z') })
        .execute(),
    ).rejects.toMatchObject({ code: '23P01' });
    await t.db
      .insertInto('user_timeframes')
      .values({ ...row, day_start: new Date('2026-10-01T12:00:00Z'), day_end: new Date('2026-10-01T13:00:00Z') })
      .execute();
  });
});
