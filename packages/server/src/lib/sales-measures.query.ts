import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { addDays, monthEndOf, monthIndexOf, monthStartOf } from './months.js';
import { euros, type GenderScope, ratio2 } from './report-range.js';

/** How rows are bucketed: per day, per month (YYYY-MM), per ISO weekday ('1'..'7'), per client gender bucket. */
export type Grain = 'day' | 'month' | 'isodow' | 'gender';

/** The sales measures of one bucket, in cents (converted to euros by `toMeasures`). */
export interface RawMeasures {
  servicesCents: number;
  productsCents: number;
  discountCents: number;
  appointments: number;
  clients: number;
  newClients: number;
}

export interface SalesMeasures {
  servicesRevenue: number;
  productsRevenue: number;
  totalRevenue: number;
  appointments: number;
  clients: number;
  newClients: number;
  averageTicket: number | null;
  discountTotal: number;
}

export interface BucketedMeasures {
  /** Keyed by bucket: 'YYYY-MM-DD', 'YYYY-MM', '1'..'7' or 'MALE' / 'FEMALE' / 'UNKNOWN'. Buckets with no data are absent. */
  buckets: Map<string, RawMeasures>;
  totals: RawMeasures;
}

export interface SalesQuery {
  salonId: number;
  from: string;
  to: string;
  gender: GenderScope;
}

export const emptyMeasures = (): RawMeasures => ({
  servicesCents: 0,
  productsCents: 0,
  discountCents: 0,
  appointments: 0,
  clients: 0,
  newClients: 0,
});

export function toMeasures(m: RawMeasures): SalesMeasures {
  const total = m.servicesCents + m.productsCents;
  return {
    servicesRevenue: euros(m.servicesCents),
    productsRevenue: euros(m.productsCents),
    totalRevenue: euros(total),
    appointments: m.appointments,
    clients: m.clients,
    newClients: m.newClients,
    averageTicket: m.appointments ? ratio2(total / 100, m.appointments) : null,
    discountTotal: euros(m.discountCents),
  };
}

function bucketOf(grain: Grain): RawBuilder<string> {
  switch (grain) {
    case 'day':
      return sql<string>`day::text`;
    case 'month':
      return sql<string>`to_char(day, 'YYYY-MM')`;
    case 'isodow':
      return sql<string>`extract(isodow FROM day)::int::text`;
    case 'gender':
      return sql<string>`gender`;
  }
}

/** `AND gender = …` for a gender scope (nothing for ALL). */
export function genderFilter(gender: GenderScope, column = 'gender'): RawBuilder<unknown> {
  return gender === 'ALL' ? sql`` : sql`AND ${sql.ref(column)} = ${gender}`;
}

interface BucketRow {
  b: string | null;
  v1: number | null;
  v2: number | null;
  v3: number | null;
  v4?: number | null;
  v5?: number | null;
}

/**
 * A range cut into the whole calendar months it covers (read from the month rollups) and the
 * days before and after them (read from the day rollups): 2025-01-15..2025-04-10 is the days
 * 01-15..01-31, the months 02..03 and the days 04-01..04-10.
 */
export interface RangeSplit {
  /** First days of the first and the last whole month, or null when the range holds none. */
  months: [string, string] | null;
  /** The day ranges outside the whole months (none, one or two). */
  days: [string, string][];
  /** True when the range starts after the 1st of a month, before its whole months. */
  hasHead: boolean;
}

export function splitRange(from: string, to: string): RangeSplit {
  const first = from.endsWith('-01') ? monthIndexOf(from) : monthIndexOf(from) + 1;
  const last = to === monthEndOf(monthIndexOf(to)) ? monthIndexOf(to) : monthIndexOf(to) - 1;
  if (first > last) return { months: null, days: [[from, to]], hasHead: false };
  const days: [string, string][] = [];
  const monthsFrom = monthStartOf(first);
  const monthsTo = monthEndOf(last);
  if (from < monthsFrom) days.push([from, addDays(monthsFrom, -1)]);
  if (to > monthsTo) days.push([addDays(monthsTo, 1), to]);
  return { months: [monthsFrom, monthStartOf(last)], days, hasHead: from < monthsFrom };
}

/** `(day BETWEEN … OR day BETWEEN …)` for the day ranges of a split (false when there are none); column may be qualified (`d.day`). */
export function daysIn(days: [string, string][], column = 'day'): RawBuilder<unknown> {
  if (days.length === 0) return sql`false`;
  const c = sql.ref(column);
  return sql`(${sql.join(
    days.map(([a, b]) => sql`${c} BETWEEN ${a}::date AND ${b}::date`),
    sql` OR `,
  )})`;
}

