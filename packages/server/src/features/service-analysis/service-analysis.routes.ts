import { getServiceDataAnalysis, REPORT_ACCESS } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { assertRange } from '../../lib/report-range.js';
import { registerEndpoint } from '../../plugins/auth.js';
import { getServiceAnalysis } from './service-analysis.query.js';

export async function serviceAnalysisRoutes(app: FastifyInstance) {
  registerEndpoint(app, getServiceDataAnalysis, REPORT_ACCESS.user, async ({ params: p }) => {
    assertRange(p.from, p.to, ['from', 'to']);
    return getServiceAnalysis(app.db, p.salonId, p.from, p.to);
  });
}
