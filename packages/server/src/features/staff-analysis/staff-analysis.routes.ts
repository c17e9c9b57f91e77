import { STAFF_ANALYSIS_ACCESS, staffDataAnalysisReport } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { assertRange } from '../../lib/report-range.js';
import { registerGenderedReport } from '../../plugins/auth.js';
import { getStaffDataAnalysis } from './staff-analysis.query.js';

export async function staffAnalysisRoutes(app: FastifyInstance) {
  registerGenderedReport(app, staffDataAnalysisReport, STAFF_ANALYSIS_ACCESS, async ({ params: p, gender }) => {
    assertRange(p.fromDate, p.toDate);
    return getStaffDataAnalysis(app.db, p.salonId, p.fromDate, p.toDate, gender);
  });
}
