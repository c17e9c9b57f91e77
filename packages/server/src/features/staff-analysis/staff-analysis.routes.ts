import {
  getStaffDailyDetailsAnalysisReport,
  getStaffDataAnalysisByNameReport,
  getStaffDataAnalysisByStaffReport,
  getStaffDataAnalysisReport,
  getStaffItems,
  getStaffWeeklyDetailsAnalysisReport,
  STAFF_ANALYSIS_ACCESS,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { assertRange } from '../../lib/report-range.js';
import { getTodayOfSalon } from '../../lib/salon-today.js';
import { registerEndpoint, registerGenderedReport } from '../../plugins/auth.js';
import { assertStaffOfSalon, getStaffDailyDetails, getStaffDataAnalysis, getStaffWeeklyDetails } from './staff-analysis.query.js';
import { getStaffItems as getStaffItemsOf } from './staff-items.query.js';

export async function staffAnalysisRoutes(app: FastifyInstance) {
  registerGenderedReport(app, getStaffDataAnalysisReport, STAFF_ANALYSIS_ACCESS, async ({ params: p, gender }) => {
    assertRange(p.fromDate, p.toDate);
    return getStaffDataAnalysis(app.db, p.salonId, p.fromDate, p.toDate, gender);
  });
  registerGenderedReport(app, getStaffDataAnalysisByNameReport, STAFF_ANALYSIS_ACCESS, async ({ params: p, gender }) => {
    assertRange(p.fromDate, p.toDate);
    return getStaffDataAnalysis(app.db, p.salonId, p.fromDate, p.toDate, gender, { order: 'name' });
  });
  registerGenderedReport(app, getStaffDataAnalysisByStaffReport, STAFF_ANALYSIS_ACCESS, async ({ params: p, gender }) => {
    assertRange(p.fromDate, p.toDate);
    // The check beside the report, not before it: one round trip less (a 404 still wins).
    const [, report] = await Promise.all([
      assertStaffOfSalon(app.db, p.salonId, p.meamberId),
      getStaffDataAnalysis(app.db, p.salonId, p.fromDate, p.toDate, gender, { staffId: p.meamberId }),
    ]);
    return report;
  });
  registerGenderedReport(
    app,
    getStaffDailyDetailsAnalysisReport,
    STAFF_ANALYSIS_ACCESS,
    async ({ params: p, query: q, gender }, _, reply) => {
      assertRange(p.fromDate, p.toDate);
      // A year is megabytes of JSON. The answer holds the schema's fields alone, built in its order, so JSON.stringify
      // writes the schema serialiser's bytes (the tests check it) without a validator on each of its nullable numbers.
      const answer = await getStaffDailyDetails(app.db, p.salonId, p.fromDate, p.toDate, gender, q);
      reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
      return answer;
    },
  );
  registerGenderedReport(app, getStaffWeeklyDetailsAnalysisReport, STAFF_ANALYSIS_ACCESS, async ({ params: p, gender }) => {
    const [, today] = await Promise.all([
      assertStaffOfSalon(app.db, p.salonId, p.meamberId),
      getTodayOfSalon(app.db, app.clock, p.salonId),
    ]);
    return getStaffWeeklyDetails(app.db, p.salonId, p.meamberId, Number(today.slice(0, 4)), p.month, gender);
  });
  registerEndpoint(app, getStaffItems, STAFF_ANALYSIS_ACCESS, async ({ params: p }) => {
    assertRange(p.fromDate, p.toDate);
    await assertStaffOfSalon(app.db, p.salonId, p.meamberId);
    return getStaffItemsOf(app.db, p.salonId, p.meamberId, p.fromDate, p.toDate);
  });
}
