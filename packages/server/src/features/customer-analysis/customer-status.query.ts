import type { CustomerDetailResponse, CustomerStatusResponse } from '@salon/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { type CustomerStatusValue, customerStatusSql, statusOf } from '../../lib/customer-status.js';
import { daysBetween } from '../../lib/months.js';
import { euros } from '../../lib/report-range.js';

type StatusResponse = Static<typeof CustomerStatusResponse>;
type StatusRow = StatusResponse['rows'][number];
type Detail = Static<typeof CustomerDetailResponse>;
export type StatusSortValue = 'LAST_VISIT_DESC' | 'LAST_VISIT_ASC' | 'TOTAL_SPEND_DESC' | 'SPEND_DESC' | 'NAME';

export interface StatusScope {
  salonId: number;
  from: string;
  to: string;
  activeDays: number;
  lostDays: number;
}

export interface StatusListOptions {
  status?: CustomerStatusValue;
  search?: string;
  sort?: StatusSortValue;
  /** null: every matching row (the exports). */
  limit: number | null;
  offset: number;
  withContacts: boolean;
}

interface RawStatusRow {
  id: number;
  first_name: string;
  last_name: string;
  gender: 'MALE' | 'FEMALE' | null;
  first_visit: string | null;
  last_visit: string | null;
  days: number | null;
  status: CustomerStatusValue;
  visits: number;
  spend: number;
  total_visits: number;
  total_spend: number;
  phone: string | null;
  email: string | null;
  privacy_consent: boolean;
  marketing_consent: boolean;
}

const ORDER: Record<StatusSortValue, RawBuilder<unknown>> = {
  LAST_VISIT_DESC: sql`last_visit DESC NULLS LAST, id`,
  LAST_VISIT_ASC: sql`last_visit ASC NULLS LAST, id`,
  TOTAL_SPEND_DESC: sql`total_spend DESC, id`,
  SPEND_DESC: sql`spend DESC, id`,
  NAME: sql`lower(last_name), lower(first_name), id`,
};

/**
 * Every client of the salon with the last visit day up to the range end, the range's visits and
 * spend, the totals up to the range end and the status from the days since the last visit. The
 * last visit and the totals on `to` come from client_totals (each client's last day, visits and
 * spend over all their days) minus the client's days after `to`, read from client_days: the
 * first of those days carries the visit before it (prev_day, the last visit up to `to`; null:
 * none). So a recent `to` reads a few weeks of client days instead of every day up to it.
 */
function statusBase(scope: StatusScope, options: { clientId?: number } = {}): RawBuilder<unknown> {
  const { clientId } = options;
  const one = clientId === undefined ? sql`` : sql`AND client_id = ${clientId}`;
  const oneTotal = clientId === undefined ? sql`` : sql`AND t.client_id = ${clientId}`;
  const oneClient = clientId === undefined ? sql`` : sql`AND c.id = ${clientId}`;
  return sql`
    after_to AS (
      SELECT client_id, sum(appointments) AS visits, sum(revenue_cents) AS spend,
        max(prev_day) FILTER (WHERE prev_day <= ${scope.to}::date) AS last_up_to
      FROM client_days
      WHERE salon_id = ${scope.salonId} AND day > ${scope.to}::date ${one} GROUP BY client_id
    ),
    as_of AS (
      SELECT t.client_id, CASE WHEN a.client_id IS NULL THEN t.last_day ELSE a.last_up_to END AS last_visit,
        t.visits - COALESCE(a.visits, 0) AS total_visits, t.revenue_cents - COALESCE(a.spend, 0) AS total_spend
      FROM client_totals t LEFT JOIN after_to a ON a.client_id = t.client_id
      WHERE t.salon_id = ${scope.salonId} ${oneTotal}
    ),
    in_range AS (
      SELECT client_id, sum(appointments) AS visits, sum(revenue_cents) AS spend FROM client_days
      WHERE salon_id = ${scope.salonId} AND day BETWEEN ${scope.from}::date AND ${scope.to}::date ${one} GROUP BY client_id
    ),
    base AS (
      SELECT c.id, c.first_name, c.last_name, c.gender, c.first_visit::text AS first_visit, l.last_visit::text AS last_visit,
        ${scope.to}::date - l.last_visit AS days,
        ${customerStatusSql(scope.to, sql.ref('l.last_visit'), scope)} AS status,
        COALESCE(r.visits, 0) AS visits, COALESCE(r.spend, 0) AS spend,
        COALESCE(l.total_visits, 0) AS total_visits, COALESCE(l.total_spend, 0) AS total_spend,
        c.phone, c.email, c.privacy_consent, c.marketing_consent
      FROM clients c
      LEFT JOIN as_of l ON l.client_id = c.id
      LEFT JOIN in_range r ON r.client_id = c.id
      WHERE c.salon_id = ${scope.salonId} ${oneClient}
    )`;
}

