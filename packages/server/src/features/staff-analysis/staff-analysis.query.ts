import type { StaffDailyDetailsResponse, StaffDataAnalysisResponse, StaffPreviousYear, StaffWeeklyDetailsResponse } from '@salon/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import {
  addDays,
  euros,
  type GenderScope,
  isoWeekday,
  monthRange,
  percent,
  SAME_WEEKDAY_DAYS_BACK,
  sameDateLastYear,
} from '../../lib/report-range.js';
import { daysIn, splitRange } from '../../lib/sales-measures.query.js';
import { utilisationPercent } from '../../lib/staff-hours.js';
import { HttpError } from '../../plugins/errors.js';

type Response = Static<typeof StaffDataAnalysisResponse>;
type Row = Response['staffDataAnalysis'][number];

/** One person's raw figures over one span (cents, seconds). */
export interface StaffSpanFigures {
  earnedCents: number;
  recommendedCents: number;
  serviceCents: number;
  serviceRecCents: number;
  productCents: number;
  productRecCents: number;
  discountCents: number;
  discountRecCents: number;
  clients: number;
  newClients: number;
  visits: number;
  visitsWithProduct: number;
  rebooked: number;
  bookedSeconds: number;
  shiftSeconds: number;
  workSeconds: number;
  workingDays: number;
  feedbackAverage: number | null;
}

const empty = (): StaffSpanFigures => ({
  earnedCents: 0,
  recommendedCents: 0,
  serviceCents: 0,
  serviceRecCents: 0,
  productCents: 0,
  productRecCents: 0,
  discountCents: 0,
  discountRecCents: 0,
  clients: 0,
  newClients: 0,
  visits: 0,
  visitsWithProduct: 0,
  rebooked: 0,
  bookedSeconds: 0,
  shiftSeconds: 0,
  workSeconds: 0,
  workingDays: 0,
  feedbackAverage: null,
});

export interface StaffSpan {
  /** Per staff id. */
  staff: Map<number, StaffSpanFigures>;
  salonOpenDays: number;
}

const n = (v: unknown): number => Number(v ?? 0);
const hours = (seconds: number): number => Math.round(seconds / 36) / 100;
const perHour = (cents: number, seconds: number): number | null => (seconds > 0 ? Math.round((cents * 3600) / seconds) / 100 : null);

/** How a span is cut: one bucket (''), per day or per ISO week (bucket = the Monday). */
export type StaffGrain = 'span' | 'day' | 'week';

/**
 * The raw per-person figures of a salon over from..to (inclusive, salon-local days), cut by
 * `grain`, in one statement (one CTE chain whatever the grain and gender). Gender counts only
 * clients of that gender on the lines, visits and feedback; hours (booked, shift, worked) are not
 * gendered. Lines count when they belong to a DONE appointment or are walk-in sales, and name a
 * staff member. A visit is a DONE appointment on which the person has a line; rebooking is
 * lib/staff-hours.ts's. Money, visits and rebooking come from the rollup staff_daily, distinct
 * clients from staff_client_days (exact over any range: a (person, client) pair counts once per bucket,
 * on its first row there, the row whose prev_day lies before the bucket; new clients are those
 * of them whose first visit falls in the same bucket, read in the same pass), booked service seconds from
 * staff_booked_daily (the one definition of lib/staff-hours.ts); shift and worked seconds and
 * working days from staff_hours_daily (the planner's shifts and the attendances per salon-local
 * day, migration 021), feedback from feedback, on the salon-local day.
 * Rows with staff_id NULL carry the bucket's salon open days (days with a DONE appointment).
 */
