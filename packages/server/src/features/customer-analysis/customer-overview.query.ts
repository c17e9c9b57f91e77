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

/**
 * The customer KPIs of a span, from client_days (visit days: DONE appointments' lines and walk-in
 * purchases) and clients.first_visit. A first-time client whose retention window (first visit
 * + 1 .. + 90 days) reaches today or later and who has not come back yet is pending: out of the
 * retention's base.
 */
export async function getCustomerKpis(db: DbOrTx, salonId: number, from: string, to: string, today: string): Promise<Kpis> {
  const { rows } = await sql<{
    clients_seen: number;
    visits: number | null;
    revenue: number | null;
    returning_clients: number;
    new_clients: number;
    retained: number;
    pending: number;
  }>`
    WITH seen AS (
      SELECT client_id, sum(appointments) AS visits, sum(revenue_cents) AS revenue
      FROM client_days WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY client_id
    ),
    fresh AS (
      SELECT c.first_visit, EXISTS (
          SELECT 1 FROM client_days d
          WHERE d.salon_id = c.salon_id AND d.client_id = c.id
            AND d.day > c.first_visit AND d.day <= c.first_visit + ${FIRST_VISIT_RETENTION_DAYS}::int
        ) AS retained
      FROM clients c
      WHERE c.salon_id = ${salonId} AND c.first_visit BETWEEN ${from}::date AND ${to}::date
    )
    SELECT
      (SELECT count(*) FROM seen) AS clients_seen,
      (SELECT sum(visits) FROM seen) AS visits,
      (SELECT sum(revenue) FROM seen) AS revenue,
      (SELECT count(*) FROM seen s JOIN clients c ON c.salon_id = ${salonId} AND c.id = s.client_id
       WHERE c.first_visit IS NULL OR c.first_visit NOT BETWEEN ${from}::date AND ${to}::date) AS returning_clients,
      (SELECT count(*) FROM fresh) AS new_clients,
      (SELECT count(*) FROM fresh WHERE retained) AS retained,
      (SELECT count(*) FROM fresh WHERE NOT retained AND first_visit + ${FIRST_VISIT_RETENTION_DAYS}::int >= ${today}::date) AS pending
  `.execute(db);
  const r = rows[0];
  const seen = n(r?.clients_seen);
  const visits = n(r?.visits);
  const revenueCents = n(r?.revenue);
  const newClients = n(r?.new_clients);
  const retained = n(r?.retained);
  const pending = n(r?.pending);
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

/** Clients seen in the range per gender bucket and per age band on `to`. */
async function getProfile(db: DbOrTx, salonId: number, from: string, to: string) {
  const { rows } = await sql<{ kind: 'gender' | 'age'; bucket: string; clients: number }>`
    WITH seen AS (
      SELECT DISTINCT client_id FROM client_days WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
    ),
    profile AS (
      SELECT COALESCE(c.gender, 'UNKNOWN') AS gender,
        CASE
          WHEN c.birth_date IS NULL OR c.birth_date > ${to}::date THEN 'UNKNOWN'
          WHEN extract(year FROM age(${to}::date, c.birth_date)) < 25 THEN '<25'
          WHEN extract(year FROM age(${to}::date, c.birth_date)) < 35 THEN '25-34'
          WHEN extract(year FROM age(${to}::date, c.birth_date)) < 45 THEN '35-44'
          WHEN extract(year FROM age(${to}::date, c.birth_date)) < 55 THEN '45-54'
          WHEN extract(year FROM age(${to}::date, c.birth_date)) < 65 THEN '55-64'
          ELSE '65+'
        END AS band
      FROM seen s LEFT JOIN clients c ON c.salon_id = ${salonId} AND c.id = s.client_id
    )
    SELECT 'gender' AS kind, gender AS bucket, count(*) AS clients FROM profile GROUP BY gender
    UNION ALL
    SELECT 'age' AS kind, band AS bucket, count(*) AS clients FROM profile GROUP BY band
  `.execute(db);
  const of = (kind: 'gender' | 'age', bucket: string) => n(rows.find((r) => r.kind === kind && r.bucket === bucket)?.clients);
  return { of };
}

/** Per month of the range: clients seen, new (first visit in the month) and returning; and the cohorts' later visits. */
async function getMonthsAndCohorts(db: DbOrTx, salonId: number, from: string, to: string) {
  const [seen, fresh, cohorts] = await Promise.all([
    sql<{ month: string; clients_seen: number; returning_clients: number }>`
      SELECT to_char(d.day, 'YYYY-MM') AS month, count(*) AS clients_seen,
        count(*) FILTER (WHERE c.first_visit IS NULL OR c.first_visit < greatest(date_trunc('month', d.day)::date, ${from}::date)) AS returning_clients
      FROM (SELECT DISTINCT date_trunc('month', day)::date AS day, client_id FROM client_days
            WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date) d
      LEFT JOIN clients c ON c.salon_id = ${salonId} AND c.id = d.client_id
      GROUP BY 1`.execute(db),
    sql<{ month: string; clients: number }>`
      SELECT to_char(first_visit, 'YYYY-MM') AS month, count(*) AS clients FROM clients
      WHERE salon_id = ${salonId} AND first_visit BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1`.execute(db),
    sql<{ cohort: string; month: string; clients: number }>`
      SELECT to_char(c.first_visit, 'YYYY-MM') AS cohort, to_char(d.day, 'YYYY-MM') AS month, count(DISTINCT c.id) AS clients
      FROM clients c
      JOIN client_days d ON d.salon_id = c.salon_id AND d.client_id = c.id
        AND d.day BETWEEN ${from}::date AND ${to}::date AND d.day >= (date_trunc('month', c.first_visit) + interval '1 month')::date
      WHERE c.salon_id = ${salonId} AND c.first_visit BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2`.execute(db),
  ]);
  return { seen: seen.rows, fresh: fresh.rows, cohorts: cohorts.rows };
}

/**
 * Customer overview: KPIs (and last year's same span, up to today's date), genders, age bands,
 * new vs returning per month and cohort retention.
 */
export async function getCustomerOverview(db: DbOrTx, salonId: number, from: string, to: string, today: string): Promise<Overview> {
  const lastYearTo = sameDateLastYear(to < today ? to : today);
  const hasLastYear = from <= today;
  const [kpis, lastYearKpis, profile, months] = await Promise.all([
    getCustomerKpis(db, salonId, from, to, today),
    hasLastYear ? getCustomerKpis(db, salonId, sameDateLastYear(from), lastYearTo, today) : Promise.resolve(null),
    getProfile(db, salonId, from, to),
    getMonthsAndCohorts(db, salonId, from, to),
  ]);
  const seen = kpis.clientsSeen;
  const first = monthIndexOf(from);
  const last = monthIndexOf(to);
  const lastBegun = Math.min(last, monthIndexOf(today));
  const monthKeys: string[] = [];
  for (let i = first; i <= last; i++) monthKeys.push(monthKeyOf(i));
  const freshOf = (month: string) => n(months.fresh.find((r) => r.month === month)?.clients);

  return {
    salonId,
    fromDate: from,
    toDate: to,
    today,
    kpis,
    lastYear: lastYearKpis ? { fromDate: sameDateLastYear(from), toDate: lastYearTo, kpis: lastYearKpis } : null,
    genders: GENDERS.map((gender) => {
      const clients = profile.of('gender', gender);
      return { gender, clients, sharePercent: percent(clients, seen) };
    }),
    ageBands: AGE_BANDS.map((band) => {
      const clients = profile.of('age', band);
      return { band, clients, sharePercent: percent(clients, seen) };
    }),
    months: monthKeys.map((month) => {
      const row = months.seen.find((r) => r.month === month);
      return {
        month,
        clientsSeen: n(row?.clients_seen),
        newClients: freshOf(month),
        returningClients: n(row?.returning_clients),
      };
    }),
    cohorts: monthKeys
      .filter((month) => monthIndexOf(month) <= lastBegun)
      .map((month) => {
        const size = freshOf(month);
        const retention = [];
        for (let i = monthIndexOf(month) + 1; i <= lastBegun; i++) {
          const later = monthKeyOf(i);
          const clients = n(months.cohorts.find((r) => r.cohort === month && r.month === later)?.clients);
          retention.push({ monthsAfter: i - monthIndexOf(month), clients, sharePercent: percent(clients, size) });
        }
        return { month, clients: size, retention };
      }),
  };
}
