import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../database.js';
import { columnList, definingRows, keyOrder, STALE_CHANNEL, storeTable } from './ddl.js';
import { decodeKey, keysOf, type RollupDeclaration } from './model.js';
import { ROLLUPS } from './registry.js';

/** Keys one refresh transaction takes of a rollup and salon: short transactions, a bounded statement. */
const KEYS_PER_TRANSACTION = 64;
/** Advisory lock space of a refresh: one refresher at a time per rollup and salon (never a writer). */
const REFRESH_LOCK_BASE = 7320000;

export interface RefreshResult {
  keys: number;
  transactions: number;
}

/**
 * Takes up to KEYS_PER_TRANSACTION stale keys of one rollup and salon, recomputes their rows from the
 * defining query and removes their marks, in one transaction. A mark written while this runs stays in
 * the log (it was not visible to the DELETE), so its key is refreshed again: nothing is lost, and the
 * read view stays exact in between. Answers the number of keys refreshed (0: none, or another refresher
 * holds this rollup and salon).
 */
async function refreshBatch(db: Db, r: RollupDeclaration, salonId: number, lockKey: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${REFRESH_LOCK_BASE + lockKey}, ${salonId}) AS ok`.execute(tx);
    if (!lock.rows[0]?.ok) return 0;
    const claimed = await sql<{ k: number }>`
      WITH taken AS (
        DELETE FROM rollup_stale WHERE ctid = ANY (ARRAY(
          SELECT x.ctid FROM rollup_stale x
          WHERE x.rollup = ${r.table} AND x.salon_id = ${salonId}
            AND x.k IN (SELECT DISTINCT y.k FROM rollup_stale y WHERE y.rollup = ${r.table} AND y.salon_id = ${salonId} ORDER BY y.k LIMIT ${KEYS_PER_TRANSACTION})
          FOR UPDATE SKIP LOCKED))
        RETURNING k)
      SELECT DISTINCT k FROM taken ORDER BY k`.execute(tx);
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
    await sql
      .raw(
        `INSERT INTO ${storeTable(r)} (${columnList(r)}) SELECT * FROM (${definingRows(r, keys)}) f WHERE f.salon_id = ${Number(salonId)} ORDER BY ${keyOrder(r)}`,
      )
      .execute(tx);
    return ks.length;
  });
}

export interface RefreshOptions {
  /** Stop once this many keys are done. */
  maxKeys?: number;
  /** Only this salon's keys (an import catching up the salon it wrote); null or absent: every salon. */
  salonId?: number | null;
}

/**
 * Refreshes stale keys, rollups in dependency order, until the log is empty (of the salon, when one is
 * given) or `maxKeys` keys are done. Several processes may run it at once: a rollup and salon is worked
 * by one at a time.
 */
export async function refreshStale(db: Db, options: RefreshOptions = {}): Promise<RefreshResult> {
  const maxKeys = options.maxKeys ?? Number.POSITIVE_INFINITY;
  const salon = options.salonId ?? null;
  const result: RefreshResult = { keys: 0, transactions: 0 };
  const any = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM rollup_stale WHERE ${salon}::int IS NULL OR salon_id = ${salon}::int LIMIT 1) x`.execute(db);
  if (Number(any.rows[0]?.n) === 0) return result;
  for (let pass = 0; pass < 3 && result.keys < maxKeys; pass += 1) {
    let didWork = false;
    for (const [index, r] of ROLLUPS.entries()) {
      const salons = await sql<{
        salon_id: number;
      }>`SELECT DISTINCT salon_id FROM rollup_stale WHERE rollup = ${r.table} AND (${salon}::int IS NULL OR salon_id = ${salon}::int) ORDER BY salon_id`.execute(
        db,
      );
      for (const { salon_id } of salons.rows) {
        for (;;) {
          const done = await refreshBatch(db, r, Number(salon_id), index);
          if (done === 0) break;
          didWork = true;
          result.keys += done;
          result.transactions += 1;
          if (result.keys >= maxKeys) return result;
        }
      }
    }
    if (!didWork) break;
  }
  return result;
}

/**
 * How many stale keys wait, every rollup together: of one salon, or of all (null); with `markedBy`, only
 * those marked by transactions that began by then (what one writer is waiting for, not what others add after).
 */
export async function staleKeyCount(db: Db, salonId: number | null, markedBy: Date | null = null): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM (SELECT DISTINCT rollup, salon_id, k FROM rollup_stale
      WHERE (${salonId}::int IS NULL OR salon_id = ${salonId}::int) AND (${markedBy}::timestamptz IS NULL OR marked_at <= ${markedBy}::timestamptz)) x`.execute(
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
