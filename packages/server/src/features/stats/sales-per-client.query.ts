import { type ResponseOf, SALES_PER_CLIENT_PAGE, type salesPerClient } from '@salon/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { euros, ratio2 } from '../../lib/report-range.js';
import { daysIn } from '../../lib/sales-measures.query.js';

type SalesPerClient = ResponseOf<typeof salesPerClient>;
type SortField = 'revenue' | 'servicesRevenue' | 'productsRevenue' | 'visits' | 'averageTicket' | 'lastVisit' | 'name';

/** Paging, order and filters of the list (all optional: without them the first SALES_PER_CLIENT_PAGE.default clients, highest revenue first). */
export interface SalesPerClientPage {
  limit?: number;
  offset?: number;
  sort?: SortField;
  order?: 'asc' | 'desc';
  search?: string;
  gender?: 'MALE' | 'FEMALE' | 'UNKNOWN';
}

const SORT_SQL: Record<Exclude<SortField, 'name'>, RawBuilder<unknown>> = {
  revenue: sql`p.revenue`,
  servicesRevenue: sql`p.services`,
  productsRevenue: sql`p.products`,
  visits: sql`p.visits`,
  averageTicket: sql`CASE WHEN p.visits > 0 THEN p.revenue::numeric / p.visits ELSE p.revenue END`,
  lastVisit: sql`p.last_visit`,
};

/**
 * A range cut into the whole calendar years it covers (read from client_years) and the days
 * before and after them (read from client_days): 2024-11-15..2026-01-31 is the days
 * 2024-11-15..2024-12-31, the year 2025 and the days 2026-01-01..2026-01-31.
 */
export function splitYears(from: string, to: string): { years: [string, string] | null; days: [string, string][] } {
  const first = Number(from.slice(0, 4)) + (from.endsWith('-01-01') ? 0 : 1);
  const last = Number(to.slice(0, 4)) - (to.endsWith('-12-31') ? 0 : 1);
  if (first > last) return { years: null, days: [[from, to]] };
  const year = (y: number) => String(y).padStart(4, '0');
  const days: [string, string][] = [];
  if (from < `${year(first)}-01-01`) days.push([from, `${year(first - 1)}-12-31`]);
  if (to > `${year(last)}-12-31`) days.push([`${year(last + 1)}-01-01`, to]);
  return { years: [`${year(first)}-01-01`, `${year(last)}-01-01`], days };
}

/** `%text%` for ILIKE, with the pattern characters of the text matched literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Sales per client over a range, from client_years (whole calendar years) and client_days (the other
 * days), aggregated per client in one statement that cuts one page out of the order (limit, default
 * SALES_PER_CLIENT_PAGE.default) and also gives the totals of every matching client and the walk-in
 * revenue. Only the page's clients are joined for their names and last appointment (unless the order
 * or the search needs the names of all).
 */
