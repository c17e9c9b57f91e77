import {
  exportGrowthPdf,
  getGrowthDailyData,
  getGrowthRecapData,
  getGrowthTodayReport,
  getGrowthTomorrowReport,
  growthReportEndpoints,
  REPORT_ACCESS,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { getSalonToday, type SalonToday } from '../salons/salons.query.js';
import { getDayReport } from './day-report.query.js';
import { getGrowthDailyData as buildDailyData, getAllGrowthReports, getGrowthRecap, getGrowthReport } from './growth.service.js';
import { renderGrowthPdf } from './growth-pdf.js';
import { addDays, daysBetween, firstOfMonth, isCalendarDate, monthEndOf, monthIndexOf } from './months.js';
import { getUserLanguage } from './user-language.query.js';

/** Longest report: baseline + period + months after it (10 years). */
const MAX_REPORT_MONTHS = 120;
const MAX_DAILY_DAYS = 366;

function assertDate(value: string, parameter: string) {
  if (!isCalendarDate(value)) throw new HttpError(400, `Invalid path parameter '${parameter}': ${value} is not a calendar date`, parameter);
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

export async function salonsGrowingRoutes(app: FastifyInstance) {
  async function salonOrThrow(salonId: number): Promise<SalonToday> {
    const salon = await getSalonToday(app.db, app.clock, salonId);
    if (!salon) throw new HttpError(404, `Salon ${salonId} not found`);
    return salon;
  }

  for (const [category, endpoint] of Object.entries(growthReportEndpoints)) {
    registerEndpoint(app, endpoint, REPORT_ACCESS.admin, async ({ params }) => {
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
      const salon = await salonOrThrow(params.salonId);
      return getGrowthReport(
        app.db,
        { salonId: salon.salonId, name: salon.name },
        {
          category: category as keyof typeof growthReportEndpoints,
          target: params.target,
          reachTargetMonths: params.reachTargetMonths,
          targetMonths: params.targetMonths,
          periodStartDate: firstOfMonth(params.fromDate),
          toDate: params.toDate,
        },
      );
    });
  }

  registerEndpoint(app, getGrowthRecapData, REPORT_ACCESS.admin, async ({ params }) => {
    const salon = await salonOrThrow(params.salonId);
    return getGrowthRecap(app.db, salon, { reachTargetMonths: params.reachTargetMonths, targetMonths: params.targetMonths });
  });

  registerEndpoint(app, getGrowthDailyData, REPORT_ACCESS.admin, async ({ params, query }) => {
    const salon = await salonOrThrow(params.salonId);
    let dateFrom: string;
    let dateTo: string;
    if (query.dateFrom !== undefined || query.dateTo !== undefined) {
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
      dateFrom = query.dateFrom;
      dateTo = query.dateTo;
    } else {
      const month = query.month ?? Number(salon.today.slice(5, 7));
      dateFrom = `${salon.today.slice(0, 4)}-${String(month).padStart(2, '0')}-01`;
      dateTo = monthEndOf(monthIndexOf(dateFrom));
    }
    return buildDailyData(app.db, salon, {
      type: params.type,
      reachTargetMonths: params.reachTargetMonths,
      targetMonths: params.targetMonths,
      dateFrom,
      dateTo,
    });
  });

  registerEndpoint(app, getGrowthTodayReport, REPORT_ACCESS.admin, async ({ params }) => {
    const salon = await salonOrThrow(params.salonId);
    return getDayReport(app.db, salon.salonId, salon.today);
  });

  registerEndpoint(app, getGrowthTomorrowReport, REPORT_ACCESS.admin, async ({ params }) => {
    const salon = await salonOrThrow(params.salonId);
    return getDayReport(app.db, salon.salonId, addDays(salon.today, 1));
  });

  registerEndpoint(app, exportGrowthPdf, REPORT_ACCESS.admin, async ({ query }, request, reply) => {
    const salon = await salonOrThrow(query.salonId);
    const reports = await getAllGrowthReports(app.db, salon, (category, config) => ({
      category,
      target: config.target,
      reachTargetMonths: query.reachTargetMonth ?? config.reachTargetMonths,
      targetMonths: query.targetMonth ?? config.targetMonths,
      periodStartDate: config.periodStartDate,
      toDate: salon.today,
    }));
    const fromDate = reports.map((report) => report.periodStartDate).reduce((a, b) => (a < b ? a : b));
    const language = await getUserLanguage(app.db, callerOf(request).userId);
    const pdf = await renderGrowthPdf({ salonName: salon.name, fromDate, toDate: salon.today, reports, language });
    const fileName = `Salon-Growth-${fileNamePart(salon.name)}-${fromDate}-${salon.today}.pdf`;
    return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).send(pdf);
  });
}
