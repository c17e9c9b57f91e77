import type { ImportJob, ImportKindName } from '@salon/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { failureMessage, type Language, rowMessage } from './messages.js';

/** The import job table (migration 016): written beside the import's own transaction, so it survives a rollback. */

/** A RUNNING job whose heartbeat stopped this long ago died with its process (kill -9, restart): it wrote nothing. */
export const STALE_SECONDS = 30;

export interface NewJob {
  salonId: number | null;
  kind: ImportKindName;
  fileName: string;
  fileBytes: number;
  sheet: string | null;
  isDryRun: boolean;
  userId: number | null;
}

export async function insertJob(db: DbOrTx, job: NewJob): Promise<number> {
  const row = await db
    .insertInto('import_jobs')
    .values({
      salon_id: job.salonId,
      kind: job.kind,
      file_name: job.fileName,
      file_bytes: job.fileBytes,
      sheet: job.sheet,
      is_dry_run: job.isDryRun,
      user_id: job.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface JobProgress {
  phase: 'READING' | 'CHECKING' | 'WRITING' | 'ROLLUPS' | 'DONE';
  progress: number;
  rowsRead: number;
  sheet: string | null;
}

export async function updateProgress(db: DbOrTx, jobId: number, p: JobProgress): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ phase: p.phase, progress: p.progress, rows_read: p.rowsRead, sheet: p.sheet, heartbeat_at: sql`now()` })
    .where('id', '=', jobId)
    .where('status', '=', 'RUNNING')
    .execute();
}

export interface StoredError {
  row: number;
  column: string;
  value: string;
  code: string;
  detail?: Record<string, string | number> | undefined;
}

export interface JobResult {
  status: 'SUCCEEDED' | 'INVALID' | 'FAILED';
  rowsRead: number;
  rowsInserted: number;
  rowsUpdated: number;
  rowsUnchanged: number;
  errorCount: number;
  daysFrom: string | null;
  daysTo: string | null;
  sheet: string | null;
  failure?: { code: string; detail: Record<string, string | number> };
}

