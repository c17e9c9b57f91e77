import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { IMPORT_KINDS } from '@salon/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.js';
import { differenceFromDefinition } from '../db/rollups/check.js';
import { staleKeyCount } from '../db/rollups/refresher.js';
import { ROLLUPS } from '../db/rollups/registry.js';
import { createTestDatabase } from '../test/helpers.js';
import { SAMPLES_DIR } from '../test/import-helpers.js';
import { getJob, insertJob } from './import-jobs.query.js';
import { runImport } from './import-runner.js';
import { isChainKind } from './kinds.js';

/*
 * The CLI (`npm run import`) as a real process: a large sale-lines file, killed with SIGKILL
 * while it writes, leaves no row behind (the import is one transaction the server rolls back
 * when its connection drops), and the job reads as FAILED once its heartbeat is stale.
 */

let database: DatabaseHandle;
let dir: string;
const ROWS = 60_000;
const serverDir = resolve(import.meta.dirname, '../..');

const countLines = async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM sale_lines`.execute(database.db)).rows[0]?.n);

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'salon-import-cli-'));
  for (const kind of IMPORT_KINDS) {
    const filePath = join(SAMPLES_DIR, `${kind}.csv`);
    const salonId = isChainKind(kind) ? null : 1;
    const fileBytes = statSync(filePath).size;
    const jobId = await insertJob(database.db, {
      salonId,
      kind,
      fileName: `${kind}.csv`,
      fileBytes,
      sheet: null,
      isDryRun: false,
      userId: null,
    });
    const result = await runImport(database, { jobId, salonId, kind, filePath, fileBytes, format: 'csv', isDryRun: false });
    if (result.status !== 'SUCCEEDED') throw new Error(`${kind}: ${JSON.stringify(result)}`);
  }
  const lines = ['external_id;day;kind;item_external_id;client_external_id;staff_external_id;list_amount;paid_amount'];
  for (let i = 0; i < ROWS; i++)
    lines.push(`K-${i};2025-03-${String(1 + (i % 28)).padStart(2, '0')};SERVICE;SV-CUT;C-100${1 + (i % 3)};ST-1;38,00;38,00`);
  writeFileSync(join(dir, 'big.csv'), `${lines.join('\n')}\n`);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database?.close();
});

function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/import/cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  return { child, output: () => ({ stderr, stdout }) };
}

describe('npm run import', () => {
  it('ends once the stored rollups have caught up with what it wrote, with no API (and its refresher) running', async () => {
    expect(await staleKeyCount(database.db, null)).toBe(0);
    for (const r of ROLLUPS) {
      expect(await differenceFromDefinition(database.db, r, 'stored')).toEqual({ rollup: r.table, extra: [], missing: [] });
    }
  });

  it('kill -9 during a large import leaves no partial rows', { timeout: 240_000 }, async () => {
    const before = await countLines();
    expect(before).toBe(6);
    const { child, output } = runCli(['--salon', '1', '--kind', 'sale-lines', join(dir, 'big.csv')]);
    const exited = once(child, 'exit');
    // Kill it once it reports writing (or, on a fast machine, checking): rows are on their way into sale_lines.
    const began = Date.now();
    while (!/WRITING|CHECKING/.test(output().stderr)) {
      if (child.exitCode !== null) throw new Error(`the CLI ended before it was killed: ${JSON.stringify(output())}`);
      if (Date.now() - began > 200_000) throw new Error(`no progress: ${JSON.stringify(output())}`);
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(output().stderr).toMatch(/Import job \d+: sale-lines from big\.csv/);
    child.kill('SIGKILL');
    await exited;
    expect(await countLines()).toBe(before);
    // The server notices the dropped connection when the statement in flight ends, and rolls back.
    for (let i = 0; i < 600; i++) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`.execute(
        database.db,
      );
      if (Number(rows[0]?.n) === 0) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(await countLines()).toBe(before);
    const job = await database.db.selectFrom('import_jobs').select(['id', 'status']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(job.status).toBe('RUNNING');
    await database.db
      .updateTable('import_jobs')
      .set({ heartbeat_at: new Date(Date.now() - 60_000) })
      .where('id', '=', job.id)
      .execute();
    expect(await getJob(database.db, job.id, 'en', 0)).toMatchObject({
      status: 'FAILED',
      message: 'The import stopped before it finished (server restarted or process killed): nothing was written',
    });
  });

  it('imports a file, prints the result on stdout and exits 0; an invalid file exits 1 with its errors', { timeout: 120_000 }, async () => {
    writeFileSync(join(dir, 'nps.csv'), 'external_id;day;score;client_external_id\nCLI-1;2025-02-01;8;C-1001\n');
    const ok = runCli(['--salon', '1', '--kind', 'nps', join(dir, 'nps.csv')]);
    const [code] = await once(ok.child, 'exit');
    expect(code).toBe(0);
    expect(ok.output().stdout).toMatch(/^SUCCEEDED: 1 rows read, 1 inserted, 0 updated, 0 unchanged, 0 errors/);
    writeFileSync(join(dir, 'bad.csv'), 'external_id;day;score;client_external_id\nCLI-2;2025-02-01;11;C-1001\n');
    const bad = runCli(['--salon', '1', '--kind', 'nps', '--language', 'it', join(dir, 'bad.csv')]);
    const [badCode] = await once(bad.child, 'exit');
    expect(badCode).toBe(1);
    expect(bad.output().stdout).toContain("row 2, score: '11' Deve essere tra 0 e 10");
  });
});
