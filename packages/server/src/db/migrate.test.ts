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
