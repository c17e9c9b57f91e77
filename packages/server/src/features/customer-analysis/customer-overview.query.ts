import { type CustomerOverviewResponse, FIRST_VISIT_RETENTION_DAYS } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { monthIndexOf, monthKeyOf } from '../../lib/months.js';
import { euros, percent, ratio2, sameDateLastYear } from '../../lib/report-range.js';

type Overview = Static<typeof CustomerOverviewResponse>;
type Kpis = Overview['kpis'];

const GENDERS = ['MALE', 'FEMALE', 'UNKNOWN'] as const;
const AGE_BANDS = ['<25', '25-34', '35-44', '45-54', '55-64', '65+', 'UNKNOWN'] as const;

const n = (v: number | string | null | undefined) => Number(v ?? 0);

interface VisitGroup {
  kind: 'total' | 'gender' | 'band' | 'month' | 'cohort';
  /** The gender, the age band or the cohort (YYYY-MM of the first visit). */
  key: string | null;
  /** YYYY-MM of the month rows and the cohorts' later month. */
  month: string | null;
  /** Distinct clients: of the range (total, gender, band), of the month, of the cohort in the month. */
  clients: number;
  /** total: visits; month: returning clients. */
  visits: number | null;
  revenue: number | null;
  returning_clients: number | null;
}

interface FreshGroup {
  month: string;
  clients: number;
  retained: number;
  pending: number;
}

/**
 * The range's totals and, with `detail`, its clients per gender and per age band (on `to`), from
 * client_days joined to their clients. A client's first row in the range is the one whose prev_day
 * (the client's previous visit day) lies before the range, so distinct clients are counts of those
 * rows, with no DISTINCT, and only they are joined to the clients.
 */
async function getRangeGroups(db: DbOrTx, salonId: number, from: string, to: string, detail: boolean) {
  const details = detail
    ? sql`
    UNION ALL
    SELECT 'gender', COALESCE(gender, 'UNKNOWN'), NULL, count(*), NULL, NULL, NULL FROM v GROUP BY 2
    UNION ALL
    SELECT 'band',
      CASE
        -- Younger than N years on the range end (what extract(year FROM age(to, birth_date)) < N says, Feb 29 included),
        -- against dates computed once instead of an age() per client.
        WHEN birth_date IS NULL OR birth_date > ${to}::date THEN 'UNKNOWN'
        WHEN birth_date > (${to}::date - interval '25 years')::date THEN '<25'
        WHEN birth_date > (${to}::date - interval '35 years')::date THEN '25-34'
        WHEN birth_date > (${to}::date - interval '45 years')::date THEN '35-44'
        WHEN birth_date > (${to}::date - interval '55 years')::date THEN '45-54'
        WHEN birth_date > (${to}::date - interval '65 years')::date THEN '55-64'
        ELSE '65+'
      END, NULL, count(*), NULL, NULL, NULL
    FROM v GROUP BY 2`
    : sql``;
  const { rows } = await sql<VisitGroup>`
    WITH v AS MATERIALIZED (
      SELECT c.id IS NOT NULL AS known, c.first_visit, c.gender, c.birth_date
      FROM client_days d LEFT JOIN clients c ON c.salon_id = ${salonId} AND c.id = d.client_id
      WHERE d.salon_id = ${salonId} AND d.day BETWEEN ${from}::date AND ${to}::date AND (d.prev_day IS NULL OR d.prev_day < ${from}::date)
    ),
    t AS (
      SELECT sum(appointments) AS visits, sum(revenue_cents) AS revenue
      FROM client_days WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
    )
    SELECT 'total' AS kind, NULL AS key, NULL AS month, count(*) AS clients, (SELECT visits FROM t) AS visits,
      (SELECT revenue FROM t) AS revenue,
      count(*) FILTER (WHERE known AND (first_visit IS NULL OR first_visit NOT BETWEEN ${from}::date AND ${to}::date)) AS returning_clients
    FROM v${details}`.execute(db);
  return rows;
}

