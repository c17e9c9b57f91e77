import { type RawBuilder, sql } from 'kysely';
import { monthIndexOf, monthStartOf } from '../lib/months.js';
import type { Db, DbOrTx } from './database.js';
import { rebuildRollupModel } from './rollups/apply.js';

/**
 * The rollups not yet declared in the rollup model (db/rollups/, docs/rollups.md): ROLLUP_TABLES below,
 * refreshed in the writer's transaction under the salon's rollup lock by refreshSalesRollup (the import
 * calls it for the days it wrote) and by the SQL functions and triggers of their migrations. Each moves to
 * a declaration, after which nothing here names it; rebuildRollups recomputes these, then the declared ones.
 */

/** Advisory lock key space of the rollup refresh (one lock per salon). */
const ROLLUP_LOCK = 7310100;

interface Scope {
  /** null = every salon */
  salonId: number | null;
  from: string | null;
  to: string | null;
  /** Only these days (with from / to null): the earlier visits a refresh must also recompute. */
  days?: string[];
}

/** `AND <alias>.salon_id = … AND <alias>.day BETWEEN …` for the scope (nothing for a full rebuild). */
function scopeFilter(alias: string, scope: Scope): RawBuilder<unknown> {
  const a = sql.ref(alias);
  const parts: RawBuilder<unknown>[] = [];
  if (scope.salonId !== null) parts.push(sql`AND ${a}.salon_id = ${scope.salonId}`);
  if (scope.from !== null) parts.push(sql`AND ${a}.day >= ${scope.from}::date`);
  if (scope.to !== null) parts.push(sql`AND ${a}.day <= ${scope.to}::date`);
  if (scope.days) parts.push(sql`AND ${a}.day = ANY(${scope.days}::date[])`);
  return sql.join(parts, sql` `);
}

async function deleteScope(db: DbOrTx, table: string, scope: Scope): Promise<void> {
  await sql`DELETE FROM ${sql.table(table)} AS r WHERE true ${scopeFilter('r', scope)}`.execute(db);
}

/** item_staff_daily for a scope (migration 020): the sums of the lines per day, kind, item and staff member. */
async function fillItemStaff(db: DbOrTx, scope: Scope): Promise<void> {
  await sql`
    INSERT INTO item_staff_daily (salon_id, day, kind, item_id, staff_id, quantity, line_count, revenue_cents, list_cents, discount_cents,
      walk_in_quantity, recommended_quantity)
    SELECT sl.salon_id, sl.day, sl.kind, COALESCE(sl.service_id, sl.product_id), sl.staff_id, sum(sl.quantity), count(*),
      sum(sl.paid_amount_cents), sum(sl.list_amount_cents), sum(sl.discount_cents),
      COALESCE(sum(sl.quantity) FILTER (WHERE sl.appointment_id IS NULL), 0), COALESCE(sum(sl.quantity) FILTER (WHERE sl.recommended), 0)
    FROM sale_lines sl
    WHERE true ${scopeFilter('sl', scope)}
    GROUP BY sl.salon_id, sl.day, sl.kind, COALESCE(sl.service_id, sl.product_id), sl.staff_id
    ORDER BY 1, 2, 3, 4, 5
  `.execute(db);
}

/**
 * staff_items_daily for a scope (migration 025): per person, day, kind and item, the sums of the
 * lines naming a person that are walk-ins or belong to a DONE appointment (staff-items.query.ts).
 */
async function fillStaffItems(db: DbOrTx, scope: Scope): Promise<void> {
  await sql`
    INSERT INTO staff_items_daily (salon_id, staff_id, day, kind, item_id, quantity, revenue_cents, recommended_quantity,
      recommended_revenue_cents)
    SELECT sl.salon_id, sl.staff_id, sl.day, sl.kind, COALESCE(sl.service_id, sl.product_id), sum(sl.quantity), sum(sl.paid_amount_cents),
      COALESCE(sum(sl.quantity) FILTER (WHERE sl.recommended), 0), COALESCE(sum(sl.paid_amount_cents) FILTER (WHERE sl.recommended), 0)
    FROM sale_lines sl
    LEFT JOIN appointments a ON a.salon_id = sl.salon_id AND a.id = sl.appointment_id
    WHERE sl.staff_id IS NOT NULL AND (sl.appointment_id IS NULL OR a.status = 'DONE') ${scopeFilter('sl', scope)}
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
  `.execute(db);
}

