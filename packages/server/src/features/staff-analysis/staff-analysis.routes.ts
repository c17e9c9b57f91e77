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
import { assertStaffOfSalon, getStaffDailyDetailsJson, getStaffDataAnalysis, getStaffWeeklyDetails } from './staff-analysis.query.js';
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
      // A year is ~2.4 MB of JSON: the days' elements are stored rendered (staff_day_bodies, migration 048) and
      // joined. Their answer holds the schema's fields alone, built in its order, so JSON.stringify writes the
      // schema serialiser's bytes (the tests check it): that serialiser runs a validator on each of the ~45,000
      // nullable numbers of a year. A string with a JSON content type is sent as it is.
      const json = await getStaffDailyDetailsJson(app.db, p.salonId, p.fromDate, p.toDate, gender, q);
      return reply.type('application/json; charset=utf-8').send(json);
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
