import type { exportGrowthPdf, getGrowthDailyData, growthReportEndpoints, QueryOf } from '@salon/contracts';
import type { DbOrTx } from '../../db/database.js';
import { daysBetween, firstOfMonth, isCalendarDate, monthEndOf, monthIndexOf } from '../../lib/months.js';
import type { SalonToday } from '../../lib/salon-today.js';
import { getUserLanguage } from '../../lib/user-language.query.js';
import { HttpError } from '../../plugins/errors.js';
import { type GrowthParams, getAllGrowthReports } from './growth.service.js';
import { renderGrowthPdf } from './growth-pdf.js';

/**
 * What the salons-growing routes do between the request and the growth service: the checks and
 * arithmetic of their ranges, and the PDF export's assembly. The routes only call these.
 */

/** Longest report: baseline + period + months after it (10 years). */
export const MAX_REPORT_MONTHS = 120;
export const MAX_DAILY_DAYS = 366;

type GrowthCategory = keyof typeof growthReportEndpoints;

function assertDate(value: string, parameter: string) {
  if (!isCalendarDate(value)) throw new HttpError(400, `Invalid path parameter '${parameter}': ${value} is not a calendar date`, parameter);
}

/** The growth parameters of a category report's path, checked (real dates, in order, at most MAX_REPORT_MONTHS shown). */
export function growthParamsOf(
  category: GrowthCategory,
  params: { fromDate: string; toDate: string; target: number; reachTargetMonths: number; targetMonths: number },
): GrowthParams {
  assertDate(params.fromDate, 'fromDate');
  assertDate(params.toDate, 'toDate');
  if (params.toDate < params.fromDate) {
    throw new HttpError(400, `Invalid path parameter 'toDate': ${params.toDate} is before fromDate ${params.fromDate}`, 'toDate');
  }
  const start = monthIndexOf(params.fromDate);
  const shown = Math.max(start + params.reachTargetMonths - 1, monthIndexOf(params.toDate)) - (start - params.targetMonths) + 1;
  if (shown > MAX_REPORT_MONTHS) {
    throw new HttpError(
      400,
      `Invalid path parameter 'toDate': the report would span ${shown} months (at most ${MAX_REPORT_MONTHS})`,
      'toDate',
    );
  }
  return {
    category,
    target: params.target,
    reachTargetMonths: params.reachTargetMonths,
    targetMonths: params.targetMonths,
    periodStartDate: firstOfMonth(params.fromDate),
    toDate: params.toDate,
  };
}

/** The days of the daily data: ?dateFrom..?dateTo (both or neither, at most MAX_DAILY_DAYS), else ?month (default the salon's current month) of the salon's year. */
export function dailyRangeOf(salon: SalonToday, query: QueryOf<typeof getGrowthDailyData>): { dateFrom: string; dateTo: string } {
  if (query.dateFrom === undefined && query.dateTo === undefined) {
    const month = query.month ?? Number(salon.today.slice(5, 7));
    const dateFrom = `${salon.today.slice(0, 4)}-${String(month).padStart(2, '0')}-01`;
    return { dateFrom, dateTo: monthEndOf(monthIndexOf(dateFrom)) };
  }
  if (query.dateFrom === undefined) throw new HttpError(400, "Missing query parameter 'dateFrom' (give it with dateTo)", 'dateFrom');
  if (query.dateTo === undefined) throw new HttpError(400, "Missing query parameter 'dateTo' (give it with dateFrom)", 'dateTo');
  for (const [name, value] of [
    ['dateFrom', query.dateFrom],
    ['dateTo', query.dateTo],
  ] as const) {
    if (!isCalendarDate(value)) throw new HttpError(400, `Invalid query parameter '${name}': ${value} is not a calendar date`, name);
  }
  if (query.dateTo < query.dateFrom) {
    throw new HttpError(400, `Invalid query parameter 'dateTo': ${query.dateTo} is before dateFrom ${query.dateFrom}`, 'dateTo');
  }
  if (daysBetween(query.dateFrom, query.dateTo) + 1 > MAX_DAILY_DAYS) {
    throw new HttpError(400, `Invalid query parameter 'dateTo': at most ${MAX_DAILY_DAYS} days from dateFrom`, 'dateTo');
  }
  return { dateFrom: query.dateFrom, dateTo: query.dateTo };
}

/** A safe file-name piece from a salon name: letters and digits, dashes between words. */
export function fileNamePart(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-') || 'salon'
  );
}

/** The growth PDF of a salon: every category up to its today, in the caller's language, and its file name. */
export async function buildGrowthPdf(
  db: DbOrTx,
  salon: SalonToday,
  query: QueryOf<typeof exportGrowthPdf>,
  userId: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  const reports = await getAllGrowthReports(db, salon, (category, config) => ({
    category,
    target: config.target,
    reachTargetMonths: query.reachTargetMonth ?? config.reachTargetMonths,
    targetMonths: query.targetMonth ?? config.targetMonths,
    periodStartDate: config.periodStartDate,
    toDate: salon.today,
  }));
  const fromDate = reports.map((report) => report.periodStartDate).reduce((a, b) => (a < b ? a : b));
  const language = await getUserLanguage(db, userId);
  const pdf = await renderGrowthPdf({ salonName: salon.name, fromDate, toDate: salon.today, reports, language });
  return { pdf, fileName: `Salon-Growth-${fileNamePart(salon.name)}-${fromDate}-${salon.today}.pdf` };
}
