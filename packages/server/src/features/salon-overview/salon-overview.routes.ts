import { getSalonOverview as getSalonOverviewEndpoint, ROLE_GROUPS } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { getSalonOverview } from './salon-overview.query.js';

/** The chain's calendar: salons default to Europe/Rome (DESIGN.md §2). */
const CHAIN_TIME_ZONE = 'Europe/Rome';

/** The calendar date of an instant in a time zone, YYYY-MM-DD. */
export function dateIn(now: Date, timeZone = CHAIN_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export async function salonOverviewRoutes(app: FastifyInstance) {
  registerEndpoint(app, getSalonOverviewEndpoint, ROLE_GROUPS.superadmin, async ({ query }) => {
    // Without fromDate the range starts on the first of toDate's month (the current month by default).
    const toDate = query.toDate ?? dateIn(new Date());
    const fromDate = query.fromDate ?? `${toDate.slice(0, 8)}01`;
    if (fromDate > toDate) throw new HttpError(400, `fromDate ${fromDate} is after toDate ${toDate}`, 'fromDate');
    return { fromDate, toDate, salons: await getSalonOverview(app.db, { fromDate, toDate }) };
  });
}
