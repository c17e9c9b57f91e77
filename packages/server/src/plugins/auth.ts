import type { BodyOf, Endpoint, Gender, GenderedReport, ParamsOf, QueryOf, ResponseOf } from '@salon/contracts';
import { ErrorResponse, toRoutePath } from '@salon/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TSchema } from 'typebox';
import type { Role } from '../db/database.js';
import type { Caller } from '../lib/caller.js';
import { hasAnyRole } from '../lib/user-access.js';
import { HttpError } from './errors.js';
import { strictNumbersHook } from './strict-numbers.js';

/**
 * Who may call a route: 'public' (no session), 'session' (any signed-in user, even one with
 * no roles), or the roles of which the caller needs at least one.
 */
export type Access = 'public' | 'session' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** The session code: the path's {SESSIONCODE}, the sessionCode query, or a Bearer header (raw: read before validation). */
function sessionCodeOf(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const fromPath = params?.SESSIONCODE;
  if (typeof fromPath === 'string' && fromPath) return fromPath;
  const fromQuery = query?.sessionCode;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return undefined;
}

const SALON_KEYS = ['salonId', 'SalonId', 'salonID'];

/**
 * Every salon id a request names, in its path, query or body: in objects, arrays of them (at
 * any depth), and the objects and arrays one level inside a body object. Walked with a stack,
 * never by recursion (the body parser has already refused bodies nested too deep).
 */
export function salonIdsOf(request: FastifyRequest): number[] {
  const found: number[] = [];
  const collect = (source: unknown) => {
    const pending: unknown[] = [source];
    while (pending.length > 0) {
      const item = pending.pop();
      if (Array.isArray(item)) {
        for (let i = item.length - 1; i >= 0; i--) pending.push(item[i]);
        continue;
      }
      if (!item || typeof item !== 'object') continue;
      for (const key of SALON_KEYS) {
        const value = (item as Record<string, unknown>)[key];
        if (value !== undefined && value !== null && value !== '') found.push(Number(value));
      }
    }
  };
  collect(request.params);
  collect(request.query);
  collect(request.body);
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const value of Object.values(body)) if (value && typeof value === 'object') collect(value);
  }
  return found;
}

/** Throws 403 unless the caller may act on this salon: a superadmin any, others their own. */
export function assertSalonAccess(caller: Caller, salonId: number): void {
  if (caller.isSuperadmin) return;
  if (caller.salonId === null || caller.salonId !== salonId) throw new HttpError(403, `You have no access to salon ${salonId}`);
}

/** The one thing the plugin needs of the sessions feature, passed in by app.ts so plugins never import a feature. */
export interface SessionCheck {
  authenticate(code: string | undefined): Promise<{ ok: true; caller: Caller } | { ok: false; reason: string }>;
}

export interface AuthPluginOptions {
  sessions: SessionCheck;
}

/**
 * Access control in one place. The session and the role are checked on the request as it
 * arrives (onRequest), before the body is parsed or anything validated: a caller without a
 * valid session learns 401 and nothing about what the route expects. The salon check needs the
 * validated params and body, so it runs just before the handler (preHandler).
 */
export const authPlugin = fp(async (app: FastifyInstance, { sessions }: AuthPluginOptions) => {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const auth = await sessions.authenticate(sessionCodeOf(request));
    if (!auth.ok) {
      throw new HttpError(401, auth.reason === 'missing' ? 'A session code is required' : 'Unauthorized Access');
    }
    const caller = auth.caller;
    request.caller = caller;
    if (access !== 'session' && !hasAnyRole(caller, access)) {
      throw new HttpError(403, 'Your role does not allow this call');
    }
  });
  app.addHook('preHandler', async (request: FastifyRequest, _reply: FastifyReply) => {
    const caller = request.caller;
    if (!caller) return;
    for (const salonId of salonIdsOf(request)) {
      if (!Number.isInteger(salonId) || salonId < 1) throw new HttpError(400, `Invalid salonId '${salonId}'`, 'salonId');
      assertSalonAccess(caller, salonId);
    }
  });
});

