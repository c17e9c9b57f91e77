/**
 * The rollup model: what a rollup declaration says, and the small SQL pieces every part derived from
 * the declarations shares (the stale log's key encoding, the key filters a defining query uses).
 *
 * A rollup is stored in `rollup_store.<table>` and read through the view `public.<table>`: the stored
 * rows of the keys nobody has marked stale, plus the defining query's rows for the marked ones, so a
 * read is exact whether or not the refresher has caught up (see docs/rollups.md).
 */

/** The SQL types a rollup column may have, and what Kysely reads them as (connect.ts' type parsers). */
export type SqlType = 'smallint' | 'integer' | 'bigint' | 'numeric' | 'date' | 'timestamp' | 'text' | 'boolean';
/** A column's type; `<type> null` for a column that may be NULL. */
export type ColumnSpec = SqlType | `${SqlType} null`;
type TsOfType<T extends SqlType> = T extends 'date' | 'text'
  ? string
  : T extends 'timestamp'
    ? Date
    : T extends 'boolean'
      ? boolean
      : number;
export type TsOf<T extends ColumnSpec> = T extends `${infer B extends SqlType} null`
  ? TsOfType<B> | null
  : T extends SqlType
    ? TsOfType<T>
    : never;

/**
 * The grain of a rollup: the key column whose value a write marks stale (with salon_id).
 * - day: a date column, one key per salon and day;
 * - month: a date column holding the first of a month, one key per salon and month;
 * - id: an integer column (a client, a product), one key per salon and id;
 * - hash: a text column (a name key), one key per salon and hashtext() of it: a collision only refreshes more.
 */
export type GrainKind = 'day' | 'month' | 'id' | 'hash';

/**
 * The keys a defining query is asked for. A defining query is written once over some keys; it is run
 * for every key (the rebuild), for the keys a refresher claimed, and inside the read view for the keys
 * marked stale, so the same text is the rollup's meaning in all three places.
 */
export interface KeySet {
  /**
   * SQL that is true when the row's (salon, grain value) is asked for (`true` for every key); for a hash
   * grain the value given is `hashtext(<the text column>)`.
   */
  match(salonColumn: string, grainValue: string): string;
  /** For a month grain: true when the day falls in an asked month, written as a range so a day index serves. */
  monthOfDay(salonColumn: string, dayColumn: string): string;
  /** The asked salons (for sources keyed otherwise): `true` for every salon. */
  salon(salonColumn: string): string;
  /**
   * The asked keys as a relation (salon_id, g), or null when every key of the asked salons is asked: a defining
   * query that looks back (a previous day) can tell from it whether every day in between was asked too.
   */
  asked: string | null;
}

/** The rows a write changed, as a stale rule sees them inside the generated statement trigger. */
export interface ChangedRows {
  /** Old and new rows together (an INSERT has only new ones, a DELETE only old ones). */
  changed: string;
  /** The new rows (INSERT, UPDATE) or an empty relation of the table's shape. */
  newRows: string;
  /** The old rows (UPDATE, DELETE) or an empty relation of the table's shape. */
  oldRows: string;
}

export type WriteEvent = 'INSERT' | 'UPDATE' | 'DELETE';

/**
 * Which writes of one source make which keys of this rollup stale. `keys` answers `(salon_id, g)` rows,
 * g a day for a day or month grain (the month is taken from it) or an id for an id grain.
 * - A base table (or a rollup kept outside the model): the rows relations are the statement's old and new
 *   rows, and `keys` runs after the statement, so it reads the tables as the statement left them.
 * - A declared rollup: `changed` (= newRows = oldRows) holds its stale keys as (salon_id, <its grain column>).
 */
