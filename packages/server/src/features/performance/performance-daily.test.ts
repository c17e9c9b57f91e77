import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { rebuildRollups, refreshSalesRollup } from '../../db/rollups.js';
import { getSalesTotalsFromRaw } from '../../lib/sales-measures.query.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';

// performance_daily (migration 050) against what it combines, after the fixture and after random writes that
// go through each of its keepers: refreshSalesRollup (lines, appointments), the triggers on staff_hours_daily
// (shifts, attendances, a salon's time zone) and on clients (first visits inserted, moved, deleted).

let t: TestApp;
let f: ReportFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db);
});
afterAll(() => t.close());

interface DayFigures {
  salon_id: number;
  day: string;
  revenue_cents: number;
  appointments: number;
  with_client: number;
  rebooked: number;
  booked_seconds: number;
  shift_seconds: number;
  new_clients: number;
}

/**
 * Every salon and day of performance_daily equals its figures recomputed: revenue, DONE appointments and new
 * clients from the raw sale lines, appointments and clients (getSalesTotalsFromRaw), shift seconds from the
 * shifts themselves (staff_hours_daily_of), with-client, rebooked and booked seconds from appointments_daily and
 * staff_booked_daily (which rollups.test.ts checks against the appointments). A day with none of them has no row.
 */