export async function getStaffBuckets(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
  grain: StaffGrain,
): Promise<Map<string, StaffSpan>> {
  // The salon, the days and the gender as parameters in every CTE (not read from a CTE row), so
  // the planner bounds each rollup's (salon_id, day, …) index scan.
  const salon = sql`${salonId}::int`;
  const days = (column: RawBuilder<unknown>) => sql`${column} BETWEEN ${from}::date AND ${to}::date`;
  const genderIs = (column: RawBuilder<unknown>) => sql`(${gender}::text = 'ALL' OR ${column} = ${gender}::text)`;
  // A bucket is a date (the day, the week's Monday, or from for the whole span): dates hash and
  // sort faster than text. The expression is the grain's own, not a CASE evaluated on every row.
  const bucket = (day: RawBuilder<unknown>) =>
    grain === 'day'
      ? sql<string>`(${day})::date`
      : grain === 'week'
        ? sql<string>`(${day})::date - (extract(isodow FROM ${day})::int - 1)`
        : sql<string>`${from}::date`;
  const { rows } = await sql<Record<string, unknown>>`
    WITH money AS (
      SELECT ${bucket(sql`d.day`)} AS b, d.staff_id, sum(d.earned_cents) AS earned, sum(d.recommended_cents) AS rec,
        sum(d.service_cents) AS svc, sum(d.service_rec_cents) AS svc_rec, sum(d.product_cents) AS prod,
        sum(d.product_rec_cents) AS prod_rec, sum(d.discount_cents) AS disc, sum(d.discount_rec_cents) AS disc_rec,
        sum(d.visits) AS visits, sum(d.visits_with_product) AS with_product, sum(d.rebooked) AS rebooked
      FROM staff_daily d
      WHERE d.salon_id = ${salon} AND ${days(sql`d.day`)} AND ${genderIs(sql`d.gender`)}
      GROUP BY 1, d.staff_id
    ),
    served AS (
      SELECT ${bucket(sql`cd.day`)} AS b, cd.staff_id, count(*) AS clients, count(nc.id) AS new_clients
      FROM staff_client_days cd
      LEFT JOIN (
        SELECT c.id, ${bucket(sql`c.first_visit`)} AS b FROM clients c WHERE c.salon_id = ${salon} AND ${days(sql`c.first_visit`)}
      ) nc ON nc.id = cd.client_id AND nc.b = ${bucket(sql`cd.day`)}
      WHERE cd.salon_id = ${salon} AND ${days(sql`cd.day`)} AND ${genderIs(sql`cd.gender`)}
        AND (cd.prev_day IS NULL OR cd.prev_day < ${bucket(sql`cd.day`)})
      GROUP BY 1, 2
    ),
    booked AS (
      SELECT ${bucket(sql`bd.day`)} AS b, bd.staff_id, sum(bd.booked_seconds) AS seconds
      FROM staff_booked_daily bd
      WHERE bd.salon_id = ${salon} AND ${days(sql`bd.day`)} AND bd.staff_id <> 0
      GROUP BY 1, bd.staff_id
    ),
    shifts AS (
      SELECT ${bucket(sql`h.day`)} AS b, h.user_id AS staff_id, sum(h.shift_seconds) AS seconds
      FROM staff_hours_daily h
      WHERE h.salon_id = ${salon} AND ${days(sql`h.day`)} AND h.shifts > 0
      GROUP BY 1, h.user_id
    ),
    attendance AS (
      SELECT ${bucket(sql`h.day`)} AS b, h.user_id AS staff_id, sum(h.work_seconds) AS seconds, count(*) AS days
      FROM staff_hours_daily h
      WHERE h.salon_id = ${salon} AND ${days(sql`h.day`)} AND h.attendances > 0
      GROUP BY 1, h.user_id
    ),
    feedback AS (
      SELECT ${bucket(sql`f.day`)} AS b, f.staff_id, round(avg(f.score), 2) AS average
      FROM feedback f
      LEFT JOIN clients c ON c.salon_id = f.salon_id AND c.id = f.client_id
      WHERE f.salon_id = ${salon} AND ${days(sql`f.day`)} AND f.staff_id IS NOT NULL AND ${genderIs(sql`c.gender`)}
      GROUP BY 1, f.staff_id
    ),
    open_days AS (
      SELECT ${bucket(sql`ad.day`)} AS b, count(DISTINCT ad.day) AS days
      FROM appointments_daily ad
      WHERE ad.salon_id = ${salon} AND ${days(sql`ad.day`)} AND ad.appointments > 0 AND ${genderIs(sql`ad.gender`)}
      GROUP BY 1
    ),
    keys AS (
      SELECT b, staff_id FROM money UNION SELECT b, staff_id FROM served UNION SELECT b, staff_id FROM booked
      UNION SELECT b, staff_id FROM shifts UNION SELECT b, staff_id FROM attendance UNION SELECT b, staff_id FROM feedback
      UNION SELECT b, NULL FROM open_days
    )
    SELECT k.b, k.staff_id, s.earned, s.rec, s.svc, s.svc_rec, s.prod, s.prod_rec, s.disc, s.disc_rec, sv.clients, sv.new_clients,
      s.visits, s.with_product, s.rebooked, bk.seconds AS booked_seconds, sh.seconds AS shift_seconds,
      at.seconds AS work_seconds, at.days AS working_days, fb.average, od.days AS open_days
    FROM keys k
    LEFT JOIN money s ON s.b = k.b AND s.staff_id = k.staff_id
    LEFT JOIN served sv ON sv.b = k.b AND sv.staff_id = k.staff_id
    LEFT JOIN booked bk ON bk.b = k.b AND bk.staff_id = k.staff_id
    LEFT JOIN shifts sh ON sh.b = k.b AND sh.staff_id = k.staff_id
    LEFT JOIN attendance at ON at.b = k.b AND at.staff_id = k.staff_id
    LEFT JOIN feedback fb ON fb.b = k.b AND fb.staff_id = k.staff_id
    LEFT JOIN open_days od ON od.b = k.b AND k.staff_id IS NULL
    ORDER BY k.b, k.staff_id`.execute(db);

  const buckets = new Map<string, StaffSpan>();
  for (const r of rows) {
    const key = grain === 'span' ? '' : String(r.b);
    let span = buckets.get(key);
    if (!span) {
      span = { staff: new Map(), salonOpenDays: 0 };
      buckets.set(key, span);
    }
    if (r.staff_id === null) {
      span.salonOpenDays = n(r.open_days);
      continue;
    }
    span.staff.set(Number(r.staff_id), {
      earnedCents: n(r.earned),
      recommendedCents: n(r.rec),
      serviceCents: n(r.svc),
      serviceRecCents: n(r.svc_rec),
      productCents: n(r.prod),
      productRecCents: n(r.prod_rec),
      discountCents: n(r.disc),
      discountRecCents: n(r.disc_rec),
      clients: n(r.clients),
      newClients: n(r.new_clients),
      visits: n(r.visits),
      visitsWithProduct: n(r.with_product),
      rebooked: n(r.rebooked),
      bookedSeconds: n(r.booked_seconds),
      shiftSeconds: n(r.shift_seconds),
      workSeconds: n(r.work_seconds),
      workingDays: n(r.working_days),
      feedbackAverage: r.average === null ? null : Number(r.average),
    });
  }
  return buckets;
}

