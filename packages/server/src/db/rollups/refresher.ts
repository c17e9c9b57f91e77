import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../database.js';
import { columnList, definingRows, keyOrder, STALE_CHANNEL, storeTable } from './ddl.js';
import { decodeKey, keysOf, type RollupDeclaration } from './model.js';
import { ROLLUPS } from './registry.js';

/** Keys the first refresh transaction of a rollup and salon takes: a writer's few keys go in one short transaction. */
const FIRST_BATCH_KEYS = 64;
/** The most keys one transaction takes: a bounded statement even after a salon's first import. */
const MAX_BATCH_KEYS = 16384;
/**
 * How long a refresh transaction should take: the batch doubles while it is quicker and halves while it is
 * much slower, so thousands of stale keys (an import) go in a few large transactions, which costs far less
 * per key when the defining query scans a salon's rows (a client or a name key grain).
 */
const BATCH_TARGET_MS = 250;
/** Marks of a rollup's sources (one salon) from which its batch waits for them rather than compute them whole. */
const SOURCE_MARKS_BLOCKING = 256;
/** How long a key waits for its sources before its batch computes them whole. */
const SOURCE_WAIT_SECONDS = 30;
/** Advisory lock space of a refresh: one refresher at a time per rollup and salon (never a writer). */
const REFRESH_LOCK_BASE = 7320000;

export interface RefreshResult {
  keys: number;
  transactions: number;
}

/** For each rollup (by its index in ROLLUPS), the rollups it is computed from, directly or not, in dependency order. */
const UPSTREAM: readonly (readonly number[])[] = ROLLUPS.map((r) => {
  const wanted = new Set<string>(r.from);
  // ROLLUPS is in dependency order, so walking it backwards meets a rollup before the sources it adds.
  for (let i = ROLLUPS.length - 1; i >= 0; i -= 1) {
    const u = ROLLUPS[i] as RollupDeclaration;
    if (wanted.has(u.table)) for (const source of u.from) wanted.add(source);
  }
  return ROLLUPS.flatMap((u, i) => (wanted.has(u.table) ? [i] : []));
});

/**
 * Takes up to `limit` stale keys of one rollup and salon, recomputes their rows from the
 * defining query and removes their marks, in one transaction. A mark written while this runs stays in
 * the log (it was not visible to the DELETE), so its key is refreshed again: nothing is lost, and the
 * read view stays exact in between. Answers the number of keys refreshed (0: none, or another refresher
 * holds this rollup and salon).
 */