/**
 * The sales measures of a salon over a range, per bucket and in total. Revenue, discounts and
 * appointments come from sales_month_totals for the whole months of the range and from
 * sales_day_totals for the other days (per day and per weekday: sales_day_totals alone); distinct
 * clients from client_months and client_days (distinctClients); new clients from
 * clients.first_visit. Each part groups by GROUPING SETS ((bucket), ()) so the total row (bucket
 * null) comes in the same pass; the three parts go in one statement (one round trip).
 */
export async function getSalesMeasures(db: DbOrTx, q: SalesQuery, grain: Grain): Promise<BucketedMeasures> {
  const b = bucketOf(grain);
  const g = genderFilter(q.gender);
  const split = splitRange(q.from, q.to);
  const salesSql =
    grain === 'day' || grain === 'isodow' || split.months === null
      ? sql<BucketRow>`
      SELECT ${b} AS b, sum(services_cents) AS v1, sum(products_cents) AS v2, sum(discount_cents) AS v3, sum(appointments) AS v4,
        sum(clients) AS v5
      FROM sales_day_totals WHERE salon_id = ${q.salonId} AND day BETWEEN ${q.from}::date AND ${q.to}::date ${g}
      GROUP BY GROUPING SETS ((${b}), ())`
      : sql<BucketRow>`
      SELECT ${b} AS b, sum(services_cents) AS v1, sum(products_cents) AS v2, sum(discount_cents) AS v3, sum(appointments) AS v4,
        NULL::numeric AS v5
      FROM (
        SELECT month AS day, gender, services_cents, products_cents, discount_cents, appointments FROM sales_month_totals
        WHERE salon_id = ${q.salonId} AND month BETWEEN ${split.months[0]}::date AND ${split.months[1]}::date ${g}
        UNION ALL
        SELECT day, gender, services_cents, products_cents, discount_cents, appointments FROM sales_day_totals
        WHERE salon_id = ${q.salonId} AND ${daysIn(split.days)} ${g}
      ) x
      GROUP BY GROUPING SETS ((${b}), ())`;
  const newClientsSql = sql<BucketRow>`
      SELECT ${b} AS b, count(*) AS v1
      FROM (SELECT first_visit AS day, COALESCE(gender, 'UNKNOWN') AS gender FROM clients
            WHERE salon_id = ${q.salonId} AND first_visit BETWEEN ${q.from}::date AND ${q.to}::date) nc
      WHERE true ${g}
      GROUP BY GROUPING SETS ((${b}), ())`;
  // One round trip: the three parts are tagged (src) and read apart below.
  const { rows } = await prepared(
    'sales-measures',
    sql<BucketRow & { src: number }>`
    SELECT 1 AS src, b, v1, v2, v3, v4, v5 FROM (${salesSql}) s
    UNION ALL SELECT 2, b, v1, NULL, NULL, NULL, NULL FROM (${distinctClients(q, grain, split)}) c
    UNION ALL SELECT 3, b, v1, NULL, NULL, NULL, NULL FROM (${newClientsSql}) n`,
  ).execute(db);
  const sales = { rows: rows.filter((r) => r.src === 1) };
  const clients = { rows: rows.filter((r) => r.src === 2) };
  const newClients = { rows: rows.filter((r) => r.src === 3) };

  const buckets = new Map<string, RawMeasures>();
  const totals = emptyMeasures();
  const slot = (key: string | null): RawMeasures => {
    if (key === null) return totals;
    let m = buckets.get(key);
    if (!m) {
      m = emptyMeasures();
      buckets.set(key, m);
    }
    return m;
  };
  for (const r of sales.rows) {
    const m = slot(r.b);
    m.servicesCents = Number(r.v1 ?? 0);
    m.productsCents = Number(r.v2 ?? 0);
    m.discountCents = Number(r.v3 ?? 0);
    m.appointments = Number(r.v4 ?? 0);
    // Per day the clients of sales_day_totals are distinct already; the total is not a sum.
    if (grain === 'day' && r.b !== null) m.clients = Number(r.v5 ?? 0);
  }
  for (const r of clients.rows) slot(r.b).clients = Number(r.v1 ?? 0);
  for (const r of newClients.rows) slot(r.b).newClients = Number(r.v1 ?? 0);
  return { buckets, totals };
}

/** ISO weekday - 1 (0 Monday .. 6 Sunday) of `day` in integer arithmetic (2000-01-03 was a Monday). */
const ISO_WEEKDAY_0 = sql`((((day - date '2000-01-03') % 7) + 7) % 7)`;