/** The caller of a route behind the auth plugin (never null there). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, 'Unauthorized Access');
  return request.caller;
}

/** What a handler receives: the validated parts of the request, typed by the contract. */
export interface EndpointInput<E> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The signed-in caller; null only on 'public' routes. */
  caller: Caller | null;
}

type Handler<E> = (input: EndpointInput<E>, request: FastifyRequest, reply: FastifyReply) => Promise<ResponseOf<E> | FastifyReply>;

/** Every endpoint registered so far, by `METHOD path`: the generic access tests walk it. */
export const registeredEndpoints = new Map<string, { endpoint: Endpoint; access: Access }>();

const NAMES_A_RECORD = /"(salonId|SalonId|salonID|userId)"/;

/**
 * The error answers of a route, each with its schema (ErrorResponse, the shape plugins/errors.ts
 * sends): 400 when it takes input, 401 behind a session, 403 when a role or a named salon/user is
 * checked, 409 for writes behind a session, 503 always (the database may be unreachable), plus the contract's own
 * `errors` (404, other shapes). Fastify serialises an error answer with its schema, so the schema
 * lists every field a client reads (statusCode, error, message, parameter).
 */
export function errorResponsesOf(endpoint: Endpoint, access: Access): Record<number, TSchema> {
  const responses: Record<number, TSchema> = {};
  if (endpoint.params || endpoint.querystring || endpoint.body) responses[400] = ErrorResponse;
  if (access !== 'public') {
    responses[401] = ErrorResponse;
    const input = JSON.stringify([endpoint.params, endpoint.querystring, endpoint.body]);
    if (access !== 'session' || NAMES_A_RECORD.test(input)) responses[403] = ErrorResponse;
    if (endpoint.method !== 'GET') responses[409] = ErrorResponse;
  }
  responses[503] = ErrorResponse;
  return { ...responses, ...endpoint.errors };
}

/**
 * Registers a contract endpoint: path, schemas (validation, serialisation, OpenAPI), access, and
 * the strict reading of numbers (plugins/strict-numbers.ts) before Ajv validates.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, access: Access, handler: Handler<E>): void {
  registeredEndpoints.set(`${endpoint.method} ${endpoint.path}`, { endpoint, access });
  const responses = errorResponsesOf(endpoint, access);
  if (!endpoint.isFile) responses[200] = endpoint.response;
  const checkNumbers = strictNumbersHook(endpoint);
  app.route({
    method: endpoint.method,
    url: toRoutePath(endpoint.path),
    config: { access },
    ...(endpoint.maxBodyBytes ? { bodyLimit: endpoint.maxBodyBytes } : {}),
    ...(checkNumbers ? { preValidation: checkNumbers } : {}),
    schema: {
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: responses,
      ...(access === 'public' ? {} : { security: [{ session: [] }] }),
    },
    handler: (request, reply) =>
      handler(
        {
          params: request.params as ParamsOf<E>,
          query: request.query as QueryOf<E>,
          body: request.body as BodyOf<E>,
          caller: request.caller,
        },
        request,
        reply,
      ),
  });
}

/** What a gendered report's handler receives: the plain endpoint's input and which clients to count. */
export type GenderedInput<G extends GenderedReport> = EndpointInput<G['all']> & { gender: Gender };

/**
 * Registers both endpoints of a plain/gender pair (contracts' `genderedReport`) with one handler:
 * the plain path answers `gender: 'ALL'`, the gender path its {gender}.
 */
export function registerGenderedReport<G extends GenderedReport>(
  app: FastifyInstance,
  report: G,
  access: Access,
  handler: (input: GenderedInput<G>, request: FastifyRequest, reply: FastifyReply) => Promise<ResponseOf<G['all']> | FastifyReply>,
): void {
  registerEndpoint(app, report.all, access, (input, request, reply) =>
    handler({ ...(input as EndpointInput<G['all']>), gender: 'ALL' }, request, reply),
  );
  registerEndpoint(app, report.byGender, access, (input, request, reply) => {
    const { gender, ...params } = input.params as { gender: Gender };
    return handler({ ...(input as unknown as EndpointInput<G['all']>), params: params as ParamsOf<G['all']>, gender }, request, reply);
  });
}