async function refreshBatch(db: Db, r: RollupDeclaration, salonId: number, lockKey: number, limit: number): Promise<number> {
  const upstream = (UPSTREAM[lockKey] ?? []).map((i) => (ROLLUPS[i] as RollupDeclaration).table);
  return db
    .transaction()
    .execute(async (tx) => {
      const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${REFRESH_LOCK_BASE + lockKey}, ${salonId}) AS ok`.execute(
        tx,
      );
      if (!lock.rows[0]?.ok) return 0;
      // The lowest `limit` marks no writer holds, then every mark of their keys: an index scan either way, whatever the
      // planner believes of the log's size (a join was quadratic). A mark a writer holds stays for a refresh after its commit.
      const claimed = await sql<{ k: number; is_overdue: boolean }>`
      WITH taken AS (
        DELETE FROM rollup_stale WHERE ctid = ANY (ARRAY(
          SELECT x.ctid FROM rollup_stale x
          WHERE x.rollup = ${r.table} AND x.salon_id = ${salonId}
            AND x.k = ANY (ARRAY(SELECT y.k FROM rollup_stale y WHERE y.rollup = ${r.table} AND y.salon_id = ${salonId}
              ORDER BY y.k LIMIT ${limit} FOR UPDATE SKIP LOCKED))
          FOR UPDATE SKIP LOCKED))
        RETURNING k, marked_at)
      SELECT k, min(marked_at) < now() - ${`${SOURCE_WAIT_SECONDS} seconds`}::interval AS is_overdue FROM taken GROUP BY k ORDER BY k`.execute(
        tx,
      );
      if (claimed.rows.length === 0) return 0;
      const ks = claimed.rows.map((row) => Number(row.k));
      const relation = `(SELECT ${Number(salonId)}::integer AS salon_id, ${decodeKey(r.grain.kind, 'u.k')} AS g FROM unnest('{${ks.join(',')}}'::integer[]) u(k))`;
      const keys = keysOf(relation);
      // The grain column against the decoded keys (a hash grain: hashtext() of it, as the stale log has it): an index range, not a scan.
      const column = `s."${r.grain.column}"`;
      const match =
        r.grain.kind === 'hash'
          ? `hashtext(${column}) = ANY ('{${ks.join(',')}}'::integer[])`
          : `${column} = ANY (ARRAY(SELECT ${decodeKey(r.grain.kind, 'u.k')} FROM unnest('{${ks.join(',')}}'::integer[]) u(k)))`;
      await sql.raw(`DELETE FROM ${storeTable(r)} s WHERE s.salon_id = ${Number(salonId)} AND ${match}`).execute(tx);
      // A source with many marks for the salon (an import's, or one another refresher is working) would be computed
      // whole here, for minutes after a large import: the keys go back for a pass after that source. Keys waiting for
      // longer are computed anyway, so a source that writers keep marking (a client's every day) cannot starve them.
      if (upstream.length > 0 && !claimed.rows.some((row) => row.is_overdue)) {
        const marked = await sql<{ n: number }>`
          SELECT count(*) AS n FROM (SELECT 1 FROM rollup_stale WHERE rollup = ANY (${upstream}::text[]) AND salon_id = ${salonId}
            LIMIT ${SOURCE_MARKS_BLOCKING}) x`.execute(tx);
        if (Number(marked.rows[0]?.n) >= SOURCE_MARKS_BLOCKING) throw new SourceMarked();
      }
      await sql
        .raw(
          `INSERT INTO ${storeTable(r)} (${columnList(r)}) SELECT * FROM (${definingRows(r, keys)}) f WHERE f.salon_id = ${Number(salonId)} ORDER BY ${keyOrder(r)}`,
        )
        .execute(tx);
      return ks.length;
    })
    .catch((error: unknown) => {
      if (error instanceof SourceMarked) return 0;
      throw error;
    });
}

/** Rolls a batch back: a source of its rollup has marks for the salon. */
class SourceMarked extends Error {}

export interface RefreshOptions {
  /** Stop once this many keys are done. */
  maxKeys?: number;
  /** Stop after the batch that ends this many milliseconds after the start. */
  maxMs?: number;
  /** Only this salon's keys (an import catching up the salon it wrote); null or absent: every salon. */
  salonId?: number | null;
  /**
   * Only the rollups with keys marked by then (and what they are computed from): what one writer waits for, so
   * rollups that other writers keep marking do not take its time.
   */
  markedBy?: Date | null;
}

/**
 * Refreshes stale keys, rollups in dependency order, until the log is empty (of the salon, when one is
 * given) or `maxKeys` keys are done or `maxMs` have passed. Before each batch of a rollup, the marks of the
 * rollups it is computed from (for that salon) are refreshed first: a batch then reads stored source rows,
 * not a salon's stale source rows computed whole (a client edited every few seconds keeps all its days of
 * client_days stale, and a batch of sales_day_totals over them took 10 s). Several processes may run it at
 * once: a rollup and salon is worked by one at a time.
 */
export async function refreshStale(db: Db, options: RefreshOptions = {}): Promise<RefreshResult> {
  const maxKeys = options.maxKeys ?? Number.POSITIVE_INFINITY;
  const endsAt = performance.now() + (options.maxMs ?? Number.POSITIVE_INFINITY);
  const salon = options.salonId ?? null;
  const markedBy = options.markedBy ?? null;
  const result: RefreshResult = { keys: 0, transactions: 0 };
  const limits = new Map<string, number>();
  const isOver = () => result.keys >= maxKeys || performance.now() >= endsAt;

  /** One batch of a rollup and salon, its size following how long the last one took; answers whether it was a full one. */
  const batch = async (index: number, salonId: number): Promise<{ done: number; isFull: boolean }> => {
    const at = `${index}:${salonId}`;
    const limit = limits.get(at) ?? FIRST_BATCH_KEYS;
    const began = performance.now();
    const done = await refreshBatch(db, ROLLUPS[index] as RollupDeclaration, salonId, index, limit);
    if (done === 0) return { done, isFull: false };
    const ms = performance.now() - began;
    result.keys += done;
    result.transactions += 1;
    if (ms < BATCH_TARGET_MS / 2) limits.set(at, Math.min(MAX_BATCH_KEYS, limit * 2));
    else if (ms > BATCH_TARGET_MS * 2) limits.set(at, Math.max(FIRST_BATCH_KEYS, Math.floor(limit / 2)));
    return { done, isFull: done >= limit };
  };

  for (let pass = 0; pass < 3; pass += 1) {
    // Which rollups and salons have marks, in one read of the log's index (usually empty).
    const pending = await sql<{ rollup: string; salon_id: number }>`
      SELECT DISTINCT rollup, salon_id FROM rollup_stale
      WHERE (${salon}::int IS NULL OR salon_id = ${salon}::int) AND (${markedBy}::timestamptz IS NULL OR marked_at <= ${markedBy}::timestamptz)`.execute(
      db,
    );
    if (pending.rows.length === 0) break;
    const salonsOf = new Map<string, number[]>();
    for (const row of pending.rows) salonsOf.set(row.rollup, [...(salonsOf.get(row.rollup) ?? []), Number(row.salon_id)]);
    let didWork = false;
    for (const [index, r] of ROLLUPS.entries()) {
      const upstream = (UPSTREAM[index] ?? []).map((i) => (ROLLUPS[i] as RollupDeclaration).table);
      for (const salonId of (salonsOf.get(r.table) ?? []).sort((a, b) => a - b)) {
        for (;;) {
          if (upstream.length > 0) {
            const marked = await sql<{ rollup: string }>`
              SELECT DISTINCT rollup FROM rollup_stale WHERE rollup = ANY (${upstream}::text[]) AND salon_id = ${salonId}`.execute(db);
            const names = new Set(marked.rows.map((row) => row.rollup));
            for (const i of UPSTREAM[index] ?? []) {
              if (!names.has((ROLLUPS[i] as RollupDeclaration).table)) continue;
              // Until its marks run out, or another refresher or a writer holds the rest.
              for (;;) {
                const source = await batch(i, salonId);
                if (source.done > 0) didWork = true;
                if (isOver()) return result;
                if (!source.isFull) break;
              }
            }
          }
          const step = await batch(index, salonId);
          if (step.done > 0) didWork = true;
          if (isOver()) return result;
          if (!step.isFull) break;
        }
      }
    }
    if (!didWork) break;
  }
  return result;
}

/**
 * How many stale keys wait, every rollup together: of one salon, or of all (null); with `markedBy`, only
 * those marked by then (what one writer is waiting for, not what others add after).
 */
export async function staleKeyCount(db: Db, salonId: number | null, markedBy: Date | null = null): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM rollup_stale
      WHERE (${salonId}::int IS NULL OR salon_id = ${salonId}::int) AND (${markedBy}::timestamptz IS NULL OR marked_at <= ${markedBy}::timestamptz)`.execute(
    db,
  );
  return Number(rows[0]?.n);
}

interface Log {
  info(message: string): void;
  error(message: string): void;
}

export interface Refresher {
  /** Resolves when the log is empty (or at once when it is). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The API process's refresher: it listens on the stale channel (a mark notifies at commit) and polls
 * every second as a fallback, and brings the stored rows up to date off the writers' path.
 */
export function startRefresher(db: Db, databaseUrl: string, log: Log, pollMs = 1000): Refresher {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let listener: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  const idleWaiters: (() => void)[] = [];

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const done = await refreshStale(db);
          if (done.keys > 0) log.info(`rollups: ${done.keys} stale keys refreshed in ${done.transactions} transactions`);
        } catch (error) {
          if (!stopped)
            log.error(`rollups: the refresh failed, it is tried again: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (again && !stopped);
      running = null;
      const counts = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM rollup_stale LIMIT 1) x`
        .execute(db)
        .catch(() => null);
      if (counts && Number(counts.rows[0]?.n) === 0) for (const wake of idleWaiters.splice(0)) wake();
    })();
    return running;
  };

  const listen = async () => {
    try {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => {
        listener = null;
      });
      client.on('notification', () => void run());
      await client.connect();
      await client.query(`LISTEN ${STALE_CHANNEL}`);
      if (stopped) await client.end();
      else listener = client;
    } catch {
      listener = null;
    }
  };

  void listen();
  const tick = () => {
    if (stopped) return;
    if (!listener) void listen();
    void run().finally(() => {
      if (!stopped) timer = setTimeout(tick, pollMs);
    });
  };
  timer = setTimeout(tick, 0);

  return {
    async idle() {
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        void run();
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
      await listener?.end().catch(() => {});
      for (const wake of idleWaiters.splice(0)) wake();
    },
  };
}