/** One row of getStaffSpan's statement: a source (`s`), a staff id (null: the salon) and up to 11 figures. */
type SpanRow = { s: string; staff_id: number | null } & Record<`v${number}`, unknown>;

/**
 * The figures of one span: getStaffBuckets' figures without the buckets, one aggregate per source
 * (no keys to join: the rows are merged here). Money, visits and rebooking of whole months come from
 * staff_monthly (migration 030), the other days' from staff_daily; the distinct clients of a range that starts on
 * the 1st read from staff_client_months (migration 030) for its whole months: a pair's first row
 * in them is its only row there with prev_month null or before the range, so a salon-year is ~2,300
 * rows to sum instead of ~27,000 staff_client_days rows; the days after the whole months (and every
 * day of a range starting mid-month) still count staff_client_days' rows whose prev_day lies before
 * the range. New clients: the counted rows of the clients whose first visit falls in the range, one
 * index scan of staff_client_days_client_idx for the array of their ids (PostgreSQL 17 reads each leaf
 * page once for adjacent ids: ~470 buffers a salon-year where a probe per client read ~10,000).
 */
export async function getStaffSpan(db: DbOrTx, salonId: number, from: string, to: string, gender: GenderScope): Promise<StaffSpan> {
  const salon = sql`${salonId}::int`;
  const days = (column: RawBuilder<unknown>) => sql`${column} BETWEEN ${from}::date AND ${to}::date`;
  const genderIs = (column: RawBuilder<unknown>) => sql`(${gender}::text = 'ALL' OR ${column} = ${gender}::text)`;
  const split = splitRange(from, to);
  const inMonths = (column: RawBuilder<unknown>, months: [string, string] | null) =>
    months ? sql`${column} BETWEEN ${months[0]}::date AND ${months[1]}::date` : sql`false`;
  const months = split.hasHead ? null : split.months;
  const clientDays = months ? split.days : [[from, to] as [string, string]];
  const { rows } = await sql<SpanRow>`
    SELECT 'money' AS s, d.staff_id, sum(d.earned_cents) AS v1, sum(d.recommended_cents) AS v2, sum(d.service_cents) AS v3,
      sum(d.service_rec_cents) AS v4, sum(d.product_cents) AS v5, sum(d.product_rec_cents) AS v6, sum(d.discount_cents) AS v7,
      sum(d.discount_rec_cents) AS v8, sum(d.visits) AS v9, sum(d.visits_with_product) AS v10, sum(d.rebooked) AS v11
    FROM (
      SELECT m.staff_id, m.earned_cents, m.recommended_cents, m.service_cents, m.service_rec_cents, m.product_cents, m.product_rec_cents,
        m.discount_cents, m.discount_rec_cents, m.visits, m.visits_with_product, m.rebooked
      FROM staff_monthly m WHERE m.salon_id = ${salon} AND ${inMonths(sql`m.month`, split.months)} AND ${genderIs(sql`m.gender`)}
      UNION ALL
      SELECT d.staff_id, d.earned_cents, d.recommended_cents, d.service_cents, d.service_rec_cents, d.product_cents, d.product_rec_cents,
        d.discount_cents, d.discount_rec_cents, d.visits, d.visits_with_product, d.rebooked
      FROM staff_daily d WHERE d.salon_id = ${salon} AND ${daysIn(split.days, 'd.day')} AND ${genderIs(sql`d.gender`)}
    ) d
    GROUP BY d.staff_id
    UNION ALL
    SELECT 'clients', x.staff_id, sum(x.clients), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM (
      SELECT m.staff_id, m.clients FROM staff_client_months m
      WHERE m.salon_id = ${salon} AND ${inMonths(sql`m.month`, months)} AND ${genderIs(sql`m.gender`)} AND (m.prev_month IS NULL OR m.prev_month < ${from}::date)
      UNION ALL
      SELECT cd.staff_id, 1 FROM staff_client_days cd
      WHERE cd.salon_id = ${salon} AND ${daysIn(clientDays, 'cd.day')} AND ${genderIs(sql`cd.gender`)}
        AND (cd.prev_day IS NULL OR cd.prev_day < ${from}::date)
    ) x GROUP BY x.staff_id
    UNION ALL
    SELECT 'new', cd.staff_id, count(*), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM staff_client_days cd
    WHERE cd.salon_id = ${salon}
      AND cd.client_id = ANY(ARRAY(SELECT c.id FROM clients c WHERE c.salon_id = ${salon} AND ${days(sql`c.first_visit`)}))
      AND ${days(sql`cd.day`)} AND ${genderIs(sql`cd.gender`)} AND (cd.prev_day IS NULL OR cd.prev_day < ${from}::date)
    GROUP BY cd.staff_id
    UNION ALL
    SELECT 'booked', bd.staff_id, sum(bd.booked_seconds), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM staff_booked_daily bd
    WHERE bd.salon_id = ${salon} AND ${days(sql`bd.day`)} AND bd.staff_id <> 0
    GROUP BY bd.staff_id
    UNION ALL
    SELECT 'hours', h.user_id, sum(h.shift_seconds) FILTER (WHERE h.shifts > 0), sum(h.work_seconds) FILTER (WHERE h.attendances > 0),
      count(*) FILTER (WHERE h.attendances > 0), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM staff_hours_daily h
    WHERE h.salon_id = ${salon} AND ${days(sql`h.day`)} AND (h.shifts > 0 OR h.attendances > 0)
    GROUP BY h.user_id
    UNION ALL
    SELECT 'feedback', f.staff_id, round(avg(f.score), 2), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM feedback f
    WHERE f.salon_id = ${salon} AND ${days(sql`f.day`)} AND f.staff_id IS NOT NULL
      AND ${genderIs(sql`(SELECT c.gender FROM clients c WHERE c.salon_id = f.salon_id AND c.id = f.client_id)`)}
    GROUP BY f.staff_id
    UNION ALL
    SELECT 'open', NULL, count(DISTINCT ad.day), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM appointments_daily ad
    WHERE ad.salon_id = ${salon} AND ${days(sql`ad.day`)} AND ad.appointments > 0 AND ${genderIs(sql`ad.gender`)}`.execute(db);

  const span: StaffSpan = { staff: new Map(), salonOpenDays: 0 };
  const of = (id: number) => {
    let f = span.staff.get(id);
    if (!f) {
      f = empty();
      span.staff.set(id, f);
    }
    return f;
  };
  for (const r of rows) {
    if (r.s === 'open') {
      span.salonOpenDays = n(r.v1);
      continue;
    }
    const f = of(Number(r.staff_id));
    if (r.s === 'money') {
      f.earnedCents = n(r.v1);
      f.recommendedCents = n(r.v2);
      f.serviceCents = n(r.v3);
      f.serviceRecCents = n(r.v4);
      f.productCents = n(r.v5);
      f.productRecCents = n(r.v6);
      f.discountCents = n(r.v7);
      f.discountRecCents = n(r.v8);
      f.visits = n(r.v9);
      f.visitsWithProduct = n(r.v10);
      f.rebooked = n(r.v11);
    } else if (r.s === 'clients') f.clients = n(r.v1);
    else if (r.s === 'new') f.newClients = n(r.v1);
    else if (r.s === 'booked') f.bookedSeconds = n(r.v1);
    else if (r.s === 'hours') {
      f.shiftSeconds = n(r.v1);
      f.workSeconds = n(r.v2);
      f.workingDays = n(r.v3);
    } else if (r.s === 'feedback') f.feedbackAverage = r.v1 === null ? null : Number(r.v1);
  }
  return span;
}

