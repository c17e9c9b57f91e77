import {
  DAILY_DATA_TYPES,
  type DailyDataType,
  FIXED_GRAPH_TARGET,
  GROWTH_CATEGORIES,
  type GrowthCategory,
  type GrowthDailyData,
  type GrowthMonth,
  type GrowthRecap,
  type GrowthReport,
} from '@salon/contracts';
import type { Static } from 'typebox';
import type { DbOrTx, SalonConfigProduct } from '../../db/database.js';
import { addDays, monthEndOf, monthIndexOf, monthKeyOf, monthStartOf } from '../../lib/months.js';
import { defaultSalonConfig, getStoredSalonConfigs, type SalonConfig } from '../../lib/salon-config.query.js';
import type { SalonToday } from '../../lib/salon-today.js';
import { getPenetrationCounts, type PenetrationCounts } from './penetration.query.js';

export type GrowthReportData = Static<typeof GrowthReport>;
export type GrowthMonthData = Static<typeof GrowthMonth>;
export type GrowthRecapData = Static<typeof GrowthRecap>;
export type GrowthDailyDataData = Static<typeof GrowthDailyData>;

/** Which salon setting each growth category reads. */
export const configProductOf: Record<GrowthCategory, SalonConfigProduct> = {
  TREATMENT: 'treatment',
  COLOUR: 'colour',
  HAIRCUT: 'haircut',
  RESALE: 'resale',
  STYLING: 'styling',
};

export interface GrowthParams {
  category: GrowthCategory;
  target: number;
  reachTargetMonths: number;
  targetMonths: number;
  /** The 1st of a month. */
  periodStartDate: string;
  /** Actuals are counted up to this day. */
  toDate: string;
}

