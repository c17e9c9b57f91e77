import { getSalonOverview as getSalonOverviewEndpoint, ROLE_GROUPS } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { CHAIN_TIME_ZONE, salonToday } from '../../lib/today.js';
import { registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { getSalonOverview } from './salon-overview.query.js';

export async function salonOverviewRoutes(app: FastifyInstance) {
  registerEndpoint(app, getSalonOverviewEndpoint, ROLE_GROUPS.superadmin, async ({ query }) => {
    // Every salon at once: today in the chain's time zone. Without fromDate the range starts on
    // the first of toDate's month (the current month by default).
    const toDate = query.toDate ?? salonToday(CHAIN_TIME_ZONE, app.clock);
    const fromDate = query.fromDate ?? `${toDate.slice(0, 8)}01`;
    if (fromDate > toDate) throw new HttpError(400, `fromDate ${fromDate} is after toDate ${toDate}`, 'fromDate');
    return { fromDate, toDate, salons: await getSalonOverview(app.db, { fromDate, toDate }) };
  });
}
