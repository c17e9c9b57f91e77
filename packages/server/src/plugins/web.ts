import { existsSync, readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { inlineScriptHashes, pageCsp } from './security-headers.js';

/** The path is never echoed: it can carry a session code (the API puts it in every path). */
function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No such path for ${request.method}` });
}

/**
 * The CSP of a page of the build: its inline scripts (the prerendered pages' boot script)
 * allowed by their sha256, read at startup and again whenever the file changes, so a rebuild
 * under a running server does not block its new boot script. Synchronous: @fastify/static's
 * setHeaders is; the pages are a few kB and read only when they change.
 */
function pageCspReader(): (path: string, stats?: Stats) => string {
  const known = new Map<string, { mtimeMs: number; size: number; csp: string }>();
  return (path, stats = statSync(path)) => {
    const hit = known.get(path);
    if (hit && hit.mtimeMs === stats.mtimeMs && hit.size === stats.size) return hit.csp;
    const csp = pageCsp(inlineScriptHashes(readFileSync(path, 'utf8')));
    known.set(path, { mtimeMs: stats.mtimeMs, size: stats.size, csp });
    return csp;
  };
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
  const pages = readdirSync(webDist).filter((file) => file.endsWith('.html'));
  const prerendered = new Map(pages.filter((file) => file !== 'index.html').map((file) => [`/${file.slice(0, -'.html'.length)}`, file]));
  const cspOf = pageCspReader();
  for (const page of pages) cspOf(join(webDist, page));
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(reply, path, stats) {
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // Every HTML file, whichever route serves it (/login, /login.html, index.html for the SPA).
      if (path.endsWith('.html')) reply.header('Content-Security-Policy', cspOf(path, stats));
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
