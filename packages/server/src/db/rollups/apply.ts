import { sql } from 'kysely';
import type { Db, DbOrTx } from '../database.js';
import { columnList, definingRows, GENERATED, generateDdl, keyOrder, STORE, storageHashes, storeTable } from './ddl.js';
import { everyKey, type KeySet, type RollupDeclaration } from './model.js';
import { ROLLUPS } from './registry.js';

/** Advisory lock of the model's DDL: one process applies it at a time (a second start waits). */
const APPLY_LOCK = 7310200;

interface Log {
  info(message: string): void;
}

/**
 * Brings the database in line with the declarations, on every start (after the migrations): when the
 * generated DDL's hash differs from the one recorded, the read views and stale triggers are written
 * again, the stored rows of every rollup whose meaning changed are emptied and refilled, and those of
 * rollups no longer declared are dropped. Otherwise it costs one read.
 */
export async function applyRollupModel(db: Db, log?: Log): Promise<void> {
  const ddl = generateDdl();
  const applied = await sql<{ hash: string }>`SELECT hash FROM rollup_model_ddl`.execute(db);
  if (applied.rows[0]?.hash === ddl.hash) return;
  const hashes = storageHashes();
  const refill = await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${APPLY_LOCK})`.execute(conn);
    try {
      return await conn.transaction().execute(async (tx) => {
        const again = await sql<{ hash: string }>`SELECT hash FROM rollup_model_ddl`.execute(tx);
        if (again.rows[0]?.hash === ddl.hash) return [];
        const recorded = await sql<{ rollup: string; storage_hash: string }>`SELECT rollup, storage_hash FROM rollup_model`.execute(tx);
        const before = new Map(recorded.rows.map((r) => [r.rollup, r.storage_hash]));
        for (const name of new Set([...before.keys(), ...ROLLUPS.map((r) => r.table)])) {
          const kind = await sql<{ relkind: string }>`SELECT c.relkind FROM pg_class c
            WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ${name}`.execute(tx);
          if (kind.rows[0]?.relkind === 'v') await sql.raw(`DROP VIEW public."${name}" CASCADE`).execute(tx);
        }
        await sql.raw(`DROP SCHEMA IF EXISTS ${GENERATED} CASCADE; CREATE SCHEMA ${GENERATED}`).execute(tx);
        for (const name of before.keys()) {
          if (hashes.has(name)) continue;
          await sql.raw(`DROP TABLE IF EXISTS ${STORE}."${name}"`).execute(tx);
          await sql`DELETE FROM rollup_model WHERE rollup = ${name}`.execute(tx);
          await sql`DELETE FROM rollup_stale WHERE rollup = ${name}`.execute(tx);
        }
        const refill: RollupDeclaration[] = [];
        for (const r of ROLLUPS) {
          const exists = await sql<{
            n: number;
          }>`SELECT count(*) AS n FROM pg_tables WHERE schemaname = ${STORE} AND tablename = ${r.table}`.execute(tx);
          if (before.get(r.table) === hashes.get(r.table) && Number(exists.rows[0]?.n) > 0) continue;
          // A table of the same name from before the model (a migration's rollup) gives way to the view.
          await sql.raw(`DROP TABLE IF EXISTS public."${r.table}"; DROP TABLE IF EXISTS ${storeTable(r)}`).execute(tx);
          await sql.raw(ddl.storage.get(r.table) ?? '').execute(tx);
          refill.push(r);
        }
        for (const statement of [...ddl.views, ...ddl.triggers]) {
          await sql
            .raw(statement)
            .execute(tx)
            .catch((error: Error) => {
              throw new Error(`rollups: ${error.message} in the generated ${statement.slice(0, 80)}…`);
            });
        }
        for (const r of refill) {
          log?.info(`rollups: filling ${r.table} (new, or its declaration changed)`);
          await fillRollup(tx, r, everyKey);
          await sql`INSERT INTO rollup_model (rollup, storage_hash) VALUES (${r.table}, ${hashes.get(r.table)})
            ON CONFLICT (rollup) DO UPDATE SET storage_hash = EXCLUDED.storage_hash, applied_at = now()`.execute(tx);
        }
        await sql`DELETE FROM rollup_model_ddl`.execute(tx);
        await sql`INSERT INTO rollup_model_ddl (hash) VALUES (${ddl.hash})`.execute(tx);
        return refill;
      });
    } finally {
      await sql`SELECT pg_advisory_unlock(${APPLY_LOCK})`.execute(conn);
    }
  });
  for (const r of refill) await sql.raw(`ANALYZE ${storeTable(r)}`).execute(db);
}

/**
 * Replaces the stored rows of the keys asked with the defining query's. The stale marks of those keys are
 * removed first, in the same transaction: every mark removed was committed before the rows are computed.
 */
export async function fillRollup(tx: DbOrTx, r: RollupDeclaration, keys: KeySet, salonId?: number): Promise<void> {
  const salon = salonId === undefined ? 'true' : `salon_id = ${Number(salonId)}`;
  await sql.raw(`DELETE FROM rollup_stale WHERE rollup = '${r.table}' AND ${salon}`).execute(tx);
  await sql.raw(`DELETE FROM ${storeTable(r)} WHERE ${salon}`).execute(tx);
  await sql
    .raw(
      `INSERT INTO ${storeTable(r)} (${columnList(r)}) SELECT * FROM (${definingRows(r, keys)}) f WHERE ${salon} ORDER BY ${keyOrder(r)}`,
    )
    .execute(tx);
}

/**
 * Recomputes every declared rollup from its sources. On a database handle: per rollup and salon one short
 * transaction, so no lock is held across the whole rebuild and reads stay exact throughout (the view
 * computes what is marked stale). In a transaction (the demo load): there. `npm run rollups` and the demo
 * load call it.
 */
export async function rebuildRollupModel(db: DbOrTx): Promise<void> {
  const salons = await sql<{ id: number }>`SELECT id FROM salons ORDER BY id`.execute(db);
  for (const r of ROLLUPS) {
    for (const { id } of salons.rows) {
      if (db.isTransaction) await fillRollup(db, r, salonKeys(id), id);
      else await (db as Db).transaction().execute((tx) => fillRollup(tx, r, salonKeys(id), id));
    }
    await sql.raw(`DELETE FROM rollup_stale WHERE rollup = '${r.table}' AND salon_id NOT IN (SELECT id FROM salons)`).execute(db);
    if (!db.isTransaction) await sql.raw(`VACUUM (ANALYZE) ${storeTable(r)}`).execute(db);
  }
}

/** Every key of one salon. */
function salonKeys(salonId: number): KeySet {
  const salon = Number(salonId);
  return {
    match: (column) => `(${column} = ${salon})`,
    monthOfDay: (column) => `(${column} = ${salon})`,
    salon: (column) => `(${column} = ${salon})`,
    asked: null,
  };
}

/**
 * Turns the generated stale triggers off (`on` false) or on again, in the caller's transaction: for a bulk
 * load into empty tables that calls rebuildRollupModel before it commits, where marking every key it writes
 * would cost more than the load and mark nothing the rebuild does not fill anyway.
 */
export async function setStaleMarks(tx: DbOrTx, on: boolean): Promise<void> {
  const { rows } = await sql<{ tgname: string; rel: string }>`
    SELECT t.tgname, t.tgrelid::regclass::text AS rel FROM pg_trigger t
    WHERE NOT t.tgisinternal AND t.tgname LIKE 'a\_rollup\_stale\_%' ORDER BY 2, 1`.execute(tx);
  for (const { tgname, rel } of rows) {
    await sql.raw(`ALTER TABLE ${rel} ${on ? 'ENABLE ALWAYS' : 'DISABLE'} TRIGGER "${tgname}"`).execute(tx);
  }
}
