import { once } from 'node:events';
import type { ImportKindName } from '@salon/contracts';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { NO_JIT, pgTypes } from '../db/connect.js';
import type { Database, Db } from '../db/database.js';
import { refreshStale, staleKeyCount } from '../db/rollups/refresher.js';
import { finishJob, type JobProgress, type JobResult, type StoredError, updateProgress } from './import-jobs.query.js';
import { type KindSql, kindSql, SALE_LINES_LOCK_REFERENCES, SALE_LINES_RESOLVE, workTableSql } from './kind-sql.js';
import { type ColumnDef, kindDef } from './kinds.js';
import { type FileFormat, ImportFailure, openSource, type SourceRow } from './readers.js';
import {
  type CellResult,
  memoised,
  readBoolean,
  readDate,
  readDateTime,
  readDecimal,
  readEnum,
  readInteger,
  readMoney,
  readText,
} from './values.js';

/**
 * Runs one import job: streams the file through the reader and the cell checks into a temporary work
 * table with COPY, runs the set-based checks, and when every row is valid upserts the records by
 * external_id, in one transaction on a connection of its own. The writes mark the rollup keys they make
 * stale (db/rollups/), nothing more; after the commit the job stays in ROLLUPS until the stored rollups
 * have caught up (every report reads the new rows exactly meanwhile). Any invalid row: nothing is
 * written (ROLLBACK) and every error is stored on the job. A dry run does the same work and rolls back
 * at the end, so its counts are the real ones. Progress is written to the job every second from outside
 * the transaction.
 */

export interface ImportRequest {
  jobId: number;
  /** null for a chain-level kind */
  salonId: number | null;
  kind: ImportKindName;
  filePath: string;
  fileBytes: number;
  format: FileFormat;
  sheet?: string | undefined;
  isDryRun: boolean;
}

export interface ImportTarget {
  /** The app's database (job rows; a pool). */
  db: Db;
  /** Connection string for the import's own connection. */
  url: string;
}

/** At most this many errors are kept and stored per job (errorCount still counts them all). */
export const MAX_STORED_ERRORS = 100_000;

/** An import that writes this many rows analyses the tables it wrote. */
const ANALYZE_AFTER_ROWS = 5000;

/** The tables a kind's statements insert into or update, read from the statements themselves. */
export function tablesWritten(sqls: KindSql): string[] {
  const text = [...(sqls.before ?? []), sqls.upsert, ...(sqls.after ?? [])].join('\n');
  const names = [...text.matchAll(/\b(?:INSERT INTO|UPDATE)\s+([a-z_]+)\b/g)].map((m) => m[1] as string);
  return [...new Set(names)].filter((name) => !name.startsWith('import_') && name !== 'of').sort();
}

/** How long the catch-up refreshes between two progress reports. */
const CATCH_UP_STEP_MS = 1000;
/** The catch-up gives up (leaving the rest to the API's refresher) when nothing moved for this long. */
const CATCH_UP_PATIENCE_MS = 60_000;
/**
 * The longest a job stays in its catch-up: writers that keep marking what the import's rollups read (a client's
 * gender changed again and again) can keep it busy for many minutes, and the reports are exact meanwhile anyway.
 */
const CATCH_UP_MAX_MS = 180_000;

/** Serialises imports touching the same salon (or the chain's tables: key 0). */
const IMPORT_LOCK = 7310200;

/** work_mem of the import's transaction (only this connection, only while it runs). */
const IMPORT_WORK_MEM = '256MB';

class RollbackDryRun extends Error {}

interface Compiled {
  def: ColumnDef;
  /** The file's column index, or -1 when the file lacks the column. */
  index: number;
  read: (raw: string) => CellResult<string | number | boolean>;
}

