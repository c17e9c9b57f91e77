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

/** client_days for a scope (sales_daily and item_sales_daily are declared rollups: db/rollups/sales.ts). */
async function fillClientDays(db: DbOrTx, scope: Scope): Promise<void> {
  const lines = scopeFilter('sl', scope);
  // prev_day and prev_weekday_day: lag() within what is inserted; a scoped refresh then fixes the
  // rows whose previous day lies outside the scope (fixPrevDays, fixPrevWeekdayDays). Every rollup is inserted in its key order (salon,
  // day, ...), so a range of days reads a few adjacent pages: lag()'s output comes in client
  // order, which scattered a salon-year of client_days over one page per row.
  await sql`
    INSERT INTO client_days (salon_id, day, client_id, gender, appointments, revenue_cents, service_revenue_cents, product_revenue_cents,
      has_service, has_product, last_appointment_id, prev_day, prev_weekday_day)
    SELECT d.*, lag(d.day) OVER (PARTITION BY d.salon_id, d.client_id ORDER BY d.day),
      lag(d.day) OVER (PARTITION BY d.salon_id, d.client_id, extract(isodow FROM d.day) ORDER BY d.day)
    FROM (
      SELECT sl.salon_id, sl.day, sl.client_id, COALESCE(min(c.gender), 'UNKNOWN') AS gender, count(DISTINCT sl.appointment_id) AS appointments,
        sum(sl.paid_amount_cents) AS revenue_cents,
        COALESCE(sum(sl.paid_amount_cents) FILTER (WHERE sl.kind = 'SERVICE'), 0) AS service_revenue_cents,
        COALESCE(sum(sl.paid_amount_cents) FILTER (WHERE sl.kind = 'PRODUCT'), 0) AS product_revenue_cents,
        bool_or(sl.kind = 'SERVICE') AS has_service, bool_or(sl.kind = 'PRODUCT') AS has_product, max(sl.appointment_id) AS last_appointment_id
      FROM sale_lines sl
      LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
      WHERE sl.client_id IS NOT NULL ${lines}
      GROUP BY sl.salon_id, sl.day, sl.client_id
    ) d
    ORDER BY d.salon_id, d.day, d.client_id
  `.execute(db);
}

/**
 * Whether the salon has rows of client_days (keyed by salon_id, day first) on days
 * outside from..to: two probes of the key. Without any, a scoped refresh's lag() saw every day of every
 * client, so the prev_day fix-ups have nothing to do (a salon's first import: the fix-ups read
 * every row of the range again, ~15 % of the refresh of a 100,000-line back-fill, to change nothing).
 */