function toRow(r: RawStatusRow, withContacts: boolean): StatusRow {
  return {
    clientId: Number(r.id),
    firstName: r.first_name,
    lastName: r.last_name,
    gender: r.gender ?? 'UNKNOWN',
    firstVisit: r.first_visit,
    lastVisit: r.last_visit,
    daysSinceLastVisit: r.days === null ? null : Number(r.days),
    status: r.status,
    visits: Number(r.visits),
    spend: euros(Number(r.spend)),
    totalVisits: Number(r.total_visits),
    totalSpend: euros(Number(r.total_spend)),
    contact: withContacts
      ? { phone: r.phone, email: r.email, privacyConsent: r.privacy_consent, marketingConsent: r.marketing_consent }
      : null,
  };
}

/** The sorts the narrow page (statusPage) serves: by last visit, or by total spend within one status. */
function isNarrowPage(options: StatusListOptions): boolean {
  if (options.limit === null || options.search) return false;
  const sort = options.sort ?? 'LAST_VISIT_DESC';
  return sort === 'LAST_VISIT_DESC' || sort === 'LAST_VISIT_ASC' || (sort === 'TOTAL_SPEND_DESC' && options.status !== undefined);
}

/**
 * The last visits (a date column `lastVisit`, on or before `to`) of a status other than NO_VISIT, as a condition on the
 * column itself (customerStatusSql's rule with the days moved to `to`'s side, so an index on the column bounds it); none:
 * every one.
 */
function lastVisitIn(scope: StatusScope, lastVisit: RawBuilder<unknown>, status: CustomerStatusValue | undefined): RawBuilder<unknown> {
  const { to, activeDays, lostDays } = scope;
  if (status === 'ACTIVE') return sql`${lastVisit} > ${to}::date - ${activeDays}::int`;
  if (status === 'LOST') return sql`${lastVisit} < ${to}::date - ${lostDays}::int`;
  if (status === 'AT_RISK') return sql`${lastVisit} BETWEEN ${to}::date - ${lostDays}::int AND ${to}::date - ${activeDays}::int`;
  return sql`true`;
}

/**
 * One page of the status list without a name search, sorted by last visit (or by total spend
 * within one status), as getCustomerStatusList's full statement would give it, reading far less.
 * The clients who visited up to `to` are of two kinds:
 * - settled: no day after `to` (client_totals.last_day <= to); their last visit and totals are
 *   client_totals', read in last_day order (client_totals_last_day_idx);
 * - back: a day after `to` whose prev_day is on or before it (their first day after `to`); their
 *   last visit is that prev_day and their totals client_totals' minus their days after `to`,
 *   summed for the rows that can reach the page only.
 * The counts come from both, index-only; each kind gives its first offset + limit rows in the
 * page's order, and the page is taken from their union. The clients with no visit up to `to`
 * (NO_VISIT: every sort puts them last, by id, with no spend) are the salon's other clients.
 * Names, contacts and the range's visits and spend are read for the page's rows only.
 */
