import {
  addCheckUp,
  addCheckUpGender,
  getCheckUp as getCheckUpEndpoint,
  getCheckUpGender,
  getDayOfTheWeek,
  getDayOfTheWeekGender,
  getReportDataAnalysis,
  getReportDataAnalysisGender,
  getSalonRecap as getSalonRecapEndpoint,
  getSalonRecapGender,
  REPORT_ACCESS,
  ROLE_GROUPS,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/auth.js';
import { getTodayOfSalon } from '../salons/salons.query.js';
import { assertRange, monthRange } from '../stats/report-range.js';
import { getCheckUp, saveCheckUpTargets } from './check-up.query.js';
import { getDayOfWeek } from './day-of-week.query.js';
import { getReportData } from './report-data.query.js';
import { getSalonRecap } from './salon-recap.query.js';

/** Report GETs: every role (SPEC.md §2), salon checked by the auth plugin. Check-up writes: ADMIN or SUPERADMIN. */
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

  registerEndpoint(app, getDayOfTheWeek, ADMIN_LEVEL, async ({ params: p }) => {
    assertRange(p.fromDate, p.toDate);
    return getDayOfWeek(app.db, p.salonId, p.fromDate, p.toDate, 'ALL');
  });
  registerEndpoint(app, getDayOfTheWeekGender, ADMIN_LEVEL, async ({ params: p }) => {
    assertRange(p.fromDate, p.toDate);
    return getDayOfWeek(app.db, p.salonId, p.fromDate, p.toDate, p.gender);
  });
  registerEndpoint(app, getReportDataAnalysis, ADMIN_LEVEL, async ({ params: p }) => {
    assertRange(p.from, p.to, ['from', 'to']);
    return getReportData(app.db, p.salonId, p.from, p.to, 'ALL');
  });
  registerEndpoint(app, getReportDataAnalysisGender, ADMIN_LEVEL, async ({ params: p }) => {
    assertRange(p.from, p.to, ['from', 'to']);
    return getReportData(app.db, p.salonId, p.from, p.to, p.gender);
  });
  registerEndpoint(app, getSalonRecapEndpoint, ADMIN_LEVEL, async ({ params: p }) => {
    assertRange(p.fromDate, p.toDate);
    return getSalonRecap(app.db, p.salonId, p.fromDate, p.toDate, 'ALL');
  });
  registerEndpoint(app, getSalonRecapGender, ADMIN_LEVEL, async ({ params: p }) => {
    assertRange(p.fromDate, p.toDate);
    return getSalonRecap(app.db, p.salonId, p.fromDate, p.toDate, p.gender);
  });
  registerEndpoint(app, getCheckUpEndpoint, ADMIN_LEVEL, async ({ params: p, query }) => {
    const { from, to, today } = await checkUpRange(p.salonId, query);
    return getCheckUp(app.db, p.salonId, from, to, 'ALL', today);
  });
  registerEndpoint(app, getCheckUpGender, ADMIN_LEVEL, async ({ params: p, query }) => {
    const { from, to, today } = await checkUpRange(p.salonId, query);
    return getCheckUp(app.db, p.salonId, from, to, p.gender, today);
  });
  registerEndpoint(app, addCheckUp, MANAGERS, async ({ params: p, body }) => {
    await saveCheckUpTargets(app.db, p.salonId, 'ALL', body);
    const { from, to, today } = await checkUpRange(p.salonId, {});
    return getCheckUp(app.db, p.salonId, from, to, 'ALL', today);
  });
  registerEndpoint(app, addCheckUpGender, MANAGERS, async ({ params: p, body }) => {
    await saveCheckUpTargets(app.db, p.salonId, p.gender, body);
    const { from, to, today } = await checkUpRange(p.salonId, {});
    return getCheckUp(app.db, p.salonId, from, to, p.gender, today);
  });
}