function managerFields(f: StaffSpanFigures) {
  return {
    visits: f.visits,
    rebookingRate: percent(f.rebooked, f.visits),
    retailAttachRate: percent(f.visitsWithProduct, f.visits),
    bookedServiceHours: hours(f.bookedSeconds),
    utilisation: utilisationPercent(f.bookedSeconds, f.shiftSeconds),
    newClientsServed: f.newClients,
  };
}

function previousYearOf(f: StaffSpanFigures): Static<typeof StaffPreviousYear> {
  return {
    totalEarned: euros(f.earnedCents),
    totalRecommended: euros(f.recommendedCents),
    totalNumberOfClient: f.clients,
    totalShiftHours: hours(f.shiftSeconds),
    totalWorkingHours: hours(f.workSeconds),
    hourlyEarned: perHour(f.earnedCents, f.workSeconds),
    ...managerFields(f),
  };
}

const sum = (span: StaffSpan, pick: (f: StaffSpanFigures) => number) => [...span.staff.values()].reduce((a, f) => a + pick(f), 0);

type Body = Omit<Response, 'salonId' | 'fromDate' | 'toDate' | 'gender'>;
type Options = { staffId?: number; order?: 'earned' | 'name' };
const EMPTY_SPAN: StaffSpan = { staff: new Map(), salonOpenDays: 0 };

