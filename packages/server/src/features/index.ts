import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { createClock } from '../lib/today.js';
import { clockPlugin } from '../plugins/clock.js';
import { permissionsRoutes } from './permissions/permissions.routes.js';
import { productAnalysisRoutes } from './product-analysis/product-analysis.routes.js';
import { reportDataAnalysisRoutes } from './report-data-analysis/report-data-analysis.routes.js';
import { salonConfigRoutes } from './salon-config/salon-config.routes.js';
import { salonOverviewRoutes } from './salon-overview/salon-overview.routes.js';
import { salonsRoutes } from './salons/salons.routes.js';
import { salonsGrowingRoutes } from './salons-growing/salons-growing.routes.js';
import { serviceAnalysisRoutes } from './service-analysis/service-analysis.routes.js';
import { sessionsRoutes } from './sessions/sessions.routes.js';
import type { SessionService } from './sessions/sessions.service.js';
import { staffRoutes } from './staff/staff.routes.js';
import { statsRoutes } from './stats/stats.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Every feature's routes. Add a feature here. */
export async function featureRoutes(app: FastifyInstance, options: { sessions: SessionService; config: Config }) {
  await app.register(clockPlugin, { clock: createClock(options.config.demoToday) });
  await app.register(sessionsRoutes, options);
  await app.register(salonConfigRoutes);
  await app.register(salonsGrowingRoutes);
  await app.register(salonsRoutes);
  await app.register(permissionsRoutes);
  await app.register(usersRoutes, options);
  await app.register(salonOverviewRoutes);
  await app.register(statsRoutes);
  await app.register(reportDataAnalysisRoutes);
  await app.register(serviceAnalysisRoutes);
  await app.register(productAnalysisRoutes);
  await app.register(staffRoutes);
}
