import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The path is never echoed: it can carry a session code (SPEC.md puts it in every path). */
function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No such path for ${request.method}` });
}

/**
 * Serves the built web app, with long caching for hashed assets and index.html for every other
 * GET that is not an API path (the SPA's routes). The fallback is a real catch-all route, the
 * router's last choice, so @fastify/compress compresses it like every other route. A page the
 * build prerendered (dist/login.html for /login: index.html plus a static copy of the page, see
 * the web package's scripts/prerender.mjs) answers its own path instead of index.html.
 */
export const webPlugin = fp(async (app: FastifyInstance, { webDist }: { webDist: string }) => {
  app.setNotFoundHandler(notFound);
  if (!existsSync(join(webDist, 'index.html'))) return;
  const prerendered = new Map(
    readdirSync(webDist)
      .filter((file) => file.endsWith('.html') && file !== 'index.html')
      .map((file) => [`/${file.slice(0, -'.html'.length)}`, file]),
  );
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Hashed assets and the files at the root of dist (favicon, logo, manifest).
  app.get('/assets/*', (request, reply) => reply.sendFile(`assets/${(request.params as { '*': string })['*']}`));
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) return notFound(request, reply);
    const file = path.slice(1);
    if (file && !file.includes('/') && /\.[a-z0-9]+$/i.test(file) && existsSync(join(webDist, file))) return reply.sendFile(file);
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile(prerendered.get(path) ?? 'index.html');
  });
});
