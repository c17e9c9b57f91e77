import {
  getPerformanceById,
  getPerformanceBySalon,
  getPerformance as getPerformanceEndpoint,
  REPORT_ACCESS,
  ROLE_GROUPS,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { isCalendarDate } from '../../lib/months.js';
import { registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { getPerformance } from './performance.query.js';

function assertDay(day: string): void {
  if (!isCalendarDate(day)) throw new HttpError(400, `day ${day} is not a calendar date`, 'day');
}

export async function performanceRoutes(app: FastifyInstance) {
  // One salon (the salon access check on salonId is done by the auth plugin).
  for (const endpoint of [getPerformanceBySalon, getPerformanceById]) {
    registerEndpoint(app, endpoint, REPORT_ACCESS.admin, async ({ params }) => {
      assertDay(params.day);
      const report = await getPerformance(app.db, params.day, [params.salonId]);
      if (report.salons.length === 0) throw new HttpError(404, `Salon ${params.salonId} not found`);
      return report;
    });
  }
  // Every salon of the chain: SUPERADMIN only.
  registerEndpoint(app, getPerformanceEndpoint, ROLE_GROUPS.superadmin, async ({ params }) => {
    assertDay(params.day);
    return getPerformance(app.db, params.day, null);
  });
}