async function hasDaysOutside(db: DbOrTx, table: 'client_days', salonId: number, from: string, to: string) {
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE salon_id = ${salonId} AND day < ${from}::date)
      OR EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE salon_id = ${salonId} AND day > ${to}::date) AS found`.execute(db);
  return rows[0]?.found !== false;
}

/**
 * After a scoped refresh: recomputes prev_day for each client's first day in the range and for the
 * first day after the range of every client who had (or now has) a day in it. The fill's lag()
 * already got every later day in the range right (it saw all of the client's days in the range),
 * so a long range probes one day per client, not one per client day. Only the rows whose prev_day
 * changes are written, so a refresh of a long range does not rewrite, and double, the table.
 */
async function fixPrevDays(db: DbOrTx, salonId: number, from: string, to: string, removedClients: number[]): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`
    WITH touched AS (
      SELECT client_id FROM client_days WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
      UNION SELECT unnest(${removedClients}::bigint[])
    ),
    targets AS (
      SELECT cd.client_id, min(cd.day) AS day FROM client_days cd
      WHERE cd.salon_id = ${salonId} AND cd.day BETWEEN ${from}::date AND ${to}::date
      GROUP BY cd.client_id
      UNION
      SELECT t.client_id, (SELECT min(n.day) FROM client_days n WHERE n.salon_id = ${salonId} AND n.client_id = t.client_id AND n.day > ${to}::date)
      FROM touched t
    ),
    fixed AS (
      SELECT t.client_id, t.day,
        (SELECT max(p.day) FROM client_days p WHERE p.salon_id = ${salonId} AND p.client_id = t.client_id AND p.day < t.day) AS prev_day
      FROM targets t WHERE t.day IS NOT NULL
    )
    UPDATE client_days cd
    SET prev_day = fixed.prev_day
    FROM fixed
    WHERE cd.salon_id = ${salonId} AND cd.client_id = fixed.client_id AND cd.day = fixed.day
      AND cd.prev_day IS DISTINCT FROM fixed.prev_day
    RETURNING cd.day::text AS day
  `.execute(db);
  return rows.map((r) => r.day);
}

/**
 * After a scoped refresh: recomputes prev_weekday_day (the client's previous day on the same ISO
 * weekday) of the days from the range's start on of every client who had (or now has) a day in the
 * range; days before the range keep theirs (their earlier days did not change). Only the rows whose
 * value changes are written; answers their days.
 */
async function fixPrevWeekdayDays(db: DbOrTx, salonId: number, from: string, to: string, removedClients: number[]): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`
    WITH touched AS (
      SELECT client_id FROM client_days WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
      UNION SELECT unnest(${removedClients}::bigint[])
    ),
    fixed AS (
      SELECT cd.client_id, cd.day,
        lag(cd.day) OVER (PARTITION BY cd.client_id, extract(isodow FROM cd.day) ORDER BY cd.day) AS prev
      FROM client_days cd JOIN touched t ON t.client_id = cd.client_id
      WHERE cd.salon_id = ${salonId}
    )
    UPDATE client_days cd
    SET prev_weekday_day = fixed.prev
    FROM fixed
    WHERE cd.salon_id = ${salonId} AND cd.client_id = fixed.client_id AND cd.day = fixed.day AND fixed.day >= ${from}::date
      AND cd.prev_weekday_day IS DISTINCT FROM fixed.prev
    RETURNING cd.day::text AS day
  `.execute(db);
  return rows.map((r) => r.day);
}

/** The clients who had (removedClients), or now have, a client day in from..to: those whose per-client rollups a refresh recomputes. */
async function touchedClients(db: DbOrTx, salonId: number, from: string, to: string, removedClients: number[]): Promise<number[]> {
  const { rows } = await sql<{ client_id: number }>`
    SELECT DISTINCT client_id FROM client_days WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
    UNION SELECT unnest(${removedClients}::bigint[])`.execute(db);
  return rows.map((r) => Number(r.client_id));
}

/** client_totals (migration 017) of the given clients, recomputed from all their client days (a client left with none loses the row). */
async function refreshClientTotals(db: DbOrTx, salonId: number, clients: number[]): Promise<void> {
  if (clients.length === 0) return;
  await sql`DELETE FROM client_totals WHERE salon_id = ${salonId} AND client_id = ANY(${clients}::bigint[])`.execute(db);
  await sql`
    INSERT INTO client_totals (salon_id, client_id, last_day, visits, revenue_cents)
    SELECT salon_id, client_id, max(day), sum(appointments), sum(revenue_cents) FROM client_days
    WHERE salon_id = ${salonId} AND client_id = ANY(${clients}::bigint[])
    GROUP BY salon_id, client_id ORDER BY salon_id, client_id`.execute(db);
}

/** client_years rows (migration 041) from the client_days the filter keeps (whole years of whole clients: single_gender looks at all their rows of the year). */
const clientYearsSql = (filter: RawBuilder<unknown>) => sql`
  INSERT INTO client_years (salon_id, year, client_id, gender, appointments, revenue_cents, service_revenue_cents, product_revenue_cents,
    last_day, last_appointment_day, last_appointment_id, single_gender)
  SELECT cd.salon_id, date_trunc('year', cd.day)::date, cd.client_id, cd.gender, sum(cd.appointments), sum(cd.revenue_cents),
    sum(cd.service_revenue_cents), sum(cd.product_revenue_cents), max(cd.day), max(cd.day) FILTER (WHERE cd.last_appointment_id IS NOT NULL),
    (max(ARRAY[cd.day - DATE '2000-01-01', cd.last_appointment_id]) FILTER (WHERE cd.last_appointment_id IS NOT NULL))[2],
    count(*) OVER (PARTITION BY cd.salon_id, date_trunc('year', cd.day)::date, cd.client_id) = 1
  FROM client_days cd WHERE true ${filter}
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;

