import { health } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/auth.js';

/** Answers from memory: it must stay fast while long reports run. */
export async function healthRoutes(app: FastifyInstance) {
  registerEndpoint(app, health, 'public', async () => ({
    status: 'ok' as const,
    database: app.database.kind,
    schemaVersion: app.database.schemaVersion,
    uptimeSeconds: Math.round(process.uptime()),
  }));
}
