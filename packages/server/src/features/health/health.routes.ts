import { health } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/auth.js';

/** Asks the database on a connection of its own, so it stays fast while long reports run. */
export async function healthRoutes(app: FastifyInstance) {
  registerEndpoint(app, health, 'public', async (_input, _request, reply) => {
    const status = await app.database.check();
    if (!status.ok) reply.code(503).header('Retry-After', '5');
    return {
      status: status.ok ? ('ok' as const) : ('unavailable' as const),
      database: app.database.kind,
      schemaVersion: app.database.schemaVersion,
      uptimeSeconds: Math.round(process.uptime()),
      ...(status.reason ? { reason: status.reason } : {}),
    };
  });
}