/**
 * client_years (migration 041) of the given clients in the calendar years of from..to (the only
 * client days a refresh of from..to changes), recomputed from their client days of those years.
 */
async function refreshClientYears(db: DbOrTx, salonId: number, from: string, to: string, clients: number[]): Promise<void> {
  if (clients.length === 0) return;
  const firstYear = `${from.slice(0, 4)}-01-01`;
  const lastYear = `${to.slice(0, 4)}-01-01`;
  await sql`
    DELETE FROM client_years WHERE salon_id = ${salonId} AND year BETWEEN ${firstYear}::date AND ${lastYear}::date
      AND client_id = ANY(${clients}::bigint[])`.execute(db);
  await clientYearsSql(
    sql`AND cd.salon_id = ${salonId} AND cd.client_id = ANY(${clients}::bigint[])
      AND cd.day >= ${firstYear}::date AND cd.day < (${lastYear}::date + interval '1 year')::date`,
  ).execute(db);
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
 * sales_month_totals and client_months (migration 019), item_staff_months (migration 034), client_visit_months /
 * client_cohort_months (migration 039), place_months (migration 040) and client_weekday_months (migration 043) of one
 * salon for the given months (YYYY-MM-01), recomputed from sales_day_totals, client_days and item_staff_daily.
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
    await sql`DELETE FROM client_months r WHERE true ${scope('r', 'month')}`.execute(db);
    await sql`DELETE FROM client_weekday_months r WHERE true ${scope('r', 'month')}`.execute(db);
    await sql`DELETE FROM item_staff_months r WHERE true ${scope('r', 'month')}`.execute(db);
    await sql`DELETE FROM place_months r WHERE true ${scope('r', 'month')}`.execute(db);
  }
  await sql`
    INSERT INTO client_months (salon_id, month, gender, prev_month, clients)
    SELECT r.salon_id, date_trunc('month', r.day)::date, r.gender, date_trunc('month', r.prev_day)::date, count(*)
    FROM client_days r WHERE (r.prev_day IS NULL OR r.prev_day < date_trunc('month', r.day)::date) ${scope('r', 'day')}
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  `.execute(db);
  await sql`
    INSERT INTO client_weekday_months (salon_id, month, gender, isodow, prev_month, clients)
    SELECT r.salon_id, date_trunc('month', r.day)::date, r.gender, extract(isodow FROM r.day)::int, date_trunc('month', r.prev_weekday_day)::date,
      count(*)
    FROM client_days r WHERE (r.prev_weekday_day IS NULL OR r.prev_weekday_day < date_trunc('month', r.day)::date) ${scope('r', 'day')}
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  `.execute(db);
  await sql`
    INSERT INTO item_staff_months (salon_id, month, kind, item_id, staff_id, quantity, line_count, revenue_cents, list_cents, discount_cents,
      walk_in_quantity, recommended_quantity)
    SELECT r.salon_id, date_trunc('month', r.day)::date, r.kind, r.item_id, r.staff_id, sum(r.quantity), sum(r.line_count),
      sum(r.revenue_cents), sum(r.list_cents), sum(r.discount_cents), sum(r.walk_in_quantity), sum(r.recommended_quantity)
    FROM item_staff_daily r WHERE true ${scope('r', 'day')}
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  `.execute(db);
  const located = sql`c.latitude IS NOT NULL AND c.longitude IS NOT NULL`;
  await sql`
    INSERT INTO place_months (salon_id, month, prev_month, city, postal_code, days, located_days, latitude_sum, longitude_sum, revenue_cents)
    SELECT r.salon_id, date_trunc('month', r.day)::date, date_trunc('month', r.prev_day)::date, NULLIF(btrim(c.city), ''),
      NULLIF(btrim(c.postal_code), ''), count(*), count(*) FILTER (WHERE ${located}),
      coalesce(sum(c.latitude::numeric) FILTER (WHERE ${located}), 0), coalesce(sum(c.longitude::numeric) FILTER (WHERE ${located}), 0),
      sum(r.revenue_cents)
    FROM client_days r JOIN clients c ON c.salon_id = r.salon_id AND c.id = r.client_id
    WHERE true ${scope('r', 'day')}
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  `.execute(db);
  if (salonId !== null && months !== null) await sql`SELECT client_visit_months_refresh(${salonId}, ${months}::date[])`.execute(db);
  else
    await sql`
      SELECT client_visit_months_refresh(salon_id, array_agg(DISTINCT date_trunc('month', day)::date)) FROM client_days GROUP BY salon_id`.execute(
      db,
    );
}

