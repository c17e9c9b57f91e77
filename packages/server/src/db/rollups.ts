import { type RawBuilder, sql } from 'kysely';
import { monthIndexOf, monthStartOf } from '../lib/months.js';
import { bookedHourlySql, mergedBookingsSql, rebookedSql } from '../lib/staff-hours.js';
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
 * Whether the salon has rows of client_days or staff_client_days (keyed by salon_id, day first) on days
 * outside from..to: two probes of the key. Without any, a scoped refresh's lag() saw every day of every
 * client and pair, so the prev_day fix-ups have nothing to do (a salon's first import: the fix-ups read
 * every row of the range again, ~15 % of the refresh of a 100,000-line back-fill, to change nothing).
 */
async function hasDaysOutside(db: DbOrTx, table: 'client_days' | 'staff_client_days', salonId: number, from: string, to: string) {
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
 * appointments_daily for a scope. `rebooked` (lib/staff-hours.ts) looks at the client's next
 * appointment, so a write on days D1..D2 also changes the row of each client's last DONE visit
 * before D1: refreshSalesRollup recomputes those days too (visitsBefore).
 */
async function fillAppointments(db: DbOrTx, scope: Scope): Promise<void> {
  // Sale lines share their appointment's day (the write path and import keep it so).
  await sql`
    INSERT INTO appointments_daily (salon_id, day, gender, appointments, with_service, with_product, with_colour, with_treatment,
      with_haircut, with_styling, with_resale, with_discount, discount_cents, booked_minutes, with_client, rebooked)
    SELECT a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN'), count(*),
      count(*) FILTER (WHERE l.services > 0), count(*) FILTER (WHERE l.products > 0),
      count(*) FILTER (WHERE l.colour > 0), count(*) FILTER (WHERE l.treatment > 0),
      count(*) FILTER (WHERE l.haircut > 0), count(*) FILTER (WHERE l.styling > 0), count(*) FILTER (WHERE l.resale > 0),
      count(*) FILTER (WHERE l.discount > 0), COALESCE(sum(l.discount), 0),
      COALESCE(round(sum(extract(epoch FROM (a.end_at - a.start_at))) / 60), 0),
      count(*) FILTER (WHERE a.client_id IS NOT NULL),
      count(*) FILTER (WHERE ${rebookedSql('a')})
    FROM appointments a
    LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
    LEFT JOIN (
      SELECT sl.salon_id, sl.appointment_id,
        count(*) FILTER (WHERE sl.kind = 'SERVICE') AS services, count(*) FILTER (WHERE sl.kind = 'PRODUCT') AS products,
        count(*) FILTER (WHERE sl.category = 'COLOUR') AS colour, count(*) FILTER (WHERE sl.category = 'TREATMENT') AS treatment,
        count(*) FILTER (WHERE sl.kind = 'SERVICE' AND sl.category = 'HAIRCUT') AS haircut,
        count(*) FILTER (WHERE sl.kind = 'SERVICE' AND sl.category = 'STYLING') AS styling,
        count(*) FILTER (WHERE sl.kind = 'PRODUCT' AND sl.category = 'RESALE') AS resale,
        sum(sl.discount_cents) AS discount
      FROM sale_lines sl
      WHERE sl.appointment_id IS NOT NULL ${scopeFilter('sl', scope)}
      GROUP BY sl.salon_id, sl.appointment_id
    ) l ON l.salon_id = a.salon_id AND l.appointment_id = a.id
    WHERE a.status = 'DONE' ${scopeFilter('a', scope)}
    GROUP BY a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN')
    ORDER BY 1, 2, 3
  `.execute(db);
}

/** staff_booked_daily for a scope: booked service seconds per salon, day and person (lib/staff-hours.ts). */
async function fillStaffBooked(db: DbOrTx, scope: Scope): Promise<void> {
  await sql`
    INSERT INTO staff_booked_daily (salon_id, day, staff_id, booked_seconds)
    SELECT b.salon_id, b.day, b.staff_id, b.seconds FROM (${mergedBookingsSql(scopeFilter('a', scope))}) b
    ORDER BY 1, 2, 3
  `.execute(db);
  await sql`
    INSERT INTO booked_hourly (salon_id, day, hour, seconds)
    SELECT b.salon_id, b.day, b.hour, b.seconds FROM (${bookedHourlySql(scopeFilter('a', scope))}) b
    ORDER BY 1, 2, 3
  `.execute(db);
}

/**
 * staff_daily and staff_client_days for a scope (migration 012): per salon, day, staff member and
 * client gender the money of their lines (walk-ins and DONE appointments), their visits (DONE
 * appointments with a line of theirs), those with a product and those rebooked; the clients on
 * their lines per day. `rebooked` looks at the client's next appointment, so a refresh also
 * recomputes the days visitsBefore names.
 */
async function fillStaffDaily(db: DbOrTx, scope: Scope): Promise<void> {
  const lines = sql`
    SELECT sl.salon_id, sl.day, sl.staff_id, COALESCE(c.gender, 'UNKNOWN') AS gender, sl.appointment_id, sl.client_id, sl.kind,
      sl.recommended, sl.paid_amount_cents AS paid, sl.discount_cents AS disc
    FROM sale_lines sl
    LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
    LEFT JOIN appointments a ON a.salon_id = sl.salon_id AND a.id = sl.appointment_id
    WHERE sl.staff_id IS NOT NULL AND (sl.appointment_id IS NULL OR a.status = 'DONE') ${scopeFilter('sl', scope)}`;
  // One pass over the lines fills both tables (a data-modifying WITH), where staff_client_days read and joined them again.
  await sql`
    WITH l AS MATERIALIZED (${lines}),
    staff_days AS (
    INSERT INTO staff_daily (salon_id, day, staff_id, gender, earned_cents, recommended_cents, service_cents, service_rec_cents,
      product_cents, product_rec_cents, discount_cents, discount_rec_cents, visits, visits_with_product, rebooked)
    SELECT m.salon_id, m.day, m.staff_id, m.gender, m.earned, m.rec, m.svc, m.svc_rec, m.prod, m.prod_rec, m.disc, m.disc_rec,
      COALESCE(v.visits, 0), COALESCE(v.with_product, 0), COALESCE(v.rebooked, 0)
    FROM (
      SELECT salon_id, day, staff_id, gender, sum(paid) AS earned, COALESCE(sum(paid) FILTER (WHERE recommended), 0) AS rec,
        COALESCE(sum(paid) FILTER (WHERE kind = 'SERVICE'), 0) AS svc,
        COALESCE(sum(paid) FILTER (WHERE kind = 'SERVICE' AND recommended), 0) AS svc_rec,
        COALESCE(sum(paid) FILTER (WHERE kind = 'PRODUCT'), 0) AS prod,
        COALESCE(sum(paid) FILTER (WHERE kind = 'PRODUCT' AND recommended), 0) AS prod_rec,
        sum(disc) AS disc, COALESCE(sum(disc) FILTER (WHERE recommended), 0) AS disc_rec
      FROM l GROUP BY 1, 2, 3, 4
    ) m
    LEFT JOIN (
      SELECT x.salon_id, x.day, x.staff_id, x.gender, count(*) AS visits, count(*) FILTER (WHERE x.has_product) AS with_product,
        count(*) FILTER (WHERE ${rebookedSql('a')}) AS rebooked
      FROM (
        SELECT salon_id, day, staff_id, gender, appointment_id, bool_or(kind = 'PRODUCT') AS has_product
        FROM l WHERE appointment_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5
      ) x
      JOIN appointments a ON a.salon_id = x.salon_id AND a.id = x.appointment_id
      GROUP BY 1, 2, 3, 4
    ) v ON v.salon_id = m.salon_id AND v.day = m.day AND v.staff_id = m.staff_id AND v.gender = m.gender
    ORDER BY 1, 2, 3, 4
    )
    -- prev_day: lag() within what is inserted; a scoped refresh then fixes the rows next to the scope (fixStaffPrevDays).
    INSERT INTO staff_client_days (salon_id, day, staff_id, client_id, gender, prev_day)
    SELECT d.*, lag(d.day) OVER (PARTITION BY d.salon_id, d.staff_id, d.client_id ORDER BY d.day)
    FROM (
      SELECT l.salon_id, l.day, l.staff_id, l.client_id, min(l.gender) AS gender FROM l WHERE l.client_id IS NOT NULL
      GROUP BY 1, 2, 3, 4
    ) d
    ORDER BY 1, 2, 3, 4
  `.execute(db);
}

interface StaffClientDay {
  staff_id: number;
  client_id: number;
  day: string;
}

/** Deletes a scope of staff_client_days, answering the rows it removed (fixStaffPrevDays needs them). */
async function deleteStaffClientDays(db: DbOrTx, scope: Scope): Promise<StaffClientDay[]> {
  const { rows } = await sql<StaffClientDay>`
    DELETE FROM staff_client_days AS r WHERE true ${scopeFilter('r', scope)} RETURNING r.staff_id, r.client_id, r.day::text AS day`.execute(
    db,
  );
  return rows;
}

/**
 * After a scoped refresh of staff_client_days (salon `salonId`): recomputes prev_day (the person's
 * previous day with the client) where the fill's lag() could not see it: each pair's first row in
 * a contiguous scope (every row of a list of days), and the first row after the scope of every
 * pair that had (removed) or has a row in it. Only rows whose prev_day changes are written; answers their days.
 */
async function fixStaffPrevDays(db: DbOrTx, salonId: number, scope: Scope, removed: StaffClientDay[]): Promise<string[]> {
  const inScope = scopeFilter('cd', scope);
  const staffIds = removed.map((r) => r.staff_id);
  const clientIds = removed.map((r) => r.client_id);
  const days = removed.map((r) => r.day);
  // A contiguous scope: every pair's next row after its last day; a list of days: after each of them.
  const touched = scope.days
    ? sql`SELECT cd.staff_id, cd.client_id, cd.day FROM staff_client_days cd WHERE cd.salon_id = ${salonId} ${inScope}
        UNION SELECT * FROM unnest(${staffIds}::int[], ${clientIds}::bigint[], ${days}::date[])`
    : sql`SELECT x.staff_id, x.client_id, ${scope.to}::date AS day FROM (
          SELECT cd.staff_id, cd.client_id FROM staff_client_days cd WHERE cd.salon_id = ${salonId} ${inScope}
          UNION SELECT * FROM unnest(${staffIds}::int[], ${clientIds}::bigint[])) x`;
  const firsts = scope.days
    ? sql`SELECT cd.staff_id, cd.client_id, cd.day FROM staff_client_days cd WHERE cd.salon_id = ${salonId} ${inScope}`
    : sql`SELECT cd.staff_id, cd.client_id, min(cd.day) AS day FROM staff_client_days cd WHERE cd.salon_id = ${salonId} ${inScope}
        GROUP BY 1, 2`;
  const { rows } = await sql<{ day: string }>`
    WITH touched(staff_id, client_id, day) AS (${touched}),
    targets AS (
      ${firsts}
      UNION
      SELECT t.staff_id, t.client_id, (SELECT min(n.day) FROM staff_client_days n
        WHERE n.salon_id = ${salonId} AND n.staff_id = t.staff_id AND n.client_id = t.client_id AND n.day > t.day)
      FROM touched t
    ),
    fixed AS (
      SELECT t.staff_id, t.client_id, t.day, (SELECT max(p.day) FROM staff_client_days p
        WHERE p.salon_id = ${salonId} AND p.staff_id = t.staff_id AND p.client_id = t.client_id AND p.day < t.day) AS prev_day
      FROM targets t WHERE t.day IS NOT NULL
    )
    UPDATE staff_client_days cd
    SET prev_day = fixed.prev_day
    FROM fixed
    WHERE cd.salon_id = ${salonId} AND cd.day = fixed.day AND cd.staff_id = fixed.staff_id AND cd.client_id = fixed.client_id
      AND cd.prev_day IS DISTINCT FROM fixed.prev_day
    RETURNING cd.day::text AS day
  `.execute(db);
  return rows.map((r) => r.day);
}

const staffMonthlySql = (filter: RawBuilder<unknown>) => sql`
  INSERT INTO staff_monthly (salon_id, month, staff_id, gender, earned_cents, recommended_cents, service_cents, service_rec_cents,
    product_cents, product_rec_cents, discount_cents, discount_rec_cents, visits, visits_with_product, rebooked)
  SELECT d.salon_id, date_trunc('month', d.day)::date, d.staff_id, d.gender, sum(d.earned_cents), sum(d.recommended_cents),
    sum(d.service_cents), sum(d.service_rec_cents), sum(d.product_cents), sum(d.product_rec_cents), sum(d.discount_cents),
    sum(d.discount_rec_cents), sum(d.visits), sum(d.visits_with_product), sum(d.rebooked)
  FROM staff_daily d WHERE true ${filter}
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;

/** staff_client_months rows from the staff_client_days rows that are their pair's first in the month, by the month of prev_day. */
const staffClientMonthsSql = (filter: RawBuilder<unknown>) => sql`
  INSERT INTO staff_client_months (salon_id, month, staff_id, gender, prev_month, clients)
  SELECT cd.salon_id, date_trunc('month', cd.day)::date, cd.staff_id, cd.gender, date_trunc('month', cd.prev_day)::date, count(*)
  FROM staff_client_days cd
  WHERE (cd.prev_day IS NULL OR cd.prev_day < date_trunc('month', cd.day)::date) ${filter}
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`;

/**
 * staff_client_months and staff_monthly (migration 030) of one salon's months (YYYY-MM-01), or of
 * everything (null, null): the staff_client_days rows that are their pair's first in the month,
 * counted by the month of prev_day, and staff_daily summed per month.
 */
async function fillStaffMonths(db: DbOrTx, salonId: number | null, months: string[] | null): Promise<void> {
  if (salonId === null || months === null) {
    await staffMonthlySql(sql``).execute(db);
    await staffClientMonthsSql(sql``).execute(db);
    await sql`SELECT staff_new_client_months_fill(s.id, NULL), staff_feedback_months_fill(s.id, NULL) FROM salons s ORDER BY s.id`.execute(
      db,
    );
    return;
  }
  if (months.length === 0) return;
  const sorted = [...months].sort();
  // The days of the months as constants (a join with the months let the planner scan the salon's whole
  // staff_client_days_client_idx, 40 ms for a month, instead of the key's day range).
  const inMonths = (column: RawBuilder<unknown>) =>
    sql`${column} >= ${sorted[0]}::date AND ${column} < (${sorted[sorted.length - 1]}::date + interval '1 month')::date
      AND date_trunc('month', ${column})::date = ANY(${sorted}::date[])`;
  await sql`DELETE FROM staff_monthly WHERE salon_id = ${salonId} AND month = ANY(${sorted}::date[])`.execute(db);
  await staffMonthlySql(sql`AND d.salon_id = ${salonId} AND ${inMonths(sql`d.day`)}`).execute(db);
  await sql`DELETE FROM staff_client_months WHERE salon_id = ${salonId} AND month = ANY(${sorted}::date[])`.execute(db);
  await staffClientMonthsSql(sql`AND cd.salon_id = ${salonId} AND ${inMonths(sql`cd.day`)}`).execute(db);
  // Also the months' feedback (triggers keep it, but a load with triggers off, the demo's, refreshes after it).
  await sql`SELECT staff_new_client_months_fill(${salonId}::int, ${sorted}::date[]), staff_feedback_months_fill(${salonId}::int, ${sorted}::date[])`.execute(
    db,
  );
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
 * A bulk load's transaction (rebuildRollups, the demo) defers staff_day_details: the fills of its refreshes and of the
 * triggers on its sources wait until it fills every salon once, last (fillStaffDayDetails with null).
 */
export async function deferStaffDayDetails(tx: DbOrTx): Promise<void> {
  await sql`SELECT set_config('salon.staff_day_details_deferred', 'on', true)`.execute(tx);
}

/**
 * staff_day_details (migration 045) of one salon's days (an SQL date[]) by staff_day_details_fill, the one
 * definition its triggers also call; of every salon's days (null): after staff_daily, staff_client_days,
 * staff_booked_daily, staff_hours_daily and appointments_daily are in, ending a deferral (deferStaffDayDetails).
 */
export async function fillStaffDayDetails(db: DbOrTx, salonId: number | null, days: RawBuilder<unknown> | null): Promise<void> {
  if (salonId === null || days === null) {
    // The rendered days (migration 048): their triggers wait, and every day is listed again after, with no body
    // (as the demo load needs: it runs with triggers off).
    await sql`SELECT set_config('salon.staff_day_details_deferred', 'off', true), set_config('salon.staff_day_bodies_deferred', 'on', true)`.execute(
      db,
    );
    await sql`SELECT staff_day_details_fill(s.id, NULL) FROM salons s WHERE ${salonId}::int IS NULL OR s.id = ${salonId}::int ORDER BY s.id`.execute(
      db,
    );
    await sql`SELECT staff_day_bodies_reset(${salonId}::int), set_config('salon.staff_day_bodies_deferred', 'off', true)`.execute(db);
    return;
  }
  await sql`SELECT staff_day_details_fill(${salonId}::int, ${days})`.execute(db);
}

/**
 * performance_daily (migration 050) of one salon's days (an SQL date[]) by performance_daily_fill, the one definition
 * its triggers also call; of every salon's days (null): after the sales rollups, staff_hours_daily and the clients are
 * in, after fillStaffDayDetails(null) has ended a bulk load's deferral (deferStaffDayDetails defers both).
 */
export async function fillPerformanceDaily(db: DbOrTx, salonId: number | null, days: RawBuilder<unknown> | null): Promise<void> {
  if (salonId === null || days === null) {
    await sql`SELECT performance_daily_fill(s.id, NULL) FROM salons s WHERE ${salonId}::int IS NULL OR s.id = ${salonId}::int ORDER BY s.id`.execute(
      db,
    );
    return;
  }
  await sql`SELECT performance_daily_fill(${salonId}::int, ${days})`.execute(db);
}

/** Every rollup table (the daily, monthly and trigger-kept ones): rebuilt, vacuumed and analysed together. */
export const ROLLUP_TABLES = [
  'appointments_daily',
  'client_days',
  'client_totals',
  'client_years',
  'staff_booked_daily',
  'booked_hourly',
  'staff_daily',
  'staff_client_days',
  'staff_hours_daily',
  'client_months',
  'staff_client_months',
  'staff_monthly',
  'place_months',
  'staff_new_client_months',
  'staff_feedback_months',
  'recap_client_daily',
  'client_weekday_months',
  'client_visit_months',
  'client_cohort_months',
  'staff_day_details',
  'staff_day_bodies',
  'shift_hourly',
  'recap_daily',
  'performance_daily',
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
    for (const table of ['appointments_daily', 'staff_daily']) await deleteScope(tx, table, scope);
    const removedPairs = await deleteStaffClientDays(tx, scope);
    await fillAppointments(tx, scope);
    await fillStaffDaily(tx, scope);
    const staffPrevFixed = (await hasDaysOutside(tx, 'staff_client_days', salonId, fromDay, toDay))
      ? await fixStaffPrevDays(tx, salonId, scope, removedPairs)
      : [];
    const earlier = await visitsBefore(tx, salonId, fromDay, toDay);
    if (earlier.length > 0) {
      const visits: Scope = { salonId, from: null, to: null, days: earlier };
      for (const table of ['appointments_daily', 'staff_daily']) await deleteScope(tx, table, visits);
      const removedEarlier = await deleteStaffClientDays(tx, visits);
      await fillAppointments(tx, visits);
      await fillStaffDaily(tx, visits);
      staffPrevFixed.push(...(await fixStaffPrevDays(tx, salonId, visits, removedEarlier)));
    }
    // staff_monthly changes in the written months and those of the earlier visits; staff_client_months
    // also in those of the later rows whose prev_day moved.
    const staffMonths = new Set(monthsOf(fromDay, toDay));
    for (const day of [...earlier, ...staffPrevFixed]) staffMonths.add(`${day.slice(0, 7)}-01`);
    await fillStaffMonths(tx, salonId, [...staffMonths]);
    await deleteScope(tx, 'staff_booked_daily', scope);
    await deleteScope(tx, 'booked_hourly', scope);
    await fillStaffBooked(tx, scope);
    await fillStaffDayDetails(
      tx,
      salonId,
      sql`ARRAY(SELECT generate_series(${fromDay}::date, ${toDay}::date, interval '1 day')::date) || ${earlier}::date[]`,
    );
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
    // performance_daily last: it combines the day totals, appointments and booked seconds above.
    await fillPerformanceDaily(
      tx,
      salonId,
      sql`ARRAY(SELECT generate_series(${fromDay}::date, ${toDay}::date, interval '1 day')::date) || ${earlier}::date[]`,
    );
  };
  if (db.isTransaction) await run(db);
  else await (db as Db).transaction().execute(run);
}

/**
 * Recomputes staff_hours_daily (migration 021: shifts and attendances per salon, local day and
 * person) and shift_hourly (migration 051: shift seconds per salon, local day and hour) of one salon
 * (null: every salon) from the raw tables. Triggers keep them on every write; this is for writers
 * that switch triggers off (the demo load) and for rebuildRollups.
 */
export async function refreshStaffHours(db: DbOrTx, salonId: number | null): Promise<void> {
  await sql`DELETE FROM staff_hours_daily WHERE ${salonId}::int IS NULL OR salon_id = ${salonId}::int`.execute(db);
  await sql`INSERT INTO staff_hours_daily SELECT * FROM staff_hours_daily_of(${salonId}::int) ORDER BY 1, 2, 3`.execute(db);
  await sql`SELECT shift_hourly_fill(${salonId}::int, NULL)`.execute(db);
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
    await fillAppointments(tx, all);
    await fillStaffBooked(tx, all);
    await fillStaffDaily(tx, all);
    await fillStaffMonths(tx, null, null);
    await refreshStaffHours(tx, null);
    await fillMonths(tx, null, null);
    await fillRecapClients(tx, null, null);
    await fillStaffDayDetails(tx, null, null);
    await sql`SELECT recap_daily_fill(NULL, NULL)`.execute(tx);
    await fillPerformanceDaily(tx, null, null);
  });
  await rebuildRollupModel(db);
  // Fresh statistics and hint bits / visibility map now, not on the first reports' time.
  for (const table of ROLLUP_TABLES) await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
}
