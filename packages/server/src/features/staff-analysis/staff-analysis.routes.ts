import {
  STAFF_ANALYSIS_ACCESS,
  staffDataAnalysisByNameReport,
  staffDataAnalysisByStaffReport,
  staffDataAnalysisReport,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { assertRange } from '../../lib/report-range.js';
import { registerGenderedReport } from '../../plugins/auth.js';
import { assertStaffOfSalon, getStaffDataAnalysis } from './staff-analysis.query.js';

export async function staffAnalysisRoutes(app: FastifyInstance) {
  registerGenderedReport(app, staffDataAnalysisReport, STAFF_ANALYSIS_ACCESS, async ({ params: p, gender }) => {
    assertRange(p.fromDate, p.toDate);
    return getStaffDataAnalysis(app.db, p.salonId, p.fromDate, p.toDate, gender);
  });
  registerGenderedReport(app, staffDataAnalysisByNameReport, STAFF_ANALYSIS_ACCESS, async ({ params: p, gender }) => {
    assertRange(p.fromDate, p.toDate);
    return getStaffDataAnalysis(app.db, p.salonId, p.fromDate, p.toDate, gender, { order: 'name' });
  });
  registerGenderedReport(app, staffDataAnalysisByStaffReport, STAFF_ANALYSIS_ACCESS, async ({ params: p, gender }) => {
    assertRange(p.fromDate, p.toDate);
    await assertStaffOfSalon(app.db, p.salonId, p.meamberId);
    return getStaffDataAnalysis(app.db, p.salonId, p.fromDate, p.toDate, gender, { staffId: p.meamberId });
  });
}
