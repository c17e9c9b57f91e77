import type {
  ResponseOf,
  SalesByGenderResponse,
  salesPerDay as SalesPerDayEndpoint,
  salesPerMonth as SalesPerMonthEndpoint,
  salesPerYear as SalesPerYearEndpoint,
} from '@salon/contracts';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { daysOf, type GenderScope, monthRange, percent } from './report-range.js';
import { emptyMeasures, getSalesMeasures, type SalesMeasures, toMeasures } from './sales-measures.query.js';

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

function change(now: SalesMeasures, before: SalesMeasures) {
  return {
    revenueChangePercent: percent(now.totalRevenue - before.totalRevenue, before.totalRevenue),
    appointmentsChangePercent: percent(now.appointments - before.appointments, before.appointments),
  };
}

export async function getSalesPerMonth(
  db: DbOrTx,
  salonId: number,
  year: number,
  month: number,
  gender: GenderScope,
): Promise<SalesPerMonth> {
  const cur = monthRange(year, month);
  const prev = monthRange(year - 1, month);
  const [current, previousYear] = await Promise.all([
    salesPeriod(db, salonId, cur.from, cur.to, gender),
    salesPeriod(db, salonId, prev.from, prev.to, gender),
  ]);
  return { salonId, year, month, gender, current, previousYear, ...change(current.totals, previousYear.totals) };
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

export async function getSalesPerYear(db: DbOrTx, salonId: number, year: number, gender: GenderScope): Promise<SalesPerYear> {
  const [current, previousYear] = await Promise.all([salesYear(db, salonId, year, gender), salesYear(db, salonId, year - 1, gender)]);
  return { salonId, gender, current, previousYear, ...change(current.totals, previousYear.totals) };
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
