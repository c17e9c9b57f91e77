import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { isAcceptedDate, isAcceptedDateTime, LOCAL_DATE_TIME_FORMAT } from '@salon/contracts';
import type { Ajv } from 'ajv';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import { featureRoutes } from './features/index.js';
import { SessionService } from './features/sessions/sessions.service.js';
import { redactUrl } from './lib/session-code.js';
import { authPlugin } from './plugins/auth.js';
import { dbPlugin } from './plugins/db.js';
import { downloadsPlugin } from './plugins/downloads.js';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webPlugin } from './plugins/web.js';
import { workQueuePlugin } from './plugins/work-queue.js';

/** The largest in-memory answer compressed in one call (above the largest JSON report, a year's staff daily details). */
export const SYNC_COMPRESS_MAX_BYTES = 8 * 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Fastify logger options; false in tests. */
  logger?: FastifyServerOptions['logger'];
}

/** Logs carry no session code and no password: paths and queries are redacted. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function trusting that many hops
 * from the connection (as Express does): Fastify 5.12 reads a bare number as "trust none".
 */
export function trustProxyOption(setting: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/**
 * Every date and moment the API reads is checked here, once: a real calendar day within DATE_RANGE
 * (PostgreSQL accepts far more, and a year 9999 overflowed time zone arithmetic into a 500).
 */
function addDateFormats(ajv: Ajv): void {
  // ajv-formats' own date-time check (offset required), kept and narrowed to the range.
  const iso = ajv.formats['date-time'] as { validate?: (text: string) => boolean } | undefined;
  const isIsoDateTime = (text: string) => (typeof iso?.validate === 'function' ? iso.validate(text) : true);
  ajv.addFormat('date', { type: 'string', validate: isAcceptedDate });
  ajv.addFormat('date-time', { type: 'string', validate: (text: string) => isIsoDateTime(text) && isAcceptedDateTime(text) });
  ajv.addFormat(LOCAL_DATE_TIME_FORMAT, { type: 'string', validate: isAcceptedDateTime });
}

/**
 * The response serialiser (fast-json-stringify) has an Ajv of its own that picks the branch of a union
 * (a moment or null): it knows JSON Schema's formats, and is given ours so it neither warns about nor skips it.
 */
export const SERIALIZER_OPTIONS = {
  ajv: { formats: { [LOCAL_DATE_TIME_FORMAT]: { type: 'string' as const, validate: isAcceptedDateTime } } },
};

export async function buildApp({ config, database, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // Off unless TRUST_PROXY says which proxy to believe: else any client could pick its own
    // address with X-Forwarded-For and escape the per-address sign-in throttle.
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    bodyLimit: 5 * 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false }, onCreate: addDateFormats },
    serializerOpts: SERIALIZER_OPTIONS,
    frameworkErrors: frameworkErrorHandler,
    // The feature routes are imported at start: on a busy machine (tsx compiling them) that took more than the default 10 s.
    pluginTimeout: 120_000,
  });
  const sessions = await SessionService.create(database.db, config);

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(dbPlugin, { database });
  // Brotli quality 1, not the plugin's 4: on a year's report quality 4 spent longer compressing than the
  // query took, for a slightly smaller answer (docs/decisions/0009-compression.md).
  // Every answer built in memory (a string or Buffer: every JSON report) up to SYNC_COMPRESS_MAX_BYTES is
  // compressed in one call, not through a zlib stream on the threadpool (the plugin's default above 8 KB on
  // 2 cores): on a loaded 2-core machine the stream's hops cost more than the work.
  // Streams (file downloads) keep the streaming path.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
  // After compress (its onSend ends a turn once the answer is compressed), before auth (a call waits before its session is read).
  await app.register(workQueuePlugin, { concurrency: config.workConcurrency, maxQueued: config.workQueueMax });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Salon back-office API',
        version: '1.0.0',
        description: 'Analytics and staff management for chains of salons. Money in euros; dates YYYY-MM-DD.',
      },
      components: {
        securitySchemes: { session: { type: 'http', scheme: 'bearer', description: 'The session code (also accepted in the path)' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { sessions });

  await app.register(securityHeadersPlugin);

  await app.register(downloadsPlugin, {});
  await app.register(featureRoutes, { sessions, config });
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
