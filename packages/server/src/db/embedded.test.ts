import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { insertSalon, testConfig } from '../test/helpers.js';
import { openDatabase } from './connect.js';
import { dataLayout, SYSTEM_CLUSTERS } from './embedded.js';

// The embedded PostgreSQL server itself (the rest of the suite reaches it, or DATABASE_URL's
// server, by URL). These tests start their own servers in their own folders.
const folders: string[] = [];
function newFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'salon-embedded-'));
  folders.push(folder);
  return folder;
}
/** One data folder for the tests that only need "a folder with a database": one initdb. */
let sharedDir: string | undefined;
const shared = () => {
  sharedDir ??= newFolder();
  return sharedDir;
};

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const SLOW = 120_000;
const serverRoot = resolve(import.meta.dirname, '..', '..');
const tsx = resolve(serverRoot, '..', '..', 'node_modules/tsx/dist/cli.mjs');

async function canConnect(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'ok';
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('the embedded PostgreSQL server', () => {
  it(
    'keeps its data across a close and a reopen of the same DATA_DIR, and is a real server (version 17)',
    async () => {
      const dataDir = shared();
      const first = await openDatabase({ dataDir });
      expect(first.kind).toBe('embedded');
      await first.db.insertInto('salons').values({ name: 'Persistente', code: 'P1', city: 'Torino', opening_hours: '{}' }).execute();
      const version = await first.db
        .selectNoFrom((eb) => eb.fn<string>('current_setting', [eb.val('server_version_num')]).as('v'))
        .executeTakeFirstOrThrow();
      expect(Number(version.v)).toBeGreaterThanOrEqual(170000);
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
    'requires the password generated on first start (kept in DATA_DIR, readable by its owner only), and listens on 127.0.0.1 only',
    async () => {
      const dataDir = shared();
      const handle = await openDatabase({ dataDir });
      try {
        const url = new URL(handle.url);
        expect(url.hostname).toBe('127.0.0.1');
        const passwordFile = join(dataDir, dataLayout.password);
        expect(statSync(passwordFile).mode & 0o077).toBe(0);
        expect(decodeURIComponent(url.password)).toBe(readFileSync(passwordFile, 'utf8').trim());
        expect(decodeURIComponent(url.password).length).toBeGreaterThanOrEqual(24);
        expect(await canConnect(handle.url)).toBe('ok');
        const port = url.port;
        expect(await canConnect(`postgresql://postgres@127.0.0.1:${port}/postgres`)).toMatch(/password/i);
        expect(await canConnect(`postgresql://postgres:wrong@127.0.0.1:${port}/postgres`)).toMatch(/password authentication failed/);
        expect(await canConnect(`postgresql://anyone:x@127.0.0.1:${port}/postgres`)).toMatch(/password authentication failed/);
      } finally {
        await handle.close();
      }
    },
    SLOW,
  );

  it(
    'refuses a second open of a DATA_DIR in use with a clear message, and frees it on close',
    async () => {
      const dataDir = shared();
      const first = await openDatabase({ dataDir });
      try {
        await expect(openDatabase({ dataDir })).rejects.toThrow(/DATA_DIR .* is in use by process \d+/);
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
      const dataDir = shared();
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
      const dataDir = shared();
      writeFileSync(join(dataDir, dataLayout.lock), '2147483646');
      const handle = await openDatabase({ dataDir });
      expect(readFileSync(join(dataDir, dataLayout.lock), 'utf8')).toBe(String(process.pid));
      await handle.close();
      expect(existsSync(join(dataDir, dataLayout.lock))).toBe(false);
    },
    SLOW,
  );

  it(
    'stops with an API process killed with kill -9, and a server orphaned anyway is stopped by the next start; the data is kept',
    async () => {
      const dataDir = shared();
      const script = join(serverRoot, 'src/test/open-embedded.ts');
      const startApi = async () => {
        // With tsx as a loader in this one process (its CLI would run the script in a child of its own).
        const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, dataDir], {
          cwd: serverRoot,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        const pid = await new Promise<number>((done, fail) => {
          let out = '';
          child.stdout?.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            const match = /ready (\d+)/.exec(out);
            if (match) done(Number(match[1]));
          });
          child.once('exit', (code) => fail(new Error(`open-embedded exited with ${code}: ${out}`)));
        });
        return { child, pid };
      };
      const isRunning = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      const waitGone = async (pid: number) => {
        for (let waited = 0; waited < 30_000 && isRunning(pid); waited += 100) await new Promise((done) => setTimeout(done, 100));
        return !isRunning(pid);
      };
      const guardOf = (pid: number) =>
        spawnSync('pgrep', ['-f', `kill -INT ${pid} `], { encoding: 'utf8' })
          .stdout.trim()
          .split('\n')
          .filter(Boolean)
          .map(Number);

      // 1. The API dies: its database server stops with it.
      const first = await startApi();
      expect(guardOf(first.pid)).toHaveLength(1);
      first.child.kill('SIGKILL');
      expect(await waitGone(first.pid)).toBe(true);

      // 2. The API and the guard die: the server is orphaned; the next start stops it.
      const second = await startApi();
      for (const guard of guardOf(second.pid)) process.kill(guard, 'SIGKILL');
      second.child.kill('SIGKILL');
      await new Promise((done) => second.child.once('exit', done));
      expect(isRunning(second.pid)).toBe(true);
      const handle = await openDatabase({ dataDir });
      try {
        expect(isRunning(second.pid)).toBe(false);
        // Each API wrote a salon before it was killed: both are there.
        const rows = await handle.db.selectFrom('salons').select('code').where('code', 'like', 'KILL9-%').execute();
        expect(rows).toHaveLength(2);
      } finally {
        await handle.close();
      }
    },
    SLOW,
  );

  it(
    'is restarted within 5 s when it dies (kill -9) in the middle of a long statement: requests answer 503 meanwhile, without a connection try, then succeed again',
    async () => {
      const dataDir = newFolder();
      const database = await openDatabase({ dataDir, poolSize: 4 });
      const app = await buildApp({ config: testConfig(), database });
      await app.ready();
      const busy = new pg.Client({ connectionString: database.url });
      busy.on('error', () => {});
      try {
        await insertSalon(database.db, 'Salone Uno', 'S1');
        // After a crash the whole cluster is flushed before recovery: one syncfs() of the disk, not one fsync a file.
        const sync = await database.db
          .selectNoFrom((eb) => eb.fn<string>('current_setting', [eb.val('recovery_init_sync_method')]).as('v'))
          .executeTakeFirstOrThrow();
        expect(sync.v).toBe(process.platform === 'linux' ? 'syncfs' : 'fsync');
        const login = () => app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: 'nobody', password: 'x' } });
        expect((await login()).statusCode).toBe(401);
        const pid = database.embedded?.pid();
        expect(pid).toBeGreaterThan(0);
        // A backend busy with one statement notices its postmaster's death only when the statement ends
        // (here after 20 s at most), and until then holds the shared memory a new server needs.
        await busy.connect();
        await busy.query("SET statement_timeout = '20s'");
        const longStatement = busy.query('SELECT count(*) FROM (SELECT generate_series(1, 2000000000)) AS s').catch((err: Error) => err);
        for (let waited = 0; waited < 10_000; waited += 50) {
          const active = await sql<{ n: number }>`
            SELECT count(*) AS n FROM pg_stat_activity
            WHERE state = 'active' AND query LIKE 'SELECT count(*) FROM (SELECT generate_series%'`.execute(database.db);
          if (Number(active.rows[0]?.n) > 0) break;
          await new Promise((done) => setTimeout(done, 50));
        }
        // A server in its steady state (a checkpoint behind it), not one killed right after the migrations'
        // writes: replaying those took over a second of the recovery on a busy machine.
        await sql`CHECKPOINT`.execute(database.db);
        // Requests in flight when the server is killed.
        const inFlight = Array.from({ length: 8 }, () => login());
        const killedAt = Date.now();
        process.kill(pid as number, 'SIGKILL');
        const during = await Promise.all(inFlight);
        for (const res of during) expect([401, 503]).toContain(res.statusCode);
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toMatchObject({ status: 'unavailable', reason: expect.any(String) });
        const down = await login();
        expect(down.statusCode).toBe(503);
        expect(down.json().message).toMatch(/database is not available/);
        // The API restarts it; requests succeed again without restarting the API.
        let recoveredIn: number | undefined;
        while (recoveredIn === undefined && Date.now() - killedAt < 30_000) {
          if (!database.embedded?.isRunning()) {
            // While it restarts a query fails at once: the pool does not try to connect.
            await expect(database.db.selectFrom('salons').select('code').execute()).rejects.toThrow('the embedded database is restarting');
          }
          if ((await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200) recoveredIn = Date.now() - killedAt;
          else await new Promise((done) => setTimeout(done, 50));
        }
        console.info(`embedded database: /api/health answered 200 again ${recoveredIn} ms after kill -9`);
        expect(recoveredIn).toBeLessThan(5000);
        expect(database.embedded?.pid()).not.toBe(pid);
        expect(await longStatement).toBeInstanceOf(Error);
        expect((await login()).statusCode).toBe(401);
        expect(await database.db.selectFrom('salons').select('code').execute()).toEqual([{ code: 'S1' }]);
      } finally {
        await busy.end().catch(() => {});
        await app.close();
        await database.close();
      }
    },
    SLOW,
  );

  it('says in one line what to do with a DATA_DIR left by the retired PGlite engine', async () => {
    const dataDir = newFolder();
    mkdirSync(join(dataDir, 'pgdata'));
    writeFileSync(join(dataDir, 'pgdata', 'PG_VERSION'), '17\n');
    await expect(openDatabase({ dataDir })).rejects.toThrow(/retired embedded engine \(PGlite\)\. Move it away/);
    expect(existsSync(join(dataDir, dataLayout.cluster))).toBe(false);
  });

  it('refuses a DATA_DIR under a file with one clear line, and the server exits 1 without a stack trace', async () => {
    const file = join(newFolder(), 'a-file');
    writeFileSync(file, '');
    await expect(openDatabase({ dataDir: join(file, 'data') })).rejects.toThrow(
      /DATA_DIR .* cannot be written \(a part of the path is a file/,
    );
    const run = spawnSync(process.execPath, [tsx, join(serverRoot, 'src/server.ts')], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: join(file, 'data'), PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const errorLines = run.stderr.trim().split('\n');
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatch(/^DATA_DIR .*a-file\/data cannot be written/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe.skipIf(process.getuid?.() !== 0)(
  'run as root, with DATA_DIR under a private folder (skipped unless run as root; CI runs as root)',
  () => {
    const outside: string[] = [];
    afterAll(() => {
      for (const folder of outside) rmSync(folder, { recursive: true, force: true });
    });

    it(
      'keeps each DATA_DIR’s database in a folder of its own in /var/lib/salon-backoffice, follows it after a move, and refuses a copy naming the same one',
      async () => {
        const privateFolder = newFolder();
        expect(statSync(privateFolder).mode & 0o777).toBe(0o700);
        const [a, b] = [join(privateFolder, 'a', 'data'), join(privateFolder, 'b', 'data')];
        const first = await openDatabase({ dataDir: a });
        const second = await openDatabase({ dataDir: b });
        const clusterA = first.embedded?.dir as string;
        outside.push(dirname(clusterA), dirname(second.embedded?.dir as string));
        try {
          expect(first.embedded?.outside).toBe(true);
          expect(dirname(dirname(clusterA))).toBe(SYSTEM_CLUSTERS);
          expect(second.embedded?.dir).not.toBe(clusterA);
          expect(readFileSync(join(a, dataLayout.location), 'utf8').trim()).toBe(clusterA);
          expect(existsSync(join(a, dataLayout.cluster))).toBe(false);
          expect(statSync(clusterA).uid).not.toBe(0);
          await first.db.insertInto('salons').values({ name: 'Privato', code: 'A1', city: 'Roma', opening_hours: '{}' }).execute();
        } finally {
          await first.close();
          await second.close();
        }
        expect(statSync(privateFolder).mode & 0o777).toBe(0o700);

        renameSync(join(privateFolder, 'a'), join(privateFolder, 'moved'));
        const moved = await openDatabase({ dataDir: join(privateFolder, 'moved', 'data') });
        try {
          expect(moved.embedded?.dir).toBe(clusterA);
          expect(await moved.db.selectFrom('salons').select('code').execute()).toEqual([{ code: 'A1' }]);
        } finally {
          await moved.close();
        }

        cpSync(join(privateFolder, 'moved'), join(privateFolder, 'copy'), { recursive: true });
        await expect(openDatabase({ dataDir: join(privateFolder, 'copy', 'data') })).rejects.toThrow(
          /both name the database in .*: delete .*copy\/data\/postgres\.location to give/,
        );
      },
      SLOW,
    );

    it('refuses a postgres.location naming a folder outside /var/lib/salon-backoffice, and leaves that folder alone', async () => {
      const dataDir = join(newFolder(), 'data');
      mkdirSync(dataDir);
      const elsewhere = newFolder();
      writeFileSync(join(dataDir, dataLayout.location), `${join(elsewhere, 'postgres')}\n`);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/is not a database folder of \/var\/lib\/salon-backoffice: delete it/);
      expect(existsSync(join(elsewhere, 'postgres'))).toBe(false);
      expect(statSync(elsewhere).uid).toBe(0);
    });
  },
);
