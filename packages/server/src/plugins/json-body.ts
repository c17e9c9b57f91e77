import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.js';

/** No contract body nests deeper than a few levels; 32 leaves room and keeps every walk short. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`, read character by
 * character before it is parsed (no recursion, so a 10,000-deep body cannot overflow a stack).
 * Brackets inside strings do not count.
 */
export function isNestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * Fastify's own JSON body parser (prototype-poisoning checks included), behind a nesting
 * limit checked first: everything that later walks a body (the salon check, the number
 * checks, Ajv) meets at most MAX_JSON_DEPTH levels.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`), undefined);
      return;
    }
    parse(request, text, done);
  });
});
