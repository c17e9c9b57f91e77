import type { FastifyInstance } from 'fastify';
import { salonOverviewRoutes } from './salon-overview/salon-overview.routes.js';
import { sessionsRoutes } from './sessions/sessions.routes.js';
import type { SessionService } from './sessions/sessions.service.js';

/** Every feature's routes. Add a feature here. */
export async function featureRoutes(app: FastifyInstance, options: { sessions: SessionService }) {
  await app.register(sessionsRoutes, options);
  await app.register(salonOverviewRoutes);
}
