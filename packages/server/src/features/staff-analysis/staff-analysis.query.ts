import type { StaffDailyDetailsResponse, StaffDataAnalysisResponse, StaffPreviousYear, StaffWeeklyDetailsResponse } from '@salon/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { hoursOfSeconds, utilisationPercent } from '../../db/staff-hours.js';
import { withLocalSettings } from '../../lib/local-settings.js';
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
const perHour = (cents: number, seconds: number): number | null => (seconds > 0 ? Math.round((cents * 3600) / seconds) / 100 : null);

/** How a span is cut: one bucket (''), per day or per ISO week (bucket = the Monday). */
export type StaffGrain = 'span' | 'day' | 'week';

/** A condition on a date column: which days a statement reads. */
type DayFilter = (column: RawBuilder<unknown>) => RawBuilder<unknown>;

const between =
  (from: string, to: string): DayFilter =>
  (column) =>
    sql`${column} BETWEEN ${from}::date AND ${to}::date`;

/**
 * The raw per-person figures of a salon over from..to (inclusive, salon-local days), cut by
 * `grain`, in one statement (bucketStatement). Gender counts only clients of that gender on the
 * lines, visits and feedback; hours (booked, shift, worked) are not gendered. Lines count when they
 * belong to a DONE appointment or are walk-in sales, and name a staff member. A visit is a DONE
 * appointment on which the person has a line; rebooking is db/staff-hours.ts's. Money, visits and
 * rebooking come from the rollup staff_daily, distinct clients from staff_client_days (exact over
 * any range: a (person, client) pair counts once per bucket, on its first row there, the row whose
 * prev_day lies before the bucket; new clients are those of them whose first visit falls in the
 * same bucket, read in the same pass), booked service seconds from staff_booked_daily (the one
 * definition of db/staff-hours.ts); shift and worked seconds and working days from
 * staff_hours_daily (the planner's shifts and the attendances per salon-local day, db/rollups/hours.ts),
 * feedback from feedback, on the salon-local day. Rows with staff_id NULL carry the bucket's salon
 * open days (days with a DONE appointment). `staffId` keeps only that person's clients, hours and
 * feedback (money stays every person's: the salon sums need it).
 */
export async function getStaffBuckets(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
  grain: StaffGrain,
  staffId?: number,
): Promise<Map<string, StaffSpan>> {
  const { rows } = await bucketStatement(salonId, between(from, to), gender, grain, from, staffId).execute(db);
  return bucketsOf(rows, grain === 'span' ? () => '' : (b) => b);
}

/**
 * getStaffBuckets' statement over the days `days` selects (grain 'day': the day itself is the
 * bucket, and a person's staff_client_days row always counts, its
 * prev_day being an earlier day, so no heap column is read and the primary key serves alone).
 * Each source's raw rows go into one hash aggregate per (bucket, person), their figures in their
 * own columns; only staff_client_days (a salon-year: ~45,000 rows) and the open days are summed
 * per bucket first. No ORDER BY: the caller sorts the buckets.
 */