export interface StaleRule {
  source: string;
  /** The write events of a base table that can change this rollup (all three when absent). */
  on?: readonly WriteEvent[];
  /** Why these writes and keys: shown in docs/rollups.md. */
  why: string;
  keys(rows: ChangedRows): string;
  /**
   * For a statement that wrote many rows (an import): cheaper keys that hold every key `keys` names and maybe
   * more (every day from the earliest written on, say), where `keys` would look up each row's neighbours.
   */
  bulk?(rows: ChangedRows): string;
}

export interface RollupDeclaration {
  /** The name every report reads (the view); the stored rows live in rollup_store.<table>. */
  table: string;
  /** What one row is, in a sentence (docs/rollups.md). */
  description: string;
  columns: Record<string, ColumnSpec>;
  /** The primary key of the stored rows: salon_id first, then the grain column, then the rest. */
  key: readonly string[];
  grain: { column: string; kind: GrainKind };
  /** More indexes of the stored rows, each what follows `ON <table>`: `(salon_id, kind, day) INCLUDE (revenue_cents)`. */
  indexes?: readonly string[];
  /** The base tables and rollups the defining query reads. */
  from: readonly string[];
  /** The writes that make keys stale: one rule per base table or source rollup that moves it. */
  staleWhen: readonly StaleRule[];
  /** The defining query: this rollup's rows for the keys asked, columns in `columns` order. */
  rows(keys: KeySet): string;
  /** The reports that read it (docs/rollups.md). */
  readBy: readonly string[];
}

/** A declaration, typed by its columns (the Kysely row type is derived from them) and checked against them. */
export function defineRollup<const T extends string, const C extends Record<string, ColumnSpec>>(
  declaration: RollupDeclaration & {
    table: T;
    columns: C;
    key: readonly (keyof C & string)[];
    grain: { column: keyof C & string; kind: GrainKind };
  },
): RollupDeclaration & { table: T; columns: C } {
  return declaration;
}

/** The row a rollup's view answers, from its declared columns. */
export type RowOf<R extends { columns: Record<string, ColumnSpec> }> = {
  [K in keyof R['columns']]: TsOf<R['columns'][K]>;
};

/** The stale log stores every key as one integer: days since 2000-01-01 for a date grain, the id itself otherwise. */
const EPOCH = "date '2000-01-01'";

/** SQL: the stale log's integer of a grain value (a day is taken to its month for a month grain). */
export function encodeKey(kind: GrainKind, value: string): string {
  if (kind === 'id') return `(${value})::integer`;
  if (kind === 'hash') return `hashtext(${value})`;
  if (kind === 'month') return `(date_trunc('month', ${value})::date - ${EPOCH})`;
  return `((${value})::date - ${EPOCH})`;
}

/** SQL: the grain value of a stale log integer. */
export function decodeKey(kind: GrainKind, k: string): string {
  return kind === 'id' || kind === 'hash' ? `(${k})` : `(${EPOCH} + ${k})`;
}

/** Every key: the rebuild's and the equality test's key set. */
export const everyKey: KeySet = {
  match: () => 'true',
  monthOfDay: () => 'true',
  salon: () => 'true',
  asked: null,
};

/**
 * The keys of a relation with columns (salon_id, g). With `salon` (an SQL expression) every key is of that salon,
 * and each test says so first: the planner then reads the sources by their salon's index range.
 */
export function keysOf(relation: string, salon?: string): KeySet {
  const of = (s: string) => (salon === undefined ? '' : `${s} = ${salon} AND `);
  return {
    match: (s, value) => `(${of(s)}(${s}, ${value}) IN (SELECT ks.salon_id, ks.g FROM ${relation} ks))`,
    monthOfDay: (s, day) =>
      `(${of(s)}EXISTS (SELECT 1 FROM ${relation} ks WHERE ks.salon_id = ${s} AND ${day} >= ks.g AND ${day} < (ks.g + interval '1 month')::date))`,
    salon: (s) => `(${of(s)}${s} IN (SELECT ks.salon_id FROM ${relation} ks))`,
    asked: relation,
  };
}