/**
 * item_client_months (migration 028) of one salon from the month of fromDay on, for the given items
 * ((kind, item) pairs, item 0 = the whole kind), or of everything (salonId null: rebuild). A write on
 * fromDay.. changes the first days in month of its items' clients there and the prev_month of their
 * later months, so every later row of those items is recomputed; the previous purchase before that
 * month comes from the client's earlier lines (sale_lines_client_idx).
 */
async function fillItemClients(
  db: DbOrTx,
  salonId: number | null,
  fromDay: string | null,
  items: { kind: string; item_id: number }[] = [],
): Promise<void> {
  const scoped = salonId !== null && fromDay !== null;
  if (scoped && items.length === 0) return;
  const m0 = scoped && fromDay !== null ? `${fromDay.slice(0, 7)}-01` : null;
  const kinds = items.map((i) => i.kind);
  const ids = items.map((i) => i.item_id);
  let earlier = false;
  if (scoped) {
    await sql`
      DELETE FROM item_client_months r WHERE r.salon_id = ${salonId} AND r.day >= ${m0}::date
        AND (r.kind, r.item_id) IN (SELECT * FROM unnest(${kinds}::text[], ${ids}::int[]))`.execute(db);
    const { rows } = await sql`SELECT 1 FROM sale_lines WHERE salon_id = ${salonId} AND day < ${m0}::date LIMIT 1`.execute(db);
    earlier = rows.length > 0;
  }
  const lines = scoped
    ? sql`AND sl.salon_id = ${salonId} AND sl.day >= ${m0}::date AND sl.kind = ANY(${[...new Set(kinds)]}::text[])`
    : sql``;
  const wanted = scoped ? sql`WHERE (g.kind, g.item_id) IN (SELECT * FROM unnest(${kinds}::text[], ${ids}::int[]))` : sql``;
  // The month before the first one here: the pair's last purchase before m0 (none in a rebuild).
  const before = earlier
    ? sql`(SELECT date_trunc('month', max(p.day))::date FROM sale_lines p
        WHERE p.salon_id = f.salon_id AND p.client_id = f.client_id AND p.day < ${m0}::date AND p.kind = f.kind
          AND (f.item_id = 0 OR COALESCE(p.service_id, p.product_id) = f.item_id))`
    : sql`NULL::date`;
  await sql`
    INSERT INTO item_client_months (salon_id, kind, day, item_id, prev_month, clients)
    SELECT salon_id, kind, day, item_id, prev_month, count(*) FROM (
      SELECT f.salon_id, f.kind, f.day, f.item_id, CASE WHEN f.prev_month IS NULL THEN ${before} ELSE f.prev_month END AS prev_month
      FROM (
        SELECT g.*, lag(g.month) OVER (PARTITION BY g.salon_id, g.kind, g.item_id, g.client_id ORDER BY g.month) AS prev_month
        FROM (
          SELECT sl.salon_id, sl.kind, COALESCE(COALESCE(sl.service_id, sl.product_id), 0) AS item_id, sl.client_id,
            date_trunc('month', sl.day)::date AS month, min(sl.day) AS day
          FROM sale_lines sl WHERE sl.client_id IS NOT NULL ${lines}
          GROUP BY sl.salon_id, sl.kind, sl.client_id, date_trunc('month', sl.day), GROUPING SETS ((COALESCE(sl.service_id, sl.product_id)), ())
        ) g ${wanted}
      ) f
    ) x GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  `.execute(db);
}

/** The (kind, item) pairs of item_staff_daily on fromDay..toDay of a salon, with item 0 for each kind there. */
async function itemsOf(db: DbOrTx, salonId: number, fromDay: string, toDay: string): Promise<{ kind: string; item_id: number }[]> {
  const { rows } = await sql<{ kind: string; item_id: number }>`
    SELECT DISTINCT kind, item_id FROM item_staff_daily WHERE salon_id = ${salonId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date
    UNION SELECT DISTINCT kind, 0 FROM item_staff_daily WHERE salon_id = ${salonId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date`.execute(
    db,
  );
  return rows.map((r) => ({ kind: r.kind, item_id: Number(r.item_id) }));
}

/**
 * The days before fromDay of the last DONE visit of every client with an appointment on
 * fromDay..toDay: the visits whose next appointment (so whose rebooking) a write on those days
 * can change. An appointment deleted outright is not seen: delete by cancelling, or refresh from
 * the client's previous visit.
 */
async function visitsBefore(db: DbOrTx, salonId: number, fromDay: string, toDay: string): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`
    SELECT DISTINCT p.day::text AS day
    FROM (SELECT DISTINCT client_id FROM appointments
          WHERE salon_id = ${salonId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date AND client_id IS NOT NULL) x
    CROSS JOIN LATERAL (
      SELECT p.day FROM appointments p
      WHERE p.salon_id = ${salonId} AND p.client_id = x.client_id AND p.day < ${fromDay}::date AND p.status = 'DONE'
      ORDER BY p.day DESC LIMIT 1
    ) p`.execute(db);
  return rows.map((r) => r.day);
}

