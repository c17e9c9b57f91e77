import { gunzipSync } from 'node:zlib';
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
import { assertStaffOfSalon, getStaffDailyDetailsGzip, getStaffDataAnalysis, getStaffWeeklyDetails } from './staff-analysis.query.js';
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
    async ({ params: p, query: q, gender }, request, reply) => {
      assertRange(p.fromDate, p.toDate);
      // A year is ~2.4 MB of JSON: the days' elements are stored rendered and gzip-compressed (staff_day_bodies,
      // migration 048) and joined into one gzip answer. Their answer holds the schema's fields alone, built in its
      // order, so JSON.stringify writes the schema serialiser's bytes (the tests check it): that serialiser runs a
      // validator on each of the ~45,000 nullable numbers of a year. A client that takes gzip (every browser, the
      // bench) gets those bytes as they are (the compression plugin leaves an encoded answer alone); another gets
      // them decompressed, and the plugin encodes them as it negotiates (brotli, or nothing).
      // Days a write invalidated are rendered for this answer and stored after it is sent.
      const gzip = await getStaffDailyDetailsGzip(app.db, p.salonId, p.fromDate, p.toDate, gender, q, {
        inBackground: (writeBack) => {
          writeBack.catch((err: unknown) => request.log.warn({ err }, 'staff daily details: rendered days not stored'));
        },
      });
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(gzip);
      return reply.send(gunzipSync(gzip));
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

/** Whether an Accept-Encoding header takes gzip: gzip, x-gzip or * listed with a q above 0 (gzip's own entry decides). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const q = new Map<string, number>();
  for (const entry of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = entry.split(';').map((x) => x.trim().toLowerCase());
    const weight = params.find((x) => x.startsWith('q='));
    if (name) q.set(name, weight ? Number(weight.slice(2)) : 1);
  }
  const gzip = q.get('gzip') ?? q.get('x-gzip') ?? q.get('*');
  return gzip !== undefined && gzip > 0;
}
