import { type CustomerOverviewResponse, FIRST_VISIT_RETENTION_DAYS } from '@salon/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { monthIndexOf, monthKeyOf } from '../../lib/months.js';
import { euros, percent, ratio2, sameDateLastYear } from '../../lib/report-range.js';
import { daysIn, splitRange } from '../../lib/sales-measures.query.js';

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
 * The range's totals and, with `detail`, its clients per gender and per age band (on `to`). A
 * client's first row in the range is the one whose prev_day (the client's previous visit day) lies
 * before the range, so distinct clients are counts of those rows, with no DISTINCT: for the range's
 * whole months the rows of client_visit_months (db/rollups/clients.ts, one per client and month, carrying
 * the client's gender, birth date and first visit: no join), for its other days those of
 * client_days joined to their clients. Visits and spend: client_cohort_months for the whole
 * months, client_days for the other days.
 */
async function getRangeGroups(db: DbOrTx, salonId: number, from: string, to: string, detail: boolean) {
  const { months, days } = splitRange(from, to);
  const firstRows: RawBuilder<unknown>[] = [];
  const sums: RawBuilder<unknown>[] = [];
  if (months) {
    const firsts = (prev: RawBuilder<unknown>) =>
      sql`SELECT gender, birth_date, first_visit FROM client_visit_months WHERE salon_id = ${salonId} AND month = g.m::date AND ${prev}`;
    // Per month, two index ranges (no previous visit; one before the range), index-only.
    firstRows.push(sql`
      SELECT r.gender, r.birth_date, r.first_visit
      FROM generate_series(${months[0]}::date, ${months[1]}::date, interval '1 month') g(m)
      CROSS JOIN LATERAL (${firsts(sql`prev_day < ${from}::date`)} UNION ALL ${firsts(sql`prev_day IS NULL`)}) r`);
    sums.push(sql`
      SELECT sum(visits) AS visits, sum(revenue_cents) AS revenue FROM client_cohort_months
      WHERE salon_id = ${salonId} AND month BETWEEN ${months[0]}::date AND ${months[1]}::date`);
  }
  if (days.length > 0) {
    firstRows.push(sql`
      SELECT c.gender, c.birth_date, c.first_visit
      FROM client_days d LEFT JOIN clients c ON c.salon_id = ${salonId} AND c.id = d.client_id
      WHERE d.salon_id = ${salonId} AND ${daysIn(days, 'd.day')} AND (d.prev_day IS NULL OR d.prev_day < ${from}::date)`);
    sums.push(sql`
      SELECT sum(appointments) AS visits, sum(revenue_cents) AS revenue FROM client_days d WHERE d.salon_id = ${salonId} AND ${daysIn(days, 'd.day')}`);
  }
  // One pass over the first rows: counted per gender and age band (on `to`), then summed per grouping set.
  const band = detail
    ? sql`CASE
        -- Younger than N years on the range end (what extract(year FROM age(to, birth_date)) < N says, Feb 29 included),
        -- against dates computed once instead of an age() per client.
        WHEN birth_date IS NULL OR birth_date > ${to}::date THEN 'UNKNOWN'
        WHEN birth_date > (${to}::date - interval '25 years')::date THEN '<25'
        WHEN birth_date > (${to}::date - interval '35 years')::date THEN '25-34'
        WHEN birth_date > (${to}::date - interval '45 years')::date THEN '35-44'
        WHEN birth_date > (${to}::date - interval '55 years')::date THEN '45-54'
        WHEN birth_date > (${to}::date - interval '65 years')::date THEN '55-64'
        ELSE '65+'
      END`
    : sql`NULL::text`;
  const gender = detail ? sql`COALESCE(gender, 'UNKNOWN')` : sql`NULL::text`;
  // Every client of a client day has a clients row (sale_lines' foreign key): a null first visit is one not on file.
  const { rows } = await sql<VisitGroup>`
    WITH t AS (SELECT sum(visits) AS visits, sum(revenue) AS revenue FROM (${sql.join(sums, sql` UNION ALL `)}) s)
    SELECT CASE WHEN grouping(gender) = 0 THEN 'gender' WHEN grouping(band) = 0 THEN 'band' ELSE 'total' END AS kind,
      COALESCE(gender, band) AS key, NULL AS month, sum(clients) AS clients,
      CASE WHEN grouping(gender, band) = 3 THEN (SELECT visits FROM t) END AS visits,
      CASE WHEN grouping(gender, band) = 3 THEN (SELECT revenue FROM t) END AS revenue,
      CASE WHEN grouping(gender, band) = 3 THEN sum(returning_clients) END AS returning_clients
    FROM (
      SELECT ${gender} AS gender, ${band} AS band, count(*) AS clients,
        count(*) FILTER (WHERE first_visit IS NULL OR first_visit NOT BETWEEN ${from}::date AND ${to}::date) AS returning_clients
      FROM (${sql.join(firstRows, sql` UNION ALL `)}) v
      GROUP BY 1, 2
    ) g
    GROUP BY GROUPING SETS ((), (gender), (band))
    HAVING ${detail} OR grouping(gender, band) = 3`.execute(db);
  return rows;
}

/**
 * Per month of the range its clients and the returning ones (first visit before the month, or
 * before the range's start), and per first-visit cohort of the range its clients in each later
 * month. The range's whole months read client_cohort_months (clients per month and month of first
 * visit); when the range starts after the 1st, its first month's cohort (first visits from the
 * range's start on) in the whole months is counted on client_visit_months; the days before and
 * after the whole months read client_days.
 */
async function getMonthGroups(db: DbOrTx, salonId: number, from: string, to: string) {
  const { months, days, hasHead } = splitRange(from, to);
  if (!months) return getMonthGroupsOfDays(db, salonId, from, to, from, to);
  const inMonths = sql`salon_id = ${salonId} AND month BETWEEN ${months[0]}::date AND ${months[1]}::date`;
  const head = days[0];
  const headCohort =
    hasHead && head
      ? sql`
    UNION ALL
    SELECT 'cohort', ${from.slice(0, 7)}, to_char(month, 'YYYY-MM'), count(*), NULL, NULL, NULL
    FROM client_visit_months WHERE ${inMonths} AND first_visit BETWEEN ${from}::date AND ${head[1]}::date
    GROUP BY month`
      : sql``;
  const { rows } = await sql<VisitGroup>`
    SELECT 'month' AS kind, NULL AS key, to_char(month, 'YYYY-MM') AS month, sum(clients) AS clients,
      sum(clients) FILTER (WHERE first_month IS NULL OR first_month < month) AS visits, NULL AS revenue, NULL AS returning_clients
    FROM client_cohort_months WHERE ${inMonths}
    GROUP BY month
    UNION ALL
    SELECT 'cohort', to_char(first_month, 'YYYY-MM'), to_char(month, 'YYYY-MM'), clients, NULL, NULL, NULL
    FROM client_cohort_months WHERE ${inMonths} AND first_month >= ${months[0]}::date AND first_month < month${headCohort}`.execute(db);
  const outside = await Promise.all(days.map(([a, b]) => getMonthGroupsOfDays(db, salonId, from, to, a, b)));
  return [...rows, ...outside.flat()];
}

/**
 * The month and cohort rows of the range from..to for its days dayFrom..dayTo (whole months, or
 * the range itself), from client_days: a client's first row in a month of the range is the one
 * whose prev_day lies before that month (or the range's start), so these are counts of rows, with
 * no DISTINCT.
 */
async function getMonthGroupsOfDays(db: DbOrTx, salonId: number, from: string, to: string, dayFrom: string, dayTo: string) {
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
      WHERE d.salon_id = ${salonId} AND d.day BETWEEN ${dayFrom}::date AND ${dayTo}::date
        AND (d.prev_day IS NULL OR d.prev_day < greatest(m.month_start, ${from}::date))
    ) v
    GROUP BY GROUPING SETS ((month_start), (month_start, cohort))
    HAVING grouping(cohort) = 1 OR cohort IS NOT NULL`.execute(db);
  return rows;
}

/**
 * The range's new clients (clients.first_visit in the range) per month: retained when they have
 * another visit day within FIRST_VISIT_RETENTION_DAYS after the first (days after the range
 * count); pending when not yet and that window reaches `today` or later. A returning client's
 * first day after their first visit is in their one client_visit_months row with last_day after
 * the first visit and prev_day on or before it (client_visit_months_return_idx): retained when that
 * row's first day is within the window (or on or before the first visit: then the return is later
 * in the first visit's own month).
 */
async function getFreshClients(db: DbOrTx, salonId: number, from: string, to: string, today: string) {
  // Counted per first-visit day (both index scans come in that order), then per month.
  const recent = sql`first_visit + ${FIRST_VISIT_RETENTION_DAYS}::int >= ${today}::date`;
  const { rows } = await sql<FreshGroup>`
    SELECT to_char(first_visit, 'YYYY-MM') AS month, sum(clients) AS clients, sum(retained) AS retained,
      COALESCE(sum(clients) FILTER (WHERE ${recent}), 0) - COALESCE(sum(retained) FILTER (WHERE ${recent}), 0) AS pending
    FROM (
      SELECT first_visit, count(*) AS clients, 0 AS retained
      FROM clients WHERE salon_id = ${salonId} AND first_visit BETWEEN ${from}::date AND ${to}::date
      GROUP BY first_visit
      UNION ALL
      SELECT first_visit, 0, count(*)
      FROM client_visit_months
      WHERE salon_id = ${salonId} AND first_visit BETWEEN ${from}::date AND ${to}::date
        AND last_day > first_visit AND (prev_day IS NULL OR prev_day <= first_visit)
        AND first_day <= first_visit + ${FIRST_VISIT_RETENTION_DAYS}::int
      GROUP BY first_visit
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
