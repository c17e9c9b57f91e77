import { listSalons } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { listSalonDtos } from './salons.query.js';

export async function salonsRoutes(app: FastifyInstance) {
  registerEndpoint(app, listSalons, 'session', async (_input, request) => {
    const caller = callerOf(request);
    if (caller.isSuperadmin) return listSalonDtos(app.db, app.clock);
    if (caller.salonId === null) return [];
    return listSalonDtos(app.db, app.clock, caller.salonId);
  });
}