/**
 * Per month of the range its clients and the returning ones (first visit before the month, or
 * before the range's start), and per first-visit cohort of the range its clients in each later
 * month: a client's first row in a month of the range is the one whose prev_day lies before that
 * month (or the range's start), so these are counts of rows, with no DISTINCT.
 */
async function getMonthGroups(db: DbOrTx, salonId: number, from: string, to: string) {
  // One aggregation with two grouping sets (month; month and cohort) instead of a materialized CTE read twice.
  const { rows } = await sql<VisitGroup>`
    SELECT CASE WHEN grouping(cohort) = 1 THEN 'month' ELSE 'cohort' END AS kind, to_char(cohort, 'YYYY-MM') AS key,
      to_char(month_start, 'YYYY-MM') AS month, count(*) AS clients,
      CASE WHEN grouping(cohort) = 1 THEN count(*) FILTER (WHERE first_visit IS NULL OR first_visit < greatest(month_start, ${from}::date)) END AS visits,
      NULL AS revenue, NULL AS returning_clients
    FROM (
      SELECT c.first_visit, m.month_start,
        CASE WHEN c.first_visit BETWEEN ${from}::date AND ${to}::date AND m.month_start > c.first_visit - (date_part('day', c.first_visit)::int - 1)
          THEN c.first_visit - (date_part('day', c.first_visit)::int - 1) END AS cohort
      FROM client_days d
      -- The first of the day's month by date arithmetic (date_trunc would go through timestamptz, extract through numeric).
      CROSS JOIN LATERAL (SELECT d.day - (date_part('day', d.day)::int - 1) AS month_start) m
      LEFT JOIN clients c ON c.salon_id = ${salonId} AND c.id = d.client_id
      WHERE d.salon_id = ${salonId} AND d.day BETWEEN ${from}::date AND ${to}::date
        AND (d.prev_day IS NULL OR d.prev_day < greatest(m.month_start, ${from}::date))
    ) v
    GROUP BY GROUPING SETS ((month_start), (month_start, cohort))
    HAVING grouping(cohort) = 1 OR cohort IS NOT NULL`.execute(db);
  return rows;
}

/**
 * The range's new clients (clients.first_visit in the range) per month: retained when they have
 * another visit day within FIRST_VISIT_RETENTION_DAYS after the first (days after the range
 * count); pending when not yet and that window reaches `today` or later.
 */
async function getFreshClients(db: DbOrTx, salonId: number, from: string, to: string, today: string) {
  const { rows } = await sql<FreshGroup>`
    SELECT to_char(first_visit, 'YYYY-MM') AS month, count(*) AS clients, count(*) FILTER (WHERE retained) AS retained,
      count(*) FILTER (WHERE NOT retained AND first_visit + ${FIRST_VISIT_RETENTION_DAYS}::int >= ${today}::date) AS pending
    FROM (
      SELECT c.first_visit, EXISTS (
          SELECT 1 FROM client_days d
          WHERE d.salon_id = c.salon_id AND d.client_id = c.id
            AND d.day > c.first_visit AND d.day <= c.first_visit + ${FIRST_VISIT_RETENTION_DAYS}::int
        ) AS retained
      FROM clients c
      WHERE c.salon_id = ${salonId} AND c.first_visit BETWEEN ${from}::date AND ${to}::date
      OFFSET 0
    ) f
    GROUP BY 1`.execute(db);
  return rows;
}

/**
 * The customer KPIs of a span, from client_days (visit days: DONE appointments' lines and walk-in
 * purchases) and clients.first_visit. A first-time client whose retention window (first visit
 * + 1 .. + 90 days) reaches today or later and who has not come back yet is pending: out of the
 * retention's base.
 */
