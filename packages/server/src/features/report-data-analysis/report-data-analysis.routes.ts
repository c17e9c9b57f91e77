import {
  addCheckUpReport,
  getCheckUpReport,
  getDayOfTheWeekReport,
  getReportDataAnalysisReport,
  getSalonRecapReport,
  REPORT_ACCESS,
  ROLE_GROUPS,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { assertRange, monthRange } from '../../lib/report-range.js';
import { getTodayOfSalon } from '../../lib/salon-today.js';
import { registerGenderedReport } from '../../plugins/auth.js';
import { getCheckUp, saveCheckUpTargets } from './check-up.query.js';
import { getDayOfWeek } from './day-of-week.query.js';
import { getReportData } from './report-data.query.js';
import { getSalonRecap } from './salon-recap.query.js';

/** Report GETs: every role, salon checked by the auth plugin. Check-up writes: ADMIN or SUPERADMIN. */
const ADMIN_LEVEL = REPORT_ACCESS.admin;
const MANAGERS = [...ROLE_GROUPS.admin, ...ROLE_GROUPS.superadmin];

export async function reportDataAnalysisRoutes(app: FastifyInstance) {
  /** The check-up range: ?fromDate / ?toDate, each defaulting to the bounds of the salon's current month; and the salon's today. */
  async function checkUpRange(salonId: number, query: { fromDate?: string; toDate?: string }) {
    let { fromDate: from, toDate: to } = query;
    const today = await getTodayOfSalon(app.db, app.clock, salonId);
    if (from === undefined || to === undefined) {
      const month = monthRange(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
      from ??= month.from;
      to ??= month.to;
    }
    assertRange(from, to);
    return { from, to, today };
  }

  registerGenderedReport(app, getDayOfTheWeekReport, ADMIN_LEVEL, async ({ params: p, gender }) => {
    assertRange(p.fromDate, p.toDate);
    return getDayOfWeek(app.db, p.salonId, p.fromDate, p.toDate, gender);
  });
  registerGenderedReport(app, getReportDataAnalysisReport, ADMIN_LEVEL, async ({ params: p, gender }) => {
    assertRange(p.from, p.to, ['from', 'to']);
    return getReportData(app.db, p.salonId, p.from, p.to, gender);
  });
  registerGenderedReport(app, getSalonRecapReport, ADMIN_LEVEL, async ({ params: p, gender }) => {
    assertRange(p.fromDate, p.toDate);
    return getSalonRecap(app.db, p.salonId, p.fromDate, p.toDate, gender);
  });
  registerGenderedReport(app, getCheckUpReport, ADMIN_LEVEL, async ({ params: p, query, gender }) => {
    const { from, to, today } = await checkUpRange(p.salonId, query);
    return getCheckUp(app.db, p.salonId, from, to, gender, today);
  });
  registerGenderedReport(app, addCheckUpReport, MANAGERS, async ({ params: p, body, gender }) => {
    await saveCheckUpTargets(app.db, p.salonId, gender, body);
    const { from, to, today } = await checkUpRange(p.salonId, {});
    return getCheckUp(app.db, p.salonId, from, to, gender, today);
  });
}
