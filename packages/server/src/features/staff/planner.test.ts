import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { caller, type StaffFixture, seedStaffFixture } from './staff.fixture.js';

let t: TestApp;
let fx: StaffFixture;
let call: ReturnType<typeof caller>;
let serviceId: number;
let otherServiceId: number;
let clientId: number;
let otherSalonClient: number;
const ids: Record<string, number> = {};

/** 2026-03-18 is a Wednesday; Rome is UTC+1 until 29 March. */
beforeAll(async () => {
  t = await createTestApp({ demoToday: '2026-03-18' });
  fx = await seedStaffFixture(t.db, t.app);
  call = caller(t.app);
  const service = async (name: string, minutes: number) =>
    (
      await t.db
        .insertInto('services')
        .values({ name, category: 'COLOUR', duration_minutes: minutes, list_price_cents: 6000 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  serviceId = await service('Colore', 90);
  otherServiceId = await service('Piega', 30);
  const client = async (salonId: number, name: string) =>
    (
      await t.db
        .insertInto('clients')
        .values({ salon_id: salonId, first_name: name, last_name: 'Rossi' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  clientId = await client(fx.salon1, 'Giulia');
  otherSalonClient = await client(fx.salon2, 'Marta');
  const appointment = async (
    day: string,
    start: string,
    end: string,
    staffId: number,
    status: 'BOOKED' | 'DONE' | 'CANCELLED',
    who = clientId,
  ) =>
    (
      await t.db
        .insertInto('appointments')
        .values({ salon_id: fx.salon1, client_id: who, staff_id: staffId, day, start_at: new Date(start), end_at: new Date(end), status })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  // History: the stylist did the colour 3 times, the reception once, stylist2 only the other service.
  ids.done1 = await appointment('2026-02-10', '2026-02-10T09:00:00Z', '2026-02-10T10:30:00Z', fx.users.stylist, 'DONE');
  ids.done2 = await appointment('2026-03-03', '2026-03-03T09:00:00Z', '2026-03-03T10:30:00Z', fx.users.stylist, 'DONE');
  const line = (day: string, appointmentId: number, staffId: number, service: number) => ({
    salon_id: fx.salon1,
    appointment_id: appointmentId,
    client_id: clientId,
    staff_id: staffId,
    day,
    kind: 'SERVICE' as const,
    service_id: service,
    category: 'COLOUR' as const,
    quantity: 1,
    list_amount_cents: 6000,
    paid_amount_cents: 6000,
    discount_cents: 0,
    recommended: false,
  });
  await t.db
    .insertInto('sale_lines')
    .values([
      line('2026-02-10', ids.done1, fx.users.stylist, serviceId),
      line('2026-03-03', ids.done2, fx.users.stylist, serviceId),
      line('2026-03-03', ids.done2, fx.users.stylist, serviceId),
      line('2026-03-03', ids.done2, fx.users.reception, serviceId),
      line('2026-03-03', ids.done2, fx.users.stylist2, otherServiceId),
    ])
    .execute();
  // Shifts on Wednesday 18 March: stylist 09:00-13:00 and 14:00-18:00, reception 09:00-10:00, stylist2 09:00-18:00.
  await call('POST', `/api/UserTimeframes/Multiple/${fx.codes.manager}`, {
    payload: [
      { salonId: fx.salon1, userId: fx.users.stylist, dayStart: '2026-03-18T09:00', dayEnd: '2026-03-18T13:00' },
      { salonId: fx.salon1, userId: fx.users.stylist, dayStart: '2026-03-18T14:00', dayEnd: '2026-03-18T18:00' },
      { salonId: fx.salon1, userId: fx.users.reception, dayStart: '2026-03-18T09:00', dayEnd: '2026-03-18T10:00' },
      { salonId: fx.salon1, userId: fx.users.stylist2, dayStart: '2026-03-18T09:00', dayEnd: '2026-03-18T18:00' },
      { salonId: fx.salon1, userId: fx.users.manager, dayStart: '2026-03-20T09:00', dayEnd: '2026-03-20T18:30' },
    ],
  });
  // The stylist is booked 10:00-11:00 and 14:00-14:30 (a cancelled 16:00 does not count).
  ids.booked1 = await appointment('2026-03-18', '2026-03-18T09:00:00Z', '2026-03-18T10:00:00Z', fx.users.stylist, 'BOOKED');
  ids.booked2 = await appointment('2026-03-18', '2026-03-18T13:00:00Z', '2026-03-18T13:30:00Z', fx.users.stylist, 'BOOKED');
  await appointment('2026-03-18', '2026-03-18T15:00:00Z', '2026-03-18T16:00:00Z', fx.users.stylist, 'CANCELLED');
  // The client's next bookings: 25 March and 1 April.
  ids.next1 = await appointment('2026-03-25', '2026-03-25T09:00:00Z', '2026-03-25T10:00:00Z', fx.users.stylist, 'BOOKED');
  ids.next2 = await appointment('2026-04-01', '2026-04-01T08:00:00Z', '2026-04-01T09:00:00Z', fx.users.stylist, 'BOOKED');
  // stylist2 is off on Wednesday 18 (whole day): written directly, bypassing the API that would remove the shift.
  await t.db
    .insertInto('user_shifts')
    .values({ salon_id: fx.salon1, user_id: fx.users.stylist2, start_day: '2026-03-18', end_day: '2026-03-18', type: 'SICK' })
    .execute();
});
afterAll(() => t.close());

describe('GET /api/Users/GetOnlyWorking', () => {
  it('lists staff with a shift that day who are not off', async () => {
    const res = await call('GET', `/api/Users/GetOnlyWorking/${fx.codes.stylist}`, { query: { date: '2026-03-18' } });
    expect(res.statusCode).toBe(200);
    // A stylist sees colleagues by id and name only (no usernames): the reception and themselves.
    expect(res.json().map((u: { userId: number }) => u.userId)).toEqual([fx.users.reception, fx.users.stylist]);
    expect((await call('GET', `/api/Users/GetOnlyWorking/${fx.codes.stylist}`)).json().length).toBe(2);
  });
});

describe('GET /api/UserServices/ServiceAvailable/{serviceId}', () => {
  it('lists who performs the service with their free time that day (shift minus booked appointments)', async () => {
    const res = await call('GET', `/api/UserServices/ServiceAvailable/${fx.codes.reception}/${serviceId}`, {
      query: { date: '2026-03-18' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ serviceId, serviceName: 'Colore', durationMinutes: 90, date: '2026-03-18' });
    const [stylist, reception] = body.staff;
    expect(stylist).toMatchObject({ userId: fx.users.stylist, servicesDone: 3, lastDone: '2026-03-03', isOff: false, freeMinutes: 390 });
    expect(stylist.freeSlots.map((s: { startTime: string; endTime: string }) => `${s.startTime}-${s.endTime}`)).toEqual([
      '09:00-10:00',
      '11:00-13:00',
      '14:30-18:00',
    ]);
    expect(reception).toMatchObject({ userId: fx.users.reception, servicesDone: 1, freeMinutes: 60 });
    expect(body.staff).toHaveLength(2);
  });

  it('filters with onlyWithShiftIn (a free slot as long as the service) and onlyTimeframes (working that day, not off)', async () => {
    const url = `/api/UserServices/ServiceAvailable/${fx.codes.manager}`;
    const long = (await call('GET', `${url}/${serviceId}`, { query: { date: '2026-03-18', onlyWithShiftIn: true } })).json();
    expect(long.staff.map((s: { userId: number }) => s.userId)).toEqual([fx.users.stylist]);
    const other = (await call('GET', `${url}/${otherServiceId}`, { query: { date: '2026-03-18' } })).json();
    expect(other.staff).toEqual([expect.objectContaining({ userId: fx.users.stylist2, isOff: true, freeSlots: [], freeMinutes: 0 })]);
    expect((await call('GET', `${url}/${otherServiceId}`, { query: { date: '2026-03-18', onlyTimeframes: true } })).json().staff).toEqual(
      [],
    );
    const monday = (await call('GET', `${url}/${serviceId}`, { query: { date: '2026-03-16', onlyTimeframes: true } })).json();
    expect(monday.staff).toEqual([]);
    expect((await call('GET', `${url}/999999`)).statusCode).toBe(404);
    expect((await call('GET', `${url}/${serviceId}`, { query: { salonId: fx.salon2 } })).statusCode).toBe(403);
    expect((await call('GET', `${url}/${serviceId}`, { query: { date: '2026-02-30' } })).statusCode).toBe(400);
  });
});

describe('GET /api/Agendas/NextClient and /api/Appointments/Last', () => {
  it("answers the client's next BOOKED appointment after the date", async () => {
    const next = async (date?: string) =>
      (await call('GET', `/api/Agendas/NextClient/${fx.codes.reception}`, { query: { clientId, date } })).json().appointment;
    expect((await next('2026-03-18')).appointmentId).toBe(ids.next1);
    expect((await next()).appointmentId).toBe(ids.next1);
    expect((await next('2026-03-17')).appointmentId).toBe(ids.booked1);
    expect((await next('2026-03-25')).appointmentId).toBe(ids.next2);
    expect(await next('2026-04-01')).toBeNull();
    expect((await next('2026-03-25')).startTime).toBe('10:00');
  });

  it('answers the last DONE appointment, or null', async () => {
    const last = await call('GET', `/api/Appointments/Last/${fx.codes.stylist}`, { query: { clientId } });
    expect(last.statusCode).toBe(200);
    expect(last.json().appointment).toMatchObject({
      appointmentId: ids.done2,
      status: 'DONE',
      day: '2026-03-03',
      clientName: 'Giulia Rossi',
    });
    const none = await call('GET', `/api/Appointments/Last/${fx.codes.manager2}`, { query: { clientId: otherSalonClient } });
    expect(none.json()).toEqual({ appointment: null });
  });

  it("refuses another salon's client (403), an unknown client (404), a missing clientId (400)", async () => {
    expect((await call('GET', `/api/Appointments/Last/${fx.codes.stylist}`, { query: { clientId: otherSalonClient } })).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/Agendas/NextClient/${fx.codes.stylist}`, { query: { clientId: otherSalonClient } })).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/Appointments/Last/${fx.codes.stylist}`, { query: { clientId: 999999 } })).statusCode).toBe(404);
    expect((await call('GET', `/api/Appointments/Last/${fx.codes.stylist}`)).statusCode).toBe(400);
    expect((await call('GET', `/api/Appointments/Last/${fx.codes.superadmin}`, { query: { clientId: otherSalonClient } })).statusCode).toBe(
      200,
    );
  });
});

describe('GET /api/UserTimeframes/Planner', () => {
  it('answers the week Monday..Sunday: days with opening hours, staff with hours, shifts, days off, pending requests', async () => {
    await call('POST', `/api/UserShiftRequests/${fx.codes.reception}`, {
      payload: { kind: 'DAY_OFF', type: 'HOLIDAY', startDate: '2026-03-21' },
    });
    const res = await call('GET', `/api/UserTimeframes/Planner/${fx.codes.manager}`, { query: { fromDate: '2026-03-19' } });
    expect(res.statusCode).toBe(200);
    const week = res.json();
    expect(week).toMatchObject({
      salonId: fx.salon1,
      timeZone: 'Europe/Rome',
      today: '2026-03-18',
      fromDate: '2026-03-16',
      toDate: '2026-03-22',
    });
    expect(week.days.map((d: { isOpen: boolean }) => d.isOpen)).toEqual([false, true, true, true, true, true, false]);
    expect(week.days[1]).toEqual({ date: '2026-03-17', weekday: 2, isOpen: true, opens: '09:00', closes: '19:00', holiday: null });
    // Every salon user employed that week (stylist2 from 1 March), superadmin excluded.
    expect(week.staff.map((s: { firstName: string }) => s.firstName)).toEqual(['manager', 'reception', 'stylist', 'stylist2']);
    const hours = Object.fromEntries(
      week.staff.map((s: { firstName: string; hours: number; shiftCount: number }) => [s.firstName, [s.hours, s.shiftCount]]),
    );
    expect(hours).toEqual({ manager: [9.5, 1], reception: [1, 1], stylist: [8, 2], stylist2: [9, 1] });
    expect(week.shifts).toHaveLength(5);
    expect(week.daysOff).toEqual([expect.objectContaining({ userId: fx.users.stylist2, type: 'SICK', days: 1 })]);
    expect(week.pendingRequests).toEqual([
      expect.objectContaining({ userId: fx.users.reception, startDate: '2026-03-21', status: 'PENDING' }),
    ]);
  });

  it('gives a non-manager their own row only, and asks a superadmin for the salon', async () => {
    const own = (await call('GET', `/api/UserTimeframes/Planner/${fx.codes.stylist}`)).json();
    expect(own.staff.map((s: { userId: number }) => s.userId)).toEqual([fx.users.stylist]);
    expect(own.shifts.every((s: { userId: number }) => s.userId === fx.users.stylist)).toBe(true);
    expect((await call('GET', `/api/UserTimeframes/Planner/${fx.codes.superadmin}`)).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/UserTimeframes/Planner/${fx.codes.superadmin}`, { query: { salonId: fx.salon1 } })).json().staff,
    ).toHaveLength(4);
  });
});
