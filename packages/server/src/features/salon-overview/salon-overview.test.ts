import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.js';
import { rebuildRollupModel } from '../../db/rollups/apply.js';
import { createTestApp, insertSalon, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';
import { getSalonOverview } from './salon-overview.query.js';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof seedAccessFixture>>;
let salon3: number;
let superadminCode: string;

async function appointment(db: Db, salonId: number, day: string, status: 'DONE' | 'BOOKED' | 'CANCELLED' | 'NO_SHOW'): Promise<number> {
  const row = await db
    .insertInto('appointments')
    .values({ salon_id: salonId, day, status, start_at: new Date(`${day}T10:00:00Z`), end_at: new Date(`${day}T11:00:00Z`) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function line(
  db: Db,
  salonId: number,
  day: string,
  paidCents: number,
  appointmentId: number | null,
  ids: { service: number; product: number },
) {
  const isService = appointmentId !== null;
  await db
    .insertInto('sale_lines')
    .values({
      salon_id: salonId,
      appointment_id: appointmentId,
      day,
      kind: isService ? 'SERVICE' : 'PRODUCT',
      service_id: isService ? ids.service : null,
      product_id: isService ? null : ids.product,
      category: isService ? 'HAIRCUT' : 'RESALE',
      list_amount_cents: paidCents,
      paid_amount_cents: paidCents,
    })
    .execute();
}

/*
 * Range 2026-03-01 .. 2026-03-31.
 * Salon Uno (Milano):
 *   DONE 03-05 with lines 3000 + 1500 (a product on the appointment) = 4500
 *   DONE 03-20 with a line of 2550
 *   CANCELLED 03-21, BOOKED 03-31: no lines, not counted
 *   DONE 02-28 with a line of 9999: before the range
 *   walk-in product line 03-31 of 800 (counts in revenue, not in appointments)
 *   revenue 4500 + 2550 + 800 = 7850 cents = 78.50; appointments 2; average 78.50 / 2 = 39.25
 * Salone Due (Roma):
 *   DONE 03-01 with 2000, DONE 03-15 with 1333, NO_SHOW 03-10; walk-in 04-01 of 500 (after the range)
 *   revenue 2000 + 1333 = 3333 cents = 33.33; appointments 2; average 33.33 / 2 = 16.665 -> 16.67
 * Salone Tre (Torino): nothing; 0, 0, 0.
 */
beforeAll(async () => {
  t = await createTestApp();
  fixture = await seedAccessFixture(t.db);
  const { salon1, salon2 } = fixture;
  await t.db.updateTable('salons').set({ city: 'Roma' }).where('id', '=', salon2).execute();
  salon3 = await insertSalon(t.db, 'Salone Tre', 'S3');
  await t.db.updateTable('salons').set({ city: 'Torino' }).where('id', '=', salon3).execute();
  const service = await t.db
    .insertInto('services')
    .values({ name: 'Taglio', category: 'HAIRCUT', duration_minutes: 30, list_price_cents: 3000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await t.db
    .insertInto('products')
    .values({ name: 'Shampoo', brand: 'B', category: 'RESALE', list_price_cents: 1500, unit_cost_cents: 700 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = { service: service.id, product: product.id };

  const a1 = await appointment(t.db, salon1, '2026-03-05', 'DONE');
  await line(t.db, salon1, '2026-03-05', 3000, a1, ids);
  await t.db
    .insertInto('sale_lines')
    .values({
      salon_id: salon1,
      appointment_id: a1,
      day: '2026-03-05',
      kind: 'PRODUCT',
      product_id: ids.product,
      category: 'RESALE',
      list_amount_cents: 1500,
      paid_amount_cents: 1500,
    })
    .execute();
  const a2 = await appointment(t.db, salon1, '2026-03-20', 'DONE');
  await line(t.db, salon1, '2026-03-20', 2550, a2, ids);
  await appointment(t.db, salon1, '2026-03-21', 'CANCELLED');
  await appointment(t.db, salon1, '2026-03-31', 'BOOKED');
  const before = await appointment(t.db, salon1, '2026-02-28', 'DONE');
  await line(t.db, salon1, '2026-02-28', 9999, before, ids);
  await line(t.db, salon1, '2026-03-31', 800, null, ids);

  const b1 = await appointment(t.db, salon2, '2026-03-01', 'DONE');
  await line(t.db, salon2, '2026-03-01', 2000, b1, ids);
  const b2 = await appointment(t.db, salon2, '2026-03-15', 'DONE');
  await line(t.db, salon2, '2026-03-15', 1333, b2, ids);
  await appointment(t.db, salon2, '2026-03-10', 'NO_SHOW');
  await line(t.db, salon2, '2026-04-01', 500, null, ids);
  // The fixture writes raw rows directly; the write path would refresh the rollups, here one rebuild does.
  await rebuildRollupModel(t.db);

  superadminCode = await signIn(t.app, 'superadmin');
});
afterAll(() => t.close());

describe('getSalonOverview', () => {
  it("sums each salon's paid amounts and DONE appointments in the range, ordered by name", async () => {
    const rows = await getSalonOverview(t.db, { fromDate: '2026-03-01', toDate: '2026-03-31' });
    expect(rows).toEqual([
      { id: fixture.salon2, name: 'Salone Due', city: 'Roma', revenue: 33.33, appointments: 2, averageTicket: 16.67 },
      { id: salon3, name: 'Salone Tre', city: 'Torino', revenue: 0, appointments: 0, averageTicket: 0 },
      { id: fixture.salon1, name: 'Salone Uno', city: 'Milano', revenue: 78.5, appointments: 2, averageTicket: 39.25 },
    ]);
  });

  it('includes both ends of the range', async () => {
    // Salon Uno on 02-28 .. 03-05: 9999 + 4500 = 14499 cents over 2 DONE appointments -> 144.99, 72.495 -> 72.50 (72.495 rounds half up in cents: 7249.5 -> 7250)
    const rows = await getSalonOverview(t.db, { fromDate: '2026-02-28', toDate: '2026-03-05' });
    expect(rows.find((r) => r.id === fixture.salon1)).toMatchObject({ revenue: 144.99, appointments: 2, averageTicket: 72.5 });
  });
});

describe('GET /api/Salons/Overview/{SESSIONCODE}', () => {
  it('answers the superadmin with the range and every salon', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/Salons/Overview/${superadminCode}`,
      query: { fromDate: '2026-03-01', toDate: '2026-03-31' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fromDate).toBe('2026-03-01');
    expect(body.toDate).toBe('2026-03-31');
    expect(body.salons.map((s: { name: string; revenue: number }) => [s.name, s.revenue])).toEqual([
      ['Salone Due', 33.33],
      ['Salone Tre', 0],
      ['Salone Uno', 78.5],
    ]);
  });

  it('defaults to the current month up to today, the day DEMO_TODAY pins', async () => {
    const pinned = await createTestApp({ demoToday: '2026-03-20' }, t.database);
    try {
      const res = await pinned.app.inject({ method: 'GET', url: `/api/Salons/Overview/${await signIn(pinned.app, 'superadmin')}` });
      expect(res.statusCode).toBe(200);
      // Salone Uno without the walk-in of 03-31: 4500 + 2550 = 70.50 over 2 appointments.
      expect(res.json()).toMatchObject({
        fromDate: '2026-03-01',
        toDate: '2026-03-20',
        salons: [
          { name: 'Salone Due', revenue: 33.33, appointments: 2 },
          { name: 'Salone Tre', revenue: 0 },
          { name: 'Salone Uno', revenue: 70.5, appointments: 2 },
        ],
      });
    } finally {
      await pinned.close();
    }
  });

  it("takes today in the chain's time zone (Rome), not the server's UTC date", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 22:30 UTC on 31 March 2026 is 00:30 on 1 April in Rome (summer time since 29 March).
      vi.setSystemTime(new Date('2026-03-31T22:30:00Z'));
      const res = await t.app.inject({ method: 'GET', url: `/api/Salons/Overview/${await signIn(t.app, 'superadmin')}` });
      // 1 April: only Salone Due's walk-in of 5.00.
      expect(res.json()).toMatchObject({
        fromDate: '2026-04-01',
        toDate: '2026-04-01',
        salons: [{ name: 'Salone Due', revenue: 5, appointments: 0 }, { revenue: 0 }, { revenue: 0 }],
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts at the first of toDate month when only toDate is given', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Salons/Overview/${superadminCode}`, query: { toDate: '2026-03-20' } });
    expect(res.json()).toMatchObject({ fromDate: '2026-03-01', toDate: '2026-03-20' });
  });

  it('refuses a range that ends before it starts with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/Salons/Overview/${superadminCode}`,
      query: { fromDate: '2026-03-10', toDate: '2026-03-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().parameter).toBe('fromDate');
  });

  it('refuses a malformed date with 400 naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Salons/Overview/${superadminCode}`, query: { fromDate: '03/01/2026' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().parameter).toBe('fromDate');
  });

  it('is forbidden to a salon manager (403)', async () => {
    const code = await signIn(t.app, 'manager');
    const res = await t.app.inject({ method: 'GET', url: `/api/Salons/Overview/${code}` });
    expect(res.statusCode).toBe(403);
  });

  it('needs a valid session (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Salons/Overview/not-a-real-session-code-xyz' });
    expect(res.statusCode).toBe(401);
  });
});