function bucketStatement(salonId: number, days: DayFilter, gender: GenderScope, grain: StaffGrain, spanStart: string, staffId?: number) {
  // A bucket is a date (the day, the week's Monday, or the span's first day): dates hash faster
  // than text. The expression is the grain's own, not a CASE evaluated on every row.
  const bucket = (day: RawBuilder<unknown>) =>
    grain === 'day'
      ? sql<string>`(${day})::date`
      : grain === 'week'
        ? sql<string>`(${day})::date - (extract(isodow FROM ${day})::int - 1)`
        : sql<string>`${spanStart}::date`;
  // The salon, the days and the gender as parameters in every source (not read from a row), so
  // the planner bounds each rollup's (salon_id, day, …) index scan.
  const salon = sql`${salonId}::int`;
  const genderIs = (column: RawBuilder<unknown>) => sql`(${gender}::text = 'ALL' OR ${column} = ${gender}::text)`;
  // One person (weekly details). On staff_client_days as `staff_id + 0`: the day range of the key
  // beats the (staff, client, day) index, which reads every day of the person's history.
  const person = (column: RawBuilder<unknown>) => (staffId === undefined ? sql`true` : sql`${column} = ${staffId}::int`);
  const day = sql`cd.day`;
  // A week clipped by the range (its Monday before spanStart) starts at spanStart: a pair seen on that Monday,
  // before the range, still counts in the week's days inside it.
  const bucketStart = grain === 'week' ? sql`greatest(${bucket(day)}, ${spanStart}::date)` : bucket(day);
  const firstRowOfBucket = grain === 'day' ? sql`true` : sql`(cd.prev_day IS NULL OR cd.prev_day < ${bucketStart})`;
  return sql<Record<string, unknown>>`
    SELECT b, staff_id, sum(earned) AS earned, sum(rec) AS rec, sum(svc) AS svc, sum(svc_rec) AS svc_rec, sum(prod) AS prod,
      sum(prod_rec) AS prod_rec, sum(disc) AS disc, sum(disc_rec) AS disc_rec, sum(clients) AS clients, sum(new_clients) AS new_clients,
      sum(visits) AS visits, sum(with_product) AS with_product, sum(rebooked) AS rebooked, sum(booked_seconds) AS booked_seconds,
      sum(shift_seconds) AS shift_seconds, sum(work_seconds) AS work_seconds, sum(working_days) AS working_days,
      round(avg(score), 2) AS average, sum(open_days) AS open_days
    FROM (
      SELECT ${bucket(sql`d.day`)} AS b, d.staff_id, d.earned_cents AS earned, d.recommended_cents AS rec, d.service_cents AS svc,
        d.service_rec_cents AS svc_rec, d.product_cents AS prod, d.product_rec_cents AS prod_rec, d.discount_cents AS disc,
        d.discount_rec_cents AS disc_rec, NULL::bigint AS clients, NULL::bigint AS new_clients, d.visits, d.visits_with_product AS with_product,
        d.rebooked, NULL::bigint AS booked_seconds, NULL::numeric AS shift_seconds, NULL::numeric AS work_seconds,
        NULL::int AS working_days, NULL::int AS score, NULL::bigint AS open_days
      FROM staff_daily d
      WHERE d.salon_id = ${salon} AND ${days(sql`d.day`)} AND ${genderIs(sql`d.gender`)}
      UNION ALL
      SELECT ${bucket(day)}, cd.staff_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, count(*),
        count(*) FILTER (WHERE (cd.client_id, ${bucket(day)}) IN (
          SELECT c.id, ${bucket(sql`c.first_visit`)} FROM clients c WHERE c.salon_id = ${salon} AND ${days(sql`c.first_visit`)}
        )), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM staff_client_days cd
      WHERE cd.salon_id = ${salon} AND ${days(day)} AND ${genderIs(sql`cd.gender`)} AND ${person(sql`cd.staff_id + 0`)}
        AND ${firstRowOfBucket}
      GROUP BY 1, 2
      UNION ALL
      SELECT ${bucket(sql`bd.day`)}, bd.staff_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        bd.booked_seconds, NULL, NULL, NULL, NULL, NULL
      FROM staff_booked_daily bd
      WHERE bd.salon_id = ${salon} AND ${days(sql`bd.day`)} AND bd.staff_id <> 0 AND ${person(sql`bd.staff_id`)}
      UNION ALL
      SELECT ${bucket(sql`h.day`)}, h.user_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        CASE WHEN h.shifts > 0 THEN h.shift_seconds END, CASE WHEN h.attendances > 0 THEN h.work_seconds END,
        CASE WHEN h.attendances > 0 THEN 1 END, NULL, NULL
      FROM staff_hours_daily h
      WHERE h.salon_id = ${salon} AND ${days(sql`h.day`)} AND (h.shifts > 0 OR h.attendances > 0) AND ${person(sql`h.user_id`)}
      UNION ALL
      SELECT ${bucket(sql`f.day`)}, f.staff_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        NULL, NULL, f.score, NULL
      FROM feedback f
      WHERE f.salon_id = ${salon} AND ${days(sql`f.day`)} AND f.staff_id IS NOT NULL AND ${person(sql`f.staff_id`)}
        AND ${genderIs(sql`(SELECT c.gender FROM clients c WHERE c.salon_id = f.salon_id AND c.id = f.client_id)`)}
      UNION ALL
      SELECT ${bucket(sql`ad.day`)}, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        NULL, NULL, NULL, count(DISTINCT ad.day)
      FROM appointments_daily ad
      WHERE ad.salon_id = ${salon} AND ${days(sql`ad.day`)} AND ad.appointments > 0 AND ${genderIs(sql`ad.gender`)}
      GROUP BY 1
    ) x
    GROUP BY b, staff_id`;
}

