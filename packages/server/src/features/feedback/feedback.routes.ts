import {
  FEEDBACK_ACCESS,
  getFeedbackCustomer,
  getFeedbackService,
  getFeedbackServiceDetail,
  getFeedbackStaff,
  getFeedbacStaffDetail,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { assertRange } from '../../lib/report-range.js';
import { registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import {
  findSalonStaffName,
  findServiceName,
  getFeedbackDetails,
  getFeedbackPerClient,
  getFeedbackPerService,
  getFeedbackPerStaff,
} from './feedback.query.js';

const pageOf = (query: { limit?: number; offset?: number }) => ({ limit: query.limit ?? 500, offset: query.offset ?? 0 });

export async function feedbackRoutes(app: FastifyInstance) {
  registerEndpoint(app, getFeedbackStaff, FEEDBACK_ACCESS, async ({ params: p }) => {
    assertRange(p.fromDate, p.toDate);
    return getFeedbackPerStaff(app.db, p.salonId, p.fromDate, p.toDate);
  });

  registerEndpoint(app, getFeedbackCustomer, FEEDBACK_ACCESS, async ({ params: p }) => {
    assertRange(p.fromDate, p.toDate);
    return getFeedbackPerClient(app.db, p.salonId, p.fromDate, p.toDate);
  });

  registerEndpoint(app, getFeedbackService, FEEDBACK_ACCESS, async ({ params: p }) => {
    assertRange(p.fromDate, p.toDate);
    return getFeedbackPerService(app.db, p.salonId, p.fromDate, p.toDate);
  });

  registerEndpoint(app, getFeedbackServiceDetail, FEEDBACK_ACCESS, async ({ params: p, query }) => {
    assertRange(p.fromDate, p.toDate);
    const page = pageOf(query);
    // the name and the details at once; the details of an unknown service are not answered
    const [name, details] = await Promise.all([
      findServiceName(app.db, p.serviceid),
      getFeedbackDetails(app.db, p.salonId, p.fromDate, p.toDate, { serviceId: p.serviceid }, page),
    ]);
    if (name === undefined) throw new HttpError(404, `Service ${p.serviceid} does not exist`, 'serviceid');
    return { salonId: p.salonId, fromDate: p.fromDate, toDate: p.toDate, serviceId: p.serviceid, name, ...page, ...details };
  });

  registerEndpoint(app, getFeedbacStaffDetail, FEEDBACK_ACCESS, async ({ params: p, query }) => {
    assertRange(p.fromDate, p.toDate);
    const page = pageOf(query);
    // the name and the details at once; the details of a staff member unknown to the salon are not answered
    const [name, details] = await Promise.all([
      findSalonStaffName(app.db, p.salonId, p.staffMemberId),
      getFeedbackDetails(app.db, p.salonId, p.fromDate, p.toDate, { staffId: p.staffMemberId }, page),
    ]);
    if (name === undefined)
      throw new HttpError(404, `Staff member ${p.staffMemberId} does not exist in salon ${p.salonId}`, 'staffMemberId');
    return { salonId: p.salonId, fromDate: p.fromDate, toDate: p.toDate, staffMemberId: p.staffMemberId, name, ...page, ...details };
  });
}