/**
 * recap_client_daily (migration 043) of one salon's days (an SQL date[]), or of every salon's days (null, null), by
 * recap_client_daily_refresh: the one definition, which the triggers on salons.lost_client_days and clients.first_visit
 * also call. Reads client_days (prev_day fixed first), clients and salons.
 */
async function fillRecapClients(db: DbOrTx, salonId: number | null, days: RawBuilder<unknown> | null): Promise<void> {
  if (salonId === null || days === null) {
    await sql`SELECT recap_client_daily_refresh(s.id, ARRAY(SELECT DISTINCT day FROM client_days WHERE salon_id = s.id)) FROM salons s`.execute(
      db,
    );
    return;
  }
  await sql`SELECT recap_client_daily_refresh(${salonId}::int, ${days})`.execute(db);
}

/**
 * A bulk load's transaction (rebuildRollups, the demo) defers the recap_daily fills of the triggers on
 * recap_client_daily (the setting keeps its older name): its refreshes fill the recap's days themselves.
 */
export async function deferStaffDayDetails(tx: DbOrTx): Promise<void> {
  await sql`SELECT set_config('salon.staff_day_details_deferred', 'on', true)`.execute(tx);
}

/** Ends deferStaffDayDetails' deferral: the writes after a bulk load's refreshes refill the recap again. */
export async function endStaffDayDetailsDeferral(tx: DbOrTx): Promise<void> {
  await sql`SELECT set_config('salon.staff_day_details_deferred', 'off', true)`.execute(tx);
}

/** Every rollup table (the daily, monthly and trigger-kept ones): rebuilt, vacuumed and analysed together. */
export const ROLLUP_TABLES = [
  'client_days',
  'client_totals',
  'client_years',
  'item_staff_daily',
  'staff_items_daily',
  'client_months',
  'item_client_months',
  'item_staff_months',
  'place_months',
  'recap_client_daily',
  'client_weekday_months',
  'client_visit_months',
  'client_cohort_months',
  'recap_daily',
] as const;

/**
 * Recomputes the rollups of one salon for the days fromDay..toDay (inclusive, YYYY-MM-DD).
 * Call it in the transaction that wrote the sale lines / appointments, so reports never see
 * raw data and rollup out of step.
 */