/** getStaffBuckets' rows as spans, keyed by keyOf(the bucket). */
function bucketsOf(rows: Record<string, unknown>[], keyOf: (bucket: string) => string): Map<string, StaffSpan> {
  const buckets = new Map<string, StaffSpan>();
  for (const r of rows) {
    const key = keyOf(String(r.b));
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
 * staff_monthly, the other days' from staff_daily; the distinct clients of a range that starts on
 * the 1st read from staff_client_months for its whole months: a pair's first row
 * in them is its only row there with prev_month null or before the range, so a salon-year is ~2,300
 * rows to sum instead of ~27,000 staff_client_days rows; the days after the whole months (and every
 * day of a range starting mid-month) still count staff_client_days' rows whose prev_day lies before
 * the range. New clients: the counted rows of the clients whose first visit falls in the range; over
 * whole months only, a sum of staff_new_client_months (those rows by the month of the
 * client's first visit, far fewer rows than the day index's pages), otherwise one index scan
 * of staff_client_days_client_idx for the array of their ids (PostgreSQL 17 reads each leaf page once
 * for adjacent ids, where a probe per client read each page again). Feedback: whole
 * months' score sums and counts from staff_feedback_months (by client gender: no client
 * lookup per feedback row), the other days' scores from feedback; the average is round(sum / count, 2),
 * the numeric division avg() makes. The statement is prepared per connection (the mark of
 * db/connect.ts): planning its seven parts cost about as much as running them over a year.
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
  // A range of whole months only: new clients from staff_new_client_months (first_month in the months).
  const wholeMonths = split.days.length === 0 ? split.months : null;
  const { rows } = await prepared(
    'staff-span',
    sql<SpanRow>`
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
    ${
      wholeMonths
        ? sql`SELECT 'new', m.staff_id, sum(m.clients), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM staff_new_client_months m
    WHERE m.salon_id = ${salon} AND ${inMonths(sql`m.month`, wholeMonths)} AND ${inMonths(sql`m.first_month`, wholeMonths)}
      AND ${genderIs(sql`m.gender`)} AND (m.prev_month IS NULL OR m.prev_month < ${from}::date)
    GROUP BY m.staff_id`
        : sql`SELECT 'new', cd.staff_id, count(*), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM staff_client_days cd
    WHERE cd.salon_id = ${salon}
      AND cd.client_id = ANY(ARRAY(SELECT c.id FROM clients c WHERE c.salon_id = ${salon} AND ${days(sql`c.first_visit`)}))
      AND ${days(sql`cd.day`)} AND ${genderIs(sql`cd.gender`)} AND (cd.prev_day IS NULL OR cd.prev_day < ${from}::date)
    GROUP BY cd.staff_id`
    }
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
    SELECT 'feedback', x.staff_id, round(sum(x.score_sum) / sum(x.answers), 2), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM (
      SELECT m.staff_id, m.score_sum, m.answers FROM staff_feedback_months m
      WHERE m.salon_id = ${salon} AND ${inMonths(sql`m.month`, split.months)} AND ${genderIs(sql`m.gender`)}
      UNION ALL
      SELECT f.staff_id, f.score, 1 FROM feedback f
      WHERE f.salon_id = ${salon} AND ${daysIn(split.days, 'f.day')} AND f.staff_id IS NOT NULL
        AND ${genderIs(sql`(SELECT c.gender FROM clients c WHERE c.salon_id = f.salon_id AND c.id = f.client_id)`)}
    ) x GROUP BY x.staff_id
    UNION ALL
    SELECT 'open', NULL, count(DISTINCT ad.day), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM appointments_daily ad
    WHERE ad.salon_id = ${salon} AND ${days(sql`ad.day`)} AND ad.appointments > 0 AND ${genderIs(sql`ad.gender`)}`,
  ).execute(db);

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
    bookedServiceHours: hoursOfSeconds(f.bookedSeconds),
    utilisation: utilisationPercent(f.bookedSeconds, f.shiftSeconds),
    newClientsServed: f.newClients,
  };
}

