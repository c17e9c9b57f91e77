import { clientRollups } from './clients.js';
import { hoursRollups } from './hours.js';
import { itemRollups } from './items.js';
import type { RollupDeclaration, RowOf } from './model.js';
import { qualityRollups } from './quality.js';
import { recapRollups } from './recap.js';
import { salesRollups } from './sales.js';
import { staffRollups } from './staff.js';
import { stockRollups } from './stock.js';

/**
 * Every declared rollup. A new family file adds its list here; everything else (storage, read views,
 * stale triggers, refresh order, rebuild, types, equality tests, docs/rollups.md) is derived.
 */
const declared = [
  ...salesRollups,
  ...stockRollups,
  ...qualityRollups,
  ...clientRollups,
  ...staffRollups,
  ...hoursRollups,
  ...itemRollups,
  ...recapRollups,
] as const;

/** The Kysely table types of every rollup view, from the declared columns. */
export type RollupTables = { [R in (typeof declared)[number] as R['table']]: RowOf<R> };

/** The declarations in dependency order: every rollup after the rollups it is computed from. */
export const ROLLUPS: readonly RollupDeclaration[] = orderByDependency(declared);

export const ROLLUP_NAMES: ReadonlySet<string> = new Set(ROLLUPS.map((r) => r.table));

export function rollupNamed(table: string): RollupDeclaration {
  const rollup = ROLLUPS.find((r) => r.table === table);
  if (!rollup) throw new Error(`no rollup is declared as ${table}`);
  return rollup;
}

/** The base tables whose writes mark keys stale (the tables the generated triggers go on). */
export function baseTablesWritten(rollups: readonly RollupDeclaration[] = ROLLUPS): string[] {
  const declared = new Set(rollups.map((r) => r.table));
  const tables = new Set<string>();
  for (const r of rollups) for (const rule of r.staleWhen) if (!declared.has(rule.source)) tables.add(rule.source);
  return [...tables].sort();
}

function orderByDependency(list: readonly RollupDeclaration[]): RollupDeclaration[] {
  const byName = new Map<string, RollupDeclaration>();
  for (const r of list) {
    if (byName.has(r.table)) throw new Error(`rollup ${r.table} is declared twice`);
    if (r.key[0] !== 'salon_id' || r.key[1] !== r.grain.column) {
      throw new Error(`rollup ${r.table}: its key starts with salon_id, then its grain column ${r.grain.column}`);
    }
    for (const column of r.key) if (!(column in r.columns)) throw new Error(`rollup ${r.table}: key column ${column} is not a column`);
    byName.set(r.table, r);
  }
  for (const r of list) {
    for (const rule of r.staleWhen) {
      if (!r.from.includes(rule.source)) throw new Error(`rollup ${r.table}: a stale rule names ${rule.source}, which is not in its from`);
      if (byName.has(rule.source) && rule.on) throw new Error(`rollup ${r.table}: a rule on the rollup ${rule.source} has no write events`);
    }
    for (const source of r.from) {
      const isRuled = r.staleWhen.some((rule) => rule.source === source);
      if (!isRuled) throw new Error(`rollup ${r.table}: no stale rule says which writes of ${source} move it`);
    }
  }
  const ordered: RollupDeclaration[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (r: RollupDeclaration, path: string[]) => {
    if (state.get(r.table) === 'done') return;
    if (state.get(r.table) === 'visiting') throw new Error(`rollups depend on each other in a cycle: ${[...path, r.table].join(' -> ')}`);
    state.set(r.table, 'visiting');
    for (const source of r.from) {
      const dependency = byName.get(source);
      if (dependency) visit(dependency, [...path, r.table]);
    }
    state.set(r.table, 'done');
    ordered.push(r);
  };
  for (const r of list) visit(r, []);
  return ordered;
}
