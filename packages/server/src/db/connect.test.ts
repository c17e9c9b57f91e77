import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers.js';
import { createChecker, type DatabaseHandle } from './connect.js';
import { prepared } from './prepared.js';

describe('prepared statements', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // One connection: the statements prepared are that connection's.
    handle = await createTestDatabase(1);
  });
  afterAll(() => handle.close());

  const preparedStatements = async () =>
    (
      await sql<{
        name: string;
        runs: number;
      }>`SELECT name, generic_plans + custom_plans AS runs FROM pg_prepared_statements ORDER BY name`.execute(handle.db)
    ).rows;

  it('runs a statement made with prepared(name, query) as a named prepared statement, and others not', async () => {
    for (const n of [1, 2, 3]) {
      const { rows } = await prepared('test-mark', sql<{ n: number }>`SELECT ${n}::integer AS n`).execute(handle.db);
      expect(rows).toEqual([{ n }]);
    }
    await sql`SELECT ${4}::integer AS n`.execute(handle.db);
    const [mark, ...others] = await preparedStatements();
    expect(others).toEqual([]);
    expect(mark?.name).toMatch(/^test-mark-[0-9a-f]{16}$/);
    expect(Number(mark?.runs)).toBe(3);
  });

  it('gives another text of the same mark its own statement', async () => {
    await prepared('test-mark', sql`SELECT ${'x'}::text AS t`).execute(handle.db);
    expect((await preparedStatements()).map((r) => r.name.slice(0, 10))).toEqual(['test-mark-', 'test-mark-']);
  });
});

describe("the app's connections", () => {
  it('run without JIT (a rollup view read would compile its stale-key branch for longer than it runs)', async () => {
    const handle = await createTestDatabase(1);
    try {
      const { rows } = await sql<{ jit: string }>`SELECT current_setting('jit') AS jit`.execute(handle.db);
      expect(rows).toEqual([{ jit: 'off' }]);
    } finally {
      await handle.close();
    }
  });
});

describe('the health check', () => {
  it('answers a fresh status without a round trip to the database, and asks again once it is older', async () => {
    const doomed = await createTestDatabase(1);
    const fresh = createChecker(doomed.url, 60_000);
    const stale = createChecker(doomed.url, 0);
    try {
      expect(await fresh.check()).toEqual({ ok: true });
      expect(await stale.check()).toEqual({ ok: true });
      // The database goes away: only a check that asks it can tell.
      await doomed.close();
      expect(await fresh.check()).toEqual({ ok: true });
      expect((await stale.check()).ok).toBe(false);
    } finally {
      await fresh.close();
      await stale.close();
    }
  });
});