async function expectPerformanceDailyConsistent(db: Db) {
  const stored = await sql<DayFigures>`
    SELECT salon_id, day::text AS day, revenue_cents, appointments, with_client, rebooked, booked_seconds, shift_seconds, new_clients
    FROM performance_daily ORDER BY salon_id, day`.execute(db);
  const sources = await sql<Omit<DayFigures, 'revenue_cents' | 'appointments' | 'new_clients'>>`
    SELECT x.salon_id, x.day::text AS day, COALESCE(sum(x.with_client), 0) AS with_client, COALESCE(sum(x.rebooked), 0) AS rebooked,
      COALESCE(sum(x.booked), 0) AS booked_seconds, COALESCE(sum(x.shift), 0) AS shift_seconds
    FROM (
      SELECT salon_id, day, with_client, rebooked, NULL::bigint AS booked, NULL::numeric AS shift FROM appointments_daily
      UNION ALL SELECT salon_id, day, NULL, NULL, booked_seconds, NULL FROM staff_booked_daily
      UNION ALL SELECT h.salon_id, h.day, NULL, NULL, NULL, h.shift_seconds FROM salons s CROSS JOIN LATERAL staff_hours_daily_of(s.id) h
      UNION ALL SELECT salon_id, first_visit, NULL, NULL, NULL, NULL FROM clients WHERE first_visit IS NOT NULL
      UNION ALL SELECT salon_id, day, NULL, NULL, NULL, NULL FROM sale_lines
      UNION ALL SELECT salon_id, day, NULL, NULL, NULL, NULL FROM sales_day_totals
    ) x
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  const expected: DayFigures[] = [];
  for (const s of sources.rows) {
    const raw = await getSalesTotalsFromRaw(db, { salonId: s.salon_id, from: s.day, to: s.day, gender: 'ALL' });
    const newClients = await sql<{ n: number }>`
      SELECT count(*) AS n FROM clients WHERE salon_id = ${s.salon_id} AND first_visit = ${s.day}::date`.execute(db);
    expected.push({
      ...s,
      revenue_cents: raw.servicesCents + raw.productsCents,
      appointments: raw.appointments,
      new_clients: Number(newClients.rows[0]?.n),
    });
  }
  // Days of a source row whose figures are all 0 may or may not have a row: compare the days with a figure.
  const nonZero = (r: DayFigures) =>
    [r.revenue_cents, r.appointments, r.with_client, r.rebooked, r.booked_seconds, r.shift_seconds, r.new_clients].some(
      (v) => Number(v) !== 0,
    );
  const norm = (rows: DayFigures[]) =>
    rows.filter(nonZero).map((r) => ({
      ...r,
      revenue_cents: Number(r.revenue_cents),
      appointments: Number(r.appointments),
      with_client: Number(r.with_client),
      rebooked: Number(r.rebooked),
      booked_seconds: Number(r.booked_seconds),
      shift_seconds: Number(r.shift_seconds),
      new_clients: Number(r.new_clients),
    }));
  expect(norm(stored.rows)).toEqual(norm(expected));
  expect(norm(expected).length).toBeGreaterThan(5);
}

describe('performance_daily', () => {
  it('equals the figures recomputed from the raw tables on the fixture', async () => {
    await expectPerformanceDailyConsistent(t.db);
  });

  it("follows an earlier visit's rebooking that a new booking changes (refreshSalesRollup's earlier days)", async () => {
    const { salon1, clients } = f;
    const rebookedOn = async (day: string) =>
      Number(
        (
          await sql<{ n: number }>`SELECT rebooked AS n FROM performance_daily WHERE salon_id = ${salon1} AND day = ${day}::date`.execute(
            t.db,
          )
        ).rows[0]?.n,
      );
    expect(await rebookedOn('2025-04-15')).toBe(0);
    // A8 (C1, 2025-04-15, DONE): C1's next appointment, booked the day after it ended, only its own day refreshed.
    const a8 = await t.db
      .selectFrom('appointments')
      .select(['end_at'])
      .where('salon_id', '=', salon1)
      .where('client_id', '=', clients.c1)
      .where('day', '=', '2025-04-15')
      .executeTakeFirstOrThrow();
    const bookedAt = new Date(new Date(a8.end_at).getTime() + 86_400_000);
    await t.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('appointments')
        .values({
          salon_id: salon1,
          client_id: clients.c1,
          staff_id: null,
          day: '2025-05-20',
          start_at: new Date('2025-05-20T10:00:00Z'),
          end_at: new Date('2025-05-20T10:30:00Z'),
          status: 'BOOKED',
          booked_at: bookedAt,
        })
        .execute();
      await refreshSalesRollup(tx, salon1, '2025-05-20', '2025-05-20');
    });
    expect(await rebookedOn('2025-04-15')).toBe(1);
    await expectPerformanceDailyConsistent(t.db);
  });

  it('stays in step after random writes through refreshSalesRollup and the triggers on staff_hours_daily and clients', async () => {
    const { salon1, salon2, clients, users, services, products } = f;
    let seed = 4242;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)] as T;
    const clientIds = [clients.c1, clients.c2, clients.c3, clients.c4];
    const day = () => `2025-0${3 + rand(2)}-${String(1 + rand(28)).padStart(2, '0')}`;
    const added: number[] = [];
    for (let i = 0; i < 36; i++) {
      await t.db.transaction().execute(async (tx) => {
        const d = day();
        if (i % 4 === 3) {
          // an appointment's status changed, refreshed
          const row = await tx
            .selectFrom('appointments')
            .select(['id', 'day'])
            .where('salon_id', '=', salon1)
            .orderBy('id')
            .offset(rand(8))
            .limit(1)
            .executeTakeFirst();
          if (!row) return;
          await tx
            .updateTable('appointments')
            .set({ status: pick(['DONE', 'BOOKED', 'CANCELLED', 'NO_SHOW'] as const) })
            .where('salon_id', '=', salon1)
            .where('id', '=', row.id)
            .execute();
          await refreshSalesRollup(tx, salon1, row.day, row.day);
          return;
        }
        if (i % 5 === 4) {
          // an import moves a client's first visit, inserts a client, deletes one it inserted (no refresh: the triggers)
          await tx
            .updateTable('clients')
            .set({ first_visit: rand(4) === 0 ? null : day() })
            .where('salon_id', '=', salon1)
            .where('id', '=', pick(clientIds))
            .execute();
          const { id } = await tx
            .insertInto('clients')
            .values({ salon_id: pick([salon1, salon2]), first_name: `New${i}`, last_name: 'Test', gender: null, first_visit: day() })
            .returning('id')
            .executeTakeFirstOrThrow();
          added.push(Number(id));
          if (added.length > 1 && rand(2) === 0) {
            const gone = added.splice(rand(added.length - 1), 1)[0] as number;
            await tx.deleteFrom('clients').where('id', '=', gone).execute();
          }
          return;
        }
        if (i % 3 === 2) {
          // a shift and an attendance written, an older shift deleted at times (no refresh: the triggers)
          const at = new Date(`${day()}T0${7 + rand(3)}:00:00Z`);
          const person = pick([users.stylist, users.manager]);
          const until = new Date(at.getTime() + (2 + rand(6)) * 3_600_000);
          await tx
            .insertInto('user_timeframes')
            .values({ salon_id: salon1, user_id: person, day_start: at, day_end: until })
            .onConflict((oc) => oc.doNothing())
            .execute();
          await tx.insertInto('attendances').values({ salon_id: salon1, user_id: person, clock_in: at, clock_out: until }).execute();
          if (rand(2) === 0)
            await sql`DELETE FROM user_timeframes WHERE salon_id = ${salon1} AND id = (
              SELECT id FROM user_timeframes WHERE salon_id = ${salon1} ORDER BY id LIMIT 1 OFFSET ${rand(3)})`.execute(tx);
          return;
        }
        // a DONE or booked appointment with a line, refreshed
        const clientId = pick(clientIds);
        const staffId = pick([users.stylist, users.manager, null]);
        const start = new Date(`${d}T${String(8 + rand(8)).padStart(2, '0')}:00:00Z`);
        const { id } = await tx
          .insertInto('appointments')
          .values({
            salon_id: salon1,
            client_id: clientId,
            staff_id: staffId,
            day: d,
            start_at: start,
            end_at: new Date(start.getTime() + (15 + rand(4) * 15) * 60_000),
            status: pick(['DONE', 'DONE', 'BOOKED'] as const),
            booked_at: new Date(start.getTime() - rand(20) * 86_400_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const product = rand(2) === 0;
        await tx
          .insertInto('sale_lines')
          .values({
            salon_id: salon1,
            appointment_id: rand(5) === 0 ? null : id,
            client_id: clientId,
            staff_id: staffId ?? users.stylist,
            day: d,
            kind: product ? 'PRODUCT' : 'SERVICE',
            service_id: product ? null : services.cut,
            product_id: product ? products.gel : null,
            category: product ? 'RESALE' : 'HAIRCUT',
            list_amount_cents: 3000,
            paid_amount_cents: 2500 + rand(5) * 100,
            discount_cents: 500 - rand(5) * 100,
            recommended: false,
          })
          .execute();
        await refreshSalesRollup(tx, salon1, d, d);
      });
    }
    await expectPerformanceDailyConsistent(t.db);
    // A salon's time zone moves its shifts' local days (staff_hours_daily's trigger, then performance_daily's).
    await t.db.updateTable('salons').set({ time_zone: 'Pacific/Kiritimati' }).where('id', '=', salon1).execute();
    await expectPerformanceDailyConsistent(t.db);
    await t.db.updateTable('salons').set({ time_zone: 'Europe/Rome' }).where('id', '=', salon1).execute();
    // rebuildRollups gives the same rows.
    const before = await sql`SELECT * FROM performance_daily ORDER BY salon_id, day`.execute(t.db);
    await rebuildRollups(t.db);
    const after = await sql`SELECT * FROM performance_daily ORDER BY salon_id, day`.execute(t.db);
    expect(after.rows).toEqual(before.rows);
    await expectPerformanceDailyConsistent(t.db);
  });
});
