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
 * client_months (migration 019), client_visit_months / client_cohort_months (migration 039), place_months
 * (migration 040) and client_weekday_months (migration 043) of one salon for the given months (YYYY-MM-01),
 * recomputed from client_days.
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
  'client_months',
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
    await fillMonths(tx, null, null);
    await fillRecapClients(tx, null, null);
    await endStaffDayDetailsDeferral(tx);
    await sql`SELECT recap_daily_fill(NULL, NULL)`.execute(tx);
  });
  await rebuildRollupModel(db);
  // Fresh statistics and hint bits / visibility map now, not on the first reports' time.
  for (const table of ROLLUP_TABLES) await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
}
