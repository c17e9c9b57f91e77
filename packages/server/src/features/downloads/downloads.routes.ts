import { getDownload } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';

/** The file behind a returned link: only for the session that asked, until the link expires. */
export async function downloadsRoutes(app: FastifyInstance) {
  registerEndpoint(app, getDownload, 'session', async ({ params }, request, reply) => {
    const source = app.downloads.open(callerOf(request), params.token);
    // Another session's link answers as an unknown one: a token says nothing about who made it.
    if (!source) throw new HttpError(404, 'This download link does not exist or has expired: export the file again', 'token');
    const file = await source.produce();
    return reply.type(source.contentType).header('Content-Disposition', `attachment; filename="${source.fileName}"`).send(file);
  });
}
