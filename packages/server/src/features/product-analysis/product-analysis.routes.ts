import { getProductDataAnalysis, REPORT_ACCESS } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { assertRange } from '../../lib/report-range.js';
import { registerEndpoint } from '../../plugins/auth.js';
import { getProductAnalysis } from './product-analysis.query.js';

export async function productAnalysisRoutes(app: FastifyInstance) {
  registerEndpoint(app, getProductDataAnalysis, REPORT_ACCESS.user, async ({ params: p }) => {
    assertRange(p.from, p.to, ['from', 'to']);
    return getProductAnalysis(app.db, p.salonId, p.from, p.to);
  });
}
