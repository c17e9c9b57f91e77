import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers.js';
import type { DatabaseHandle } from './connect.js';
import { currentVersion, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const applied = () => database.db.selectFrom('schema_migrations').select(['version', 'name', 'applied_at']).orderBy('version').execute();

describe('migrations', () => {
  it('record every migration once, at the latest version', async () => {
    const rows = await applied();
    expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version).sort((a, b) => a - b));
    expect(database.schemaVersion).toBe(currentVersion());
  });

  it('leave the staff rollups that migrations rebuild with planner statistics (reltuples -1: never analyzed)', async () => {
    const { rows } = await sql<{ relname: string; reltuples: number }>`
      SELECT relname, reltuples FROM pg_class
      WHERE relname IN ('staff_client_days', 'staff_hours_daily', 'staff_booked_daily', 'staff_daily', 'staff_client_months', 'staff_monthly')
        AND relkind = 'r'
      ORDER BY relname`.execute(database.db);
    expect(rows.map((r) => [r.relname, Number(r.reltuples) >= 0])).toEqual([
      ['staff_booked_daily', true],
      ['staff_client_days', true],
      ['staff_client_months', true],
      ['staff_daily', true],
      ['staff_hours_daily', true],
      ['staff_monthly', true],
    ]);
  });

  it('are a no-op when run again: nothing applied, same version', async () => {
    const before = await applied();
    expect(await migrateToLatest(database.db)).toBe(database.schemaVersion);
    expect(await applied()).toEqual(before);
  });

  it('are a no-op when two runs race (advisory lock)', async () => {
    const before = await applied();
    const versions = await Promise.all([migrateToLatest(database.db), migrateToLatest(database.db)]);
    expect(versions).toEqual([database.schemaVersion, database.schemaVersion]);
    expect(await applied()).toEqual(before);
  });
});
