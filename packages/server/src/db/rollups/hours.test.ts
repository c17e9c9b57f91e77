import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertUser } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';
import type { DatabaseHandle } from '../connect.js';
import type { Db } from '../database.js';
import { differenceFromDefinition } from './check.js';
import { hoursRollups } from './hours.js';
import { refreshStale } from './refresher.js';

/**
 * The hard cases of the hours family's stale rules, each written once on purpose (the random writes of
 * model.test.ts may not reach them): every view equals its defining query right after the write, and the
 * stored rows once the refresher has caught up.
 */
let database: DatabaseHandle;
let db: Db;
let f: ReportFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  f = await seedReportFixture(db);
});
afterAll(() => database.close());

async function expectExact() {
  for (const r of hoursRollups) {
    expect(await differenceFromDefinition(db, r, 'view'), `${r.table} (view)`).toEqual({ rollup: r.table, extra: [], missing: [] });
  }
  await refreshStale(db);
  for (const r of hoursRollups) {
    expect(await differenceFromDefinition(db, r, 'stored'), `${r.table} (stored)`).toEqual({ rollup: r.table, extra: [], missing: [] });
  }
}

async function count(query: string): Promise<number> {
  const { rows } = await sql.raw<{ n: number }>(query).execute(db);
  return Number(rows[0]?.n);
}

describe('the hours rollups', () => {
  it("follow a salon's time zone change: a shift and an attendance across midnight move from the old zone's day to the new one's", async () => {
    await sql`INSERT INTO user_timeframes (salon_id, user_id, day_start, day_end)
      VALUES (${f.salon1}, ${f.users.stylist}, '2025-03-12T22:30:00Z', '2025-03-13T03:00:00Z')`.execute(db);
    await sql`INSERT INTO attendances (salon_id, user_id, clock_in, clock_out)
      VALUES (${f.salon1}, ${f.users.reception}, '2025-03-12T23:30:00Z', '2025-03-13T02:00:00Z')`.execute(db);
    await expectExact();
    const onDay = (day: string) =>
      count(`SELECT count(*) AS n FROM staff_hours_daily WHERE salon_id = ${f.salon1} AND day = '${day}' AND user_id = ${f.users.stylist}`);
    expect([await onDay('2025-03-12'), await onDay('2025-03-13')]).toEqual([1, 0]);
    await sql`UPDATE salons SET time_zone = 'Asia/Tokyo' WHERE id = ${f.salon1}`.execute(db);
    expect([await onDay('2025-03-12'), await onDay('2025-03-13')]).toEqual([0, 1]);
    await expectExact();
    await sql`UPDATE salons SET time_zone = 'Europe/Rome' WHERE id = ${f.salon1}`.execute(db);
    await expectExact();
  });

  it("follow a client's gender change: their feedback's scope and their visits' row", async () => {
    await sql`INSERT INTO feedback (salon_id, client_id, staff_id, score, day)
      VALUES (${f.salon1}, ${f.clients.c1}, ${f.users.stylist}, 2, '2025-03-18')`.execute(db);
    await expectExact();
    await sql`UPDATE clients SET gender = CASE WHEN gender = 'MALE' THEN 'FEMALE' ELSE 'MALE' END WHERE id = ${f.clients.c1}`.execute(db);
    await expectExact();
  });

  it("follow a client's first visit set, moved and cleared (the new clients)", async () => {
    for (const day of ['2025-03-10', '2025-04-15', null]) {
      await sql`UPDATE clients SET first_visit = ${day}::date WHERE id = ${f.clients.c1}`.execute(db);
      await expectExact();
    }
  });

  it("follow a next visit booked within a week of a client's DONE visit (its rebooking), and its cancellation", async () => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO appointments (salon_id, client_id, day, start_at, end_at, status, booked_at)
      SELECT p.salon_id, p.client_id, p.day + 9, p.start_at + interval '9 days', p.end_at + interval '9 days', 'BOOKED', p.end_at + interval '1 day'
      FROM appointments p WHERE p.salon_id = ${f.salon1} AND p.status = 'DONE' AND p.client_id IS NOT NULL ORDER BY p.day DESC, p.id LIMIT 1
      RETURNING id`.execute(db);
    await expectExact();
    await sql`UPDATE appointments SET status = 'CANCELLED' WHERE id = ${rows[0]?.id}`.execute(db);
    await expectExact();
  });

  it("follow a person's removal with their shifts and attendances", async () => {
    const gone = await insertUser(db, 'hours-gone', f.salon1, ['IMAGE']);
    await sql`INSERT INTO user_timeframes (salon_id, user_id, day_start, day_end)
      VALUES (${f.salon1}, ${gone}, '2025-03-20T08:00:00Z', '2025-03-20T16:00:00Z')`.execute(db);
    await sql`INSERT INTO attendances (salon_id, user_id, clock_in, clock_out)
      VALUES (${f.salon1}, ${gone}, '2025-03-20T08:05:00Z', NULL)`.execute(db);
    await expectExact();
    await sql`DELETE FROM users WHERE id = ${gone}`.execute(db);
    expect(await count(`SELECT count(*) AS n FROM staff_day_details WHERE staff_id = ${gone}`)).toBe(0);
    await expectExact();
  });
});
