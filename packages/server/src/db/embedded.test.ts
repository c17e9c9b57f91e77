import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase, testConfig } from '../test/helpers.js';
import { openDatabase } from './connect.js';

const usesServer = Boolean(process.env.DATABASE_URL);
const dirs: string[] = [];

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'salon-data-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(usesServer)('the embedded database (PGlite in a child process)', () => {
  it('keeps its data across a close and a reopen of the same DATA_DIR', async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    await first.db.insertInto('salons').values({ name: 'Persistente', code: 'P1', city: 'Torino', opening_hours: '{}' }).execute();
    await first.close();
    const second = await openDatabase({ dataDir });
    try {
      const rows = await second.db.selectFrom('salons').select(['name', 'code']).execute();
      expect(rows).toEqual([{ name: 'Persistente', code: 'P1' }]);
      expect(second.schemaVersion).toBe(first.schemaVersion);
    } finally {
      await second.close();
    }
  });

  it('refuses a second open of a DATA_DIR in use with a clear message, and frees it on close', async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(/DATA_DIR .* is in use by process \d+/);
      // The first one is unharmed.
      expect(await first.db.selectFrom('permissions').select('id').execute()).toHaveLength(6);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('ignores a lock left by a process that no longer runs', async () => {
    const dataDir = tempDataDir();
    const created = await openDatabase({ dataDir });
    await created.close();
    // A pid far above any pid_max in use: that process is gone.
    writeFileSync(join(dataDir, 'pglite-server.pid'), '2147483646');
    const handle = await openDatabase({ dataDir });
    await handle.close();
  });
});

describe('a long query', () => {
  it('does not stop the server answering GET /api/health over HTTP within 50 ms', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database });
    try {
      await app.listen({ port: 18123, host: '127.0.0.1' });
      // Warm up the HTTP path (first-call compilation) before timing it.
      await (await fetch('http://127.0.0.1:18123/api/health')).json();
      const started = Date.now();
      let sleepDone = false;
      const sleep = sql`SELECT pg_sleep(2)`.execute(database.db).then(() => {
        sleepDone = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const timings: number[] = [];
      for (let i = 0; i < 11; i++) {
        const t0 = performance.now();
        const res = await fetch('http://127.0.0.1:18123/api/health');
        await res.json();
        timings.push(performance.now() - t0);
        expect(res.status).toBe(200);
      }
      // Every request above was answered while the sleep still held its connection.
      expect(sleepDone).toBe(false);
      // The median of 11 tolerates a few scheduling spikes on a busy 2-core machine.
      const median = [...timings].sort((a, b) => a - b)[5] as number;
      if (process.env.SHOW_TIMINGS) console.log(`health during pg_sleep(2), ms: ${timings.map((ms) => ms.toFixed(1)).join(', ')}`);
      expect(median, `health timings ms: ${timings.map((ms) => ms.toFixed(1)).join(', ')}`).toBeLessThan(50);
      await sleep;
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