async function namesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  const rows = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
  for (const u of rows) names.set(u.id, `${u.first_name} ${u.last_name}`.trim());
  return names;
}

const staffIdsOf = (spans: StaffSpan[], options: Options) =>
  [...new Set(spans.flatMap((span) => [...span.staff.keys()]))].filter((id) => options.staffId === undefined || id === options.staffId);

/** The figures of one span against its comparison span (previous: from..to). */
function bodyOf(
  current: StaffSpan,
  previous: StaffSpan,
  previousRange: { from: string; to: string },
  names: Map<number, string>,
  options: Options,
): Body {
  const totalEarned = sum(current, (f) => f.earnedCents);
  const totalRecommended = sum(current, (f) => f.recommendedCents);
  const rows: Row[] = staffIdsOf([current, previous], options).map((id) => {
    const f = current.staff.get(id) ?? empty();
    return {
      staffId: id,
      name: names.get(id) ?? `#${id}`,
      staffWorkingDays: f.workingDays,
      averageFeedback: f.feedbackAverage,
      hourlyEarned: perHour(f.earnedCents, f.workSeconds),
      hourlyRecommended: perHour(f.recommendedCents, f.workSeconds),
      perOnStaffTotal: percent(f.earnedCents, totalEarned),
      perOnStaffRecommendedTotal: percent(f.recommendedCents, totalRecommended),
      product_RETotalEarned: euros(f.productRecCents),
      product_TotalEarned: euros(f.productCents),
      service_RETotalEarned: euros(f.serviceRecCents),
      service_TotalEarned: euros(f.serviceCents),
      totalEarned: euros(f.earnedCents),
      totalNumberOfClient: f.clients,
      totalRecommended: euros(f.recommendedCents),
      totalShiftHours: hours(f.shiftSeconds),
      totalWorkingHours: hours(f.workSeconds),
      intervalCount: 1,
      ...managerFields(f),
      previousYear: previousYearOf(previous.staff.get(id) ?? empty()),
    };
  });
  rows.sort((a, b) =>
    options.order === 'name'
      ? a.name.localeCompare(b.name) || a.staffId - b.staffId
      : b.totalEarned - a.totalEarned || a.staffId - b.staffId,
  );
  return {
    salonOpenDays: current.salonOpenDays,
    sumOfTotalDiscountValue: euros(sum(current, (f) => f.discountCents)),
    sumOfTotalEarned: euros(totalEarned),
    sumOfTotalRecommended: euros(totalRecommended),
    sumOfTotalDiscountValueRec: euros(sum(current, (f) => f.discountRecCents)),
    previousYear: {
      fromDate: previousRange.from,
      toDate: previousRange.to,
      salonOpenDays: previous.salonOpenDays,
      sumOfTotalEarned: euros(sum(previous, (f) => f.earnedCents)),
      sumOfTotalRecommended: euros(sum(previous, (f) => f.recommendedCents)),
    },
    staffDataAnalysis: rows,
  };
}

