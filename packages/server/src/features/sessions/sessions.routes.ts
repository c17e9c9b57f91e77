import { checkSession, login, logout, updateOwnUser } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { shapeWholeUser } from '../../lib/user-view.js';
import { getUserDtoById } from '../../lib/users.query.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { updateOwnSettings } from './sessions.query.js';
import type { SessionService } from './sessions.service.js';

export async function sessionsRoutes(app: FastifyInstance, { sessions }: { sessions: SessionService }) {
  registerEndpoint(app, login, 'public', async ({ query }, request, reply) => {
    const result = await sessions.login(query.username, query.password, request.ip);
    if (result.ok) return result.response;
    if (result.status === 429) {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      return reply
        .status(429)
        .header('Retry-After', String(result.retryAfterSeconds))
        .send({ statusCode: 429, error: 'Too Many Requests', message: `Too many failed sign-ins. Try again in ${minutes} minutes.` });
    }
    return reply.status(result.status).send({ success: false, message: 'Failed to login', errors: result.errors });
  });

  registerEndpoint(app, checkSession, 'public', async ({ query }) => {
    const result = await sessions.check(query.sessionCode);
    if (!result.ok) throw new HttpError(401, 'Failed to login with SessionCode.');
    return result.response;
  });

  registerEndpoint(app, logout, 'session', async (_input, request) => {
    await sessions.logout(callerOf(request).sessionId);
    return { success: true };
  });

  registerEndpoint(app, updateOwnUser, 'session', async ({ body }, request) => {
    const caller = callerOf(request);
    const { settings, data, language } = body.user;
    const changes = {
      ...(settings !== undefined ? { settings: JSON.stringify(settings) } : {}),
      ...(data !== undefined ? { shortcuts: JSON.stringify([...new Set(data.shortcuts)]) } : {}),
      ...(language !== undefined ? { language } : {}),
    };
    await updateOwnSettings(app.db, caller.userId, changes);
    const user = await getUserDtoById(app.db, caller.userId);
    if (!user) throw new HttpError(404, 'User not found');
    return shapeWholeUser(caller, user);
  });
}
