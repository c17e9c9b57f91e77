import {
  clientHistoryProducts,
  clientHistoryServices,
  discountsPerAppointment,
  discountsPerDay,
  ROLE_GROUPS,
  salesByGender,
  salesPerClient,
  salesPerDayReport,
  salesPerMonthReport,
  salesPerYearReport,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { assertRange } from '../../lib/report-range.js';
import { getTodayOfSalon } from '../../lib/salon-today.js';
import { callerOf, registerEndpoint, registerGenderedReport } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { findAppointment, getClientHistory } from './client-history.query.js';
import { getDiscountsPerAppointment, getDiscountsPerDay } from './discounts.query.js';
import { getSalesByGender, getSalesPerDay, getSalesPerMonth, getSalesPerYear } from './sales-analysis.service.js';
import { getSalesPerClient } from './sales-per-client.query.js';

/** Report GETs are open to every role at route level; the auth plugin checks the salon. */
const ALL = [...ROLE_GROUPS.all];

export async function statsRoutes(app: FastifyInstance) {
  registerGenderedReport(app, salesPerDayReport, ALL, async ({ params: p, gender }) => {
    assertRange(p.fromDate, p.toDate);
    return getSalesPerDay(app.db, p.salonId, p.fromDate, p.toDate, gender);
  });
  registerGenderedReport(app, salesPerMonthReport, ALL, async ({ params: p, query, gender }) => {
    const today = await getTodayOfSalon(app.db, app.clock, p.salonId);
    return getSalesPerMonth(app.db, p.salonId, query.year ?? Number(today.slice(0, 4)), p.month, gender, today);
  });
  registerGenderedReport(app, salesPerYearReport, ALL, async ({ params: p, gender }) =>
    getSalesPerYear(app.db, p.salonId, p.year, gender, await getTodayOfSalon(app.db, app.clock, p.salonId)),
  );
  registerEndpoint(app, salesByGender, ALL, async ({ params: p }) => {
    assertRange(p.fromDate, p.toDate);
    return getSalesByGender(app.db, p.salonId, p.fromDate, p.toDate, p.gender);
  });
  registerEndpoint(app, salesPerClient, ALL, async ({ params: p, query: q }, _, reply) => {
    assertRange(p.fromDate, p.toDate);
    const answer = await getSalesPerClient(app.db, p.salonId, p.fromDate, p.toDate, q);
    // A page of up to 500 clients. The answer holds the schema's fields alone, in the order
    // its serialiser writes them, so JSON.stringify writes the same bytes (the tests check it) faster.
    reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
    return answer;
  });

  registerEndpoint(app, discountsPerDay, ALL, async ({ query: q }) => {
    assertRange(q.from, q.to, ['from', 'to']);
    return getDiscountsPerDay(app.db, q.salonId, q.from, q.to);
  });
  registerEndpoint(app, discountsPerAppointment, ALL, async ({ query: q }) => {
    assertRange(q.from, q.to, ['from', 'to']);
    return getDiscountsPerAppointment(app.db, q.salonId, q.from, q.to, q.limit ?? 500, q.offset ?? 0);
  });

  // No salonId in these paths: the appointment's salon is checked against the caller's here.
  for (const [endpoint, kind] of [
    [clientHistoryServices, 'SERVICE'],
    [clientHistoryProducts, 'PRODUCT'],
  ] as const) {
    registerEndpoint(app, endpoint, ALL, async ({ query: q }, request) => {
      const caller = callerOf(request);
      if (!caller.isSuperadmin && caller.salonId === null) throw new HttpError(403, 'You have no salon');
      const { found, exists } = await findAppointment(app.db, q.appointmentId, caller.isSuperadmin ? null : caller.salonId);
      if (!found) {
        if (exists) throw new HttpError(403, `You have no access to appointment ${q.appointmentId}`);
        throw new HttpError(404, `Appointment ${q.appointmentId} not found`, 'appointmentId');
      }
      return getClientHistory(app.db, found, kind, q.onlyWithAppointment ?? false);
    });
  }
}