export async function getSalesPerClient(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  page: SalesPerClientPage = {},
): Promise<SalesPerClient> {
  const sort = page.sort ?? 'revenue';
  const direction = (page.order ?? (sort === 'name' ? 'asc' : 'desc')) === 'asc' ? sql`ASC` : sql`DESC`;
  const needsNames = sort === 'name' || page.search !== undefined;
  const limit = page.limit ?? SALES_PER_CLIENT_PAGE.default;
  const offset = page.offset ?? 0;
  /** The order; `names` is the alias whose sort_first / sort_last (the client's names) the name order reads. */
  const orderBy = (names: string) =>
    sort === 'name'
      ? sql`lower(COALESCE(${sql.ref(`${names}.sort_last`)}, '')) ${direction}, lower(COALESCE(${sql.ref(`${names}.sort_first`)}, '')) ${direction}, p.client_id`
      : sql`${SORT_SQL[sort]} ${direction}, p.client_id`;
  const searchFilter =
    page.search === undefined
      ? sql``
      : sql`WHERE (c.first_name ILIKE ${containsPattern(page.search)} OR c.last_name ILIKE ${containsPattern(page.search)}
          OR (COALESCE(c.first_name, '') || ' ' || COALESCE(c.last_name, '')) ILIKE ${containsPattern(page.search)})`;
  // The appointment of each client's last day with one (a client has one row per day, so no ties).
  // Over one whole year client_years holds it per client (the few clients with two genders that year
  // take it in an array aggregate); otherwise only the day is aggregated per client, and the page's
  // rows look the appointment up (client_days' key), sparing the array aggregate over every client.
  const lastAppointment = {
    day: sql`max(appointment_day) AS last_appointment_day`,
    id: sql`(max(ARRAY[appointment_day - DATE '2000-01-01', appointment_id]) FILTER (WHERE appointment_id IS NOT NULL))[2] AS last_appointment_id`,
  };
  const genderFilter = page.gender === undefined ? sql`` : sql`AND gender = ${page.gender}`;
  // Whole calendar years from client_years (one row per client and gender), the other days from client_days.
  const split = splitYears(from, to);
  const yearRows = (only: RawBuilder<unknown>) => sql`
        SELECT client_id, revenue_cents, service_revenue_cents, product_revenue_cents, appointments, last_day,
          last_appointment_day AS appointment_day, last_appointment_id AS appointment_id
        FROM client_years
        WHERE salon_id = ${salonId} AND year BETWEEN ${split.years?.[0] ?? null}::date AND ${split.years?.[1] ?? null}::date ${only}`;
  const parts: RawBuilder<unknown>[] = [];
  if (split.years !== null) parts.push(yearRows(genderFilter));
  if (split.days.length > 0) {
    parts.push(sql`
        SELECT client_id, revenue_cents, service_revenue_cents, product_revenue_cents, appointments, day AS last_day,
          CASE WHEN last_appointment_id IS NOT NULL THEN day END AS appointment_day, last_appointment_id AS appointment_id
        FROM client_days
        WHERE salon_id = ${salonId} AND ${daysIn(split.days)} ${genderFilter}`);
  }
  /** Per client, the sums of the rows of `source` (in client order, so they group one client after the other). */
  const summed = (source: RawBuilder<unknown>, appointment: RawBuilder<unknown>) => sql`
      SELECT client_id, sum(revenue_cents)::bigint AS revenue, sum(service_revenue_cents)::bigint AS services,
        sum(product_revenue_cents)::bigint AS products, sum(appointments)::bigint AS visits, max(last_day) AS last_visit,
        ${appointment}
      FROM (${source} ORDER BY client_id) parts
      GROUP BY client_id`;
  // One whole year and no other day: a client's row of the year is their row of the list, read as it is
  // (with a gender, or when it is their only gender that year); only the few clients with rows of two
  // genders are summed. Otherwise every row is summed per client.
  const isOneYear = split.years !== null && split.years[0] === split.years[1] && split.days.length === 0;
  const perClient = isOneYear
    ? sql`
      SELECT client_id, revenue_cents AS revenue, service_revenue_cents AS services, product_revenue_cents AS products,
        appointments AS visits, last_day AS last_visit, last_appointment_id
      FROM client_years
      WHERE salon_id = ${salonId} AND year = ${split.years?.[0]}::date ${page.gender === undefined ? sql`AND single_gender` : genderFilter}
      ${page.gender === undefined ? sql`UNION ALL ${summed(yearRows(sql`AND NOT single_gender`), lastAppointment.id)}` : sql``}`
    : summed(sql.join(parts, sql` UNION ALL `), lastAppointment.day);
  const withoutClient = sql<{ cents: number | null }>`
    SELECT sum(paid_amount_cents) AS cents FROM sale_lines
    WHERE salon_id = ${salonId} AND client_id IS NULL AND day BETWEEN ${from}::date AND ${to}::date`;
  const { rows } = await sql<
    ClientRow & {
      total: number;
      total_revenue: number | null;
      total_services: number | null;
      total_products: number | null;
      total_visits: number | null;
      without_client: number | null;
    }
  >`
    WITH per_client AS (${perClient}),
    matching AS MATERIALIZED (
      SELECT p.*${needsNames ? sql`, c.first_name AS sort_first, c.last_name AS sort_last` : sql``} FROM per_client p
      ${needsNames ? sql`LEFT JOIN clients c ON c.salon_id = ${salonId} AND c.id = p.client_id` : sql``}
      ${searchFilter}
    ),
    totals AS (
      SELECT count(*) AS total, sum(revenue) AS total_revenue, sum(services) AS total_services, sum(products) AS total_products,
        sum(visits) AS total_visits, (${withoutClient}) AS without_client
      FROM matching
    ),
    -- the page first, then its clients' names and genders
    picked AS (
      SELECT p.*, c.first_name, c.last_name, c.gender${
        isOneYear
          ? sql``
          : sql`, (SELECT d.last_appointment_id FROM client_days d
          WHERE d.salon_id = ${salonId} AND d.day = p.last_appointment_day AND d.client_id = p.client_id) AS last_appointment_id`
      }
      FROM (SELECT p.* FROM matching p ORDER BY ${orderBy('p')} LIMIT ${limit} OFFSET ${offset}) p
      LEFT JOIN clients c ON c.salon_id = ${salonId} AND c.id = p.client_id
    )
    SELECT t.*, p.client_id, p.first_name, p.last_name, p.gender, p.revenue, p.services, p.products, p.visits,
      p.last_visit::text AS last_visit, p.last_appointment_id
    FROM totals t FULL JOIN picked p ON false
    ORDER BY ${orderBy('p')}
  `.execute(db);
  // The totals come in a row of their own (no client), not repeated on every client's row.
  const head = rows.find((r) => r.client_id === null);
  return answerOf(
    salonId,
    from,
    to,
    { limit, offset },
    rows.filter((r) => r.client_id !== null),
    {
      total: Number(head?.total ?? 0),
      revenue: Number(head?.total_revenue ?? 0),
      services: Number(head?.total_services ?? 0),
      products: Number(head?.total_products ?? 0),
      visits: Number(head?.total_visits ?? 0),
      withoutClient: head?.without_client ?? null,
    },
  );
}

