import type {
  ResponseOf,
  SalesByGenderResponse,
  salesPerDay as SalesPerDayEndpoint,
  salesPerMonth as SalesPerMonthEndpoint,
  salesPerYear as SalesPerYearEndpoint,
} from '@salon/contracts';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import {
  addDays,
  daysOf,
  type GenderScope,
  monthRange,
  percent,
  SAME_WEEKDAY_DAYS_BACK,
  sameDateLastYear,
} from '../../lib/report-range.js';
import { emptyMeasures, getSalesMeasures, type SalesMeasures, toMeasures } from '../../lib/sales-measures.query.js';

type SalesPerDay = ResponseOf<typeof SalesPerDayEndpoint>;
type SalesPerMonth = ResponseOf<typeof SalesPerMonthEndpoint>;
type SalesPerYear = ResponseOf<typeof SalesPerYearEndpoint>;

/** Sales per day of a range: every calendar day, zeros included, and the totals. */
async function salesPeriod(db: DbOrTx, salonId: number, from: string, to: string, gender: GenderScope) {
  const { buckets, totals } = await getSalesMeasures(db, { salonId, from, to, gender }, 'day');
  const rows = daysOf(from, to).map((day) => ({ day, ...toMeasures(buckets.get(day) ?? emptyMeasures()) }));
  return { fromDate: from, toDate: to, rows, totals: toMeasures(totals) };
}

export async function getSalesPerDay(db: DbOrTx, salonId: number, from: string, to: string, gender: GenderScope): Promise<SalesPerDay> {
  const period = await salesPeriod(db, salonId, from, to, gender);
  return { salonId, gender, ...period };
}

function change(compared: ComparedSpan) {
  const { current: now, previous: before, notYetCome } = compared;
  if (notYetCome) return { revenueChangePercent: null, appointmentsChangePercent: null };
  return {
    revenueChangePercent: percent(now.totalRevenue - before.totalRevenue, before.totalRevenue),
    appointmentsChangePercent: percent(now.appointments - before.appointments, before.appointments),
  };
}

async function totalsOf(db: DbOrTx, salonId: number, from: string, to: string, gender: GenderScope): Promise<SalesMeasures> {
  return toMeasures((await getSalesMeasures(db, { salonId, from, to, gender }, 'month')).totals);
}

export interface ComparedSpan {
  fromDate: string;
  toDate: string;
  previousFromDate: string;
  previousToDate: string;
  isToDate: boolean;
  notYetCome: boolean;
  current: SalesMeasures;
  previous: SalesMeasures;
}

/**
 * A period (from..to) against the same dates one year before, like for like: once the period
 * is over, the whole of it; while it is under way, its days up to `today` against the same
 * dates a year before; before it starts, nothing (notYetCome; previous is the whole period a
 * year before, for reference). `whole` gives the totals already read for the whole periods.
 */
export async function compareSpan(
  db: DbOrTx,
  q: { salonId: number; from: string; to: string; today: string; gender: GenderScope },
  whole?: { current: SalesMeasures; previous: SalesMeasures },
): Promise<ComparedSpan> {
  const { salonId, from, to, today, gender } = q;
  const previousFromDate = sameDateLastYear(from);
  if (from > today) {
    const previousToDate = sameDateLastYear(to);
    const previous = whole?.previous ?? (await totalsOf(db, salonId, previousFromDate, previousToDate, gender));
    return {
      fromDate: from,
      toDate: to,
      previousFromDate,
      previousToDate,
      isToDate: false,
      notYetCome: true,
      current: toMeasures(emptyMeasures()),
      previous,
    };
  }
  const isToDate = today < to;
  const toDate = isToDate ? today : to;
  const previousToDate = sameDateLastYear(toDate);
  const [current, previous] =
    !isToDate && whole
      ? [whole.current, whole.previous]
      : await Promise.all([totalsOf(db, salonId, from, toDate, gender), totalsOf(db, salonId, previousFromDate, previousToDate, gender)]);
  return { fromDate: from, toDate, previousFromDate, previousToDate, isToDate, notYetCome: false, current, previous };
}