export async function refreshSalesRollup(db: DbOrTx, salonId: number, fromDay: string, toDay: string): Promise<void> {
  const scope: Scope = { salonId, from: fromDay, to: toDay };
  const run = async (tx: DbOrTx) => {
    await sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK}, ${salonId})`.execute(tx);
    const removed = await sql<{ client_id: number }>`
      DELETE FROM client_days WHERE salon_id = ${salonId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date RETURNING client_id`.execute(
      tx,
    );
    await fillClientDays(tx, scope);
    const earlier = await visitsBefore(tx, salonId, fromDay, toDay);
    const itemsBefore = await itemsOf(tx, salonId, fromDay, toDay);
    await deleteScope(tx, 'item_staff_daily', scope);
    await fillItemStaff(tx, scope);
    await deleteScope(tx, 'staff_items_daily', scope);
    await fillStaffItems(tx, scope);
    const items = new Map([...itemsBefore, ...(await itemsOf(tx, salonId, fromDay, toDay))].map((i) => [`${i.kind}:${i.item_id}`, i]));
    await fillItemClients(tx, salonId, fromDay, [...items.values()]);
    const removedClients = removed.rows.map((r) => Number(r.client_id));
    const isClientDaysOutside = await hasDaysOutside(tx, 'client_days', salonId, fromDay, toDay);
    const prevDayFixed = isClientDaysOutside ? await fixPrevDays(tx, salonId, fromDay, toDay, removedClients) : [];
    const prevWeekdayFixed = isClientDaysOutside ? await fixPrevWeekdayDays(tx, salonId, fromDay, toDay, removedClients) : [];
    const clients = await touchedClients(tx, salonId, fromDay, toDay, removedClients);
    await refreshClientTotals(tx, salonId, clients);
    await refreshClientYears(tx, salonId, fromDay, toDay, clients);
    await fillRecapClients(
      tx,
      salonId,
      sql`ARRAY(SELECT generate_series(${fromDay}::date, ${toDay}::date, interval '1 day')::date) || ${prevDayFixed}::date[]`,
    );
    // Day and month totals last: they are read from the rollups above. client_months also changes
    // in the months of the later client days whose prev_day moved.
    const months = new Set(monthsOf(fromDay, toDay));
    for (const day of [...earlier, ...prevDayFixed, ...prevWeekdayFixed]) months.add(`${day.slice(0, 7)}-01`);
    await fillMonths(tx, salonId, [...months]);
    // The recap's days last: their sales_daily, appointments_daily and recap_client_daily rows are in.
    await sql`SELECT recap_daily_fill(${salonId}::int,
      ARRAY(SELECT generate_series(${fromDay}::date, ${toDay}::date, interval '1 day')::date) || ${earlier}::date[] || ${prevDayFixed}::date[])`.execute(
      tx,
    );
  };
  if (db.isTransaction) await run(db);
  else await (db as Db).transaction().execute(run);
}

/** Recomputes every rollup of every salon from the raw tables, in one transaction. */
export async function rebuildRollups(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`TRUNCATE ${sql.join(ROLLUP_TABLES.map((table) => sql.table(table)))}`.execute(tx);
    await deferStaffDayDetails(tx);
    const all: Scope = { salonId: null, from: null, to: null };
    await fillClientDays(tx, all);
    await sql`
      INSERT INTO client_totals (salon_id, client_id, last_day, visits, revenue_cents)
      SELECT salon_id, client_id, max(day), sum(appointments), sum(revenue_cents) FROM client_days
      GROUP BY salon_id, client_id ORDER BY salon_id, client_id`.execute(tx);
    await clientYearsSql(sql``).execute(tx);
    await fillItemStaff(tx, all);
    await fillStaffItems(tx, all);
    await fillItemClients(tx, null, null);
    await fillMonths(tx, null, null);
    await fillRecapClients(tx, null, null);
    await endStaffDayDetailsDeferral(tx);
    await sql`SELECT recap_daily_fill(NULL, NULL)`.execute(tx);
  });
  await rebuildRollupModel(db);
  // Fresh statistics and hint bits / visibility map now, not on the first reports' time.
  for (const table of ROLLUP_TABLES) await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
}
