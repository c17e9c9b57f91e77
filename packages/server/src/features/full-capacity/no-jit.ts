import type { Kysely, Transaction } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.js';
import { withLocalSettings } from '../../lib/local-settings.js';

/**
 * Runs a query with PostgreSQL's JIT off for its transaction. The capacity queries split spans
 * with range_agg / unnest / generate_series, whose default row estimates (100 and 1000 per row)
 * inflate the plan's cost past jit_above_cost: on the demo chain JIT compilation took ~250 ms of
 * a query that runs in ~1 ms.
 */
export function withoutJit<T>(db: DbOrTx, run: (tx: Kysely<Database> | Transaction<Database>) => Promise<T>): Promise<T> {
  return withLocalSettings(db, { jit: 'off' }, run);
}
