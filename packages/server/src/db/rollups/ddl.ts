import { createHash } from 'node:crypto';
import {
  type ChangedRows,
  type ColumnSpec,
  decodeKey,
  encodeKey,
  everyKey,
  type KeySet,
  keysOf,
  type RollupDeclaration,
  type WriteEvent,
} from './model.js';
import { baseTablesWritten, ROLLUPS } from './registry.js';

/** Where the stored rows live; `public.<table>` is the exact read view over them. */
export const STORE = 'rollup_store';
/** The generated trigger functions (dropped and written again whenever the declarations change). */
export const GENERATED = 'rollup_gen';
/** The channel a stale mark notifies at commit, so the refresher wakes at once. */
export const STALE_CHANNEL = 'rollup_stale';

const EVENTS: readonly WriteEvent[] = ['INSERT', 'UPDATE', 'DELETE'];

function q(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function sqlType(spec: ColumnSpec): { type: string; isNullable: boolean } {
  const isNullable = spec.endsWith(' null');
  return { type: isNullable ? spec.slice(0, -5) : spec, isNullable };
}

export function storeTable(r: RollupDeclaration): string {
  return `${STORE}.${q(r.table)}`;
}

/** The defining query's rows, each column cast to its declared type and named, in declared order. */
export function definingRows(r: RollupDeclaration, keys: KeySet): string {
  const columns = Object.entries(r.columns).map(([name, spec]) => `d.${q(name)}::${sqlType(spec).type} AS ${q(name)}`);
  return `SELECT ${columns.join(', ')} FROM (${r.rows(keys)}) d`;
}

/** The key ORDER BY of a fill: rows go in key order, so a range of days reads adjacent pages. */
export function keyOrder(r: RollupDeclaration): string {
  return r.key.map((c) => q(c)).join(', ');
}

export function columnList(r: RollupDeclaration): string {
  return Object.keys(r.columns)
    .map((c) => q(c))
    .join(', ');
}

/** The rollup's stale keys of one salon (`salon`, an SQL expression) as a relation (salon_id, g), read from the stale log. */
export function staleKeys(r: RollupDeclaration, salon: string): string {
  return `(SELECT DISTINCT x.salon_id, ${decodeKey(r.grain.kind, 'x.k')} AS g FROM rollup_stale x WHERE x.rollup = ${literal(r.table)} AND x.salon_id = ${salon})`;
}

/** The function that computes a salon's stale rows of the rollup with its defining query. */
export function staleRowsFunction(r: RollupDeclaration): string {
  return `${GENERATED}.${q(`stale_rows_${r.table}`)}`;
}

function storageDdl(r: RollupDeclaration): string {
  const columns = Object.entries(r.columns).map(([name, spec]) => {
    const { type, isNullable } = sqlType(spec);
    return `${q(name)} ${type}${isNullable ? '' : ' NOT NULL'}`;
  });
  // A primary key cannot hold NULL: a key with a nullable column (an unknown creator) is a unique key whose NULLs are equal.
  const isKeyNullable = r.key.some((c) => r.columns[c]?.endsWith(' null'));
  const key = isKeyNullable ? `CONSTRAINT ${q(`${r.table}_key`)} UNIQUE NULLS NOT DISTINCT` : 'PRIMARY KEY';
  const lines = [`CREATE TABLE ${storeTable(r)} (${columns.join(', ')}, ${key} (${keyOrder(r)}));`];
  for (const [i, index] of (r.indexes ?? []).entries()) {
    lines.push(`CREATE INDEX ${q(`${r.table}_${i + 1}_idx`)} ON ${storeTable(r)} ${index};`);
  }
  return lines.join('\n');
}

/**
 * The read view: stored rows of the salons with no stale key of this rollup (one hashed test a row),
 * stored rows of the other salons whose key is not stale, and, per salon with stale keys, the rows its
 * defining query gives for them. The stale log is usually empty, so the last two branches cost index
 * probes. The defining query runs in a function (PL/pgSQL keeps its plan) called per salon that has
 * stale keys: inline, every read planned the defining queries of the rollup and of each rollup it is
 * computed from, and a planner that cannot know the log is empty may read a range of the sources first.
 * A read's salon reaches the call; its days do not, so a salon's stale rows are computed whole.
 */
function viewDdl(r: RollupDeclaration): string {
  const columns = columnList(r);
  const salonsWithMarks = `SELECT DISTINCT x.salon_id FROM rollup_stale x WHERE x.rollup = ${literal(r.table)}`;
  const staleSalons = `ARRAY(${salonsWithMarks})`;
  const sColumns = Object.keys(r.columns)
    .map((c) => `s.${q(c)}`)
    .join(', ');
  const fColumns = Object.keys(r.columns)
    .map((c) => (c === 'salon_id' ? 'ks.salon_id' : `f.${q(c)}`))
    .join(', ');
  // Planned at each call for that salon's marks: a cached generic plan, made for a few stale keys, ran for
  // minutes over a salon whose every day an import had marked (nested loops over an index).
  return `CREATE FUNCTION ${staleRowsFunction(r)}(integer) RETURNS SETOF ${storeTable(r)} LANGUAGE plpgsql STABLE ROWS 100
SET plan_cache_mode = force_custom_plan AS $rows$
BEGIN
  RETURN QUERY ${definingRows(r, keysOf(staleKeys(r, '$1'), '$1'))};
END
$rows$;
CREATE VIEW public.${q(r.table)} (${columns}) AS
SELECT ${sColumns} FROM ${storeTable(r)} s WHERE s.salon_id <> ALL (${staleSalons})
UNION ALL
SELECT ${sColumns} FROM ${storeTable(r)} s WHERE s.salon_id = ANY (${staleSalons})
  AND NOT EXISTS (SELECT 1 FROM rollup_stale x WHERE x.rollup = ${literal(r.table)} AND x.salon_id = s.salon_id
    AND x.k = ${encodeKey(r.grain.kind, `s.${q(r.grain.column)}`)})
UNION ALL
SELECT ${fColumns} FROM (${salonsWithMarks}) ks
  CROSS JOIN LATERAL ${staleRowsFunction(r)}(ks.salon_id) f;`;
}

/**
 * The relations a stale rule reads: the transition tables, an empty relation where the event has none.
 * Only an UPDATE has both, so only its changed rows are a union; an INSERT's are its new rows as they are.
 */
function changedRows(table: string, event: WriteEvent): { ctes: string[]; rows: ChangedRows } {
  const empty = `(SELECT * FROM public.${q(table)} WHERE false)`;
  if (event === 'INSERT') return { ctes: [], rows: { changed: 'new_rows', newRows: 'new_rows', oldRows: empty } };
  if (event === 'DELETE') return { ctes: [], rows: { changed: 'old_rows', newRows: empty, oldRows: 'old_rows' } };
  return {
    ctes: ['changed_rows AS (SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows)'],
    rows: { changed: 'changed_rows', newRows: 'new_rows', oldRows: 'old_rows' },
  };
}

/**
 * One statement per base table and write event: the keys each rollup's rules name for the rows written,
 * then the keys of the rollups computed from those, in dependency order, appended to the stale log.
 */
export function staleStatement(
  table: string,
  event: WriteEvent,
  rollups: readonly RollupDeclaration[] = ROLLUPS,
  isBulk = false,
): string | null {
  const { ctes, rows } = changedRows(table, event);
  const first = ctes.length;
  const byName = new Map(rollups.map((r) => [r.table, r]));
  // Each rollup's rules' key queries, in dependency order (a rule on a source rollup reads that rollup's keys).
  const marked = new Set<string>();
  const partsOf = new Map<string, string[]>();
  for (const r of rollups) {
    const parts: string[] = [];
    for (const rule of r.staleWhen) {
      const source = byName.get(rule.source);
      if (source) {
        if (!marked.has(source.table)) continue;
        const keys = `c_${source.table}`;
        parts.push(rule.keys({ changed: keys, newRows: keys, oldRows: keys }));
      } else if (rule.source === table && (rule.on ?? EVENTS).includes(event)) {
        parts.push(isBulk && rule.bulk ? rule.bulk(rows) : rule.keys(rows));
      }
    }
    if (parts.length === 0) continue;
    marked.add(r.table);
    partsOf.set(r.table, parts);
  }
  // A rule shared by several rollups (a line's day moves every daily rollup of sales) runs once, its distinct keys kept in a CTE.
  const uses = new Map<string, number>();
  for (const parts of partsOf.values()) for (const p of parts) uses.set(p, (uses.get(p) ?? 0) + 1);
  const shared = new Map<string, string>();
  for (const r of rollups) {
    const parts = partsOf.get(r.table);
    if (!parts) continue;
    const union = parts
      .map((p) => {
        if ((uses.get(p) ?? 0) < 2) return `SELECT * FROM (${p}) p`;
        let name = shared.get(p);
        if (!name) {
          name = `k_${shared.size + 1}`;
          shared.set(p, name);
          ctes.push(`${name} AS MATERIALIZED (SELECT DISTINCT * FROM (${p}) p)`);
        }
        return `SELECT * FROM ${name}`;
      })
      .join(' UNION ALL ');
    ctes.push(
      `s_${r.table} AS (SELECT DISTINCT u.salon_id, u.g FROM (${union}) u(salon_id, g) WHERE u.salon_id IS NOT NULL AND u.g IS NOT NULL)`,
    );
    // Its keys as the rollups computed from it read them: (salon_id, <its grain column>).
    const g = r.grain.kind === 'month' ? `date_trunc('month', s.g)::date` : 's.g';
    ctes.push(`c_${r.table} AS (SELECT s.salon_id, ${g} AS ${q(r.grain.column)} FROM s_${r.table} s)`);
  }
  if (ctes.length === first) return null;
  const inserts = rollups
    .filter((r) => marked.has(r.table))
    .map((r) => `SELECT DISTINCT ${literal(r.table)} AS rollup, s.salon_id, ${encodeKey(r.grain.kind, 's.g')} AS k FROM s_${r.table} s`);
  // A key already marked and not being refreshed is not marked again: the writer holds the mark it found
  // (FOR KEY SHARE, which writers share and the refresher's claim skips) until it commits, so that mark
  // cannot be taken by a refresh that does not see this write, and the log keeps one row per stale key. A mark's time
  // is the statement's, not its transaction's start: a long import's marks are not old when they appear.
  ctes.push(`m AS (${inserts.join('\nUNION ALL\n')})`);
  ctes.push(`held AS (SELECT x.rollup, x.salon_id, x.k FROM rollup_stale x
    WHERE (x.rollup, x.salon_id, x.k) IN (SELECT m.rollup, m.salon_id, m.k FROM m) FOR KEY SHARE OF x SKIP LOCKED)`);
  return `WITH ${ctes.join(',\n')}
INSERT INTO rollup_stale (rollup, salon_id, k, marked_at)
SELECT m.rollup, m.salon_id, m.k, clock_timestamp() FROM m WHERE NOT EXISTS (SELECT 1 FROM held h WHERE h.rollup = m.rollup AND h.salon_id = m.salon_id AND h.k = m.k)`;
}

/** The setting that overrides BULK_ROWS (tests set it low to run the bulk rules on small writes). */
export const BULK_ROWS_SETTING = 'rollup.bulk_rows';
/** A statement that wrote at least this many rows marks its keys with the rules' bulk keys where they have them. */
const BULK_ROWS = 10000;

function triggerDdl(table: string, event: WriteEvent): string | null {
  const fine = staleStatement(table, event);
  if (!fine) return null;
  const hasBulk = ROLLUPS.some((r) =>
    r.staleWhen.some((rule) => rule.source === table && rule.bulk && (rule.on ?? EVENTS).includes(event)),
  );
  const written = event === 'DELETE' ? 'old_rows' : 'new_rows';
  const threshold = `COALESCE(NULLIF(current_setting(${literal(BULK_ROWS_SETTING)}, true), '')::integer, ${BULK_ROWS})`;
  const statement = hasBulk
    ? `IF (SELECT count(*) FROM (SELECT 1 FROM ${written} LIMIT ${threshold}) w) >= ${threshold} THEN
    ${staleStatement(table, event, ROLLUPS, true)};
    GET DIAGNOSTICS marked = ROW_COUNT;
  ELSE
    ${fine};
    GET DIAGNOSTICS marked = ROW_COUNT;
  END IF`
    : `${fine};
  GET DIAGNOSTICS marked = ROW_COUNT`;
  const fn = `${GENERATED}.${q(`stale_${table}_${event.toLowerCase()}`)}`;
  const transition =
    event === 'INSERT'
      ? 'NEW TABLE AS new_rows'
      : event === 'DELETE'
        ? 'OLD TABLE AS old_rows'
        : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
  // "a_" first: AFTER triggers fire in name order, and the older refills on the same table read the views these marks keep exact.
  const trigger = q(`a_rollup_stale_${event.toLowerCase()}`);
  // Room to hash and sort an import's rows in memory: the statement runs once per write, however many rows it wrote.
  return `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $fn$
DECLARE marked bigint;
BEGIN
  ${statement};
  IF marked > 0 THEN PERFORM pg_notify(${literal(STALE_CHANNEL)}, ''); END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER ${trigger} AFTER ${event} ON public.${q(table)} REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
ALTER TABLE public.${q(table)} ENABLE ALWAYS TRIGGER ${trigger};`;
}

/** What the rollup's stored rows mean: a change of it (or of a source's) empties and refills them. */
export function storageHashes(rollups: readonly RollupDeclaration[] = ROLLUPS): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const r of rollups) {
    const sources = r.from.map((s) => hashes.get(s) ?? s);
    const text = JSON.stringify([r.columns, r.key, r.indexes ?? [], r.grain, definingRows(r, everyKey), sources]);
    hashes.set(r.table, createHash('sha256').update(text).digest('hex').slice(0, 16));
  }
  return hashes;
}

export interface ModelDdl {
  storage: Map<string, string>;
  views: string[];
  triggers: string[];
  hash: string;
}

/** Everything the declarations generate, and one hash of it. */
export function generateDdl(rollups: readonly RollupDeclaration[] = ROLLUPS): ModelDdl {
  const storage = new Map(rollups.map((r) => [r.table, storageDdl(r)]));
  const views = rollups.map(viewDdl);
  const triggers: string[] = [];
  for (const table of baseTablesWritten(rollups)) {
    for (const event of EVENTS) {
      const ddl = triggerDdl(table, event);
      if (ddl) triggers.push(ddl);
    }
  }
  const hash = createHash('sha256')
    .update(JSON.stringify([[...storageHashes(rollups)], views, triggers]))
    .digest('hex')
    .slice(0, 16);
  return { storage, views, triggers, hash };
}