/**
 * Distinct clients per bucket and in total, without hashing client ids: a client's first day
 * in a period [start, end] is their only client_days row there whose prev_day is null or
 * before start. So the clients of a range are count(rows with prev_day < from); of a month
 * bucket, the rows with prev_day < greatest(from, month start). Over whole months client_months
 * holds exactly those rows counted by the month of prev_day, so when the range starts on the 1st
 * (no head days) its whole months are a sum of client_months rows with prev_month < from and only
 * the days after them read client_days. A range starting mid-month reads client_days (prev_day
 * must be compared to the day). Per day the clients come with the sales (sales_day_totals) and
 * only the total is read here. Per weekday the same holds with prev_weekday_day (the client's
 * previous day on that weekday, db/rollups/clients.ts): the rows whose prev_weekday_day is null or before from; and
 * client_weekday_months holds those rows of whole months per weekday as client_months does.
 */
function distinctClients(q: SalesQuery, grain: Grain, split: RangeSplit): RawBuilder<BucketRow> {
  const g = genderFilter(q.gender);
  const range = sql`salon_id = ${q.salonId} AND day BETWEEN ${q.from}::date AND ${q.to}::date ${g}`;
  const firstInRange = sql`(prev_day IS NULL OR prev_day < ${q.from}::date)`;
  // The total row (b null), or for the gender grain one row per gender and the total.
  const totalSet = grain === 'gender' ? sql`GROUPING SETS ((gender), ())` : sql`GROUPING SETS (())`;
  const total =
    split.months !== null && !split.hasHead
      ? sql<BucketRow>`
      SELECT ${grain === 'gender' ? sql`gender` : sql`NULL::text`} AS b, sum(n) AS v1, NULL::int AS v2, NULL::int AS v3
      FROM (
        SELECT gender, clients AS n FROM client_months
        WHERE salon_id = ${q.salonId} AND month BETWEEN ${split.months[0]}::date AND ${split.months[1]}::date ${g}
          AND (prev_month IS NULL OR prev_month < ${q.from}::date)
        UNION ALL
        SELECT gender, 1 FROM client_days WHERE salon_id = ${q.salonId} AND ${daysIn(split.days)} ${g} AND ${firstInRange}
      ) x GROUP BY ${totalSet}`
      : sql<BucketRow>`
      SELECT ${grain === 'gender' ? sql`gender` : sql`NULL::text`} AS b, count(*) AS v1, NULL::int AS v2, NULL::int AS v3
      FROM client_days WHERE ${range} AND ${firstInRange} GROUP BY ${totalSet}`;
  if (grain === 'isodow') {
    const firstOnWeekday = sql`(prev_weekday_day IS NULL OR prev_weekday_day < ${q.from}::date)`;
    const perWeekday =
      split.months !== null && !split.hasHead
        ? sql`
      SELECT isodow::text AS b, sum(n) AS v1, NULL::int AS v2, NULL::int AS v3
      FROM (
        SELECT isodow, clients AS n FROM client_weekday_months
        WHERE salon_id = ${q.salonId} AND month BETWEEN ${split.months[0]}::date AND ${split.months[1]}::date ${g}
          AND (prev_month IS NULL OR prev_month < ${q.from}::date)
        UNION ALL
        SELECT ${ISO_WEEKDAY_0} + 1, 1 FROM client_days WHERE salon_id = ${q.salonId} AND ${daysIn(split.days)} ${g} AND ${firstOnWeekday}
      ) x GROUP BY isodow`
        : sql`
      SELECT (${ISO_WEEKDAY_0} + 1)::text AS b, count(*) AS v1, NULL::int AS v2, NULL::int AS v3
      FROM client_days WHERE ${range} AND ${firstOnWeekday} GROUP BY ${ISO_WEEKDAY_0}`;
    return sql<BucketRow>`${perWeekday} UNION ALL (${total})`;
  }
  if (grain === 'month') {
    const months = split.months ?? ['9999-12-01', '0001-01-01'];
    return sql<BucketRow>`
      SELECT to_char(month, 'YYYY-MM') AS b, sum(clients) AS v1, NULL::int AS v2, NULL::int AS v3 FROM client_months
      WHERE salon_id = ${q.salonId} AND month BETWEEN ${months[0]}::date AND ${months[1]}::date ${g} GROUP BY month
      UNION ALL
      SELECT to_char(day, 'YYYY-MM'), count(*) FILTER (WHERE prev_day IS NULL OR prev_day < greatest(${q.from}::date, date_trunc('month', day)::date)),
        NULL, NULL
      FROM client_days WHERE salon_id = ${q.salonId} AND ${daysIn(split.days)} ${g} GROUP BY 1
      UNION ALL (${total})`;
  }
  return total;
}

/**
 * The same totals computed straight from the raw tables (sale_lines, appointments, clients),
 * without the rollups: the reference the rollup tests compare with, and the benchmark baseline.
 * salonId null = the whole chain.
 */