function previousYearOf(f: StaffSpanFigures): Static<typeof StaffPreviousYear> {
  return {
    totalEarned: euros(f.earnedCents),
    totalRecommended: euros(f.recommendedCents),
    totalNumberOfClient: f.clients,
    totalShiftHours: hoursOfSeconds(f.shiftSeconds),
    totalWorkingHours: hoursOfSeconds(f.workSeconds),
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

/**
 * The names of the people in `figures` (only options.staffId when set): the salon's staff read while
 * the figures are (in parallel, one round trip less), then any id not among them (someone of another
 * salon on a line).
 */
async function namesAlongside(
  db: DbOrTx,
  salonId: number,
  figures: Promise<StaffSpan[]>,
  options: Options = {},
): Promise<Map<number, string>> {
  const [spans, names] = await Promise.all([
    figures,
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('salon_id', '=', salonId)
      .execute()
      .then((rows) => new Map(rows.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim()]))),
  ]);
  const missing = staffIdsOf(spans, options).filter((id) => !names.has(id));
  for (const [id, name] of await namesOf(db, missing)) names.set(id, name);
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
      totalShiftHours: hoursOfSeconds(f.shiftSeconds),
      totalWorkingHours: hoursOfSeconds(f.workSeconds),
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
 * Staff data analysis of a salon over from..to, with the previous
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
  const spans = Promise.all([
    getStaffSpan(db, salonId, from, to, gender),
    getStaffSpan(db, salonId, previousRange.from, previousRange.to, gender),
  ]);
  const names = await namesAlongside(db, salonId, spans, options);
  const [current, previous] = await spans;
  return { salonId, fromDate: from, toDate: to, gender, ...bodyOf(current, previous, previousRange, names, options) };
}

/** Current and comparison buckets (52 weeks earlier, keyed by the current bucket) of a grain. */
async function bucketsWithComparison(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
  grain: 'day' | 'week',
  staffId?: number,
) {
  const [current, previousRaw] = await Promise.all([
    getStaffBuckets(db, salonId, from, to, gender, grain, staffId),
    getStaffBuckets(db, salonId, addDays(from, -SAME_WEEKDAY_DAYS_BACK), addDays(to, -SAME_WEEKDAY_DAYS_BACK), gender, grain, staffId),
  ]);
  const previous = new Map([...previousRaw].map(([key, span]) => [addDays(key, SAME_WEEKDAY_DAYS_BACK), span]));
  return { current, previous };
}

/**
 * Runs a statement without parallel workers: the daily details' index ranges cost enough for the planner to
 * spread them over two workers (Parallel Append), and starting them cost more than the scans take.
 */
const serially = <T>(db: DbOrTx, run: (tx: DbOrTx) => Promise<T>) => withLocalSettings(db, { max_parallel_workers_per_gather: '0' }, run);

