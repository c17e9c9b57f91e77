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
import { getSalonToday, type SalonToday } from '../../lib/salon-today.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { getDayReportOfSalon } from './day-report.query.js';
import { getGrowthDailyData as buildDailyData, getGrowthRecap, getGrowthReport } from './growth.service.js';
import { buildGrowthPdf, dailyRangeOf, growthParamsOf } from './growth-request.service.js';

export async function salonsGrowingRoutes(app: FastifyInstance) {
  async function salonOrThrow(salonId: number): Promise<SalonToday> {
    const salon = await getSalonToday(app.db, app.clock, salonId);
    if (!salon) throw new HttpError(404, `Salon ${salonId} not found`);
    return salon;
  }

  for (const [category, endpoint] of Object.entries(growthReportEndpoints)) {
    registerEndpoint(app, endpoint, REPORT_ACCESS.admin, async ({ params }) => {
      const growth = growthParamsOf(category as keyof typeof growthReportEndpoints, params);
      const salon = await salonOrThrow(params.salonId);
      return getGrowthReport(app.db, { salonId: salon.salonId, name: salon.name }, growth);
    });
  }

  registerEndpoint(app, getGrowthRecapData, REPORT_ACCESS.admin, async ({ params }) => {
    const salon = await salonOrThrow(params.salonId);
    return getGrowthRecap(app.db, salon, { reachTargetMonths: params.reachTargetMonths, targetMonths: params.targetMonths });
  });

  registerEndpoint(app, getGrowthDailyData, REPORT_ACCESS.admin, async ({ params, query }) => {
    const salon = await salonOrThrow(params.salonId);
    const range = dailyRangeOf(salon, query);
    return buildDailyData(app.db, salon, {
      type: params.type,
      reachTargetMonths: params.reachTargetMonths,
      targetMonths: params.targetMonths,
      ...range,
    });
  });

  for (const [endpoint, daysAhead] of [
    [getGrowthTodayReport, 0],
    [getGrowthTomorrowReport, 1],
  ] as const) {
    registerEndpoint(app, endpoint, REPORT_ACCESS.admin, async ({ params }) => {
      const report = await getDayReportOfSalon(app.db, app.clock, params.salonId, daysAhead);
      if (!report) throw new HttpError(404, `Salon ${params.salonId} not found`);
      return report;
    });
  }

  registerEndpoint(app, exportGrowthPdf, REPORT_ACCESS.admin, async ({ query }, request, reply) => {
    const salon = await salonOrThrow(query.salonId);
    const { pdf, fileName } = await buildGrowthPdf(app.db, salon, query, callerOf(request).userId);
    return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).send(pdf);
  });
}