/** Rounds to 2 decimals (and turns -0 into 0). */
export function round2(value: number): number {
  return Math.round(value * 100) / 100 + 0;
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

const roundOrNull = (value: number | null) => (value === null ? null : round2(value));
const differenceOrNull = (a: number | null, b: number | null) => (a === null || b === null ? null : round2(round2(a) - round2(b)));

/** Monthly counts keyed by YYYY-MM. */
export type MonthCounts = Map<string, PenetrationCounts>;

/** The days whose monthly counts a report needs: the baseline (or the targetMonths up to toDate, when earlier) through toDate. */
export function growthRange(params: Pick<GrowthParams, 'periodStartDate' | 'targetMonths' | 'toDate'>): { from: string; to: string } {
  const start = monthIndexOf(params.periodStartDate);
  const to = monthIndexOf(params.toDate);
  return { from: monthStartOf(Math.min(start - params.targetMonths, to - params.targetMonths + 1)), to: params.toDate };
}

/** Penetration of one month in per cent (unrounded); null without DONE appointments or after toDate's month. */
function actualOf(counts: MonthCounts, category: GrowthCategory, month: number, toMonth: number): number | null {
  if (month > toMonth) return null;
  const row = counts.get(monthKeyOf(month));
  if (!row || row.appointments === 0) return null;
  return (row.withCategory[category] * 100) / row.appointments;
}

/** The start value of the path and where it comes from (see the contract's definitions). */
export function computeStart(
  counts: MonthCounts,
  params: GrowthParams,
): { startPercent: number; startSource: GrowthReportData['startSource'] } {
  const start = monthIndexOf(params.periodStartDate);
  const toMonth = monthIndexOf(params.toDate);
  const baseline: number[] = [];
  for (let month = start - params.targetMonths; month < start; month++) {
    const actual = actualOf(counts, params.category, month, toMonth);
    if (actual !== null) baseline.push(actual);
  }
  const baselineMean = mean(baseline);
  if (baselineMean !== null) return { startPercent: baselineMean, startSource: 'BASELINE' };
  const first = actualOf(counts, params.category, start, toMonth);
  if (first !== null) return { startPercent: first, startSource: 'FIRST_MONTH' };
  return { startPercent: 0, startSource: 'NONE' };
}

/** The path's value at the end of a month: null before the period, the target after it. */
export function pathAt(month: number, startPercent: number, params: GrowthParams): number | null {
  const start = monthIndexOf(params.periodStartDate);
  if (month < start) return null;
  const step = month - start + 1;
  if (step >= params.reachTargetMonths) return params.target;
  return startPercent + ((params.target - startPercent) * step) / params.reachTargetMonths;
}

/** The growth report of one category from monthly counts that cover growthRange(params). */
export function buildGrowthReport(counts: MonthCounts, salon: { salonId: number; name: string }, params: GrowthParams): GrowthReportData {
  const start = monthIndexOf(params.periodStartDate);
  const end = start + params.reachTargetMonths - 1;
  const toMonth = monthIndexOf(params.toDate);
  const { startPercent, startSource } = computeStart(counts, params);
  const actual = (month: number) => actualOf(counts, params.category, month, toMonth);
  const rolling = (month: number) => {
    const values: number[] = [];
    for (let k = month - params.targetMonths + 1; k <= month; k++) {
      const value = actual(k);
      if (value !== null) values.push(value);
    }
    return mean(values);
  };

  const months: GrowthMonthData[] = [];
  for (let month = start - params.targetMonths; month <= Math.max(end, toMonth); month++) {
    const phase = month < start ? 'BASELINE' : month <= end ? 'PERIOD' : 'AFTER';
    const row = month <= toMonth ? counts.get(monthKeyOf(month)) : undefined;
    const monthActual = actual(month);
    const path = pathAt(month, startPercent, params);
    months.push({
      month: monthKeyOf(month),
      phase,
      periodMonth: phase === 'BASELINE' ? null : month - start + 1,
      // A month still to come has no count yet, not a count of 0.
      appointments: month > toMonth ? null : (row?.appointments ?? 0),
      appointmentsWithCategory: month > toMonth ? null : (row?.withCategory[params.category] ?? 0),
      actualPercent: roundOrNull(monthActual),
      pathPercent: roundOrNull(path),
      gapPercent: differenceOrNull(monthActual, path),
      rollingAveragePercent: phase === 'BASELINE' || month > toMonth ? null : roundOrNull(rolling(month)),
      isComplete: monthEndOf(month) <= params.toDate,
    });
  }

  const currentAverage = rolling(toMonth);
  const currentPath = pathAt(toMonth, startPercent, params);
  return {
    salonId: salon.salonId,
    salonName: salon.name,
    category: params.category,
    target: round2(params.target),
    reachTargetMonths: params.reachTargetMonths,
    targetMonths: params.targetMonths,
    periodStartDate: params.periodStartDate,
    periodEndDate: monthEndOf(end),
    toDate: params.toDate,
    startPercent: round2(startPercent),
    startSource,
    currentAveragePercent: roundOrNull(currentAverage),
    currentPathPercent: roundOrNull(currentPath),
    gapToPathPercent: differenceOrNull(currentAverage, currentPath),
    gapToTargetPercent: differenceOrNull(currentAverage, params.target),
    isOnTrack: currentAverage !== null && round2(currentAverage) >= round2(currentPath ?? params.target),
    monthsLeft: toMonth < start ? params.reachTargetMonths : Math.max(0, end - toMonth),
    months,
  };
}

export async function getMonthCounts(db: DbOrTx, salonId: number, from: string, to: string): Promise<MonthCounts> {
  if (from > to) return new Map();
  const rows = await getPenetrationCounts(db, salonId, from, to, 'month');
  return new Map(rows.map((row) => [row.period, row]));
}

/** One category's growth report: one grouped query over the baseline through toDate. */
export async function getGrowthReport(
  db: DbOrTx,
  salon: { salonId: number; name: string },
  params: GrowthParams,
): Promise<GrowthReportData> {
  const range = growthRange(params);
  const counts = await getMonthCounts(db, salon.salonId, range.from, range.to);
  return buildGrowthReport(counts, salon, params);
}

/** The salon's setting of every category (stored, or the defaults). */
export async function getCategoryConfigs(db: DbOrTx, salon: SalonToday): Promise<Record<GrowthCategory, SalonConfig>> {
  const stored = await getStoredSalonConfigs(db, salon.salonId);
  const configs = {} as Record<GrowthCategory, SalonConfig>;
  for (const category of GROWTH_CATEGORIES) {
    const product = configProductOf[category];
    configs[category] = stored.get(product) ?? defaultSalonConfig(salon.salonId, product, salon.today);
  }
  return configs;
}

/** Growth reports of all five categories up to today, from one grouped query over the union of their ranges. */
export async function getAllGrowthReports(
  db: DbOrTx,
  salon: SalonToday,
  paramsOf: (category: GrowthCategory, config: SalonConfig) => GrowthParams,
): Promise<GrowthReportData[]> {
  const configs = await getCategoryConfigs(db, salon);
  const params = GROWTH_CATEGORIES.map((category) => paramsOf(category, configs[category]));
  const from = params.map((p) => growthRange(p).from).reduce((a, b) => (a < b ? a : b));
  const counts = await getMonthCounts(db, salon.salonId, from, salon.today);
  return params.map((p) => buildGrowthReport(counts, { salonId: salon.salonId, name: salon.name }, p));
}

/**
 * GetRecapData: every category against its saved target (the 60 in the path is a fixed
 * segment of the API path, not a target), each from its stored periodStartDate.
 */
export async function getGrowthRecap(
  db: DbOrTx,
  salon: SalonToday,
  options: { reachTargetMonths: number; targetMonths: number },
): Promise<GrowthRecapData> {
  const reports = await getAllGrowthReports(db, salon, (category, config) => ({
    category,
    target: config.target,
    reachTargetMonths: options.reachTargetMonths,
    targetMonths: options.targetMonths,
    periodStartDate: config.periodStartDate,
    toDate: salon.today,
  }));
  const categories = reports.map((report) => ({
    category: report.category,
    periodStartDate: report.periodStartDate,
    periodEndDate: report.periodEndDate,
    startPercent: report.startPercent,
    lastMonthPercent: report.months.find((month) => month.month === salon.today.slice(0, 7))?.actualPercent ?? null,
    currentAveragePercent: report.currentAveragePercent,
    currentPathPercent: report.currentPathPercent,
    target: report.target,
    gapToPathPercent: report.gapToPathPercent,
    gapToTargetPercent: report.gapToTargetPercent,
    isOnTrack: report.isOnTrack,
    monthsLeft: report.monthsLeft,
  }));
  return {
    salonId: salon.salonId,
    salonName: salon.name,
    toDate: salon.today,
    target: FIXED_GRAPH_TARGET,
    reachTargetMonths: options.reachTargetMonths,
    targetMonths: options.targetMonths,
    onTrackCount: categories.filter((category) => category.isOnTrack).length,
    categories,
  };
}

export interface DailyOptions {
  type: DailyDataType;
  reachTargetMonths: number;
  targetMonths: number;
  dateFrom: string;
  dateTo: string;
}

/**
 * GetDailyData: penetration per day of the range for one type, with the path of each day's month.
 * The path needs only its start value, so the monthly counts cover the baseline and the first
 * period month, not the whole history.
 */
export async function getGrowthDailyData(db: DbOrTx, salon: SalonToday, options: DailyOptions): Promise<GrowthDailyDataData> {
  const category = DAILY_DATA_TYPES[options.type];
  const configs = await getCategoryConfigs(db, salon);
  const params: GrowthParams = {
    category,
    target: configs[category].target,
    reachTargetMonths: options.reachTargetMonths,
    targetMonths: options.targetMonths,
    periodStartDate: configs[category].periodStartDate,
    toDate: salon.today,
  };
  const periodStart = monthIndexOf(params.periodStartDate);
  const baselineTo = monthEndOf(periodStart) < salon.today ? monthEndOf(periodStart) : salon.today;
  const monthCounts = await getMonthCounts(db, salon.salonId, monthStartOf(periodStart - params.targetMonths), baselineTo);
  const { startPercent } = computeStart(monthCounts, params);

  const dayRows = await getPenetrationCounts(db, salon.salonId, options.dateFrom, options.dateTo, 'day');
  const byDay = new Map(dayRows.map((row) => [row.period, row]));
  const days: GrowthDailyDataData['days'] = [];
  let appointments = 0;
  let withCategory = 0;
  for (let date = options.dateFrom; date <= options.dateTo; date = addDays(date, 1)) {
    const row = byDay.get(date);
    const dayAppointments = row?.appointments ?? 0;
    const dayWith = row?.withCategory[category] ?? 0;
    appointments += dayAppointments;
    withCategory += dayWith;
    days.push({
      date,
      appointments: dayAppointments,
      appointmentsWithCategory: dayWith,
      percent: dayAppointments > 0 ? round2((dayWith * 100) / dayAppointments) : null,
      cumulativePercent: appointments > 0 ? round2((withCategory * 100) / appointments) : null,
      pathPercent: roundOrNull(pathAt(monthIndexOf(date), startPercent, params)),
    });
  }
  const percent = appointments > 0 ? (withCategory * 100) / appointments : null;
  return {
    salonId: salon.salonId,
    type: options.type,
    category,
    target: round2(params.target),
    reachTargetMonths: options.reachTargetMonths,
    targetMonths: options.targetMonths,
    periodStartDate: params.periodStartDate,
    dateFrom: options.dateFrom,
    dateTo: options.dateTo,
    appointments,
    appointmentsWithCategory: withCategory,
    percent: roundOrNull(percent),
    gapToTargetPercent: differenceOrNull(percent, params.target),
    days,
  };
}