function readerOf(def: ColumnDef): Compiled['read'] {
  const min = def.min ?? Number.NEGATIVE_INFINITY;
  const max = def.max ?? Number.POSITIVE_INFINITY;
  switch (def.type) {
    case 'text':
      return (raw) => readText(raw, def.maxLength ?? 1000);
    case 'enum':
      return memoised((raw) => readEnum(raw, def.values ?? []));
    case 'integer':
      return (raw) => readInteger(raw, def.min ?? -2147483648, def.max ?? 2147483647);
    case 'decimal':
      return (raw) => readDecimal(raw, min, max);
    case 'money':
      return (raw) => readMoney(raw, min, Math.min(max, 20_000_000));
    case 'date':
      return memoised(readDate);
    case 'datetime':
      return readDateTime;
    case 'boolean':
      return memoised(readBoolean);
  }
}

/** A header as written by a person or a system: trimmed, lower case, spaces and dashes as underscores. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Only spaces (as String.trim sees them); a cell starting with a printable ASCII character is not, without trimming it. */
function isBlank(raw: string): boolean {
  const first = raw.charCodeAt(0);
  return first > 32 && first < 127 ? false : raw.trim() === '';
}

function copyText(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : value;
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

type RowValues = Record<string, string | number | boolean | null>;

/** Checks across the cells of one row, beyond each cell's own reading. */
function rowChecks(kind: ImportKindName, v: RowValues): { column: string; code: string }[] {
  const found: { column: string; code: string }[] = [];
  if (kind === 'salons' && typeof v.time_zone === 'string' && !isTimeZone(v.time_zone))
    found.push({ column: 'time_zone', code: 'TIME_ZONE' });
  if (
    kind === 'staff' &&
    v.employment_start !== null &&
    v.employment_end !== null &&
    String(v.employment_end) < String(v.employment_start)
  ) {
    found.push({ column: 'employment_end', code: 'EMPLOYMENT_END' });
  }
  if (kind === 'appointments' && v.start !== null && v.end !== null && String(v.end) < String(v.start)) {
    found.push({ column: 'end', code: 'END_BEFORE_START' });
  }
  if (kind === 'sale-lines' && typeof v.discount === 'number' && typeof v.list_amount === 'number' && v.discount > v.list_amount) {
    found.push({ column: 'discount', code: 'DISCOUNT' });
  }
  if (kind === 'stock-movements' && v.quantity === 0) found.push({ column: 'quantity', code: 'NOT_ZERO' });
  return found;
}

/**
 * The foreign-key checks of a big sale-lines write are one trigger query per row and key (six
 * keys): the import has already checked every reference, so it takes the same locks the checks
 * would (FOR KEY SHARE on every record referred to, set-based) and switches the per-row triggers
 * off for the upsert, as pg_restore does. That needs a superuser (the embedded server); elsewhere
 * the triggers simply stay on. Answers whether they are off.
 */
async function skipForeignKeyTriggers(client: pg.Client, params: unknown[]): Promise<boolean> {
  await client.query(SALE_LINES_LOCK_REFERENCES, params);
  await client.query('SAVEPOINT replica');
  try {
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query('RELEASE SAVEPOINT replica');
    return true;
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT replica');
    return false;
  }
}

/** IMPORT_TRACE=1: every statement of the import's connection and its time on stderr (to find where the time goes). */
function traceQueries(client: pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
    if (
      process.env.IMPORT_TRACE === 'explain' &&
      typeof first === 'string' &&
      /^\s*(WITH|INSERT|UPDATE|CREATE TEMP TABLE import_resolved)/.test(first) &&
      /\b(sale_lines|import_resolved|sales_daily|item_sales_daily|appointments_daily|client_days|client_totals|staff_daily|staff_client_days)\b/.test(
        first,
      )
    ) {
      return (async () => {
        await query('SAVEPOINT explain');
        const plan = (await query(`EXPLAIN (ANALYZE, BUFFERS) ${first}`, args[1])) as { rows: { 'QUERY PLAN': string }[] };
        console.error(`[explain] ${first.replace(/\s+/g, ' ').slice(0, 110)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
        await query('ROLLBACK TO SAVEPOINT explain');
        return query(...args);
      })();
    }
    const result = query(...args);
    if (typeof text === 'string' && result instanceof Promise) {
      const began = performance.now();
      void result.then(
        () =>
          console.error(`[import] ${(performance.now() - began).toFixed(0).padStart(7)} ms  ${text.replace(/\s+/g, ' ').slice(0, 110)}`),
        () => {},
      );
    }
    return result;
  };
}

export interface RunOptions {
  /** Called with every progress write (the CLI prints it). */
  onProgress?: (progress: JobProgress) => void;
  /** How often progress is written (ms). */
  progressEveryMs?: number;
}

/** Runs the job to its end and records the result; never throws for a bad file (the job says FAILED). */
export async function runImport(target: ImportTarget, request: ImportRequest, options: RunOptions = {}): Promise<JobResult> {
  const progress: JobProgress = { phase: 'READING', progress: 0, rowsRead: 0, sheet: request.sheet ?? null };
  const errors: StoredError[] = [];
  let errorCount = 0;
  const addError = (error: StoredError) => {
    errorCount += 1;
    if (errors.length < MAX_STORED_ERRORS) errors.push(error);
  };
  let bytesRead = () => 0;
  const report = async () => {
    if (progress.phase === 'READING' && request.fileBytes > 0) progress.progress = Math.min(0.6, (0.6 * bytesRead()) / request.fileBytes);
    options.onProgress?.({ ...progress });
    await updateProgress(target.db, request.jobId, progress).catch(() => {});
  };
  const timer = setInterval(() => void report(), options.progressEveryMs ?? 1000);
  const result: JobResult = {
    status: 'SUCCEEDED',
    rowsRead: 0,
    rowsInserted: 0,
    rowsUpdated: 0,
    rowsUnchanged: 0,
    errorCount: 0,
    daysFrom: null,
    daysTo: null,
    sheet: null,
  };

  const client = new pg.Client({ connectionString: target.url, types: pgTypes, options: NO_JIT });
  client.on('error', () => {});
  if (process.env.IMPORT_TRACE) traceQueries(client);
  try {
    await client.connect();
    // The work tables live in this session's memory rather than in temporary files (set before their first use).
    await client.query("SET temp_buffers = '128MB'");
    // Kysely over this one connection: its transaction is the import's.
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: { connect: async () => Object.assign(client, { release: () => {} }), end: async () => {} } }),
    }) as Db;
    await kysely.transaction().execute(async (tx) => {
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [IMPORT_LOCK, request.salonId ?? 0]);
      // Room for the set-based statements' sorts and hashes over a whole file in memory: with the default
      // 4 MB a million-line file spills every sort to temporary files.
      await client.query(`SET LOCAL work_mem = '${IMPORT_WORK_MEM}'`);
      if (request.salonId !== null) {
        const { rows } = await client.query('SELECT 1 FROM salons WHERE id = $1', [request.salonId]);
        if (rows.length === 0) throw new ImportFailure('SALON_MISSING', { salonId: request.salonId });
      }
      const params = request.salonId === null ? [] : [request.salonId];
      await client.query(workTableSql(request.kind));
      const source = await openSource(request.filePath, request.format, { sheet: request.sheet });
      bytesRead = source.bytesRead;
      const { count: copied, columns } = await copyRows(client, request.kind, source.rows, addError, (n) => {
        progress.rowsRead = n;
      });
      result.rowsRead = copied;
      result.sheet = source.sheet;
      progress.sheet = source.sheet;
      progress.rowsRead = copied;
      if (copied === 0 && errorCount === 0) throw new ImportFailure('NO_ROWS');
      await client.query('ANALYZE import_rows');

      progress.phase = 'CHECKING';
      progress.progress = 0.6;
      void report();
      const sqls: KindSql = kindSql(request.kind, columns);
      for (const check of sqls.checks) {
        const { rows } = await client.query<{
          row_number: number;
          column_name: string;
          value: string | null;
          code: string;
          detail: Record<string, string | number> | null;
        }>(check.sql, check.isSalonScoped ? params : []);
        for (const row of rows) {
          addError({
            row: row.row_number,
            column: row.column_name,
            value: row.value ?? '',
            code: row.code,
            detail: row.detail ?? undefined,
          });
        }
      }
      if (errorCount > 0) {
        result.status = 'INVALID';
        throw new RollbackDryRun();
      }

      progress.phase = 'WRITING';
      progress.progress = 0.7;
      void report();
      if (request.kind === 'sale-lines') await client.query(SALE_LINES_RESOLVE, params);
      // The days the file touched, shown on the job.
      if (sqls.days && request.salonId !== null) {
        const { rows } = await client.query<{
          from: string | null;
          to: string | null;
          written_from?: string | null;
          written_to?: string | null;
        }>(sqls.days, sqls.days.includes('$1') ? params : []);
        const days = rows[0];
        result.daysFrom = days?.from ?? null;
        result.daysTo = days?.to ?? null;
      }
      const isFkSkipped = request.kind === 'sale-lines' && (await skipForeignKeyTriggers(client, params));
      for (const statement of sqls.before ?? []) await client.query(statement, statement.includes('$1') ? params : []);
      const { rows: counts } = await client.query<{ inserted: number; updated: number }>(sqls.upsert, params);
      if (isFkSkipped) await client.query('SET LOCAL session_replication_role = origin');
      result.rowsInserted = counts[0]?.inserted ?? 0;
      result.rowsUpdated = counts[0]?.updated ?? 0;
      result.rowsUnchanged = copied - result.rowsInserted - result.rowsUpdated;
      if (result.rowsInserted + result.rowsUpdated > 0) for (const statement of sqls.after ?? []) await client.query(statement, params);
      // A large import changes its tables' shape (a first import fills an empty one): fresh statistics before the
      // stored rollups catch up, or their queries are planned for the table as it was.
      if (result.rowsInserted + result.rowsUpdated >= ANALYZE_AFTER_ROWS) {
        for (const table of tablesWritten(sqls)) await client.query(`ANALYZE ${table}`);
      }

      if (request.isDryRun) throw new RollbackDryRun();
    });
  } catch (error) {
    if (!(error instanceof RollbackDryRun)) {
      result.status = 'FAILED';
      if (error instanceof ImportFailure) result.failure = { code: error.code, detail: error.detail };
      else {
        const message = error instanceof Error ? error.message : String(error);
        result.failure = { code: 'INTERNAL', detail: { reason: message.slice(0, 300) } };
      }
    }
  } finally {
    await client.end().catch(() => {});
  }
  if (result.status === 'SUCCEEDED' && !request.isDryRun && result.rowsInserted + result.rowsUpdated > 0) {
    progress.phase = 'ROLLUPS';
    progress.progress = 0.9;
    void report();
    await catchUpRollups(target.db, request.salonId, (share) => {
      progress.progress = 0.9 + 0.1 * share;
    });
  }
  clearInterval(timer);
  if (result.status !== 'SUCCEEDED') {
    result.rowsInserted = 0;
    result.rowsUpdated = 0;
    result.rowsUnchanged = 0;
  }
  result.errorCount = errorCount;
  progress.phase = 'DONE';
  progress.progress = 1;
  options.onProgress?.({ ...progress });
  await finishJob(target.db, request.jobId, result, errors);
  return result;
}

/**
 * Brings the salon's rollups (a chain-level kind: every salon's) up to date with what the import wrote,
 * reporting the share done. The rows
 * are already committed and every report reads them exactly meanwhile; this only moves the stored rows
 * along (beside the API's refresher, which takes other rollups of the salon at the same time), so the job
 * ends when the reports are as fast as before it. A failure leaves the work to the API's refresher.
 */
async function catchUpRollups(db: Db, salonId: number | null, onShare: (share: number) => void): Promise<void> {
  try {
    // The keys this import marked, not those other writers of the salon keep marking after it.
    const { rows } = await sql<{ at: Date }>`SELECT now() AS at`.execute(db);
    const markedBy = rows[0]?.at ?? new Date();
    const first = await staleKeyCount(db, salonId, markedBy);
    let left = first;
    let movedAt = Date.now();
    const endsAt = movedAt + CATCH_UP_MAX_MS;
    while (left > 0 && Date.now() - movedAt < CATCH_UP_PATIENCE_MS && Date.now() < endsAt) {
      const done = await refreshStale(db, { salonId, markedBy, maxMs: CATCH_UP_STEP_MS });
      // Nothing taken: the API's refresher holds what is left; wait for it rather than spin.
      if (done.keys === 0) await new Promise((resolve) => setTimeout(resolve, 200));
      const now = await staleKeyCount(db, salonId, markedBy);
      if (now < left) movedAt = Date.now();
      left = now;
      onShare(first === 0 ? 1 : Math.max(0, Math.min(1, 1 - left / first)));
    }
  } catch {
    // The API's refresher brings them up to date; reads are exact either way.
  }
}

/**
 * Reads the header, then every row: each cell through its column's reader; a valid row goes to
 * COPY, an invalid one only to the errors. Answers the number of data rows read and the kind's columns the file has.
 */
async function copyRows(
  client: pg.Client,
  kind: ImportKindName,
  rows: AsyncIterable<SourceRow[]>,
  addError: (error: StoredError) => void,
  onRows: (n: number) => void,
): Promise<{ count: number; columns: string[] }> {
  const def = kindDef(kind);
  const iterator = rows[Symbol.asyncIterator]();
  let first = await iterator.next();
  while (!first.done && first.value.length === 0) first = await iterator.next();
  if (first.done) throw new ImportFailure('EMPTY_FILE');
  const [headerRow, ...firstRows] = first.value as [SourceRow, ...SourceRow[]];
  const headers = headerRow.cells.map(normaliseHeader);
  const compiled: Compiled[] = def.columns.map((column) => ({ def: column, index: headers.indexOf(column.name), read: readerOf(column) }));
  let isMissing = false;
  for (const column of compiled) {
    if (column.index < 0 && column.def.isRequired) {
      isMissing = true;
      addError({ row: headerRow.number, column: column.def.name, value: '', code: 'MISSING_COLUMN', detail: { column: column.def.name } });
    }
  }
  const columns = compiled.filter((c) => c.index >= 0).map((c) => c.def.name);
  if (isMissing) return { count: 0, columns };

  const columnList = def.columns.map((c) => `"${c.name}"`).join(', ');
  const stream = client.query(copyFrom(`COPY import_rows (row_number, ${columnList}) FROM STDIN`));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let buffer = '';
  let count = 0;
  const values: RowValues = {};
  const needsRowChecks = ['salons', 'staff', 'appointments', 'sale-lines', 'stock-movements'].includes(kind);
  try {
    let batch: SourceRow[] = firstRows;
    let at = 0;
    while (true) {
      if (at >= batch.length) {
        const next = await iterator.next();
        if (next.done) break;
        batch = next.value;
        at = 0;
        continue;
      }
      const { number, cells } = batch[at] as SourceRow;
      at += 1;
      count += 1;
      let line = String(number);
      let isValid = true;
      for (const column of compiled) {
        const raw = column.index >= 0 ? (cells[column.index] ?? '') : '';
        let value: string | number | boolean | null = null;
        if (isBlank(raw)) {
          if (column.def.isRequired) {
            isValid = false;
            addError({ row: number, column: column.def.name, value: raw, code: 'REQUIRED' });
          }
        } else {
          const read = column.read(raw);
          if (read.ok) value = read.value;
          else {
            isValid = false;
            addError({ row: number, column: column.def.name, value: raw, code: read.code, detail: read.detail });
          }
        }
        values[column.def.name] = value;
        line += `\t${copyText(value)}`;
      }
      if (isValid && needsRowChecks) {
        for (const problem of rowChecks(kind, values)) {
          isValid = false;
          addError({ row: number, column: problem.column, value: String(values[problem.column] ?? ''), code: problem.code });
        }
      }
      if (isValid) buffer += `${line}\n`;
      if (buffer.length > 256 * 1024) {
        if (!stream.write(buffer)) await once(stream, 'drain');
        buffer = '';
      }
      if ((count & 4095) === 0) onRows(count);
    }
    if (buffer) stream.write(buffer);
    stream.end();
  } catch (error) {
    stream.destroy();
    await finished.catch(() => {});
    throw error;
  }
  await finished;
  onRows(count);
  return { count, columns };
}
