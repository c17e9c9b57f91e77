import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
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
  averageTicket: number;
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
    averageTicket: ratio2(total / 100, m.appointments),
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
}

/**
 * The sales measures of a salon over a range, per bucket and in total, read from the daily
 * rollups (revenue, discounts, appointments), client_days (distinct clients: the total is
 * distinct over the range) and clients.first_visit (new clients). Each query groups by
 * GROUPING SETS ((bucket), ()) so the total row (bucket null) comes in the same pass.
 */
export async function getSalesMeasures(db: DbOrTx, q: SalesQuery, grain: Grain): Promise<BucketedMeasures> {
  const b = bucketOf(grain);
  const range = sql`salon_id = ${q.salonId} AND day BETWEEN ${q.from}::date AND ${q.to}::date ${genderFilter(q.gender)}`;
  const [sales, appointments, clients, newClients] = await Promise.all([
    sql<BucketRow>`
      SELECT ${b} AS b, sum(revenue_cents) FILTER (WHERE kind = 'SERVICE') AS v1, sum(revenue_cents) FILTER (WHERE kind = 'PRODUCT') AS v2,
        sum(discount_cents) AS v3
      FROM sales_daily WHERE ${range} GROUP BY GROUPING SETS ((${b}), ())`.execute(db),
    sql<BucketRow>`
      SELECT ${b} AS b, sum(appointments) AS v1, NULL::int AS v2, NULL::int AS v3
      FROM appointments_daily WHERE ${range} GROUP BY GROUPING SETS ((${b}), ())`.execute(db),
    distinctClients(db, q, grain, range),
    sql<BucketRow>`
      SELECT ${b} AS b, count(*) AS v1, NULL::int AS v2, NULL::int AS v3
      FROM (SELECT first_visit AS day, COALESCE(gender, 'UNKNOWN') AS gender FROM clients
            WHERE salon_id = ${q.salonId} AND first_visit BETWEEN ${q.from}::date AND ${q.to}::date) nc
      WHERE true ${genderFilter(q.gender)}
      GROUP BY GROUPING SETS ((${b}), ())`.execute(db),
  ]);

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
  }
  for (const r of appointments.rows) slot(r.b).appointments = Number(r.v1 ?? 0);
  for (const r of clients.rows) slot(r.b).clients = Number(r.v1 ?? 0);
  for (const r of newClients.rows) slot(r.b).newClients = Number(r.v1 ?? 0);
  return { buckets, totals };
}

/**
 * Distinct clients per bucket and in total, without hashing client ids: a client's first day
 * in a period [start, end] is their only client_days row there whose prev_day is null or
 * before start. So the clients of a range are count(rows with prev_day < from); of a month
 * bucket, the rows with prev_day < greatest(from, month start); of a day, every row. Weekdays
 * are not contiguous periods: their distinct clients are counted by hashing.
 */
function distinctClients(db: DbOrTx, q: SalesQuery, grain: Grain, range: RawBuilder<unknown>) {
  const firstInRange = sql`(prev_day IS NULL OR prev_day < ${q.from}::date)`;
  if (grain === 'isodow') {
    return sql<BucketRow>`
      SELECT b, count(*) AS v1, NULL::int AS v2, NULL::int AS v3
      FROM (SELECT DISTINCT extract(isodow FROM day)::int::text AS b, client_id FROM client_days WHERE ${range}) x GROUP BY b
      UNION ALL
      SELECT NULL, count(*) FILTER (WHERE ${firstInRange}), NULL, NULL FROM client_days WHERE ${range}`.execute(db);
  }
  const firstInBucket =
    grain === 'day'
      ? sql`true`
      : grain === 'month'
        ? sql`(prev_day IS NULL OR prev_day < greatest(${q.from}::date, date_trunc('month', day)::date))`
        : firstInRange;
  return sql<BucketRow>`
    SELECT ${bucketOf(grain)} AS b, count(*) FILTER (WHERE ${firstInBucket}) AS v1, NULL::int AS v2, NULL::int AS v3
    FROM client_days WHERE ${range} GROUP BY 1
    UNION ALL
    SELECT NULL, count(*) FILTER (WHERE ${firstInRange}), NULL, NULL FROM client_days WHERE ${range}`.execute(db);
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
 * or from the daily rollups: the benchmark's baseline and its rollup counterpart.
 */
export async function getChainTotals(db: DbOrTx, from: string, to: string, source: 'raw' | 'rollup'): Promise<ChainTotals> {
  const query =
    source === 'raw'
      ? sql<Record<string, number | null>>`
        SELECT s.*, (SELECT count(*) FROM appointments WHERE status = 'DONE' AND day BETWEEN ${from}::date AND ${to}::date) AS appointments
        FROM (SELECT sum(paid_amount_cents) FILTER (WHERE kind = 'SERVICE') AS services, sum(paid_amount_cents) FILTER (WHERE kind = 'PRODUCT') AS products,
                sum(discount_cents) AS discount, count(*) AS lines
              FROM sale_lines WHERE day BETWEEN ${from}::date AND ${to}::date) s`
      : sql<Record<string, number | null>>`
        SELECT s.*, (SELECT sum(appointments) FROM appointments_daily WHERE day BETWEEN ${from}::date AND ${to}::date) AS appointments
        FROM (SELECT sum(revenue_cents) FILTER (WHERE kind = 'SERVICE') AS services, sum(revenue_cents) FILTER (WHERE kind = 'PRODUCT') AS products,
                sum(discount_cents) AS discount, sum(line_count) AS lines
              FROM sales_daily WHERE day BETWEEN ${from}::date AND ${to}::date) s`;
  const r = (await query.execute(db)).rows[0] ?? {};
  return {
    servicesCents: Number(r.services ?? 0),
    productsCents: Number(r.products ?? 0),
    discountCents: Number(r.discount ?? 0),
    lines: Number(r.lines ?? 0),
    appointments: Number(r.appointments ?? 0),
  };
}
