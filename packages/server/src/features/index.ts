import type { FastifyInstance } from 'fastify';
import { sessionsRoutes } from './sessions/sessions.routes.js';
import type { SessionService } from './sessions/sessions.service.js';

/** Every feature's routes. Add a feature here. */
export async function featureRoutes(app: FastifyInstance, options: { sessions: SessionService }) {
  await app.register(sessionsRoutes, options);
}
