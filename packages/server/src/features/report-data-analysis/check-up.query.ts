import { CHECK_UP_KPI_NAMES, CHECK_UP_KPIS, type CheckUpKpi, type CheckUpResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { Db, DbOrTx } from '../../db/database.js';
import { bookedSecondsSql, shiftSecondsSql, utilisationPercent } from '../../db/staff-hours.js';
import { type GenderScope, percent, ratio2 } from '../../lib/report-range.js';
import { genderFilter } from '../../lib/sales-measures.query.js';

type CheckUp = Static<typeof CheckUpResponse>;
type Actuals = Record<CheckUpKpi, number | null>;

/** First-visit retention window (days); rebooking and utilisation are db/staff-hours.ts's. */
const RETENTION_DAYS = 90;

/**
 * The actual of every check-up KPI over a range (definitions in CHECK_UP_KPIS). A new client who has
 * not come back and whose retention window reaches `today` or later is pending, out of the
 * retention's base (as on the customer overview): with only such clients the retention is not known yet (null).
 */
export async function getCheckUpActuals(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
  today: string | null = null,
): Promise<Actuals> {
  const range = sql`salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date ${genderFilter(gender)}`;
  const cg = gender === 'ALL' ? sql`` : sql`AND c.gender = ${gender}`;
  const { rows } = await sql<{
    revenue: number | null;
    appointments: number | null;
    with_product: number | null;
    with_colour: number | null;
    with_treatment: number | null;
    booked_seconds: number | null;
    rebook_base: number | null;
    rebooked: number | null;
    new_clients: number;
    retained: number;
    pending: number;
    shift_seconds: number | null;
    nps_total: number;
    promoters: number;
    detractors: number;
  }>`
    SELECT
      (SELECT sum(revenue_cents) FROM sales_daily WHERE ${range}) AS revenue,
      a.appointments, a.with_product, a.with_colour, a.with_treatment,
      ${bookedSecondsSql(sql`${salonId}`, sql`${from}::date`, sql`${to}::date`)} AS booked_seconds,
      a.rebook_base, a.rebooked, nc.new_clients, nc.retained, nc.new_clients - nc.retained - nc.settled AS pending,
      ${shiftSecondsSql(sql`${salonId}`, sql`${from}::date`, sql`${to}::date`)} AS shift_seconds,
      n.nps_total, n.promoters, n.detractors
    FROM
      (SELECT sum(appointments) AS appointments, sum(with_product) AS with_product, sum(with_colour) AS with_colour,
         sum(with_treatment) AS with_treatment,
         sum(with_client) AS rebook_base, sum(rebooked) AS rebooked
       FROM appointments_daily WHERE ${range}) a,
      (SELECT count(*) AS new_clients, count(*) FILTER (WHERE back) AS retained,
         count(*) FILTER (WHERE NOT back AND (${today}::date IS NULL OR first_visit + ${RETENTION_DAYS}::int < ${today}::date)) AS settled
       FROM (SELECT c.first_visit, EXISTS (
           SELECT 1 FROM appointments b
           WHERE b.salon_id = c.salon_id AND b.client_id = c.id AND b.status = 'DONE'
             AND b.day > c.first_visit AND b.day <= c.first_visit + ${RETENTION_DAYS}::int) AS back
       FROM clients c
       -- OFFSET 0 keeps the subquery whole: flattened, its EXISTS ran once for each filter that reads it.
       WHERE c.salon_id = ${salonId} AND c.first_visit BETWEEN ${from}::date AND ${to}::date ${cg} OFFSET 0) fv) nc,
      (SELECT count(*) AS nps_total, count(*) FILTER (WHERE r.score >= 9) AS promoters, count(*) FILTER (WHERE r.score <= 6) AS detractors
       FROM nps_responses r LEFT JOIN clients c ON c.salon_id = r.salon_id AND c.id = r.client_id
       WHERE r.salon_id = ${salonId} AND r.day BETWEEN ${from}::date AND ${to}::date ${cg}) n
  `.execute(db);
  const r = rows[0];
  const n = (v: number | null | undefined) => Number(v ?? 0);
  const appointments = n(r?.appointments);
  const nps = n(r?.nps_total);
  return {
    averageTicket: appointments ? ratio2(n(r?.revenue) / 100, appointments) : null,
    retailAttachRate: percent(n(r?.with_product), appointments),
    rebookingRate: percent(n(r?.rebooked), n(r?.rebook_base)),
    newClients: n(r?.new_clients),
    firstVisitRetention: percent(n(r?.retained), n(r?.new_clients) - n(r?.pending)),
    colourPenetration: percent(n(r?.with_colour), appointments),
    treatmentPenetration: percent(n(r?.with_treatment), appointments),
    utilisation: utilisationPercent(n(r?.booked_seconds), n(r?.shift_seconds)),
    nps: nps ? Math.round(((n(r?.promoters) - n(r?.detractors)) / nps) * 10_000) / 100 : null,
  };
}

/** The targets a manager set for a salon and gender scope ('ALL' = the salon-wide list). */
export async function getCheckUpTargets(db: DbOrTx, salonId: number, gender: GenderScope) {
  const rows = await db
    .selectFrom('check_ups')
    .select(['kpi', 'target', 'updated_at'])
    .where('salon_id', '=', salonId)
    .where('gender', '=', gender)
    .execute();
  const targets = new Map(rows.map((r) => [r.kpi, Number(r.target)]));
  const updated = rows.reduce<Date | null>((max, r) => (!max || r.updated_at > max ? r.updated_at : max), null);
  return { targets, updatedAt: updated ? updated.toISOString() : null };
}

/** Saves targets in one transaction: upsert, or delete when the target is null. */
export async function saveCheckUpTargets(
  db: Db,
  salonId: number,
  gender: GenderScope,
  items: readonly { kpi: CheckUpKpi; target: number | null }[],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const item of items) {
      const target = item.target;
      if (target === null) {
        await tx.deleteFrom('check_ups').where('salon_id', '=', salonId).where('gender', '=', gender).where('kpi', '=', item.kpi).execute();
      } else {
        await tx
          .insertInto('check_ups')
          .values({ salon_id: salonId, gender, kpi: item.kpi, target, updated_at: new Date() })
          .onConflict((oc) => oc.columns(['salon_id', 'gender', 'kpi']).doUpdateSet({ target, updated_at: new Date() }))
          .execute();
      }
    }
  });
}

