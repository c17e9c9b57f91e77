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

function bucketOf(grain: StaffGrain, day: RawBuilder<unknown>): RawBuilder<string> {
  if (grain === 'span') return sql<string>`''`;
  if (grain === 'day') return sql<string>`(${day})::text`;
  return sql<string>`date_trunc('week', ${day})::date::text`;
}

function genderFilter(gender: GenderScope): RawBuilder<unknown> {
  return gender === 'ALL' ? sql`` : sql`AND c.gender = ${gender}`;
}

/**
 * The raw per-person figures of a salon over from..to (inclusive, salon-local days), gender
 * counting only clients of that gender on the lines, visits and feedback (hours are not
 * gendered). Lines count when they belong to a DONE appointment or are walk-in sales, and name
 * a staff member. A visit is a DONE appointment on which the person has a line.
 */
export async function getStaffBuckets(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
  grain: StaffGrain,
): Promise<Map<string, StaffSpan>> {
  const g = genderFilter(gender);
  const tz = sql`(SELECT time_zone FROM salons WHERE id = ${salonId})`;
  const b = (day: RawBuilder<unknown>) => bucketOf(grain, day);
  const lines = sql`
    SELECT sl.staff_id, sl.day, sl.appointment_id, sl.client_id, sl.kind, sl.recommended, sl.paid_amount_cents AS paid,
      sl.discount_cents AS disc, c.first_visit
    FROM sale_lines sl
    LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
    LEFT JOIN appointments a ON a.salon_id = sl.salon_id AND a.id = sl.appointment_id
    WHERE sl.salon_id = ${salonId} AND sl.day BETWEEN ${from}::date AND ${to}::date AND sl.staff_id IS NOT NULL
      AND (sl.appointment_id IS NULL OR a.status = 'DONE') ${g}`;
  // Instants bounding the span in the salon's time zone (shifts and attendances are timestamps).
  const startsIn = (column: string) =>
    sql`${sql.ref(column)} >= (${from}::date::timestamp AT TIME ZONE ${tz}) AND ${sql.ref(column)} < ((${to}::date + 1)::timestamp AT TIME ZONE ${tz})`;

  const [sales, visits, shifts, attendance, feedback, openDays] = await Promise.all([
    sql<Record<string, unknown>>`
      SELECT ${b(sql`day`)} AS b, staff_id, sum(paid) AS earned, sum(paid) FILTER (WHERE recommended) AS rec,
        sum(paid) FILTER (WHERE kind = 'SERVICE') AS svc, sum(paid) FILTER (WHERE kind = 'SERVICE' AND recommended) AS svc_rec,
        sum(paid) FILTER (WHERE kind = 'PRODUCT') AS prod, sum(paid) FILTER (WHERE kind = 'PRODUCT' AND recommended) AS prod_rec,
        sum(disc) AS disc, sum(disc) FILTER (WHERE recommended) AS disc_rec, count(DISTINCT client_id) AS clients,
        count(DISTINCT client_id) FILTER (WHERE first_visit BETWEEN ${from}::date AND ${to}::date
          AND ${b(sql`first_visit`)} = ${b(sql`day`)}) AS new_clients
      FROM (${lines}) l GROUP BY 1, staff_id`.execute(db),
    sql<Record<string, unknown>>`
      WITH v AS (
        SELECT l.staff_id, l.appointment_id, bool_or(l.kind = 'PRODUCT') AS has_product
        FROM (${lines}) l WHERE l.appointment_id IS NOT NULL GROUP BY l.staff_id, l.appointment_id
      )
      SELECT ${b(sql`a.day`)} AS b, v.staff_id, count(*) AS visits, count(*) FILTER (WHERE v.has_product) AS with_product,
        sum(extract(epoch FROM a.end_at - a.start_at)) AS booked_seconds,
        count(*) FILTER (WHERE nx.booked_at <= a.end_at + interval '7 days') AS rebooked
      FROM v
      JOIN appointments a ON a.salon_id = ${salonId} AND a.id = v.appointment_id
      LEFT JOIN LATERAL (
        SELECT n.booked_at FROM appointments n
        WHERE n.salon_id = a.salon_id AND n.client_id = a.client_id AND n.day >= a.day AND n.start_at > a.start_at
          AND n.status <> 'CANCELLED'
        ORDER BY n.start_at LIMIT 1
      ) nx ON true
      GROUP BY 1, v.staff_id`.execute(db),
    sql<Record<string, unknown>>`
      SELECT ${b(sql`(day_start AT TIME ZONE ${tz})::date`)} AS b, user_id AS staff_id, sum(extract(epoch FROM day_end - day_start)) AS seconds
      FROM user_timeframes WHERE salon_id = ${salonId} AND ${startsIn('day_start')} GROUP BY 1, user_id`.execute(db),
    sql<Record<string, unknown>>`
      SELECT ${b(sql`(clock_in AT TIME ZONE ${tz})::date`)} AS b, user_id AS staff_id, sum(extract(epoch FROM clock_out - clock_in)) FILTER (WHERE clock_out IS NOT NULL) AS seconds,
        count(DISTINCT (clock_in AT TIME ZONE ${tz})::date) AS days
      FROM attendances WHERE salon_id = ${salonId} AND ${startsIn('clock_in')} GROUP BY 1, user_id`.execute(db),
    sql<Record<string, unknown>>`
      SELECT ${b(sql`f.day`)} AS b, f.staff_id, round(avg(f.score), 2) AS average
      FROM feedback f LEFT JOIN clients c ON c.salon_id = f.salon_id AND c.id = f.client_id
      WHERE f.salon_id = ${salonId} AND f.day BETWEEN ${from}::date AND ${to}::date AND f.staff_id IS NOT NULL ${g}
      GROUP BY 1, f.staff_id`.execute(db),
    sql<Record<string, unknown>>`
      SELECT ${b(sql`a.day`)} AS b, count(DISTINCT a.day) AS days
      FROM appointments a LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
      WHERE a.salon_id = ${salonId} AND a.day BETWEEN ${from}::date AND ${to}::date AND a.status = 'DONE' ${g}
      GROUP BY 1`.execute(db),
  ]);

  const buckets = new Map<string, StaffSpan>();
  const spanOf = (bucket: unknown): StaffSpan => {
    const key = String(bucket);
    let span = buckets.get(key);
    if (!span) {
      span = { staff: new Map(), salonOpenDays: 0 };
      buckets.set(key, span);
    }
    return span;
  };
  const slot = (r: Record<string, unknown>): StaffSpanFigures => {
    const staff = spanOf(r.b).staff;
    const key = Number(r.staff_id);
    let f = staff.get(key);
    if (!f) {
      f = empty();
      staff.set(key, f);
    }
    return f;
  };
  for (const r of sales.rows) {
    const f = slot(r);
    f.earnedCents = n(r.earned);
    f.recommendedCents = n(r.rec);
    f.serviceCents = n(r.svc);
    f.serviceRecCents = n(r.svc_rec);
    f.productCents = n(r.prod);
    f.productRecCents = n(r.prod_rec);
    f.discountCents = n(r.disc);
    f.discountRecCents = n(r.disc_rec);
    f.clients = n(r.clients);
    f.newClients = n(r.new_clients);
  }
  for (const r of visits.rows) {
    const f = slot(r);
    f.visits = n(r.visits);
    f.visitsWithProduct = n(r.with_product);
    f.bookedSeconds = n(r.booked_seconds);
    f.rebooked = n(r.rebooked);
  }
  for (const r of shifts.rows) slot(r).shiftSeconds = n(r.seconds);
  for (const r of attendance.rows) {
    const f = slot(r);
    f.workSeconds = n(r.seconds);
    f.workingDays = n(r.days);
  }
  for (const r of feedback.rows) slot(r).feedbackAverage = r.average === null ? null : Number(r.average);
  for (const r of openDays.rows) spanOf(r.b).salonOpenDays = n(r.days);
  return buckets;
}

/** The figures of one span (the 'span' grain's only bucket). */
export async function getStaffSpan(db: DbOrTx, salonId: number, from: string, to: string, gender: GenderScope): Promise<StaffSpan> {
  const buckets = await getStaffBuckets(db, salonId, from, to, gender, 'span');
  return buckets.get('') ?? { staff: new Map(), salonOpenDays: 0 };
}

function managerFields(f: StaffSpanFigures) {
  return {
    visits: f.visits,
    rebookingRate: percent(f.rebooked, f.visits),
    retailAttachRate: percent(f.visitsWithProduct, f.visits),
    bookedServiceHours: hours(f.bookedSeconds),
    utilisation: percent(f.bookedSeconds, f.shiftSeconds),
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
  const [current, previous] = await Promise.all([
    getStaffSpan(db, salonId, from, to, gender),
    getStaffSpan(db, salonId, previousRange.from, previousRange.to, gender),
  ]);
  const names = await namesOf(db, staffIdsOf([current, previous], options));
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