const DAY_DETAILS_COLUMNS = sql`r.staff_id, r.earned_cents, r.recommended_cents, r.service_cents, r.service_rec_cents, r.product_cents,
  r.product_rec_cents, r.discount_cents, r.discount_rec_cents, r.clients, r.new_clients, r.visits, r.visits_with_product, r.rebooked,
  r.booked_seconds, r.shift_seconds, r.work_seconds, r.working_days, r.feedback_average`;

export interface DayDetailsRow {
  side: 0 | 1;
  day: string;
  staff_id: number;
  earned_cents: number;
  recommended_cents: number;
  service_cents: number;
  service_rec_cents: number;
  product_cents: number;
  product_rec_cents: number;
  discount_cents: number;
  discount_rec_cents: number;
  clients: number;
  new_clients: number;
  visits: number;
  visits_with_product: number;
  rebooked: number;
  booked_seconds: number;
  shift_seconds: number;
  work_seconds: number;
  working_days: number;
  feedback_average: number | null;
}

/** A person's figures of a day from their staff_day_details row (its columns, renamed). */
export function dayDetailsFigures(r: DayDetailsRow): StaffSpanFigures {
  return {
    earnedCents: r.earned_cents,
    recommendedCents: r.recommended_cents,
    serviceCents: r.service_cents,
    serviceRecCents: r.service_rec_cents,
    productCents: r.product_cents,
    productRecCents: r.product_rec_cents,
    discountCents: r.discount_cents,
    discountRecCents: r.discount_rec_cents,
    clients: r.clients,
    newClients: r.new_clients,
    visits: r.visits,
    visitsWithProduct: r.visits_with_product,
    rebooked: r.rebooked,
    bookedSeconds: r.booked_seconds,
    shiftSeconds: r.shift_seconds,
    workSeconds: r.work_seconds,
    workingDays: r.working_days,
    feedbackAverage: r.feedback_average,
  };
}

/** staff_day_details rows of both sides (side 0: the days shown; 1: 52 weeks earlier, dated by the day they compare with) as spans per day. */
function sidesOf(rows: DayDetailsRow[]): readonly [Map<string, StaffSpan>, Map<string, StaffSpan>] {
  const sides = [new Map<string, StaffSpan>(), new Map<string, StaffSpan>()] as const;
  for (const r of rows) {
    const days = sides[r.side];
    let span = days.get(r.day);
    if (!span) {
      span = { staff: new Map(), salonOpenDays: 0 };
      days.set(r.day, span);
    }
    if (r.staff_id === 0) {
      span.salonOpenDays = 1;
      continue;
    }
    span.staff.set(r.staff_id, dayDetailsFigures(r));
  }
  return sides;
}

/**
 * The daily details' figures, both sides in one statement: staff_day_details (db/rollups/hours.ts) holds each day's
 * figures per person ready (getStaffBuckets' day grain, summed from its six sources when written), so the days
 * shown (side 0) and those 52 weeks earlier (side 1, dated by the day they compare with) are two index ranges of
 * its key, nothing summed. staff_id 0 is the salon's open day. Paged, the statement first lists the range's days
 * with a row (the days with data: each source makes one), takes the page's slice and reads its first..last day,
 * with the total of the listed days as a column of every row.
 */