function kpisOf(groups: VisitGroup[], fresh: FreshGroup[]): Kpis {
  const r = groups.find((g) => g.kind === 'total');
  const seen = n(r?.clients);
  const visits = n(r?.visits);
  const revenueCents = n(r?.revenue);
  let newClients = 0;
  let retained = 0;
  let pending = 0;
  for (const f of fresh) {
    newClients += n(f.clients);
    retained += n(f.retained);
    pending += n(f.pending);
  }
  return {
    clientsSeen: seen,
    newClients,
    returningClients: n(r?.returning_clients),
    retainedClients: retained,
    pendingClients: pending,
    firstVisitRetention: percent(retained, newClients - pending),
    visits,
    averageVisitsPerClient: ratio2(visits, seen),
    revenue: euros(revenueCents),
    averageSpendPerClient: ratio2(revenueCents / 100, seen),
  };
}

export async function getCustomerKpis(db: DbOrTx, salonId: number, from: string, to: string, today: string): Promise<Kpis> {
  const [groups, fresh] = await Promise.all([getRangeGroups(db, salonId, from, to, false), getFreshClients(db, salonId, from, to, today)]);
  return kpisOf(groups, fresh);
}

/**
 * Customer overview: KPIs (and last year's same span, up to today's date), genders, age bands,
 * new vs returning per month and cohort retention.
 */
export async function getCustomerOverview(db: DbOrTx, salonId: number, from: string, to: string, today: string): Promise<Overview> {
  const lastYearTo = sameDateLastYear(to < today ? to : today);
  const hasLastYear = from <= today;
  const [range, monthGroups, fresh, lastYearKpis] = await Promise.all([
    getRangeGroups(db, salonId, from, to, true),
    getMonthGroups(db, salonId, from, to),
    getFreshClients(db, salonId, from, to, today),
    hasLastYear ? getCustomerKpis(db, salonId, sameDateLastYear(from), lastYearTo, today) : Promise.resolve(null),
  ]);
  const groups = [...range, ...monthGroups];
  const kpis = kpisOf(range, fresh);
  const of = (kind: VisitGroup['kind']) => groups.filter((g) => g.kind === kind);
  const byGender = of('gender');
  const byBand = of('band');
  const byMonth = of('month');
  const byCohort = of('cohort');
  const seen = kpis.clientsSeen;
  const first = monthIndexOf(from);
  const last = monthIndexOf(to);
  const lastBegun = Math.min(last, monthIndexOf(today));
  const monthKeys: string[] = [];
  for (let i = first; i <= last; i++) monthKeys.push(monthKeyOf(i));
  const freshOf = (month: string) => n(fresh.find((r) => r.month === month)?.clients);

  return {
    salonId,
    fromDate: from,
    toDate: to,
    today,
    kpis,
    lastYear: lastYearKpis ? { fromDate: sameDateLastYear(from), toDate: lastYearTo, kpis: lastYearKpis } : null,
    genders: GENDERS.map((gender) => {
      const clients = n(byGender.find((g) => g.key === gender)?.clients);
      return { gender, clients, sharePercent: percent(clients, seen) };
    }),
    ageBands: AGE_BANDS.map((band) => {
      const clients = n(byBand.find((g) => g.key === band)?.clients);
      return { band, clients, sharePercent: percent(clients, seen) };
    }),
    months: monthKeys.map((month) => {
      const row = byMonth.find((r) => r.month === month);
      return {
        month,
        clientsSeen: n(row?.clients),
        newClients: freshOf(month),
        returningClients: n(row?.visits),
      };
    }),
    cohorts: monthKeys
      .filter((month) => monthIndexOf(month) <= lastBegun)
      .map((month) => {
        const size = freshOf(month);
        const retention = [];
        for (let i = monthIndexOf(month) + 1; i <= lastBegun; i++) {
          const later = monthKeyOf(i);
          const clients = n(byCohort.find((r) => r.key === month && r.month === later)?.clients);
          retention.push({ monthsAfter: i - monthIndexOf(month), clients, sharePercent: percent(clients, size) });
        }
        return { month, clients: size, retention };
      }),
  };
}
