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
  // One statement, each side computed once: the defining query over every key is the costly part.
  const { rows } = await sql
    .raw<Record<string, unknown>>(
      `WITH v AS MATERIALIZED (SELECT * FROM ${read}), d AS MATERIALIZED (${defined})
      SELECT 'extra' AS "?side", x.* FROM (SELECT * FROM ((TABLE v) EXCEPT ALL (TABLE d)) e LIMIT 5) x
      UNION ALL SELECT 'missing', y.* FROM (SELECT * FROM ((TABLE d) EXCEPT ALL (TABLE v)) m LIMIT 5) y`,
    )
    .execute(db);
  const side = (name: string) => rows.filter((row) => row['?side'] === name).map(({ '?side': _, ...row }) => row);
  return { rollup: r.table, extra: side('extra'), missing: side('missing') };
}
