import { sql } from 'kysely';
import type { DbOrTx } from '../database.js';
import { definingRows, storeTable } from './ddl.js';
import { everyKey, type RollupDeclaration } from './model.js';

export interface Difference {
  rollup: string;
  /** Rows the view (or the stored table) has that the defining query does not. */
  extra: unknown[];
  /** Rows the defining query has that the view (or the stored table) lacks. */
  missing: unknown[];
}

/**
 * Compares a rollup's rows with its defining query over every key, both ways (at most 5 rows shown each
 * way). `stored`: the stored rows, which equal it once the refresher has caught up; otherwise the read
 * view, which equals it at every moment.
 */
export async function differenceFromDefinition(db: DbOrTx, r: RollupDeclaration, what: 'view' | 'stored'): Promise<Difference> {
  const read = what === 'view' ? `public."${r.table}"` : storeTable(r);
  const defined = definingRows(r, everyKey);
  const extra = await sql.raw<Record<string, unknown>>(`(SELECT * FROM ${read}) EXCEPT ALL (${defined}) LIMIT 5`).execute(db);
  const missing = await sql.raw<Record<string, unknown>>(`(${defined}) EXCEPT ALL (SELECT * FROM ${read}) LIMIT 5`).execute(db);
  return { rollup: r.table, extra: extra.rows, missing: missing.rows };
}
