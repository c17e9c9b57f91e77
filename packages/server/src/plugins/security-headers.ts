import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** API answers (JSON, files) load nothing and may be framed by nothing. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The swagger-ui page at /api/docs: its own script files (no inline script) and styles; it
 * sets style attributes, hence 'unsafe-inline' for styles only.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The web app's pages: scripts only from this server, plus the inline boot scripts of the
 * prerendered pages by their hashes. Styles may be inline: MUI (emotion) inserts <style>
 * elements at run time and the prerendered copies carry their rules in a <style>.
 */
export function pageCsp(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `sha256-…` of every inline script (a <script> without src) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

function isDocs(path: string): boolean {
  return path === '/api/docs' || path.startsWith('/api/docs/');
}

/**
 * The headers every answer carries: no sniffing, no framing, no referrer (a path can carry a
 * session code), no caching of anything under /api/ (the docs included), and a CSP unless the
 * route set its own (the web app's pages do).
 */
export function applySecurityHeaders(url: string, reply: FastifyReply): void {
  const path = url.split('?')[0] ?? '';
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Referrer-Policy', 'no-referrer');
  if (path === '/api' || path.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', isDocs(path) ? DOCS_CSP : API_CSP);
}

/** Security headers on every answer: API, static files, the app's pages, /api/docs, errors. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    applySecurityHeaders(request.url, reply);
    return payload;
  });
});