export async function getSalesTotalsFromRaw(
  db: DbOrTx,
  q: { salonId: number | null; from: string; to: string; gender: GenderScope },
): Promise<RawMeasures> {
  const salon = (alias: string) => (q.salonId === null ? sql`` : sql`AND ${sql.ref(`${alias}.salon_id`)} = ${q.salonId}`);
  const g = q.gender === 'ALL' ? sql`` : sql`AND c.gender = ${q.gender}`;
  const row = await sql<{
    services: number | null;
    products: number | null;
    discount: number | null;
    clients: number;
    appointments: number;
    new_clients: number;
  }>`
    SELECT
      (SELECT sum(sl.paid_amount_cents) FILTER (WHERE sl.kind = 'SERVICE') FROM sale_lines sl
        LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
        WHERE sl.day BETWEEN ${q.from}::date AND ${q.to}::date ${salon('sl')} ${g}) AS services,
      (SELECT sum(sl.paid_amount_cents) FILTER (WHERE sl.kind = 'PRODUCT') FROM sale_lines sl
        LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
        WHERE sl.day BETWEEN ${q.from}::date AND ${q.to}::date ${salon('sl')} ${g}) AS products,
      (SELECT sum(sl.discount_cents) FROM sale_lines sl
        LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
        WHERE sl.day BETWEEN ${q.from}::date AND ${q.to}::date ${salon('sl')} ${g}) AS discount,
      (SELECT count(DISTINCT (sl.salon_id, sl.client_id)) FROM sale_lines sl
        LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
        WHERE sl.client_id IS NOT NULL AND sl.day BETWEEN ${q.from}::date AND ${q.to}::date ${salon('sl')} ${g}) AS clients,
      (SELECT count(*) FROM appointments a LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
        WHERE a.status = 'DONE' AND a.day BETWEEN ${q.from}::date AND ${q.to}::date ${salon('a')} ${g}) AS appointments,
      (SELECT count(*) FROM clients c WHERE c.first_visit BETWEEN ${q.from}::date AND ${q.to}::date ${salon('c')} ${g}) AS new_clients
  `.execute(db);
  const r = row.rows[0];
  return {
    servicesCents: Number(r?.services ?? 0),
    productsCents: Number(r?.products ?? 0),
    discountCents: Number(r?.discount ?? 0),
    clients: Number(r?.clients ?? 0),
    appointments: Number(r?.appointments ?? 0),
    newClients: Number(r?.new_clients ?? 0),
  };
}

export interface ChainTotals {
  servicesCents: number;
  productsCents: number;
  discountCents: number;
  lines: number;
  appointments: number;
}

/**
 * Chain-wide totals of a range (every salon), from the raw tables (sale_lines, appointments)
 * or from the rollups (whole months from sales_month_totals, other days from sales_day_totals):
 * the benchmark's baseline and its rollup counterpart.
 */
export async function getChainTotals(db: DbOrTx, from: string, to: string, source: 'raw' | 'rollup'): Promise<ChainTotals> {
  const split = splitRange(from, to);
  const query =
    source === 'raw'
      ? sql<Record<string, number | null>>`
        SELECT s.*, (SELECT count(*) FROM appointments WHERE status = 'DONE' AND day BETWEEN ${from}::date AND ${to}::date) AS appointments
        FROM (SELECT sum(paid_amount_cents) FILTER (WHERE kind = 'SERVICE') AS services, sum(paid_amount_cents) FILTER (WHERE kind = 'PRODUCT') AS products,
                sum(discount_cents) AS discount, count(*) AS lines
              FROM sale_lines WHERE day BETWEEN ${from}::date AND ${to}::date) s`
      : sql<Record<string, number | null>>`
        SELECT sum(services_cents) AS services, sum(products_cents) AS products, sum(discount_cents) AS discount, sum(line_count) AS lines,
          sum(appointments) AS appointments
        FROM (
          SELECT services_cents, products_cents, discount_cents, line_count, appointments FROM sales_month_totals
          WHERE month BETWEEN ${split.months?.[0] ?? '9999-12-01'}::date AND ${split.months?.[1] ?? '0001-01-01'}::date
          UNION ALL
          SELECT services_cents, products_cents, discount_cents, line_count, appointments FROM sales_day_totals WHERE ${daysIn(split.days)}
        ) x`;
  const r = (await query.execute(db)).rows[0] ?? {};
  return {
    servicesCents: Number(r.services ?? 0),
    productsCents: Number(r.products ?? 0),
    discountCents: Number(r.discount ?? 0),
    lines: Number(r.lines ?? 0),
    appointments: Number(r.appointments ?? 0),
  };
}