/**
 * One month per day with: the same calendar month a year before (whole), the same weekdays 52
 * weeks before (day by day), and the like-for-like totals (to date while the month is under way).
 */
export async function getSalesPerMonth(
  db: DbOrTx,
  salonId: number,
  year: number,
  month: number,
  gender: GenderScope,
  today: string,
): Promise<SalesPerMonth> {
  const cur = monthRange(year, month);
  const prev = monthRange(year - 1, month);
  const [current, previousYear, previousWeekdays] = await Promise.all([
    salesPeriod(db, salonId, cur.from, cur.to, gender),
    salesPeriod(db, salonId, prev.from, prev.to, gender),
    salesPeriod(db, salonId, addDays(cur.from, -SAME_WEEKDAY_DAYS_BACK), addDays(cur.to, -SAME_WEEKDAY_DAYS_BACK), gender),
  ]);
  const compared = await compareSpan(
    db,
    { salonId, from: cur.from, to: cur.to, today, gender },
    { current: current.totals, previous: previousYear.totals },
  );
  return { salonId, year, month, gender, today, current, previousYear, previousWeekdays, compared, ...change(compared) };
}

async function salesYear(db: DbOrTx, salonId: number, year: number, gender: GenderScope) {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const { buckets, totals } = await getSalesMeasures(db, { salonId, from, to, gender }, 'month');
  const rows = Array.from({ length: 12 }, (_, i) => {
    const month = i + 1;
    const range = monthRange(year, month);
    const key = range.from.slice(0, 7);
    return { month, fromDate: range.from, toDate: range.to, ...toMeasures(buckets.get(key) ?? emptyMeasures()) };
  });
  return { year, fromDate: from, toDate: to, rows, totals: toMeasures(totals) };
}

/** A year per month with the previous year (whole), the year to date like for like, and each month like for like. */
export async function getSalesPerYear(
  db: DbOrTx,
  salonId: number,
  year: number,
  gender: GenderScope,
  today: string,
): Promise<SalesPerYear> {
  const [current, previousYear] = await Promise.all([salesYear(db, salonId, year, gender), salesYear(db, salonId, year - 1, gender)]);
  const [compared, ...comparedMonths] = await Promise.all([
    compareSpan(
      db,
      { salonId, from: current.fromDate, to: current.toDate, today, gender },
      { current: current.totals, previous: previousYear.totals },
    ),
    ...current.rows.map(async (row, i) => {
      const before = previousYear.rows[i] as (typeof previousYear.rows)[number];
      const { month, fromDate, toDate, ...measures } = row;
      const { month: _m, fromDate: _f, toDate: _t, ...previous } = before;
      const span = await compareSpan(db, { salonId, from: fromDate, to: toDate, today, gender }, { current: measures, previous });
      return { month, ...span };
    }),
  ]);
  return { salonId, gender, today, current, previousYear, compared, comparedMonths, ...change(compared) };
}

export async function getSalesByGender(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: 'MALE' | 'FEMALE',
): Promise<Static<typeof SalesByGenderResponse>> {
  const { buckets, totals } = await getSalesMeasures(db, { salonId, from, to, gender: 'ALL' }, 'gender');
  const all = toMeasures(totals);
  const byGender = (['MALE', 'FEMALE', 'UNKNOWN'] as const).map((g) => ({ gender: g, ...toMeasures(buckets.get(g) ?? emptyMeasures()) }));
  const mine = toMeasures(buckets.get(gender) ?? emptyMeasures());
  return {
    salonId,
    fromDate: from,
    toDate: to,
    gender,
    totals: mine,
    allGenders: all,
    revenueSharePercent: percent(mine.totalRevenue, all.totalRevenue),
    appointmentsSharePercent: percent(mine.appointments, all.appointments),
    byGender,
  };
}