async function dayDetailsOf(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
  page: DayPage | null,
): Promise<{ current: Map<string, StaffSpan>; previous: Map<string, StaffSpan>; total: number | undefined }> {
  const ofSalon = sql`r.salon_id = ${salonId}::int AND r.gender = ${gender}::text`;
  const listed = sql`SELECT DISTINCT r.day FROM staff_day_details r WHERE ${ofSalon} AND r.day BETWEEN ${from}::date AND ${to}::date`;
  const paged = page
    ? sql`WITH listed AS (${listed}),
        page AS (
          SELECT min(day) AS lo, max(day) AS hi FROM (
            SELECT day FROM listed ORDER BY day OFFSET ${page.offset ?? 0}::int ${page.limit === undefined ? sql`` : sql`LIMIT ${page.limit}::int`}
          ) p
        )`
    : sql``;
  const lo = page ? sql`(SELECT lo FROM page)` : sql`${from}::date`;
  const hi = page ? sql`(SELECT hi FROM page)` : sql`${to}::date`;
  const total = page ? sql`(SELECT count(*) FROM listed)` : sql`NULL::bigint`;
  const back = sql`${SAME_WEEKDAY_DAYS_BACK}::int`;
  // Serially: the planner spreads the two ranges over workers (Parallel Append), which costs more than the scans.
  const { rows } = await serially(db, (tx) =>
    sql<DayDetailsRow & { total: number | null }>`${paged}
    SELECT 0 AS side, r.day, ${DAY_DETAILS_COLUMNS}, ${total} AS total
    FROM staff_day_details r
    WHERE ${ofSalon} AND r.day BETWEEN ${lo} AND ${hi}
    UNION ALL
    SELECT 1, r.day + ${back}, ${DAY_DETAILS_COLUMNS}, NULL
    FROM staff_day_details r
    WHERE ${ofSalon} AND r.day BETWEEN ${lo} - ${back} AND ${hi} - ${back}`.execute(tx),
  );
  const sides = sidesOf(rows);
  if (!page) return { current: sides[0], previous: sides[1], total: undefined };
  const counted = rows.find((r) => r.side === 0);
  if (counted) return { current: sides[0], previous: sides[1], total: counted.total ?? 0 };
  // Past the last page: no day to read, the total alone.
  const count = await sql<{ total: number }>`SELECT count(*) AS total FROM (${listed}) x`.execute(db);
  return { current: sides[0], previous: sides[1], total: count.rows[0]?.total ?? 0 };
}

/** A page of the daily details: `limit` days after skipping `offset`. */
export interface DayPage {
  limit?: number;
  offset?: number;
}

/**
 * Staff analysis day by day: the days of the range with any data, each against the same weekday
 * 52 weeks earlier. With `limit` or `offset` the answer is that slice of the days plus `total`
 * (every day of the range with data); the page's figures are read over the page's days only.
 */
export async function getStaffDailyDetails(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
  page: DayPage = {},
): Promise<Static<typeof StaffDailyDetailsResponse>> {
  const isPaged = page.limit !== undefined || page.offset !== undefined;
  const read = dayDetailsOf(db, salonId, from, to, gender, isPaged ? page : null);
  const names = await namesAlongside(
    db,
    salonId,
    read.then(({ current, previous }) => [...current.values(), ...previous.values()]),
  );
  const { current, previous, total } = await read;
  const days = [...current.keys()].sort();
  return {
    salonId,
    fromDate: from,
    toDate: to,
    gender,
    days: days.map((day) => dayElement(day, current, previous, names)),
    // After the required fields, as the schema's serialiser writes the optional ones (the route sends it through JSON.stringify).
    ...(total === undefined ? {} : { total }),
    ...pageFields(page),
  };
}

/** One element of the daily details' `days`: the day against the same weekday 52 weeks earlier (previous: keyed by the day shown). */
function dayElement(day: string, current: Map<string, StaffSpan>, previous: Map<string, StaffSpan>, names: Map<number, string>) {
  const back = addDays(day, -SAME_WEEKDAY_DAYS_BACK);
  return { day, ...bodyOf(current.get(day) ?? EMPTY_SPAN, previous.get(day) ?? EMPTY_SPAN, { from: back, to: back }, names, {}) };
}

const pageFields = (page: DayPage) => (page.limit === undefined ? {} : { limit: page.limit, offset: page.offset ?? 0 });

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
  const [{ current, previous }, names] = await Promise.all([
    bucketsWithComparison(db, salonId, from, to, gender, 'week', staffId),
    namesOf(db, [staffId]),
  ]);
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