function statusOf(actual: number | null, target: number | null) {
  if (target === null) return 'NO_TARGET' as const;
  if (actual === null) return 'NO_DATA' as const;
  if (actual >= target) return 'ON_TARGET' as const;
  if (actual >= target - Math.abs(target) * 0.1) return 'CLOSE' as const;
  return 'OFF' as const;
}

/**
 * The length of a range in months, by the days of the months it covers: each day counts
 * 1 / (days of its month), so 1 November - 30 November is 1 and 1-7 November is 7/30.
 */
export async function monthsInRange(db: DbOrTx, from: string, to: string): Promise<number> {
  const { rows } = await sql<{ months: string | number | null }>`
    SELECT round(sum(1.0 / extract(day FROM date_trunc('month', d) + interval '1 month' - interval '1 day')), 4) AS months
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') d`.execute(db);
  return Number(rows[0]?.months ?? 0);
}

/**
 * The check-up: every KPI with target, actual, gap and status. Count KPIs (unit COUNT: new
 * clients) have monthly targets: the range's target is the monthly one x monthsInRange, the
 * months of the range's days up to `today` (days not yet come have no actuals to meet a target).
 */
export async function getCheckUp(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
  today?: string,
): Promise<CheckUp> {
  const end = today !== undefined && today < to ? today : to;
  const [actuals, { targets, updatedAt }, months] = await Promise.all([
    getCheckUpActuals(db, salonId, from, to, gender, today ?? null),
    getCheckUpTargets(db, salonId, gender),
    end < from ? 0 : monthsInRange(db, from, end),
  ]);
  const items = CHECK_UP_KPI_NAMES.map((kpi) => {
    const savedTarget = targets.get(kpi) ?? null;
    const isMonthlyTarget = CHECK_UP_KPIS[kpi].unit === 'COUNT';
    const target = savedTarget !== null && isMonthlyTarget ? Math.round(savedTarget * months * 100) / 100 : savedTarget;
    const actual = actuals[kpi];
    return {
      kpi,
      unit: CHECK_UP_KPIS[kpi].unit,
      definition: CHECK_UP_KPIS[kpi].definition,
      target,
      savedTarget,
      isMonthlyTarget,
      actual,
      gapPercent:
        target !== null && actual !== null && target !== 0 ? Math.round(((actual - target) / Math.abs(target)) * 10_000) / 100 : null,
      status: statusOf(actual, target),
    };
  });
  return { salonId, fromDate: from, toDate: to, gender, items, monthsInRange: months, updatedAt };
}