async function statusPage(db: DbOrTx, scope: StatusScope, options: StatusListOptions & { limit: number }): Promise<StatusResponse> {
  const { salonId, to } = scope;
  const sort = options.sort ?? 'LAST_VISIT_DESC';
  const status = options.status;
  const withVisits = status !== 'NO_VISIT';
  const withNoVisit = status === undefined || status === 'NO_VISIT';
  const order = ORDER[sort];
  const reach = options.offset + options.limit;
  const backTotals = (back: RawBuilder<unknown>, isBack: RawBuilder<unknown>) => sql`LEFT JOIN LATERAL (
        SELECT t.visits, t.revenue_cents FROM client_totals t WHERE ${isBack} AND t.salon_id = ${salonId} AND t.client_id = ${back}.id LIMIT 1
      ) t ON true
      CROSS JOIN LATERAL (
        SELECT sum(d.appointments) AS visits, sum(d.revenue_cents) AS spend FROM client_days d
        WHERE ${isBack} AND d.salon_id = ${salonId} AND d.client_id = ${back}.id AND d.day > ${to}::date
      ) a`;
  const settledRows = sql`SELECT client_id AS id, last_day AS last_visit, visits AS total_visits, revenue_cents AS total_spend FROM client_totals
          WHERE salon_id = ${salonId} AND last_day <= ${to}::date AND ${lastVisitIn(scope, sql.ref('last_day'), status)}
          ORDER BY ${sort === 'TOTAL_SPEND_DESC' ? sql`revenue_cents DESC, client_id` : sort === 'LAST_VISIT_ASC' ? sql`last_day, client_id` : sql`last_day DESC, client_id`}
          LIMIT ${reach}`;
  // By total spend, the back rows' totals order them: each candidate's are summed. By last visit, the page is cut first
  // and the totals summed for its back rows alone (total_visits null marks them; the laterals skip the settled rows).
  const visitedRows =
    sort === 'TOTAL_SPEND_DESC'
      ? sql`SELECT * FROM (
        (${settledRows})
        UNION ALL
        (SELECT b.id, b.last_visit, t.visits - a.visits AS total_visits, t.revenue_cents - a.spend AS total_spend
          FROM back b ${backTotals(sql.ref('b'), sql`true`)} WHERE ${lastVisitIn(scope, sql.ref('b.last_visit'), status)}
          ORDER BY ${order} LIMIT ${reach})
      ) v
      ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.offset}`
      : sql`SELECT v.id, v.last_visit, coalesce(v.total_visits, t.visits - a.visits) AS total_visits,
        coalesce(v.total_spend, t.revenue_cents - a.spend) AS total_spend
      FROM (
        SELECT * FROM (
          (${settledRows})
          UNION ALL
          (SELECT id, last_visit, NULL::bigint, NULL::bigint FROM back WHERE ${lastVisitIn(scope, sql.ref('last_visit'), status)}
            ORDER BY ${order} LIMIT ${reach})
        ) u
        ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.offset}
      ) v
      ${backTotals(sql.ref('v'), sql`v.total_visits IS NULL`)}`;
  const visitedPage = withVisits
    ? sql`visited_page AS (${visitedRows}),`
    : sql`visited_page AS (SELECT NULL::bigint AS id, NULL::date AS last_visit, 0::bigint AS total_visits, 0::bigint AS total_spend WHERE false),`;
  // The clients with no visit up to `to` follow the visited ones (by id), when the status filter lets them in: with no filter
  // after every visited client, with NO_VISIT alone.
  const noVisitPage = withNoVisit
    ? sql`no_visit_page AS (
      SELECT c.id, NULL::date AS last_visit, 0::bigint AS total_visits, 0::bigint AS total_spend FROM clients c
      WHERE c.salon_id = ${salonId}
        AND NOT EXISTS (SELECT 1 FROM client_days d WHERE d.salon_id = ${salonId} AND d.client_id = c.id AND d.day <= ${to}::date)
      ORDER BY c.id
      LIMIT greatest(0, ${options.limit}::bigint - (SELECT count(*) FROM visited_page))
      OFFSET greatest(0, ${options.offset}::bigint - ${status === undefined ? sql`(SELECT visited FROM counts)` : sql`0`})
    ),`
    : sql``;
  const { rows } = await sql<{
    active: number;
    lost: number;
    visited: number;
    clients: number;
    rows: RawStatusRow[] | null;
  }>`
    WITH back AS MATERIALIZED (
      SELECT client_id AS id, prev_day AS last_visit FROM client_days
      WHERE salon_id = ${salonId} AND day > ${to}::date AND prev_day <= ${to}::date
    ),
    counts AS (
      SELECT sum(active) AS active, sum(lost) AS lost, sum(visited) AS visited,
        -- the salon's records, as client_quality_counts counts them, not an index scan of every record
        (SELECT coalesce(sum(clients), 0) FROM client_quality_counts WHERE salon_id = ${salonId}) AS clients
      FROM (
        SELECT count(*) FILTER (WHERE ${lastVisitIn(scope, sql.ref('last_day'), 'ACTIVE')}) AS active,
          count(*) FILTER (WHERE ${lastVisitIn(scope, sql.ref('last_day'), 'LOST')}) AS lost, count(*) AS visited
        FROM client_totals WHERE salon_id = ${salonId} AND last_day <= ${to}::date
        UNION ALL
        SELECT count(*) FILTER (WHERE ${lastVisitIn(scope, sql.ref('last_visit'), 'ACTIVE')}),
          count(*) FILTER (WHERE ${lastVisitIn(scope, sql.ref('last_visit'), 'LOST')}), count(*)
        FROM back
      ) kinds
    ),
    ${visitedPage}
    ${noVisitPage}
    page AS (
      SELECT c.id, c.first_name, c.last_name, c.gender, c.first_visit::text AS first_visit, p.last_visit::text AS last_visit,
        ${to}::date - p.last_visit AS days,
        ${customerStatusSql(to, sql.ref('p.last_visit'), scope)} AS status,
        COALESCE(r.visits, 0) AS visits, COALESCE(r.spend, 0) AS spend, p.total_visits, p.total_spend,
        c.phone, c.email, c.privacy_consent, c.marketing_consent
      FROM (SELECT * FROM visited_page ${withNoVisit ? sql`UNION ALL SELECT * FROM no_visit_page` : sql``}) p
      -- by key, for the page's rows only (LIMIT 1: not flattened into a hash of every client)
      JOIN LATERAL (SELECT * FROM clients c WHERE c.salon_id = ${salonId} AND c.id = p.id LIMIT 1) c ON true
      LEFT JOIN LATERAL (
        SELECT sum(d.appointments) AS visits, sum(d.revenue_cents) AS spend FROM client_days d
        WHERE d.salon_id = ${salonId} AND d.client_id = p.id AND d.day BETWEEN ${scope.from}::date AND ${to}::date
      ) r ON true
    )
    SELECT counts.*, (SELECT json_agg(page ORDER BY ${order}) FROM page) AS rows FROM counts
  `.execute(db);
  const r = rows[0];
  const active = Number(r?.active ?? 0);
  const lost = Number(r?.lost ?? 0);
  const visited = Number(r?.visited ?? 0);
  const atRisk = visited - active - lost;
  const noVisit = Number(r?.clients ?? 0) - visited;
  const byStatus = { ACTIVE: active, AT_RISK: atRisk, LOST: lost, NO_VISIT: noVisit };
  const total = status === undefined ? active + atRisk + lost + noVisit : byStatus[status];
  return {
    salonId,
    fromDate: scope.from,
    toDate: to,
    activeDays: scope.activeDays,
    lostDays: scope.lostDays,
    counts: { active, atRisk, lost, noVisit, total: active + atRisk + lost + noVisit },
    total,
    limit: options.limit,
    offset: options.offset,
    contactsIncluded: options.withContacts,
    rows: (r?.rows ?? []).map((row) => toRow(row, options.withContacts)),
  };
}