/** Ends a job: its result and its errors (every error stored, in row order), in one transaction. */
export async function finishJob(db: DbOrTx, jobId: number, result: JobResult, errors: StoredError[]): Promise<void> {
  const write = async (tx: DbOrTx) => {
    const sorted = [...errors].sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
    for (let start = 0; start < sorted.length; start += 5000) {
      const batch = sorted.slice(start, start + 5000);
      await tx
        .insertInto('import_job_errors')
        .values(
          batch.map((e, i) => ({
            job_id: jobId,
            seq: start + i + 1,
            row_number: e.row,
            column_name: e.column,
            value: e.value.slice(0, 200),
            code: e.code,
            detail: e.detail ? JSON.stringify(e.detail) : null,
          })),
        )
        .execute();
    }
    await tx
      .updateTable('import_jobs')
      .set({
        status: result.status,
        phase: 'DONE',
        progress: 1,
        rows_read: result.rowsRead,
        rows_inserted: result.rowsInserted,
        rows_updated: result.rowsUpdated,
        rows_unchanged: result.rowsUnchanged,
        error_count: result.errorCount,
        days_from: result.daysFrom,
        days_to: result.daysTo,
        sheet: result.sheet,
        failure_code: result.failure?.code ?? null,
        failure_detail: result.failure ? JSON.stringify(result.failure.detail) : null,
        finished_at: sql`now()`,
        heartbeat_at: sql`now()`,
      })
      .where('id', '=', jobId)
      .execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** Marks RUNNING jobs whose process is gone as FAILED (INTERRUPTED). */
async function failStaleJobs(db: DbOrTx): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: 'FAILED', phase: 'DONE', failure_code: 'INTERRUPTED', finished_at: sql`now()` })
    .where('status', '=', 'RUNNING')
    .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_SECONDS})`)
    .execute();
}

function jobsQuery(db: DbOrTx) {
  return db
    .selectFrom('import_jobs as j')
    .leftJoin('users as u', 'u.id', 'j.user_id')
    .select([
      'j.id',
      'j.salon_id',
      'j.kind',
      'j.file_name',
      'j.file_bytes',
      'j.sheet',
      'j.is_dry_run',
      'j.status',
      'j.phase',
      'j.progress',
      'j.rows_read',
      'j.rows_inserted',
      'j.rows_updated',
      'j.rows_unchanged',
      'j.error_count',
      'j.failure_code',
      'j.failure_detail',
      'j.days_from',
      'j.days_to',
      'j.user_id',
      'j.created_at',
      'j.finished_at',
      sql<string | null>`CASE WHEN u.id IS NOT NULL THEN btrim(u.first_name || ' ' || u.last_name) END`.as('user_name'),
      sql<number>`(SELECT count(DISTINCT e.row_number)::integer FROM import_job_errors e WHERE e.job_id = j.id)`.as('invalid_rows'),
    ]);
}

type JobRow = Awaited<ReturnType<ReturnType<typeof jobsQuery>['executeTakeFirstOrThrow']>>;

function toDto(row: JobRow, language: Language, errors: ImportJob['errors']): ImportJob {
  return {
    jobId: row.id,
    salonId: row.salon_id,
    kind: row.kind as ImportKindName,
    fileName: row.file_name,
    fileBytes: row.file_bytes,
    sheet: row.sheet,
    isDryRun: row.is_dry_run,
    status: row.status,
    phase: row.phase,
    progress: Math.round(row.progress * 1000) / 1000,
    rowsRead: row.rows_read,
    rowsInserted: row.rows_inserted,
    rowsUpdated: row.rows_updated,
    rowsUnchanged: row.rows_unchanged,
    errorCount: row.error_count,
    invalidRowCount: row.invalid_rows,
    errors,
    message: row.failure_code ? failureMessage(row.failure_code, row.failure_detail, language) : null,
    daysFrom: row.days_from,
    daysTo: row.days_to,
    userId: row.user_id,
    userName: row.user_id === null ? 'CLI' : (row.user_name ?? ''),
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

export interface JobErrorRow {
  row: number;
  column: string;
  value: string;
  code: string;
  message: string;
}

/** A job's errors in row order, worded in `language`. */
export async function listJobErrors(db: DbOrTx, jobId: number, language: Language, limit: number | null): Promise<JobErrorRow[]> {
  let query = db
    .selectFrom('import_job_errors')
    .select(['row_number', 'column_name', 'value', 'code', 'detail'])
    .where('job_id', '=', jobId)
    .orderBy('seq');
  if (limit !== null) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((r) => ({
    row: r.row_number,
    column: r.column_name,
    value: r.value,
    code: r.code,
    message: rowMessage(r.code, r.detail, language),
  }));
}

/** The salon a job belongs to (null: a chain-level job), or undefined when there is no such job. */
export async function findJobSalon(db: DbOrTx, jobId: number): Promise<{ salonId: number | null } | undefined> {
  const row = await db.selectFrom('import_jobs').select('salon_id').where('id', '=', jobId).executeTakeFirst();
  return row ? { salonId: row.salon_id } : undefined;
}

export async function getJob(db: DbOrTx, jobId: number, language: Language, errorLimit: number): Promise<ImportJob | undefined> {
  await failStaleJobs(db);
  const row = await jobsQuery(db).where('j.id', '=', jobId).executeTakeFirst();
  if (!row) return undefined;
  const errors = errorLimit > 0 ? await listJobErrors(db, jobId, language, errorLimit) : [];
  return toDto(row, language, errors);
}

/** A salon's jobs (and the chain-level ones when asked), newest first, without their errors. */
export async function listJobs(db: DbOrTx, salonId: number, language: Language, limit: number, withChain: boolean): Promise<ImportJob[]> {
  await failStaleJobs(db);
  const rows = await jobsQuery(db)
    .where((eb) => (withChain ? eb.or([eb('j.salon_id', '=', salonId), eb('j.salon_id', 'is', null)]) : eb('j.salon_id', '=', salonId)))
    .orderBy('j.created_at', 'desc')
    .orderBy('j.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => toDto(row, language, []));
}

export async function getUserLanguage(db: DbOrTx, userId: number): Promise<Language> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? 'en';
}

export async function salonExists(db: DbOrTx, salonId: number): Promise<boolean> {
  return (await db.selectFrom('salons').select('id').where('id', '=', salonId).executeTakeFirst()) !== undefined;
}
