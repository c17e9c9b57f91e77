import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app (compressed by @fastify/compress), with long caching for hashed
 * assets and index.html for every other GET that is not an API path (the SPA's routes).
 */
export const webPlugin = fp(async (app: FastifyInstance, { webDist }: { webDist: string }) => {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
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
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No such path: ${request.method} ${path}` });
    }
    const file = path.slice(1);
    if (file && !file.includes('/') && /\.[a-z0-9]+$/i.test(file) && existsSync(join(webDist, file))) {
      return reply.sendFile(file);
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
});
