import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { caller, type StaffFixture, seedStaffFixture } from './staff.fixture.js';

let t: TestApp;
let fx: StaffFixture;
let call: ReturnType<typeof caller>;
let clientId: number;

const R = '/api/UserShiftRequests';

beforeAll(async () => {
  t = await createTestApp({ demoToday: '2026-03-18' });
  fx = await seedStaffFixture(t.db, t.app);
  call = caller(t.app);
  const client = await t.db
    .insertInto('clients')
    .values({ salon_id: fx.salon1, first_name: 'Anna', last_name: 'Bianchi' })
    .returning('id')
    .executeTakeFirstOrThrow();
  clientId = client.id;
  const service = await t.db
    .insertInto('services')
    .values({ name: 'Taglio donna', category: 'HAIRCUT', duration_minutes: 45, list_price_cents: 3500 })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The stylist's BOOKED appointments: 21 April 10:00 (inside the day off asked for below), 28 April (outside),
  // a CANCELLED one on 22 April (not listed), and one on 23 April booked with stylist2 but whose service is the stylist's.
  const appointment = async (day: string, startUtc: string, endUtc: string, staffId: number, status: 'BOOKED' | 'CANCELLED') =>
    (
      await t.db
        .insertInto('appointments')
        .values({
          salon_id: fx.salon1,
          client_id: clientId,
          staff_id: staffId,
          day,
          start_at: new Date(startUtc),
          end_at: new Date(endUtc),
          status,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const inside = await appointment('2026-04-21', '2026-04-21T08:00:00Z', '2026-04-21T08:45:00Z', fx.users.stylist, 'BOOKED');
  await t.db
    .insertInto('appointment_services')
    .values({ salon_id: fx.salon1, appointment_id: inside, service_id: service.id, staff_id: fx.users.stylist, list_price_cents: 3500 })
    .execute();
  await appointment('2026-04-28', '2026-04-28T08:00:00Z', '2026-04-28T08:45:00Z', fx.users.stylist, 'BOOKED');
  await appointment('2026-04-22', '2026-04-22T08:00:00Z', '2026-04-22T08:45:00Z', fx.users.stylist, 'CANCELLED');
  const viaService = await appointment('2026-04-23', '2026-04-23T12:00:00Z', '2026-04-23T13:00:00Z', fx.users.stylist2, 'BOOKED');
  await t.db
    .insertInto('appointment_services')
    .values({ salon_id: fx.salon1, appointment_id: viaService, service_id: service.id, staff_id: fx.users.stylist, list_price_cents: 3500 })
    .execute();
});
afterAll(() => t.close());

const dayOffRequest = { kind: 'DAY_OFF', type: 'HOLIDAY', startDate: '2026-04-21', endDate: '2026-04-24', note: 'family' };

/** An approved holiday request, as an approval stored it (without its day off). */
function insertApprovedHoliday(userId: number, startDay: string, endDay: string, decidedAt: string) {
  return t.db
    .insertInto('user_shift_requests')
    .values({
      salon_id: fx.salon1,
      user_id: userId,
      kind: 'DAY_OFF',
      type: 'HOLIDAY',
      part: 'FULL_DAY',
      start_day: startDay,
      end_day: endDay,
      status: 'APPROVED',
      decided_by: fx.users.manager,
      decided_at: new Date(decidedAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('a stylist requests a day off, the manager sees the booked appointments and approves it', () => {
  let requestId: number;

  it('creates a PENDING request for the caller, with its working days', async () => {
    const res = await call('POST', `${R}/${fx.codes.stylist}`, { payload: dayOffRequest });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      userId: fx.users.stylist,
      salonId: fx.salon1,
      kind: 'DAY_OFF',
      type: 'HOLIDAY',
      part: 'FULL_DAY',
      startDate: '2026-04-21',
      endDate: '2026-04-24',
      days: 4,
      status: 'PENDING',
      decidedBy: null,
      decidedAt: null,
      wantedStart: null,
      note: 'family',
    });
    requestId = body.userShiftRequestId;
    const remaining = (await call('GET', `/api/UserTimeframes/UserRemainingDays/${fx.codes.stylist}/${fx.users.stylist}`)).json();
    expect(remaining).toMatchObject({ takenDays: 0, pendingDays: 4, remainingDays: 24 });
  });

  it('lets the author edit it while PENDING; nobody else', async () => {
    const edited = await call('PUT', `${R}/${fx.codes.stylist}/${requestId}`, {
      payload: { ...dayOffRequest, userShiftRequestId: requestId, endDate: '2026-04-23' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ endDate: '2026-04-23', days: 3 });
    expect((await call('PUT', `${R}/${fx.codes.manager}/${requestId}`, { payload: dayOffRequest })).statusCode).toBe(403);
    expect((await call('DELETE', `${R}/${fx.codes.reception}/${requestId}`)).statusCode).toBe(403);
  });

  it('shows the manager the queue and the conflicts: the booked appointments in the period', async () => {
    const queue = (await call('GET', `${R}/${fx.codes.manager}`, { query: { status: 'PENDING' } })).json();
    expect(queue.map((r: { userShiftRequestId: number }) => r.userShiftRequestId)).toContain(requestId);
    expect((await call('GET', `${R}/${fx.codes.reception}`)).json()).toEqual([]);
    const conflicts = await call('GET', `${R}/Conflicts/${fx.codes.manager}/${requestId}`);
    expect(conflicts.statusCode).toBe(200);
    const body = conflicts.json();
    expect(body.bookedAppointments.map((a: { day: string }) => a.day)).toEqual(['2026-04-21', '2026-04-23']);
    expect(body.bookedAppointments[0]).toMatchObject({
      clientId,
      clientName: 'Anna Bianchi',
      startTime: '10:00',
      endTime: '10:45',
      status: 'BOOKED',
    });
    expect(body.bookedAppointments[0].services[0]).toMatchObject({ name: 'Taglio donna', staffId: fx.users.stylist });
    expect(body.remainingDaysAfter).toBe(21);
    expect((await call('GET', `${R}/Conflicts/${fx.codes.stylist}/${requestId}`)).statusCode).toBe(403);
    expect((await call('GET', `${R}/Conflicts/${fx.codes.manager2}/${requestId}`)).statusCode).toBe(403);
  });

  it('refuses approval by a non-manager (403), a manager of another salon (403)', async () => {
    expect((await call('POST', `${R}/Approve/${fx.codes.reception}/${requestId}`, { payload: {} })).statusCode).toBe(403);
    expect((await call('POST', `${R}/Approve/${fx.codes.manager2}/${requestId}`, { payload: {} })).statusCode).toBe(403);
  });

  it('approves: writes the day off and the decision in one step and lists the booked appointments', async () => {
    const shift = await call('POST', `/api/UserTimeframes/Multiple/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, userId: fx.users.stylist, dayStart: '2026-04-22T09:00', dayEnd: '2026-04-22T17:00' },
    });
    const shiftId = shift.json()[0].userTimeframeId;
    const res = await call('POST', `${R}/Approve/${fx.codes.manager}/${requestId}`, { payload: {} });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.request).toMatchObject({ status: 'APPROVED', decidedBy: fx.users.manager, decidedByName: 'manager Test' });
    expect(Date.parse(body.request.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.dayOff).toMatchObject({
      userId: fx.users.stylist,
      startDate: '2026-04-21',
      endDate: '2026-04-23',
      type: 'HOLIDAY',
      days: 3,
      userShiftRequestId: requestId,
    });
    expect(body.shift).toBeNull();
    expect(body.removedShiftIds).toEqual([shiftId]);
    expect(body.bookedAppointments.map((a: { day: string }) => a.day)).toEqual(['2026-04-21', '2026-04-23']);
    const remaining = (await call('GET', `/api/UserTimeframes/UserRemainingDays/${fx.codes.stylist}/${fx.users.stylist}`)).json();
    expect(remaining).toMatchObject({ takenDays: 3, pendingDays: 0, remainingDays: 21 });
    const history = (await call('GET', `${R}/User/${fx.codes.stylist}/${fx.users.stylist}`)).json();
    expect(history[0]).toMatchObject({ userShiftRequestId: requestId, status: 'APPROVED' });
  });

  it('refuses to decide, edit or delete a decided request again (409 ALREADY_DECIDED)', async () => {
    for (const [method, url, payload] of [
      ['POST', `${R}/Approve/${fx.codes.manager}/${requestId}`, {}],
      ['POST', `${R}/Reject/${fx.codes.superadmin}/${requestId}`, {}],
      ['PUT', `${R}/${fx.codes.stylist}/${requestId}`, dayOffRequest],
      ['DELETE', `${R}/${fx.codes.stylist}/${requestId}`, undefined],
    ] as const) {
      const res = await call(method, url, { payload });
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().reason).toBe('ALREADY_DECIDED');
    }
    expect(await t.db.selectFrom('user_shifts').select('id').where('user_shift_request_id', '=', requestId).execute()).toHaveLength(1);
  });
});

describe('other request rules', () => {
  it('never lets anyone approve or reject their own request (403 OWN_REQUEST)', async () => {
    const own = (
      await call('POST', `${R}/${fx.codes.manager}`, { payload: { kind: 'DAY_OFF', type: 'SICK', startDate: '2026-05-12' } })
    ).json();
    for (const action of ['Approve', 'Reject']) {
      const res = await call('POST', `${R}/${action}/${fx.codes.manager}/${own.userShiftRequestId}`, { payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json().reason).toBe('OWN_REQUEST');
    }
    const bySuperadmin = await call('POST', `${R}/Reject/${fx.codes.superadmin}/${own.userShiftRequestId}`, { payload: {} });
    expect(bySuperadmin.statusCode).toBe(200);
    expect(bySuperadmin.json().request).toMatchObject({ status: 'REJECTED', decidedBy: fx.users.superadmin });
    expect(await t.db.selectFrom('user_shifts').select('id').where('user_id', '=', fx.users.manager).execute()).toHaveLength(0);
  });

  it('takes an optional reason with a rejection, which the person who asked reads; lists pending requests by their dates', async () => {
    const later = (
      await call('POST', `${R}/${fx.codes.reception}`, { payload: { kind: 'DAY_OFF', type: 'HOLIDAY', startDate: '2026-09-10' } })
    ).json();
    const sooner = (
      await call('POST', `${R}/${fx.codes.reception}`, { payload: { kind: 'DAY_OFF', type: 'HOLIDAY', startDate: '2026-09-03' } })
    ).json();
    const queue = (await call('GET', `${R}/${fx.codes.manager}`, { query: { status: 'PENDING' } })).json() as {
      userShiftRequestId: number;
    }[];
    const ids = queue.map((r) => r.userShiftRequestId);
    expect(ids.indexOf(sooner.userShiftRequestId)).toBeLessThan(ids.indexOf(later.userShiftRequestId));
    const tooLong = await call('POST', `${R}/Reject/${fx.codes.manager}/${later.userShiftRequestId}`, {
      payload: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.statusCode).toBe(400);
    const rejected = await call('POST', `${R}/Reject/${fx.codes.manager}/${later.userShiftRequestId}`, {
      payload: { reason: '  Two people already off that week  ' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().request).toMatchObject({ status: 'REJECTED', rejectReason: 'Two people already off that week' });
    const mine = (await call('GET', `${R}/User/${fx.codes.reception}/${fx.users.reception}`)).json() as {
      userShiftRequestId: number;
      rejectReason: string;
    }[];
    expect(mine.find((r) => r.userShiftRequestId === later.userShiftRequestId)?.rejectReason).toBe('Two people already off that week');
    const plain = await call('POST', `${R}/Reject/${fx.codes.manager}/${sooner.userShiftRequestId}`, { payload: {} });
    expect(plain.json().request).toMatchObject({ status: 'REJECTED', rejectReason: '' });
  });

  it('refuses a request over an existing day off (409 DAY_OFF_CLASH), and deletes a pending one', async () => {
    const clash = await call('POST', `${R}/${fx.codes.stylist}`, {
      payload: { kind: 'DAY_OFF', type: 'PERMIT', startDate: '2026-04-22', part: 'MORNING' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().reason).toBe('DAY_OFF_CLASH');
    const pending = (
      await call('POST', `${R}/${fx.codes.stylist}`, {
        payload: { kind: 'DAY_OFF', type: 'PERMIT', startDate: '2026-05-14', part: 'HOURS', startTime: '15:00', endTime: '17:00' },
      })
    ).json();
    expect(pending).toMatchObject({ part: 'HOURS', startTime: '15:00', endTime: '17:00', days: 0 });
    expect((await call('DELETE', `${R}/${fx.codes.stylist}/${pending.userShiftRequestId}`)).json()).toEqual({
      deleted: true,
      userShiftRequestId: pending.userShiftRequestId,
    });
    expect((await call('DELETE', `${R}/${fx.codes.stylist}/${pending.userShiftRequestId}`)).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a request missing what its kind needs', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'DAY_OFF', startDate: '2026-05-20' }, 'type'],
      [{ kind: 'DAY_OFF', type: 'SICK' }, 'startDate'],
      [{ kind: 'DAY_OFF', type: 'SICK', startDate: '2026-05-20', wantedStart: '2026-05-20T09:00' }, 'wantedStart'],
      [{ kind: 'SHIFT_CHANGE', wantedStart: '2026-05-20T09:00' }, 'wantedEnd'],
      [{ kind: 'SHIFT_CHANGE', wantedStart: '2026-05-20T09:00', wantedEnd: '2026-05-20T08:00' }, 'wantedEnd'],
      [{ kind: 'SHIFT_CHANGE', type: 'SICK', wantedStart: '2026-05-20T09:00', wantedEnd: '2026-05-20T12:00' }, 'type'],
      [
        { kind: 'SHIFT_CHANGE', wantedStart: '2026-05-20T09:00', wantedEnd: '2026-05-20T12:00', userTimeframeId: 999999 },
        'userTimeframeId',
      ],
    ];
    for (const [payload, parameter] of cases) {
      const res = await call('POST', `${R}/${fx.codes.stylist}`, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().parameter, JSON.stringify(payload)).toBe(parameter);
    }
    expect(
      (await call('POST', `${R}/${fx.codes.superadmin}`, { payload: { kind: 'DAY_OFF', type: 'SICK', startDate: '2026-05-20' } }))
        .statusCode,
    ).toBe(400);
  });

  it('approves a shift change by moving the shift; a clash leaves the request PENDING and nothing written', async () => {
    const [first, second] = (
      await call('POST', `/api/UserTimeframes/Multiple/${fx.codes.manager}`, {
        payload: [
          { salonId: fx.salon1, userId: fx.users.reception, dayStart: '2026-05-19T09:00', dayEnd: '2026-05-19T13:00' },
          { salonId: fx.salon1, userId: fx.users.reception, dayStart: '2026-05-19T15:00', dayEnd: '2026-05-19T19:00' },
        ],
      })
    ).json() as { userTimeframeId: number }[];
    const clashing = (
      await call('POST', `${R}/${fx.codes.reception}`, {
        payload: {
          kind: 'SHIFT_CHANGE',
          wantedStart: '2026-05-19T10:00',
          wantedEnd: '2026-05-19T16:00',
          userTimeframeId: first?.userTimeframeId,
        },
      })
    ).json();
    expect(clashing).toMatchObject({
      kind: 'SHIFT_CHANGE',
      type: null,
      startDate: '2026-05-19',
      wantedStartTime: '10:00',
      wantedEndTime: '16:00',
    });
    const refused = await call('POST', `${R}/Approve/${fx.codes.manager}/${clashing.userShiftRequestId}`, { payload: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().clash).toMatchObject({ userTimeframeId: second?.userTimeframeId });
    const still = (await call('GET', `${R}/User/${fx.codes.reception}/${fx.users.reception}`)).json();
    expect(still.find((r: { userShiftRequestId: number }) => r.userShiftRequestId === clashing.userShiftRequestId).status).toBe('PENDING');
    const edited = await call('PUT', `${R}/${fx.codes.reception}/${clashing.userShiftRequestId}`, {
      payload: {
        kind: 'SHIFT_CHANGE',
        wantedStart: '2026-05-19T10:00',
        wantedEnd: '2026-05-19T15:00',
        userTimeframeId: first?.userTimeframeId,
      },
    });
    expect(edited.statusCode).toBe(200);
    const approved = await call('POST', `${R}/Approve/${fx.codes.manager}/${clashing.userShiftRequestId}`, { payload: {} });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().shift).toMatchObject({
      userTimeframeId: first?.userTimeframeId,
      startTime: '10:00',
      endTime: '15:00',
      recurrenceId: null,
    });
    expect(approved.json().dayOff).toBeNull();
  });

  it('approves a shift change without a shift to replace by adding the shift', async () => {
    const req = (
      await call('POST', `${R}/${fx.codes.stylist2}`, {
        payload: { kind: 'SHIFT_CHANGE', wantedStart: '2026-06-16T12:00', wantedEnd: '2026-06-16T20:00' },
      })
    ).json();
    const approved = await call('POST', `${R}/Approve/${fx.codes.superadmin}/${req.userShiftRequestId}`, { payload: {} });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().shift).toMatchObject({ userId: fx.users.stylist2, day: '2026-06-16', startTime: '12:00', endTime: '20:00' });
  });

  it("approves a shift change sent without the shift it moves by moving the day's shift, not adding a second", async () => {
    const [existing] = (
      await call('POST', `/api/UserTimeframes/Multiple/${fx.codes.manager}`, {
        payload: { salonId: fx.salon1, userId: fx.users.stylist2, dayStart: '2026-06-17T10:00', dayEnd: '2026-06-17T19:00' },
      })
    ).json() as { userTimeframeId: number }[];
    const req = (
      await call('POST', `${R}/${fx.codes.stylist2}`, {
        payload: { kind: 'SHIFT_CHANGE', wantedStart: '2026-06-17T12:00', wantedEnd: '2026-06-17T20:00', userTimeframeId: null },
      })
    ).json();
    expect(req.userTimeframeId).toBe(existing?.userTimeframeId);
    // A request stored before without its shift is resolved on approval too.
    await t.db.updateTable('user_shift_requests').set({ user_timeframe_id: null }).where('id', '=', req.userShiftRequestId).execute();
    const approved = await call('POST', `${R}/Approve/${fx.codes.manager}/${req.userShiftRequestId}`, { payload: {} });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().shift).toMatchObject({ userTimeframeId: existing?.userTimeframeId, startTime: '12:00', endTime: '20:00' });
    const day = (
      await call('GET', `/api/UserTimeframes/UserAndDates/${fx.codes.stylist2}/${fx.users.stylist2}`, {
        query: { fromDate: '2026-06-17', toDate: '2026-06-17' },
      })
    ).json();
    expect(day.map((s: { startTime: string }) => s.startTime)).toEqual(['12:00']);
  });

  it('lets only one of two concurrent approvals through', async () => {
    const req = (
      await call('POST', `${R}/${fx.codes.reception}`, { payload: { kind: 'DAY_OFF', type: 'SICK', startDate: '2026-06-23' } })
    ).json();
    const results = await Promise.all([
      call('POST', `${R}/Approve/${fx.codes.manager}/${req.userShiftRequestId}`, { payload: {} }),
      call('POST', `${R}/Approve/${fx.codes.superadmin}/${req.userShiftRequestId}`, { payload: {} }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await t.db.selectFrom('user_shifts').select('id').where('user_shift_request_id', '=', req.userShiftRequestId).execute(),
    ).toHaveLength(1);
  });
});

describe('cancelling an approved day off (today pinned to Wednesday 18 March 2026; closed Sunday and Monday)', () => {
  const taken = async (userId: number) =>
    (await call('GET', `/api/UserTimeframes/UserRemainingDays/${fx.codes.manager}/${userId}`, { query: { year: 2026 } })).json()
      .takenDays as number;
  const daysOffOf = async (userId: number) =>
    (
      (
        await call('GET', `/api/UserShifts/User/${fx.codes.manager}/${userId}`, { query: { fromDate: '2026-01-01', toDate: '2026-12-31' } })
      ).json() as {
        startDate: string;
        endDate: string;
        days: number;
        userShiftRequestId: number | null;
      }[]
    ).map((d) => [d.startDate, d.endDate, d.days, d.userShiftRequestId]);

  it('lets the person cancel their own before it starts: CANCELLED with who and when, the day off gone, the allowance back', async () => {
    const before = await taken(fx.users.reception);
    // Friday 5 - Tuesday 9 June: Friday, Saturday and Tuesday are open, Sunday and Monday closed: 3 days.
    const asked = await call('POST', `${R}/${fx.codes.reception}`, {
      payload: { kind: 'DAY_OFF', type: 'HOLIDAY', startDate: '2026-06-05', endDate: '2026-06-09' },
    });
    const id = asked.json().userShiftRequestId as number;
    const approved = await call('POST', `${R}/Approve/${fx.codes.manager}/${id}`, { payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const dayOffId = approved.json().dayOff.userShiftId as number;
    expect(await taken(fx.users.reception)).toBe(before + 3);

    const res = await call('POST', `${R}/Cancel/${fx.codes.reception}/${id}`, { payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.request).toMatchObject({
      status: 'CANCELLED',
      decidedBy: fx.users.manager,
      cancelledBy: fx.users.reception,
      cancelledByName: 'reception Test',
    });
    expect(Date.parse(body.request.cancelledAt)).not.toBeNaN();
    expect(body).toMatchObject({ removedDayOffIds: [dayOffId], shortenedDayOff: null });
    expect((await daysOffOf(fx.users.reception)).filter(([, , , requestId]) => requestId === id)).toEqual([]);
    expect(await taken(fx.users.reception)).toBe(before);
    // The list reads CANCELLED too, and a second cancel is refused.
    const list = await call('GET', `${R}/User/${fx.codes.reception}/${fx.users.reception}`, {
      query: { fromDate: '2026-06-01', toDate: '2026-06-30' },
    });
    expect(list.json().find((r: { userShiftRequestId: number }) => r.userShiftRequestId === id)?.status).toBe('CANCELLED');
    const again = await call('POST', `${R}/Cancel/${fx.codes.manager}/${id}`, { payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('NOT_CANCELLABLE');
  });

  it('lets only a manager of the salon cancel one already begun, keeping the days before today', async () => {
    const before = await taken(fx.users.reception);
    // Tuesday 17 - Saturday 21 March, approved: 5 open days, Tuesday 17 already taken.
    const request = await insertApprovedHoliday(fx.users.reception, '2026-03-17', '2026-03-21', '2026-03-01T10:00:00Z');
    const id = Number(request.id);
    await t.db
      .insertInto('user_shifts')
      .values({
        salon_id: fx.salon1,
        user_id: fx.users.reception,
        start_day: '2026-03-17',
        end_day: '2026-03-21',
        type: 'HOLIDAY',
        user_shift_request_id: id,
      })
      .execute();
    expect(await taken(fx.users.reception)).toBe(before + 5);
    for (const who of ['reception', 'stylist', 'manager2'] as const) {
      const refused = await call('POST', `${R}/Cancel/${fx.codes[who]}/${id}`, { payload: {} });
      expect([who, refused.statusCode]).toEqual([who, 403]);
    }
    const res = await call('POST', `${R}/Cancel/${fx.codes.manager}/${id}`, { payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      request: { status: 'CANCELLED', cancelledBy: fx.users.manager },
      removedDayOffIds: [],
      shortenedDayOff: { startDate: '2026-03-17', endDate: '2026-03-17', days: 1 },
    });
    expect((await daysOffOf(fx.users.reception)).filter(([, , , requestId]) => requestId === id)).toEqual([
      ['2026-03-17', '2026-03-17', 1, id],
    ]);
    expect(await taken(fx.users.reception)).toBe(before + 1);
  });

  it('marks the request CANCELLED when a manager deletes the day off it wrote', async () => {
    const asked = await call('POST', `${R}/${fx.codes.reception}`, {
      payload: { kind: 'DAY_OFF', type: 'HOLIDAY', startDate: '2026-09-04' },
    });
    const id = asked.json().userShiftRequestId as number;
    const approved = await call('POST', `${R}/Approve/${fx.codes.manager}/${id}`, { payload: {} });
    const deleted = await call('DELETE', `/api/UserShifts/${fx.codes.manager}/${approved.json().dayOff.userShiftId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const list = await call('GET', `${R}/User/${fx.codes.reception}/${fx.users.reception}`, {
      query: { fromDate: '2026-09-01', toDate: '2026-09-30' },
    });
    expect(list.json().find((r: { userShiftRequestId: number }) => r.userShiftRequestId === id)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: fx.users.manager,
    });
  });

  it('refuses a pending request, a shift change, a day off already over (409 NOT_CANCELLABLE) and an unknown one (404)', async () => {
    const pending = await call('POST', `${R}/${fx.codes.reception}`, {
      payload: { kind: 'DAY_OFF', type: 'SICK', startDate: '2026-07-07' },
    });
    const pendingId = pending.json().userShiftRequestId as number;
    const res = await call('POST', `${R}/Cancel/${fx.codes.manager}/${pendingId}`, { payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('NOT_CANCELLABLE');
    const past = await insertApprovedHoliday(fx.users.reception, '2026-02-10', '2026-02-11', '2026-02-01T10:00:00Z');
    const over = await call('POST', `${R}/Cancel/${fx.codes.manager}/${past.id}`, { payload: {} });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('ended on 2026-02-11');
    expect((await call('POST', `${R}/Cancel/${fx.codes.manager}/999999`, { payload: {} })).statusCode).toBe(404);
  });
});