/** The first days of the calendar months from..to touch (YYYY-MM-01). */
function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let i = monthIndexOf(from); i <= monthIndexOf(to); i++) out.push(monthStartOf(i));
  return out;
}

/**
 * item_staff_months (migration 034) of one salon for the given months (YYYY-MM-01), recomputed from item_staff_daily.
 * null = every salon and month (rebuild).
 */
async function fillMonths(db: DbOrTx, salonId: number | null, months: string[] | null): Promise<void> {
  const scope = (alias: string, column: string) => {
    if (salonId === null || months === null) return sql``;
    const a = sql.ref(alias);
    const c = sql.ref(`${alias}.${column}`);
    const sorted = [...months].sort();
    const upTo = sql`(${sorted[sorted.length - 1]}::date + interval '1 month')::date`;
    return sql`AND ${a}.salon_id = ${salonId} AND ${c} >= ${sorted[0]}::date AND ${c} < ${upTo}
      AND date_trunc('month', ${c})::date = ANY(${sorted}::date[])`;
  };
  if (salonId !== null && months !== null) {
    if (months.length === 0) return;
    await sql`DELETE FROM item_staff_months r WHERE true ${scope('r', 'month')}`.execute(db);
  }
  await sql`
    INSERT INTO item_staff_months (salon_id, month, kind, item_id, staff_id, quantity, line_count, revenue_cents, list_cents, discount_cents,
      walk_in_quantity, recommended_quantity)
    SELECT r.salon_id, date_trunc('month', r.day)::date, r.kind, r.item_id, r.staff_id, sum(r.quantity), sum(r.line_count),
      sum(r.revenue_cents), sum(r.list_cents), sum(r.discount_cents), sum(r.walk_in_quantity), sum(r.recommended_quantity)
    FROM item_staff_daily r WHERE true ${scope('r', 'day')}
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  `.execute(db);
}

/** Every rollup table (the daily, monthly and trigger-kept ones): rebuilt, vacuumed and analysed together. */
export const ROLLUP_TABLES = ['item_staff_daily', 'staff_items_daily', 'item_client_months', 'item_staff_months'] as const;

/**
 * Recomputes the rollups of one salon for the days fromDay..toDay (inclusive, YYYY-MM-DD).
 * Call it in the transaction that wrote the sale lines / appointments, so reports never see
 * raw data and rollup out of step.
 */
export async function refreshSalesRollup(db: DbOrTx, salonId: number, fromDay: string, toDay: string): Promise<void> {
  const scope: Scope = { salonId, from: fromDay, to: toDay };
  const run = async (tx: DbOrTx) => {
    await sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK}, ${salonId})`.execute(tx);
    const earlier = await visitsBefore(tx, salonId, fromDay, toDay);
    const itemsBefore = await itemsOf(tx, salonId, fromDay, toDay);
    await deleteScope(tx, 'item_staff_daily', scope);
    await fillItemStaff(tx, scope);
    await deleteScope(tx, 'staff_items_daily', scope);
    await fillStaffItems(tx, scope);
    const items = new Map([...itemsBefore, ...(await itemsOf(tx, salonId, fromDay, toDay))].map((i) => [`${i.kind}:${i.item_id}`, i]));
    await fillItemClients(tx, salonId, fromDay, [...items.values()]);
    // item_staff_months in the written months and those of the earlier visits.
    const months = new Set(monthsOf(fromDay, toDay));
    for (const day of earlier) months.add(`${day.slice(0, 7)}-01`);
    await fillMonths(tx, salonId, [...months]);
  };
  if (db.isTransaction) await run(db);
  else await (db as Db).transaction().execute(run);
}

/** Recomputes every rollup of every salon from the raw tables, in one transaction. */
export async function rebuildRollups(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`TRUNCATE ${sql.join(ROLLUP_TABLES.map((table) => sql.table(table)))}`.execute(tx);
    const all: Scope = { salonId: null, from: null, to: null };
    await fillItemStaff(tx, all);
    await fillStaffItems(tx, all);
    await fillItemClients(tx, null, null);
    await fillMonths(tx, null, null);
  });
  await rebuildRollupModel(db);
  // Fresh statistics and hint bits / visibility map now, not on the first reports' time.
  for (const table of ROLLUP_TABLES) await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
}