/**
 * Staff data analysis (SPEC.md §3, DESIGN.md §3) of a salon over from..to, with the previous
 * year's same dates beside each person. `staffId` keeps one person (ByStaff); the salon sums
 * stay the whole salon's, so perOnStaffTotal keeps its meaning. `order` 'earned' puts the
 * highest totalEarned first, 'name' sorts by name.
 */
export async function getStaffDataAnalysis(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
  options: Options = {},
): Promise<Response> {
  const previousRange = { from: sameDateLastYear(from), to: sameDateLastYear(to) };
  // The salon's people's names beside the two spans (no third round trip after them); others on its lines after.
  const [current, previous, ofSalon] = await Promise.all([
    getStaffSpan(db, salonId, from, to, gender),
    getStaffSpan(db, salonId, previousRange.from, previousRange.to, gender),
    db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('salon_id', '=', salonId).execute(),
  ]);
  const names = new Map(ofSalon.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim()]));
  const others = staffIdsOf([current, previous], options).filter((id) => !names.has(id));
  for (const [id, name] of await namesOf(db, others)) names.set(id, name);
  return { salonId, fromDate: from, toDate: to, gender, ...bodyOf(current, previous, previousRange, names, options) };
}

/** Current and comparison buckets (52 weeks earlier, keyed by the current bucket) of a grain. */
async function bucketsWithComparison(db: DbOrTx, salonId: number, from: string, to: string, gender: GenderScope, grain: 'day' | 'week') {
  const [current, previousRaw] = await Promise.all([
    getStaffBuckets(db, salonId, from, to, gender, grain),
    getStaffBuckets(db, salonId, addDays(from, -SAME_WEEKDAY_DAYS_BACK), addDays(to, -SAME_WEEKDAY_DAYS_BACK), gender, grain),
  ]);
  const previous = new Map([...previousRaw].map(([key, span]) => [addDays(key, SAME_WEEKDAY_DAYS_BACK), span]));
  return { current, previous };
}

