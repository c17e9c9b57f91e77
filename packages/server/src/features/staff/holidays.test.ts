import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { caller, type StaffFixture, seedStaffFixture } from './staff.fixture.js';

let t: TestApp;
let fx: StaffFixture;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ demoToday: '2025-12-10' });
  fx = await seedStaffFixture(t.db, t.app);
  call = caller(t.app);
});
afterAll(() => t.close());

const H = '/api/SalonHolidays';

describe('the holiday calendar (/api/SalonHolidays)', () => {
  let closureId: number;

  it("answers the national holidays of the salon's current year to every role of the salon", async () => {
    const res = await call('GET', `${H}/${fx.codes.stylist}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ salonId: fx.salon1, fromDate: '2025-01-01', toDate: '2025-12-31', closures: [], patronDay: null });
    expect(body.days).toHaveLength(11);
    expect(body.days[2]).toEqual({
      date: '2025-04-21',
      kind: 'NATIONAL',
      holiday: 'EASTER_MONDAY',
      label: 'Easter Monday',
      closureId: null,
    });
  });

  it('lets the manager add, change and remove a closure and set the patron-saint day; the staff see them', async () => {
    const created = await call('POST', `${H}/Closures/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, startDate: '2026-01-02', endDate: '2026-01-03', label: ' Winter closure ' },
    });
    expect(created.statusCode).toBe(200);
    closureId = created.json().closureId;
    expect(created.json()).toEqual({
      closureId,
      salonId: fx.salon1,
      startDate: '2026-01-02',
      endDate: '2026-01-03',
      label: 'Winter closure',
    });
    const patron = await call('PUT', `${H}/PatronDay/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, patronDay: { month: 12, day: 7, label: 'Sant’Ambrogio' } },
    });
    expect(patron.json()).toEqual({ salonId: fx.salon1, patronDay: { month: 12, day: 7, label: 'Sant’Ambrogio' } });
    const seen = await call('GET', `${H}/${fx.codes.stylist}`, { query: { fromDate: '2025-12-01', toDate: '2026-01-10' } });
    expect(seen.json().days.map((d: { date: string; kind: string }) => `${d.date} ${d.kind}`)).toEqual([
      '2025-12-07 PATRON',
      '2025-12-08 NATIONAL',
      '2025-12-25 NATIONAL',
      '2025-12-26 NATIONAL',
      '2026-01-01 NATIONAL',
      '2026-01-02 CLOSURE',
      '2026-01-03 CLOSURE',
      '2026-01-06 NATIONAL',
    ]);
    expect(seen.json().closures).toEqual([created.json()]);
    const changed = await call('PUT', `${H}/Closures/${fx.codes.manager}/${closureId}`, {
      payload: { startDate: '2026-01-02', label: 'Inventory' },
    });
    expect(changed.json()).toMatchObject({ startDate: '2026-01-02', endDate: '2026-01-02', label: 'Inventory' });
    const extra = await call('POST', `${H}/Closures/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, startDate: '2026-08-10', label: 'August closure' },
    });
    expect((await call('DELETE', `${H}/Closures/${fx.codes.manager}/${extra.json().closureId}`)).json()).toEqual({
      deleted: true,
      closureId: extra.json().closureId,
    });
    const cleared = await call('PUT', `${H}/PatronDay/${fx.codes.superadmin}`, { payload: { salonId: fx.salon2, patronDay: null } });
    expect(cleared.json()).toEqual({ salonId: fx.salon2, patronDay: null });
  });

  it("refuses another salon's manager (403), staff writes (403), an unknown closure (404) and an overlap (409)", async () => {
    const payload = { salonId: fx.salon1, startDate: '2026-03-03', label: 'x' };
    expect((await call('POST', `${H}/Closures/${fx.codes.manager2}`, { payload })).statusCode).toBe(403);
    expect((await call('POST', `${H}/Closures/${fx.codes.stylist}`, { payload })).statusCode).toBe(403);
    expect((await call('GET', `${H}/${fx.codes.manager2}`, { query: { salonId: fx.salon1 } })).statusCode).toBe(403);
    expect(
      (await call('PUT', `${H}/Closures/${fx.codes.manager2}/${closureId}`, { payload: { startDate: '2026-01-02', label: 'y' } }))
        .statusCode,
    ).toBe(403);
    expect((await call('DELETE', `${H}/Closures/${fx.codes.manager2}/${closureId}`)).statusCode).toBe(403);
    expect(
      (
        await call('PUT', `${H}/PatronDay/${fx.codes.manager2}`, {
          payload: { salonId: fx.salon1, patronDay: { month: 1, day: 2, label: 'x' } },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `${H}/Closures/${fx.codes.manager}/999999`)).statusCode).toBe(404);
    const clash = await call('POST', `${H}/Closures/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, startDate: '2025-12-30', endDate: '2026-01-02', label: 'Holidays' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ reason: 'CLOSURE_CLASH', closureId });
  });

  it('answers bad dates with a 400 naming the problem', async () => {
    const bad = async (payload: Record<string, unknown>) => {
      const res = await call('POST', `${H}/Closures/${fx.codes.manager}`, { payload: { salonId: fx.salon1, label: 'x', ...payload } });
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect((await bad({ startDate: '2026-02-30' })).message).toMatch(/startDate/);
    expect(await bad({ startDate: '2026-03-10', endDate: '2026-03-09' })).toMatchObject({
      parameter: 'endDate',
      message: 'endDate (2026-03-09) is before startDate (2026-03-10)',
    });
    expect(await bad({ startDate: '2026-01-01', endDate: '2027-01-02' })).toMatchObject({ parameter: 'endDate' });
    expect(await bad({ startDate: '2026-03-10', label: '   ' })).toMatchObject({ parameter: 'label' });
    const leap = await call('PUT', `${H}/PatronDay/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, patronDay: { month: 2, day: 29, label: 'x' } },
    });
    expect(leap.statusCode).toBe(400);
    expect(leap.json()).toMatchObject({ parameter: 'patronDay.day', message: 'There is no day 29 in month 2 every year' });
    const range = await call('GET', `${H}/${fx.codes.manager}`, { query: { fromDate: '2026-01-10', toDate: '2026-01-01' } });
    expect(range.statusCode).toBe(400);
    expect(range.json().parameter).toBe('toDate');
  });
});

