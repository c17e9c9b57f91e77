import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollupModel } from '../../db/rollups/apply.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { expectPerformanceDailyConsistent } from '../../test/performance-daily-check.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';

// performance_daily (migration 050) against what it combines, after the fixture, an earlier visit's rebooking, the
// clients trigger's first visits, a salon's time zone and rebuildRollups; rollups.test.ts' random writes (lines,
// appointment statuses, shifts, attendances, first visits) check it too.

let t: TestApp;
let f: ReportFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db);
});
afterAll(() => t.close());

describe('performance_daily', () => {
  it('equals the figures recomputed from the raw tables on the fixture', async () => {
    await expectPerformanceDailyConsistent(t.db);
  });

  it("follows an earlier visit's rebooking that a new booking changes (the booking's earlier days)", async () => {
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
    });
    expect(await rebookedOn('2025-04-15')).toBe(1);
    await expectPerformanceDailyConsistent(t.db);
  });

  it('follows first visits that an import inserts, moves and deletes (triggers on clients), a time zone and rebuildRollups', async () => {
    // Lines, appointments, shifts and attendances are written at random by rollups.test.ts' random writes, which check
    // performance_daily too; here the writes only this rollup's clients trigger sees.
    const { salon1, salon2, clients } = f;
    const { id } = await t.db
      .insertInto('clients')
      .values({ salon_id: salon1, first_name: 'First', last_name: 'Visit', gender: null, first_visit: '2025-03-11' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expectPerformanceDailyConsistent(t.db);
    await t.db.updateTable('clients').set({ first_visit: '2025-04-02' }).where('id', '=', id).execute();
    await t.db.updateTable('clients').set({ first_visit: null }).where('id', '=', clients.c2).execute();
    await expectPerformanceDailyConsistent(t.db);
    await t.db.updateTable('clients').set({ salon_id: salon2 }).where('id', '=', id).execute();
    await expectPerformanceDailyConsistent(t.db);
    await t.db.deleteFrom('clients').where('id', '=', id).execute();
    await expectPerformanceDailyConsistent(t.db);
    // A salon's time zone moves its shifts' local days (staff_hours_daily's trigger, then performance_daily's).
    await t.db.updateTable('salons').set({ time_zone: 'Pacific/Kiritimati' }).where('id', '=', salon1).execute();
    await expectPerformanceDailyConsistent(t.db);
    await t.db.updateTable('salons').set({ time_zone: 'Europe/Rome' }).where('id', '=', salon1).execute();
    // rebuildRollups gives the same rows.
    const before = await sql`SELECT * FROM performance_daily ORDER BY salon_id, day`.execute(t.db);
    await rebuildRollupModel(t.db);
    const after = await sql`SELECT * FROM performance_daily ORDER BY salon_id, day`.execute(t.db);
    expect(after.rows).toEqual(before.rows);
    await expectPerformanceDailyConsistent(t.db);
  });
});
