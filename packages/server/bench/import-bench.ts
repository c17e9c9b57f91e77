/**
 * The import benchmark: `BENCH_ONLY=import npm run bench` (or `npm run bench:import -w @salon/server`).
 *
 * Opens a fresh embedded PostgreSQL in BENCH_IMPORT_DIR (default a temporary folder, removed at
 * the end), imports the sample salons, staff, catalogue and BENCH_IMPORT_CLIENTS (default 20,000)
 * generated clients into salon 1, writes a BENCH_IMPORT_ROWS-line (default 1,000,000) sale-lines
 * CSV in the Italian Excel style (`;`, decimal comma) spread over two years, then times its
 * import in this process (the path the API and the CLI run) while sampling this process's RSS
 * every 20 ms: rows per second up to the commit and peak RSS against the targets (>= 30,000 rows/s,
 * < 300 MB), then how long the stored rollups take to catch up after it.
 * Then the floor: the same rows copied into a bare table with sale_lines' indexes and no trigger.
 * Then imports the same file again (every row unchanged) and times that too.
 */
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ImportKindName } from '@salon/contracts';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import { insertJob } from '../src/import/import-jobs.query.js';
import { type ImportTarget, runImport } from '../src/import/import-runner.js';
import { hashPassword } from '../src/lib/password.js';
import { runMain } from '../src/lib/run-main.js';

const repoRoot = resolve(import.meta.dirname, '../../..');
const samples = resolve(repoRoot, 'docs/import-samples');
const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 1_000_000);
const CLIENTS = Number(process.env.BENCH_IMPORT_CLIENTS || 20_000);
const TARGET_ROWS_PER_SECOND = 30_000;
const TARGET_RSS_MB = 300;

async function writeLines(path: string, header: string, count: number, line: (i: number) => string): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${header}\n`);
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += `${line(i)}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/**
 * CPU seconds used so far by the embedded server (the postmaster in dataDir and its children), from
 * /proc: with the machine shared, CPU time says what the import costs where wall time says how busy
 * the machine was. null when /proc cannot tell (not Linux).
 */
