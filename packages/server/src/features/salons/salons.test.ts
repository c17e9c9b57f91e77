import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCode } from '../../lib/session-code.js';
import { createTestApp, insertUser, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let fx: Awaited<ReturnType<typeof seedAccessFixture>>;

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedAccessFixture(t.db);
  await t.db
    .updateTable('salons')
    .set({ address: 'Via Roma 1', time_zone: 'Europe/Rome', opening_hours: JSON.stringify({ monday: null, tuesday: ['09:00', '19:00'] }) })
    .where('id', '=', fx.salon1)
    .execute();
});
afterAll(() => t.close());

const salons = (code: string) => t.app.inject({ method: 'GET', url: `/api/Salons/${code}` });

describe('GET /api/Salons/{SESSIONCODE}', () => {
  it('lists every salon to a SUPERADMIN, with address, time zone and opening hours', async () => {
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
        openingHours: { monday: null, tuesday: ['09:00', '19:00'] },
      },
      { id: fx.salon2, name: 'Salone Due', code: 'S2', city: 'Milano', address: '', timeZone: 'Europe/Rome', openingHours: {} },
    ]);
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
