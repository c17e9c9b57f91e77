import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.js';

/**
 * Runs a query with PostgreSQL's JIT off for its transaction. The capacity queries split spans
 * with range_agg / unnest / generate_series, whose default row estimates (100 and 1000 per row)
 * inflate the plan's cost past jit_above_cost: on the demo chain JIT compilation took ~250 ms of
 * a query that runs in ~1 ms.
 */
export async function withoutJit<T>(db: DbOrTx, run: (tx: Kysely<Database> | Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) {
    await sql`SET LOCAL jit = off`.execute(db);
    return run(db);
  }
  return db.transaction().execute(async (tx) => {
    await sql`SET LOCAL jit = off`.execute(tx);
    return run(tx);
  });
}
