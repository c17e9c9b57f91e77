import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase, testConfig } from '../test/helpers.js';
import { openDatabase } from './connect.js';

const usesServer = Boolean(process.env.DATABASE_URL);
/** One data folder for the tests below: only the first open pays for an initdb. */
let sharedDir: string | undefined;

function dataFolder(): string {
  sharedDir ??= mkdtempSync(join(tmpdir(), 'salon-data-'));
  return sharedDir;
}

afterAll(() => {
  if (sharedDir) rmSync(sharedDir, { recursive: true, force: true });
});

// A fresh data folder costs an initdb (about 5 s idle, 20 s and more when the 2 cores are busy).
const SLOW = 240_000;

describe.skipIf(usesServer)('the embedded database (PGlite in a child process)', () => {
  it(
    'keeps its data across a close and a reopen of the same DATA_DIR',
    async () => {
      const dataDir = dataFolder();
      const first = await openDatabase({ dataDir });
      await first.db.insertInto('salons').values({ name: 'Persistente', code: 'P1', city: 'Torino', opening_hours: '{}' }).execute();
      await first.close();
      const second = await openDatabase({ dataDir });
      try {
        const rows = await second.db.selectFrom('salons').select(['name', 'code']).execute();
        expect(rows).toContainEqual({ name: 'Persistente', code: 'P1' });
        expect(second.schemaVersion).toBe(first.schemaVersion);
      } finally {
        await second.close();
      }
    },
    SLOW,
  );

  it(
    'refuses a second open of a DATA_DIR in use with a clear message, and frees it on close',
    async () => {
      const dataDir = dataFolder();
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
    },
    SLOW,
  );

  it(
    'lets exactly one of two servers starting together on the same DATA_DIR open it',
    async () => {
      const dataDir = dataFolder();
      const results = await Promise.allSettled([openDatabase({ dataDir }), openDatabase({ dataDir })]);
      const opened = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      for (const r of opened) await r.value.close();
      expect(opened).toHaveLength(1);
      expect(String(refused[0]?.reason)).toMatch(/is in use by process/);
    },
    SLOW,
  );

  it(
    'ignores a lock left by a process that no longer runs',
    async () => {
      const dataDir = dataFolder();
      const created = await openDatabase({ dataDir });
      await created.close();
      // A pid far above any pid_max in use: that process is gone.
      writeFileSync(join(dataDir, 'pglite-server.pid'), '2147483646');
      const handle = await openDatabase({ dataDir });
      expect(readFileSync(join(dataDir, 'pglite-server.pid'), 'utf8')).not.toBe('2147483646');
      await handle.close();
      expect(existsSync(join(dataDir, 'pglite-server.pid'))).toBe(false);
    },
    SLOW,
  );
});

describe('a long query', () => {
  const url = 'http://127.0.0.1:18123/api/health';

  async function timeHealth(): Promise<number> {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.json();
    expect(res.status).toBe(200);
    return performance.now() - t0;
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const show = (values: number[]) => values.map((ms) => ms.toFixed(1)).join(', ');

  it(
    'does not stop the server answering GET /api/health over HTTP within 50 ms',
    async () => {
      const database = await createTestDatabase();
      const app = await buildApp({ config: testConfig(), database });
      try {
        await app.listen({ port: 18123, host: '127.0.0.1' });
        // Warm up the HTTP path (first-call compilation), then measure the machine's own pace.
        await timeHealth();
        const baseline: number[] = [];
        for (let i = 0; i < 11; i++) baseline.push(await timeHealth());

        const started = Date.now();
        let sleepDone = false;
        const sleep = sql`SELECT pg_sleep(2)`.execute(database.db).then(() => {
          sleepDone = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        // Only answers that arrived while the sleep still held its connection count.
        const during: number[] = [];
        while (during.length < 11) {
          const ms = await timeHealth();
          if (sleepDone) break;
          during.push(ms);
        }
        await sleep;
        expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
        if (process.env.SHOW_TIMINGS) console.log(`health ms, idle: ${show(baseline)}; during pg_sleep(2): ${show(during)}`);
        // A blocked event loop answers nothing until the sleep ends: here at least 5 answers came during it.
        expect(during.length, `during: ${show(during)}`).toBeGreaterThanOrEqual(5);
        // Median of several: a few scheduling spikes on a busy 2-core machine do not count. When
        // the machine itself is slower than that (other test runs), 3x its idle pace is the bound.
        const bound = Math.max(50, 3 * median(baseline));
        expect(median(during), `idle: ${show(baseline)}; during: ${show(during)}`).toBeLessThan(bound);
      } finally {
        await app.close();
        await database.close();
      }
    },
    SLOW,
  );
});