function serverCpuSeconds(dataDir: string): number | null {
  try {
    const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const pid = Number(entry);
        // utime + stime; the postmaster also carries cutime + cstime, its ended backends (the import's own connection).
        if (pid === postmaster) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
        else if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended meanwhile
      }
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

/** The write-ahead log position (bytes) and the checkpoints so far: what an import costs in WAL. */
async function walState(db: Db): Promise<{ bytes: number; fpi: number; requested: number; timed: number }> {
  const { rows } = await sql<{ bytes: string; fpi: string; requested: number; timed: number }>`
    SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text AS bytes, (SELECT wal_fpi::text FROM pg_stat_wal) AS fpi,
      num_requested::integer AS requested, num_timed::integer AS timed FROM pg_stat_checkpointer`.execute(db);
  const row = rows[0];
  return { bytes: Number(row?.bytes ?? 0), fpi: Number(row?.fpi ?? 0), requested: row?.requested ?? 0, timed: row?.timed ?? 0 };
}

/**
 * The floor under the import's WRITING phase: the file's stored lines copied, in one statement, into a
 * table like sale_lines (its indexes, no trigger, no foreign key), in the import's row order, rolled back.
 */
async function writeFloor(db: Db, rows: number): Promise<void> {
  await db
    .transaction()
    .execute(async (tx) => {
      await sql`CREATE TABLE bench_floor_lines (LIKE sale_lines INCLUDING INDEXES INCLUDING DEFAULTS)`.execute(tx);
      const began = performance.now();
      await sql`INSERT INTO bench_floor_lines SELECT * FROM sale_lines WHERE salon_id = 1 ORDER BY day, staff_id, client_id`.execute(tx);
      const seconds = (performance.now() - began) / 1000;
      console.log(
        `  floor: the same ${rows.toLocaleString('en')} lines written into a bare copy of sale_lines (its indexes, no trigger) in ${seconds.toFixed(1)} s, ${Math.round(rows / seconds).toLocaleString('en')} rows/s`,
      );
      throw new FloorDone();
    })
    .catch((error: unknown) => {
      if (!(error instanceof FloorDone)) throw error;
    });
}

class FloorDone extends Error {}

async function importOne(target: ImportTarget, salonId: number | null, kind: ImportKindName, filePath: string) {
  const fileBytes = statSync(filePath).size;
  const jobId = await insertJob(target.db, {
    salonId,
    kind,
    fileName: filePath,
    fileBytes,
    sheet: null,
    isDryRun: false,
    userId: null,
  });
  return runImport(target, { jobId, salonId, kind, filePath, fileBytes, format: 'csv', isDryRun: false });
}

function euros(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** p50 and p95 of a list of durations (ms). */
function percentiles(ms: number[]): { p50: number; p95: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * Other writers of the importing salon, through the API, while a BENCH_BESIDE_ROWS-line (default 200,000)
 * sale-lines import runs: a clock-in (and its clock-out), a shift created and a status-thresholds save,
 * BENCH_BESIDE_TRIES (default 20) of each, p95 against 1 s. Then BENCH_BESIDE_RUNS (default 10) imports,
 * each with threshold saves and client edits beside it: every import and every write must commit.
 */
async function writersBesideImports(database: DatabaseHandle, files: string): Promise<void> {
  const target: ImportTarget = { db: database.db, url: database.url };
  const rows = Number(process.env.BENCH_BESIDE_ROWS || 200_000);
  const tries = Number(process.env.BENCH_BESIDE_TRIES || 20);
  const runs = Number(process.env.BENCH_BESIDE_RUNS || 10);
  const db = target.db;
  const password = await hashPassword('bench-beside');
  const user = async (username: string, salonId: number | null, permission: number) => {
    const { id } = await db
      .insertInto('users')
      .values({ username, salon_id: salonId, password_hash: password, first_name: username, last_name: 'Bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_permissions').values({ user_id: id, permission_id: permission }).execute();
    return id;
  };
  await user('bench-chief', null, 1);
  const staffId = await user('bench-staff', 1, 3);
  const config = { ...loadConfig({}), demo: false, dataDir: '/nonexistent', webDist: '/nonexistent', logLevel: 'error' };
  const app = await buildApp({ config, database, logger: false });
  const signIn = async (username: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username, password: 'bench-beside' } });
    if (res.statusCode !== 200) throw new Error(`sign-in ${username}: ${res.statusCode} ${res.body}`);
    return (res.json() as { sessionCode: string }).sessionCode;
  };
  try {
    const chief = await signIn('bench-chief');
    const staff = await signIn('bench-staff');
    const timed = async (what: string, call: () => Promise<{ statusCode: number; body: string }>) => {
      const began = performance.now();
      const res = await call();
      if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
      return performance.now() - began;
    };
    const file = join(files, 'beside.csv');
    const writeFile = (prefix: string, count: number) =>
      writeLines(
        file,
        'external_id;day;kind;item_external_id;client_external_id;staff_external_id;list_amount;paid_amount',
        count,
        (i) =>
          `${prefix}-${i};2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')};SERVICE;SV-CUT;BC-${i % CLIENTS};ST-${1 + (i % 2)};38,00;38,00`,
      );

    await writeFile('BESIDE', rows);
    const timings: Record<string, number[]> = { 'clock-in': [], 'shift create': [], 'thresholds save': [] };
    let importing = true;
    const began = performance.now();
    const imported = importOne(target, 1, 'sale-lines', file).finally(() => {
      importing = false;
    });
    let day = Date.UTC(2030, 0, 1);
    for (let i = 0; i < tries && importing; i += 1) {
      timings['clock-in']?.push(await timed('clock-in', () => app.inject({ method: 'POST', url: `/api/Attendances/ClockIn/${staff}` })));
      await timed('clock-out', () => app.inject({ method: 'POST', url: `/api/Attendances/ClockOut/${staff}` }));
      const date = new Date(day).toISOString().slice(0, 10);
      day += 86_400_000;
      timings['shift create']?.push(
        await timed('shift create', () =>
          app.inject({
            method: 'POST',
            url: `/api/UserTimeframes/Multiple/${chief}`,
            payload: { salonId: 1, userId: staffId, dayStart: `${date}T09:00:00`, dayEnd: `${date}T17:00:00` },
          }),
        ),
      );
      timings['thresholds save']?.push(
        await timed('thresholds save', () =>
          app.inject({
            method: 'POST',
            url: `/api/CustomerAnalysis/StatusSettings/${chief}`,
            payload: { salonId: 1, activeDays: 60 + (i % 10), lostDays: 200 },
          }),
        ),
      );
    }
    const result = await imported;
    const importSeconds = (performance.now() - began) / 1000;
    console.log(
      `
Writers of the salon beside a ${rows.toLocaleString('en')}-line import (${result.status}, ${importSeconds.toFixed(1)} s); load average ${loadavg()[0]?.toFixed(1)}:`,
    );
    for (const [what, ms] of Object.entries(timings)) {
      const { p50, p95 } = percentiles(ms);
      console.log(
        `  ${what.padEnd(16)} ${String(ms.length).padStart(3)} tries during the import  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms (target < 1000) ${p95 < 1000 && ms.length > 0 ? 'OK' : 'MISSED'}`,
      );
    }

    const { rows: clientRows } = await sql<{ id: number }>`SELECT id FROM clients WHERE salon_id = 1 ORDER BY id LIMIT 50`.execute(db);
    let stored = 0;
    let deadlocks = 0;
    const failures: string[] = [];
    for (let run = 0; run < runs; run += 1) {
      await writeFile(`RUN${run}`, Math.min(rows, 50_000));
      let running = true;
      const job = importOne(target, 1, 'sale-lines', file).finally(() => {
        running = false;
      });
      for (let i = 0; running; i += 1) {
        try {
          const save = await app.inject({
            method: 'POST',
            url: `/api/CustomerAnalysis/StatusSettings/${chief}`,
            payload: { salonId: 1, activeDays: 60 + (i % 10), lostDays: 200 },
          });
          if (save.statusCode !== 200) throw new Error(`thresholds save: ${save.statusCode} ${save.body}`);
          const client = clientRows[i % clientRows.length]?.id as number;
          await sql`UPDATE clients SET gender = CASE WHEN gender = 'FEMALE' THEN 'MALE' ELSE 'FEMALE' END, first_name = ${`Edit${i}`}
            WHERE id = ${client}`.execute(db);
          await new Promise((resolve) => setTimeout(resolve, 50));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (/deadlock/.test(message)) deadlocks += 1;
          failures.push(message);
        }
      }
      const outcome = await job;
      if (outcome.status === 'SUCCEEDED') stored += 1;
      else if (/deadlock/.test(JSON.stringify(outcome.failure ?? ''))) deadlocks += 1;
    }
    console.log(
      `  ${runs} imports with threshold saves and client edits beside them: ${stored} stored, ${deadlocks} deadlocks, ${failures.length} failed writes ${stored === runs && deadlocks === 0 && failures.length === 0 ? 'OK' : 'MISSED'}`,
    );
    for (const failure of failures.slice(0, 5)) console.log(`    ${failure}`);
  } finally {
    await app.close();
  }
}

async function main() {
  const dataDir = process.env.BENCH_IMPORT_DIR || mkdtempSync(join(tmpdir(), 'salon-import-bench-'));
  const files = mkdtempSync(join(tmpdir(), 'salon-import-files-'));
  const log = { info: () => {}, error: (msg: string) => console.error(msg) };
  console.log(`Import benchmark: embedded PostgreSQL in ${dataDir}`);
  const database = await openDatabase({ dataDir, log, poolSize: 4 });
  const target: ImportTarget = { db: database.db, url: database.url };
  try {
    for (const kind of ['salons', 'services', 'products'] as const) await importOne(target, null, kind, join(samples, `${kind}.csv`));
    await importOne(target, 1, 'staff', join(samples, 'staff.csv'));
    const clientsFile = join(files, 'clients.csv');
    await writeLines(
      clientsFile,
      'external_id;first_name;last_name;gender',
      CLIENTS,
      (i) => `BC-${i};Nome${i};Cognome${i};${i % 3 === 0 ? 'M' : 'F'}`,
    );
    const clientsResult = await importOne(target, 1, 'clients', clientsFile);
    if (clientsResult.status !== 'SUCCEEDED') throw new Error(`clients: ${JSON.stringify(clientsResult)}`);

    const services = ['SV-CUT', 'SV-COL', 'SV-TRT', 'SV-PIEGA'];
    const products = ['PR-SHAMPOO', 'PR-MASK'];
    const start = Date.UTC(2023, 0, 1);
    const linesFile = join(files, 'sale-lines.csv');
    await writeLines(
      linesFile,
      'external_id;day;kind;item_external_id;appointment_external_id;client_external_id;staff_external_id;quantity;list_amount;paid_amount;discount;recommended',
      ROWS,
      (i) => {
        const day = new Date(start + (i % 730) * 86400000).toISOString().slice(0, 10);
        const isService = i % 4 !== 3;
        const item = isService ? services[i % services.length] : products[i % products.length];
        const list = 2000 + (i % 50) * 100;
        const paid = list - (i % 5 === 0 ? 300 : 0);
        return `BL-${i};${day};${isService ? 'SERVICE' : 'PRODUCT'};${item};;BC-${i % CLIENTS};ST-${1 + (i % 2)};1;${euros(list)};${euros(paid)};;${i % 7 === 0 ? 'si' : 'no'}`;
      },
    );
    const bytes = statSync(linesFile).size;
    console.log(`sale-lines file: ${ROWS.toLocaleString('en')} rows, ${(bytes / 1048576).toFixed(0)} MB`);

    for (const pass of ['first import (all new)', 'same file again (all unchanged)']) {
      global.gc?.();
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const began = performance.now();
      const nodeCpu = process.cpuUsage();
      const serverCpu = serverCpuSeconds(dataDir);
      const walBefore = await walState(database.db);
      let lastPhase = '';
      const jobBytes = statSync(linesFile).size;
      const jobId = await insertJob(target.db, {
        salonId: 1,
        kind: 'sale-lines',
        fileName: 'sale-lines.csv',
        fileBytes: jobBytes,
        sheet: null,
        isDryRun: false,
        userId: null,
      });
      const phases: string[] = [];
      let committedAt: number | null = null;
      const result = await runImport(
        target,
        { jobId, salonId: 1, kind: 'sale-lines', filePath: linesFile, fileBytes: jobBytes, format: 'csv', isDryRun: false },
        {
          onProgress: (p) => {
            if (p.phase !== lastPhase) {
              if (p.phase === 'ROLLUPS' || (p.phase === 'DONE' && committedAt === null)) committedAt = performance.now();
              phases.push(`${p.phase} at ${((performance.now() - began) / 1000).toFixed(1)} s`);
              lastPhase = p.phase;
            }
          },
        },
      );
      const ended = performance.now();
      // The rows/s are those of the import itself (read, checked, written, committed); the stored rollups'
      // catch-up that follows is timed apart: every report reads the new rows exactly during it.
      const seconds = ((committedAt ?? ended) - began) / 1000;
      const catchUpSeconds = (ended - (committedAt ?? ended)) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const rate = result.rowsRead / seconds;
      const peakMb = peak / 1048576;
      console.log(
        `\n${pass}: ${result.status}, ${result.rowsInserted} inserted, ${result.rowsUpdated} updated, ${result.rowsUnchanged} unchanged`,
      );
      console.log(`  ${phases.join(', ')}`);
      console.log(`  the stored rollups caught up ${catchUpSeconds.toFixed(1)} s after the commit`);
      console.log(
        `  ${seconds.toFixed(1)} s, ${Math.round(rate).toLocaleString('en')} rows/s (target >= ${TARGET_ROWS_PER_SECOND.toLocaleString('en')}) ${rate >= TARGET_ROWS_PER_SECOND ? 'OK' : 'MISSED'}`,
      );
      const cpu = process.cpuUsage(nodeCpu);
      const nodeSeconds = (cpu.user + cpu.system) / 1e6;
      const serverAfter = serverCpuSeconds(dataDir);
      const dbSeconds = serverCpu === null || serverAfter === null ? null : serverAfter - serverCpu;
      console.log(
        `  CPU: this process ${nodeSeconds.toFixed(1)} s, database server ${dbSeconds === null ? '?' : `${dbSeconds.toFixed(1)} s`}; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
      );
      const walAfter = await walState(database.db);
      console.log(
        `  WAL written ${((walAfter.bytes - walBefore.bytes) / 1048576).toFixed(0)} MB (${(walAfter.fpi - walBefore.fpi).toLocaleString('en')} full-page images), checkpoints requested ${walAfter.requested - walBefore.requested}, timed ${walAfter.timed - walBefore.timed}`,
      );
      console.log(
        `  peak RSS of this process ${peakMb.toFixed(0)} MB (target < ${TARGET_RSS_MB} MB) ${peakMb < TARGET_RSS_MB ? 'OK' : 'MISSED'}`,
      );
      if (result.status !== 'SUCCEEDED') throw new Error(JSON.stringify(result.failure ?? result));
      if (pass.startsWith('first')) await writeFloor(database.db, result.rowsRead);
    }
    await writersBesideImports(database, files);
    const { rows } = await sql<{ n: number; revenue: number }>`
      SELECT (SELECT count(*) FROM sale_lines) AS n, (SELECT sum(revenue_cents) FROM sales_daily) AS revenue`.execute(database.db);
    console.log(`\nsale_lines ${rows[0]?.n}; rollup revenue ${((rows[0]?.revenue ?? 0) / 100).toFixed(2)} EUR`);
  } finally {
    await database.close();
    rmSync(files, { recursive: true, force: true });
    if (!process.env.BENCH_IMPORT_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