describe('working days leave out holidays, closures and the patron-saint day', () => {
  it('a request 29 Dec 2025 - 9 Jan 2026 counts 6 working days', async () => {
    // The salon closes on Sunday and Monday. Mon 29 Dec closed; Tue 30, Wed 31 work; Thu 1 Jan New Year;
    // Fri 2 Jan the Inventory closure; Sat 3 works; Sun 4, Mon 5 closed; Tue 6 Epiphany; Wed 7, Thu 8,
    // Fri 9 work: 30, 31, 3, 7, 8, 9 = 6 (it was 9 before holidays and closures counted).
    const res = await call('POST', `/api/UserShiftRequests/${fx.codes.stylist}`, {
      payload: { kind: 'DAY_OFF', type: 'HOLIDAY', startDate: '2025-12-29', endDate: '2026-01-09' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().days).toBe(6);
    // Pending in 2025: 30 and 31 December; in 2026: 3, 7, 8, 9 January.
    const url = `/api/UserTimeframes/UserRemainingDays/${fx.codes.stylist}/${fx.users.stylist}`;
    expect((await call('GET', url, { query: { year: 2025 } })).json()).toMatchObject({ pendingDays: 2 });
    expect((await call('GET', url, { query: { year: 2026 } })).json()).toMatchObject({ pendingDays: 4 });
  });

  it('a day off 1-12 Dec 2026 takes 8 days from the allowance', async () => {
    // Tue 1, Wed 2 work; Thu 3 the patron-saint day (set to 3 December below); Fri 4, Sat 5 work; Sun 6,
    // Mon 7 closed; Tue 8 Immaculate Conception; Wed 9 .. Sat 12 work: 1, 2, 4, 5, 9, 10, 11, 12 = 8.
    await call('PUT', `/api/SalonHolidays/PatronDay/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, patronDay: { month: 12, day: 3, label: 'San Francesco Saverio' } },
    });
    const res = await call('POST', `/api/UserShifts/${fx.codes.manager}`, {
      payload: { salonId: fx.salon1, userId: fx.users.stylist2, startDate: '2026-12-01', endDate: '2026-12-12', type: 'HOLIDAY' },
    });
    expect(res.json().days).toBe(8);
    const url = `/api/UserTimeframes/UserRemainingDays/${fx.codes.manager}/${fx.users.stylist2}`;
    expect((await call('GET', url, { query: { year: 2026 } })).json()).toMatchObject({ takenDays: 8, remainingDays: 16 });
  });

  it('the planner marks a holiday closed and names it', async () => {
    const res = await call('GET', `/api/UserTimeframes/Planner/${fx.codes.manager}`, { query: { fromDate: '2026-01-01' } });
    const days = res.json().days as { date: string; isOpen: boolean; opens: string | null; holiday: { label: string } | null }[];
    // Thursday 1 January opens on its weekday but is New Year's Day; Friday 2 is the Inventory closure.
    expect(days[3]).toMatchObject({
      date: '2026-01-01',
      isOpen: false,
      opens: null,
      holiday: { kind: 'NATIONAL', label: "New Year's Day" },
    });
    expect(days[4]).toMatchObject({ date: '2026-01-02', isOpen: false, holiday: { kind: 'CLOSURE', label: 'Inventory' } });
    expect(days[5]).toMatchObject({ date: '2026-01-03', isOpen: true, opens: '09:00', holiday: null });
  });
});