/** The status list: counts per status over the whole salon, the total matching the filters and one page (or all of it). */
export async function getCustomerStatusList(db: DbOrTx, scope: StatusScope, options: StatusListOptions): Promise<StatusResponse> {
  if (options.limit !== null && isNarrowPage(options)) return statusPage(db, scope, { ...options, limit: options.limit });
  return getCustomerStatusListFull(db, scope, options);
}

/** The status list from every client's full row: the name search, the other sorts and the exports. */
export async function getCustomerStatusListFull(db: DbOrTx, scope: StatusScope, options: StatusListOptions): Promise<StatusResponse> {
  const filters: RawBuilder<unknown>[] = [];
  if (options.status) filters.push(sql`AND status = ${options.status}`);
  if (options.search) {
    filters.push(
      sql`AND (strpos(lower(first_name || ' ' || last_name), lower(${options.search})) > 0 OR strpos(lower(last_name || ' ' || first_name), lower(${options.search})) > 0)`,
    );
  }
  const where = sql.join(filters, sql` `);
  const sort = options.sort ?? 'LAST_VISIT_DESC';
  const page = options.limit === null ? sql`` : sql`LIMIT ${options.limit} OFFSET ${options.offset}`;
  const pageRows = sql`SELECT * FROM base WHERE true ${where} ORDER BY ${ORDER[sort]} ${page}`;
  const { rows } = await sql<{
    active: number;
    at_risk: number;
    lost: number;
    no_visit: number;
    total: number;
    rows: RawStatusRow[] | null;
  }>`
    WITH ${statusBase(scope)},
    counts AS (
      SELECT count(*) FILTER (WHERE status = 'ACTIVE') AS active, count(*) FILTER (WHERE status = 'AT_RISK') AS at_risk,
        count(*) FILTER (WHERE status = 'LOST') AS lost, count(*) FILTER (WHERE status = 'NO_VISIT') AS no_visit
      FROM base
    )
    SELECT counts.*, (SELECT count(*) FROM base WHERE true ${where}) AS total,
      (SELECT json_agg(p ORDER BY ${ORDER[sort]}) FROM (${pageRows}) p) AS rows
    FROM counts
  `.execute(db);
  const r = rows[0];
  const active = Number(r?.active ?? 0);
  const atRisk = Number(r?.at_risk ?? 0);
  const lost = Number(r?.lost ?? 0);
  const noVisit = Number(r?.no_visit ?? 0);
  return {
    salonId: scope.salonId,
    fromDate: scope.from,
    toDate: scope.to,
    activeDays: scope.activeDays,
    lostDays: scope.lostDays,
    counts: { active, atRisk, lost, noVisit, total: active + atRisk + lost + noVisit },
    total: Number(r?.total ?? 0),
    limit: options.limit ?? Number(r?.total ?? 0),
    offset: options.offset,
    contactsIncluded: options.withContacts,
    rows: (r?.rows ?? []).map((row) => toRow(row, options.withContacts)),
  };
}