/** A client's row of the statements above. */
interface ClientRow {
  client_id: number | null;
  first_name: string | null;
  last_name: string | null;
  gender: 'MALE' | 'FEMALE' | null;
  revenue: number;
  services: number;
  products: number;
  visits: number;
  last_visit: string;
  last_appointment_id: number | null;
}

/**
 * The answer in the order the response schema's serialiser writes it, with nothing else in it: the
 * route sends it through JSON.stringify.
 */
function answerOf(
  salonId: number,
  from: string,
  to: string,
  page: { limit: number; offset: number },
  rows: ClientRow[],
  totals: { total: number; revenue: number; services: number; products: number; visits: number; withoutClient: number | null },
): SalesPerClient {
  const out = rows.map((r) => {
    const v = Number(r.visits);
    return {
      clientId: Number(r.client_id),
      firstName: r.first_name ?? '',
      lastName: r.last_name ?? '',
      gender: r.gender ?? ('UNKNOWN' as const),
      revenue: euros(r.revenue),
      servicesRevenue: euros(r.services),
      productsRevenue: euros(r.products),
      visits: v,
      averageTicket: v > 0 ? ratio2(Number(r.revenue) / 100, v) : euros(r.revenue),
      lastVisit: r.last_visit,
      lastAppointmentId: r.last_appointment_id === null ? null : Number(r.last_appointment_id),
    };
  });
  return {
    salonId,
    fromDate: from,
    toDate: to,
    rows: out,
    totals: {
      clients: totals.total,
      revenue: euros(totals.revenue),
      withoutClientRevenue: euros(totals.withoutClient),
      visits: totals.visits,
      servicesRevenue: euros(totals.services),
      productsRevenue: euros(totals.products),
    },
    total: totals.total,
    limit: page.limit,
    offset: page.offset,
  };
}
