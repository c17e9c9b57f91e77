import { DATE_RANGE } from '@salon/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.js';
import { applySecurityHeaders } from './security-headers.js';

export { HttpError };

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const connectionErrnos = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const connectionMessages = /Connection terminated|not queryable|timeout exceeded when trying to connect|connection (is )?closed/i;

/**
 * The database cannot be reached (down, restarting, out of connections): not the client's
 * fault and not a bug, so 503 and the client may try again.
 */
export function isDatabaseUnavailable(error: { code?: string; message?: string }): boolean {
  const code = error.code ?? '';
  return (
    connectionErrnos.has(code) ||
    code.startsWith('08') || // connection exception
    ['57P01', '57P02', '57P03', '53300'].includes(code) || // shutdown, crash, starting up, too many connections
    connectionMessages.test(error.message ?? '')
  );
}

/** PostgreSQL errors a client's input can cause (bad values reaching SQL) map to 4xx. */
const pgClientErrors: Record<string, [number, string]> = {
  '22P02': [400, 'A value has the wrong format'],
  '22007': [400, 'A date is not valid'],
  '22008': [400, 'A date is out of range'],
  '22003': [400, 'A number is out of range'],
  '22023': [400, 'A value is not valid (such as a time zone PostgreSQL does not know)'],
  '23505': [409, 'That record already exists'],
  '23503': [409, 'That record refers to something that does not exist, or is still referred to'],
  '23514': [400, 'A value breaks a rule of the data'],
  '23P01': [409, 'That overlaps another record of the same person (one person’s shifts never overlap)'],
  '22001': [400, 'A text is too long'],
  '22021': [400, 'A text contains a character that cannot be stored (such as a NUL byte)'],
  '22P05': [400, 'A text contains a character that cannot be stored (such as a NUL byte)'],
};

function describeValidation(error: FastifyError): { message: string; parameter?: string } {
  const errors = error.validation ?? [];
  // A union none of whose shapes fit reports each shape's error: the one deepest in the value says the most.
  const first = errors.some((e) => e.keyword === 'anyOf')
    ? errors.reduce(
        (best, e) => (e.keyword !== 'anyOf' && e.instancePath.length > best.instancePath.length ? e : best),
        errors[0] as (typeof errors)[number],
      )
    : errors[0];
  if (!first) return { message: error.message };
  const where = error.validationContext ?? 'request';
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  const parameter = missing ?? (path || undefined);
  const label = where === 'params' ? 'path parameter' : where === 'querystring' ? 'query parameter' : where;
  if (missing) return { message: `Missing ${label} '${missing}'`, parameter };
  const format = first.keyword === 'format' ? (first.params as { format?: string }).format : undefined;
  if (format === 'date' || format === 'date-time' || format === 'local-date-time') {
    const shape = format === 'date' ? 'a calendar date YYYY-MM-DD' : 'a moment YYYY-MM-DDTHH:MM';
    return {
      message: `Invalid ${label} '${parameter ?? where}': must be ${shape} from ${DATE_RANGE.min} to ${DATE_RANGE.max}`,
      ...(parameter ? { parameter } : {}),
    };
  }
  if (!parameter) return { message: `Invalid ${label}: ${first.message}` };
  return { message: `Invalid ${label} '${parameter}': ${first.message}`, parameter };
}

/**
 * Errors raised before routing (a URL with bad percent-encoding): Fastify's `frameworkErrors`
 * option. Without it they answer in another shape and echo the URL, session code included.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No route, so no onSend hook: the security headers are set here.
  applySecurityHeaders(request.url, reply);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid (bad percent-encoding)' : 'The request is not valid';
  reply.status(status).send({ statusCode: status, error: reasons[status] ?? 'Error', message });
}

/** Every error answers JSON `{statusCode, error, message}`; nothing a client sends answers 500. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    let status = error.statusCode ?? 500;
    let message = error.message;
    let parameter: string | undefined;
    let details: Record<string, unknown> | undefined;
    if (error.validation) {
      status = 400;
      ({ message, parameter } = describeValidation(error));
      // A missing or garbled session code ('null', 'undefined', truncated) is a failed sign-in,
      // not a bad request: 401 makes the client log out.
      if (parameter === 'SESSIONCODE' || parameter === 'sessionCode') {
        status = 401;
        message = 'Unauthorized Access';
        parameter = undefined;
      }
    } else if (error instanceof HttpError) {
      parameter = error.parameter;
      details = error.details;
    } else if (error.code && pgClientErrors[error.code]) {
      const mapped = pgClientErrors[error.code] as [number, string];
      status = mapped[0];
      message = mapped[1];
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      message = 'The database is not available at the moment; try again in a few seconds.';
      reply.header('Retry-After', '5');
    } else if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      message = 'something went wrong.';
    }
    if (status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') message = 'The body is not valid JSON';
    reply
      .status(status)
      .send({ statusCode: status, error: reasons[status] ?? 'Error', message, ...(parameter ? { parameter } : {}), ...details });
  });
});
