import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSessionCode } from '../../lib/session-code.js';
import { createTestApp, insertUser, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let fx: Awaited<ReturnType<typeof seedAccessFixture>>;

beforeAll(async () => {
  // DEMO_TODAY pins every salon's today.
  t = await createTestApp({ demoToday: '2026-11-20' });
  fx = await seedAccessFixture(t.db);
  await t.db
    .updateTable('salons')
    .set({ address: 'Via Roma 1', time_zone: 'Europe/Rome', opening_hours: JSON.stringify({ monday: null, tuesday: ['09:00', '19:00'] }) })
    .where('id', '=', fx.salon1)
    .execute();
});
afterAll(() => t.close());

const salons = (code: string, on: TestApp = t) => on.app.inject({ method: 'GET', url: `/api/Salons/${code}` });

describe('GET /api/Salons/{SESSIONCODE}', () => {
  it('lists every salon to a SUPERADMIN, with address, time zone, today and opening hours', async () => {
    const res = await salons(await signIn(t.app, 'superadmin'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: fx.salon1,
        name: 'Salone Uno',
        code: 'S1',
        city: 'Milano',
        address: 'Via Roma 1',
        timeZone: 'Europe/Rome',
        today: '2026-11-20',
        openingHours: { monday: null, tuesday: ['09:00', '19:00'] },
      },
      {
        id: fx.salon2,
        name: 'Salone Due',
        code: 'S2',
        city: 'Milano',
        address: '',
        timeZone: 'Europe/Rome',
        today: '2026-11-20',
        openingHours: {},
      },
    ]);
  });

  it("gives each salon today in its own time zone when no day is pinned, not the server's date", async () => {
    const unpinned = await createTestApp({}, t.database);
    await t.db.updateTable('salons').set({ time_zone: 'America/New_York' }).where('id', '=', fx.salon2).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 23:30 UTC on 22 November: already 00:30 on the 23rd in Rome, still 18:30 on the 22nd in New York.
      vi.setSystemTime(new Date('2026-11-22T23:30:00Z'));
      const code = await signIn(unpinned.app, 'superadmin');
      const res = await salons(code, unpinned);
      expect(res.json().map((s: { id: number; today: string }) => [s.id, s.today])).toEqual([
        [fx.salon1, '2026-11-23'],
        [fx.salon2, '2026-11-22'],
      ]);
    } finally {
      vi.useRealTimers();
      await t.db.updateTable('salons').set({ time_zone: 'Europe/Rome' }).where('id', '=', fx.salon2).execute();
      await unpinned.close();
    }
  });

  it('lists only their own salon to everyone else, whatever their role', async () => {
    for (const name of ['manager', 'reception', 'stylist', 'noroles']) {
      const res = await salons(await signIn(t.app, name));
      expect(
        res.json().map((s: { id: number }) => s.id),
        name,
      ).toEqual([fx.salon1]);
    }
    const two = await salons(await signIn(t.app, 'manager2'));
    expect(two.json().map((s: { id: number }) => s.id)).toEqual([fx.salon2]);
  });

  it('lists nothing to a chain-level user who is not a superadmin', async () => {
    await insertUser(t.db, 'floating', null, ['SALESMARKETING']);
    expect((await salons(await signIn(t.app, 'floating'))).json()).toEqual([]);
  });

  it('answers 401 to a forged or a revoked session code', async () => {
    const forged = createSessionCode('not-the-server-secret', new Date(Date.now() + 3_600_000));
    expect((await salons(forged)).statusCode).toBe(401);
    const code = await signIn(t.app, 'manager');
    await t.app.inject({ method: 'POST', url: '/api/Sessions/Logout/', query: { sessionCode: code } });
    expect((await salons(code)).statusCode).toBe(401);
  });
});