/** Staff analysis day by day: the days of the range with any data, each against the same weekday 52 weeks earlier. */
export async function getStaffDailyDetails(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
): Promise<Static<typeof StaffDailyDetailsResponse>> {
  const { current, previous } = await bucketsWithComparison(db, salonId, from, to, gender, 'day');
  const days = [...current.keys()].sort();
  const names = await namesOf(db, staffIdsOf([...current.values(), ...previous.values()], {}));
  return {
    salonId,
    fromDate: from,
    toDate: to,
    gender,
    days: days.map((day) => {
      const back = addDays(day, -SAME_WEEKDAY_DAYS_BACK);
      return { day, ...bodyOf(current.get(day) ?? EMPTY_SPAN, previous.get(day) ?? EMPTY_SPAN, { from: back, to: back }, names, {}) };
    }),
  };
}

/** One person's staff analysis per ISO week of a month (weeks clipped to the month), each against the same days 52 weeks earlier. */
export async function getStaffWeeklyDetails(
  db: DbOrTx,
  salonId: number,
  staffId: number,
  year: number,
  month: number,
  gender: GenderScope,
): Promise<Static<typeof StaffWeeklyDetailsResponse>> {
  const { from, to } = monthRange(year, month);
  const weeks: { weekStart: string; fromDate: string; toDate: string }[] = [];
  for (let weekStart = addDays(from, 1 - isoWeekday(from)); weekStart <= to; weekStart = addDays(weekStart, 7)) {
    const weekEnd = addDays(weekStart, 6);
    weeks.push({ weekStart, fromDate: weekStart < from ? from : weekStart, toDate: weekEnd > to ? to : weekEnd });
  }
  const { current, previous } = await bucketsWithComparison(db, salonId, from, to, gender, 'week');
  const names = await namesOf(db, [staffId]);
  return {
    salonId,
    staffId,
    year,
    month,
    gender,
    weeks: weeks.map((w) => ({
      ...w,
      ...bodyOf(
        current.get(w.weekStart) ?? EMPTY_SPAN,
        previous.get(w.weekStart) ?? EMPTY_SPAN,
        { from: addDays(w.fromDate, -SAME_WEEKDAY_DAYS_BACK), to: addDays(w.toDate, -SAME_WEEKDAY_DAYS_BACK) },
        names,
        { staffId },
      ),
    })),
  };
}

/** 404 naming meamberId unless the user is a staff member of the salon. */
export async function assertStaffOfSalon(db: DbOrTx, salonId: number, staffId: number): Promise<void> {
  const row = await db.selectFrom('users').select('id').where('id', '=', staffId).where('salon_id', '=', salonId).executeTakeFirst();
  if (!row) throw new HttpError(404, `Staff member ${staffId} does not exist in salon ${salonId}`, 'meamberId');
}