/** One client's status, visits, spend, items bought and status at every month end of the range; null when not a client of the salon. */
export async function getCustomerDetail(db: DbOrTx, scope: StatusScope, clientId: number, withContacts: boolean): Promise<Detail | null> {
  const { salonId, from, to } = scope;
  const [base, client, days, items, history] = await Promise.all([
    sql<RawStatusRow>`WITH ${statusBase(scope, { clientId })} SELECT * FROM base`.execute(db),
    sql<{ birth_date: string | null; city: string | null; postal_code: string | null }>`
      SELECT birth_date::text AS birth_date, city, postal_code FROM clients WHERE salon_id = ${salonId} AND id = ${clientId}`.execute(db),
    sql<{ day: string; appointments: number; services: number; products: number; revenue: number }>`
      SELECT day::text AS day, appointments, service_revenue_cents AS services, product_revenue_cents AS products, revenue_cents AS revenue
      FROM client_days WHERE salon_id = ${salonId} AND client_id = ${clientId} AND day BETWEEN ${from}::date AND ${to}::date
      ORDER BY day DESC`.execute(db),
    sql<{ kind: 'SERVICE' | 'PRODUCT'; item_id: number; name: string; quantity: number; spend: number }>`
      SELECT l.kind, COALESCE(l.service_id, l.product_id) AS item_id, COALESCE(s.name, p.name) AS name,
        sum(l.quantity) AS quantity, sum(l.paid_amount_cents) AS spend
      FROM sale_lines l
      LEFT JOIN services s ON s.id = l.service_id
      LEFT JOIN products p ON p.id = l.product_id
      WHERE l.salon_id = ${salonId} AND l.client_id = ${clientId} AND l.day BETWEEN ${from}::date AND ${to}::date
      GROUP BY l.kind, COALESCE(l.service_id, l.product_id), COALESCE(s.name, p.name)
      ORDER BY spend DESC, item_id`.execute(db),
    sql<{ month: string; day: string; last_visit: string | null }>`
      SELECT to_char(m, 'YYYY-MM') AS month, e.day::text AS day,
        (SELECT max(d.day) FROM client_days d WHERE d.salon_id = ${salonId} AND d.client_id = ${clientId} AND d.day <= e.day)::text AS last_visit
      FROM generate_series(date_trunc('month', ${from}::date), date_trunc('month', ${to}::date), interval '1 month') AS m,
        LATERAL (SELECT least((m + interval '1 month' - interval '1 day')::date, ${to}::date) AS day) e
      ORDER BY m`.execute(db),
  ]);
  const row = base.rows[0];
  const info = client.rows[0];
  if (!row || !info) return null;
  const status = toRow(row, withContacts);
  const itemsOf = <K extends 'serviceId' | 'productId'>(kind: 'SERVICE' | 'PRODUCT', key: K) =>
    items.rows
      .filter((i) => i.kind === kind)
      .map(
        (i) =>
          ({ [key]: Number(i.item_id), name: i.name, quantity: Number(i.quantity), spend: euros(Number(i.spend)) }) as Record<K, number> & {
            name: string;
            quantity: number;
            spend: number;
          },
      );
  return {
    salonId,
    fromDate: from,
    toDate: to,
    activeDays: scope.activeDays,
    lostDays: scope.lostDays,
    client: {
      clientId,
      firstName: status.firstName,
      lastName: status.lastName,
      gender: status.gender,
      birthDate: info.birth_date,
      city: info.city,
      postalCode: info.postal_code,
      firstVisit: status.firstVisit,
      contact: status.contact,
    },
    status: status.status,
    lastVisit: status.lastVisit,
    daysSinceLastVisit: status.daysSinceLastVisit,
    visits: status.visits,
    spend: status.spend,
    totalVisits: status.totalVisits,
    totalSpend: status.totalSpend,
    visitDays: days.rows.map((d) => ({
      day: d.day,
      appointments: Number(d.appointments),
      servicesSpend: euros(Number(d.services)),
      productsSpend: euros(Number(d.products)),
      spend: euros(Number(d.revenue)),
    })),
    services: itemsOf('SERVICE', 'serviceId'),
    products: itemsOf('PRODUCT', 'productId'),
    statusHistory: history.rows.map((h) => ({
      month: h.month,
      day: h.day,
      status: statusOf(h.last_visit === null ? null : daysBetween(h.last_visit, h.day), scope),
      lastVisit: h.last_visit,
    })),
  };
}
