import { type Endpoint, fillPath } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCode } from '../lib/session-code.js';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../test/helpers.js';
import { type Access, registeredEndpoints } from './auth.js';

/**
 * Generic access tests over EVERY endpoint registered through registerEndpoint, including the
 * ones added after this file was written: each route is called with values built from its own
 * schemas, so a new route is covered without touching this file.
 */

interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

const SALON_KEYS = ['salonId', 'SalonId', 'salonID'];
const SESSION_KEYS = ['SESSIONCODE', 'sessionCode'];
const today = new Date().toISOString().slice(0, 10);

/** A date and time (the staff contracts' LocalDateTime: 'YYYY-MM-DDTHH:MM', optional offset). */
function isDateTime(schema: JsonSchema): boolean {
  return schema.type === 'string' && (schema.pattern ?? '').includes('\\d{2}-\\d{2}T');
}

function isDate(schema: JsonSchema): boolean {
  if (isDateTime(schema)) return false;
  return schema.type === 'string' && (schema.format === 'date' || (schema.pattern ?? '').includes('\\d{4}-\\d{2}-\\d{2}'));
}

/** The first non-null alternative of a union, or the schema itself. */
function concrete(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((type) => type !== 'null') ?? 'null' };
  if (schema.anyOf) return concrete(schema.anyOf.find((s) => s.type !== 'null') ?? (schema.anyOf[0] as JsonSchema));
  return schema;
}

function isInteger(schema: JsonSchema): boolean {
  return concrete(schema).type === 'integer';
}

function isNumber(schema: JsonSchema): boolean {
  return concrete(schema).type === 'number';
}

function isNullable(schema: JsonSchema): boolean {
  return schema.anyOf?.some((s) => s.type === 'null') === true || (Array.isArray(schema.type) && schema.type.includes('null'));
}

/** What Number() reads as a number but a client must not send: Ajv's coercion took every one of them. */
const NOT_DECIMAL_INTEGERS = ['abc', '1.5', 'Infinity', '-Infinity', 'NaN', '+1', '1e3', 'true', '0x10', '1.0', ' 1', '1 ', ''];
const NOT_DECIMAL_NUMBERS = ['abc', 'Infinity', '-Infinity', 'NaN', '+1', '1e3', 'true', '0x10', ' 1', '1.', '.5'];

/** The numeric fields of a body schema (its properties, or those of its items), with their path in a sample body. */
function numberFieldsOfBody(schema: JsonSchema): { path: string[]; schema: JsonSchema }[] {
  const plain = concrete(schema);
  if (plain.type === 'array' && plain.items)
    return numberFieldsOfBody(plain.items).map((field) => ({ ...field, path: ['0', ...field.path] }));
  if (plain.type === 'integer' || plain.type === 'number') return [{ path: [], schema }];
  return Object.entries(plain.properties ?? {}).flatMap(([key, property]) =>
    numberFieldsOfBody(property).map((field) => ({ ...field, path: [key, ...field.path] })),
  );
}

/** A copy of a sample body with one value replaced (objects and arrays on the way created as needed). */
function withValueAt(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  let target = copy;
  path.slice(0, -1).forEach((key, index) => {
    target[key] ??= /^\d+$/.test(path[index + 1] as string) ? [] : {};
    target = target[key] as Record<string, unknown>;
  });
  target[path.at(-1) as string] = value;
  return copy;
}

function isEnum(schema: JsonSchema): boolean {
  return schema.anyOf?.every((s) => s.const !== undefined || s.type === 'null') === true || schema.enum !== undefined;
}

interface SampleContext {
  code: string;
  salonId: number;
}

/** A valid value for a schema: integers 1 (or their minimum), dates today, enums their first literal, strings 'x'. */
function sample(schema: JsonSchema, name: string, ctx: SampleContext): unknown {
  if (SESSION_KEYS.includes(name)) return ctx.code;
  if (SALON_KEYS.includes(name)) return ctx.salonId;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(concrete(schema), name, ctx);
  if (Array.isArray(schema.type)) return sample({ ...schema, type: schema.type.find((type) => type !== 'null') ?? 'null' }, name, ctx);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, name, ctx));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key] ?? {}, key, ctx);
      return out;
    }
    case 'string': {
      if (isDate(schema)) return today;
      if (isDateTime(schema)) return `${today}T09:00`;
      const candidates = ['x'.repeat(Math.max(1, schema.minLength ?? 1)), 'abc123', 'sample.value', '1', 'MALE'];
      const fits = (value: string) =>
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
        (!schema.pattern || new RegExp(schema.pattern).test(value));
      return candidates.find(fits) ?? candidates[0];
    }
    default:
      return 'x';
  }
}

interface Route {
  key: string;
  endpoint: Endpoint;
  access: Access;
}

function propertiesOf(schema: unknown): Record<string, JsonSchema> {
  return ((schema as JsonSchema | undefined)?.properties ?? {}) as Record<string, JsonSchema>;
}

interface Request {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

function build(endpoint: Endpoint, ctx: SampleContext): Request {
  const params: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(propertiesOf(endpoint.params))) params[name] = sample(schema, name, ctx);
  // Placeholders the params schema does not describe still need a value.
  for (const match of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    const name = match[1] as string;
    if (!(name in params)) params[name] = SESSION_KEYS.includes(name) ? ctx.code : SALON_KEYS.includes(name) ? ctx.salonId : 1;
  }
  const query = (endpoint.querystring ? sample(endpoint.querystring as JsonSchema, 'query', ctx) : {}) as Record<string, unknown>;
  const body = endpoint.body ? sample(endpoint.body as JsonSchema, 'body', ctx) : undefined;
  return { params, query, body };
}

/** Calls the route; the code also goes in a Bearer header, for routes that take it only there. */
function inject(t: TestApp, endpoint: Endpoint, request: Request, code: string) {
  const params = Object.fromEntries(Object.entries(request.params).map(([k, v]) => [k, String(v)]));
  const query = Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, String(v)]));
  return t.app.inject({
    method: endpoint.method,
    url: fillPath(endpoint.path, params),
    query,
    headers: { authorization: `Bearer ${code}` },
    ...(request.body !== undefined ? { payload: request.body as object } : {}),
  });
}

const label = (route: Route, what: string) => `${route.key} ${what}`;

let t: TestApp;
let fx: Awaited<ReturnType<typeof seedAccessFixture>>;
let routes: Route[];
let managerCode: string;
let superCode: string;

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailuresPerAddress: 1000 });
  fx = await seedAccessFixture(t.db);
  managerCode = await signIn(t.app, 'manager');
  superCode = await signIn(t.app, 'superadmin');
  routes = [...registeredEndpoints.entries()].map(([key, value]) => ({ key, ...value }));
});
afterAll(() => t.close());

describe('every registered route', () => {
  it('is collected (sessions, users, permissions and salons at least)', () => {
    const keys = routes.map((r) => r.key);
    for (const key of [
      'POST /api/Sessions/Login',
      'GET /api/Salons/{SESSIONCODE}',
      'GET /api/Permissions/{SESSIONCODE}',
      'PUT /api/Users/SetPasswordAdmin/{SESSIONCODE}/{userId}',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it('answers 403 to an ADMIN of salon 1 naming salon 2 in any salonId (path, query or body)', async () => {
    const checked: string[] = [];
    for (const route of routes) {
      if (route.access === 'public') continue;
      const request = build(route.endpoint, { code: managerCode, salonId: fx.salon1 });
      let named = false;
      for (const part of [request.params, request.query, request.body]) {
        if (!part || typeof part !== 'object' || Array.isArray(part)) continue;
        for (const key of SALON_KEYS) {
          if (key in part) {
            (part as Record<string, unknown>)[key] = fx.salon2;
            named = true;
          }
        }
      }
      // Optional salonId query parameters count too: add them.
      for (const key of Object.keys(propertiesOf(route.endpoint.querystring))) {
        if (SALON_KEYS.includes(key) && !(key in request.query)) {
          request.query[key] = fx.salon2;
          named = true;
        }
      }
      if (!named) continue;
      checked.push(route.key);
      const res = await inject(t, route.endpoint, request, managerCode);
      expect(res.statusCode, label(route, res.body)).toBe(403);
      expect(res.json(), route.key).toMatchObject({ statusCode: 403, error: 'Forbidden', message: expect.any(String) });
    }
    expect(checked).toContain('GET /api/Users/GetOnlyWorking/{SESSIONCODE}');
  });

  it('answers 401 to a forged and to a revoked session code on every route that needs a session', async () => {
    const forged = createSessionCode('not-the-server-secret', new Date(Date.now() + 3_600_000));
    const revoked = await signIn(t.app, 'manager');
    await t.app.inject({ method: 'POST', url: '/api/Sessions/Logout/', query: { sessionCode: revoked } });
    for (const route of routes) {
      // A {SESSIONCODE} route must check it even if someone registered it as 'public' by mistake.
      const takesCode = route.endpoint.path.includes('{SESSIONCODE}') || 'sessionCode' in propertiesOf(route.endpoint.querystring);
      if (route.access === 'public' && !takesCode) continue;
      for (const code of [forged, revoked]) {
        const request = build(route.endpoint, { code, salonId: fx.salon1 });
        const res = await inject(t, route.endpoint, request, code);
        expect(res.statusCode, label(route, res.body)).toBe(401);
        expect(res.json(), route.key).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
    }
  });

  it('answers 401, not 400, to a forged session code with an invalid body, query or path on every route that needs a session', async () => {
    const forged = createSessionCode('not-the-server-secret', new Date(Date.now() + 3_600_000));
    let checked = 0;
    for (const route of routes) {
      if (route.access === 'public') continue;
      const request = build(route.endpoint, { code: forged, salonId: fx.salon1 });
      const invalid: Request[] = [{ ...request, query: { ...request.query, salonId: 'Infinity', month: '1e3' } }];
      for (const name of Object.keys(propertiesOf(route.endpoint.params))) {
        if (!SESSION_KEYS.includes(name)) invalid.push({ ...request, params: { ...request.params, [name]: 'not valid' } });
      }
      if (route.endpoint.body) invalid.push({ ...request, body: {} }, { ...request, body: 'text' }, { ...request, body: [[['deep']]] });
      for (const bad of invalid) {
        const res = await inject(t, route.endpoint, bad, forged);
        expect(res.statusCode, label(route, `${JSON.stringify(bad).slice(0, 300)}: ${res.body}`)).toBe(401);
        expect(res.json(), route.key).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized Access' });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(routes.length);
  });

  it('answers 400 naming the parameter to malformed numbers, dates and enum values in the path and the query, never 500', async () => {
    let checked = 0;
    for (const route of routes) {
      for (const where of ['params', 'query'] as const) {
        const schemaProps = propertiesOf(where === 'params' ? route.endpoint.params : route.endpoint.querystring);
        for (const [name, schema] of Object.entries(schemaProps)) {
          if (SESSION_KEYS.includes(name)) continue;
          const plain = concrete(schema);
          const malformed = isInteger(schema)
            ? NOT_DECIMAL_INTEGERS
            : isNumber(schema)
              ? NOT_DECIMAL_NUMBERS
              : isDate(plain)
                ? ['2024-13-45', '2024-02-30', 'yesterday']
                : isDateTime(plain)
                  ? ['2024-13-45T09:00', '2024-02-30T09:00', '2024-03-01T25:00', 'yesterday']
                  : isEnum(schema)
                    ? ['NOT_A_VALUE']
                    : [];
          // An empty path segment is another route.
          for (const value of malformed.filter((v) => v !== '' || where === 'query')) {
            // A SUPERADMIN passes every role check, so the answer is about the value.
            const request = build(route.endpoint, { code: superCode, salonId: fx.salon1 });
            request[where][name] = value;
            const res = await inject(t, route.endpoint, request, superCode);
            expect(res.statusCode, label(route, `${name}=${JSON.stringify(value)}: ${res.body}`)).toBe(400);
            expect(res.json(), `${route.key} ${name}=${JSON.stringify(value)}`).toMatchObject({
              statusCode: 400,
              error: 'Bad Request',
              parameter: name,
            });
            checked++;
          }
          if (isInteger(schema)) {
            for (const value of ['-1', '0', '99999999999999999999']) {
              const request = build(route.endpoint, { code: superCode, salonId: fx.salon1 });
              request[where][name] = value;
              const res = await inject(t, route.endpoint, request, superCode);
              expect(res.statusCode, label(route, `${name}=${value}: ${res.body}`)).toBeLessThan(500);
            }
          }
        }
      }
    }
    // Every integer of GetRecapData's path, for one.
    expect(checked).toBeGreaterThan(100);
  });

  it('answers 400 naming the field to anything but a JSON number where a body wants a number', async () => {
    let checked = 0;
    for (const route of routes) {
      if (!route.endpoint.body) continue;
      const valid = build(route.endpoint, { code: superCode, salonId: fx.salon1 });
      for (const { path, schema } of numberFieldsOfBody(route.endpoint.body as JsonSchema)) {
        const wrong: unknown[] = ['1', 'Infinity', '1e3', true, ...(isInteger(schema) ? [1.5] : []), ...(isNullable(schema) ? [] : [null])];
        for (const value of wrong) {
          const body = withValueAt(valid.body, path, value);
          const res = await inject(t, route.endpoint, { ...valid, body }, superCode);
          expect(res.statusCode, label(route, `${path.join('.')}=${JSON.stringify(value)}: ${res.body}`)).toBe(400);
          expect(res.json(), `${route.key} ${path.join('.')}=${JSON.stringify(value)}`).toMatchObject({
            statusCode: 400,
            parameter: path.join('.'),
          });
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('answers 400 to a body nested deeper than 32 levels, before any walk of it can overflow the stack', async () => {
    let checked = 0;
    for (const route of routes) {
      if (!route.endpoint.body) continue;
      const valid = build(route.endpoint, { code: superCode, salonId: fx.salon1 });
      for (const payload of ['['.repeat(10_000) + ']'.repeat(10_000), `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`]) {
        const res = await t.app.inject({
          method: route.endpoint.method,
          url: fillPath(route.endpoint.path, Object.fromEntries(Object.entries(valid.params).map(([k, v]) => [k, String(v)]))),
          query: Object.fromEntries(Object.entries(valid.query).map(([k, v]) => [k, String(v)])),
          headers: { authorization: `Bearer ${superCode}`, 'content-type': 'application/json' },
          payload,
        });
        // A route with a smaller body limit refuses the size first.
        const tooBig = route.endpoint.maxBodyBytes !== undefined && payload.length > route.endpoint.maxBodyBytes;
        expect(res.statusCode, label(route, res.body)).toBe(tooBig ? 413 : 400);
        if (!tooBig) expect(res.json().message, route.key).toMatch(/more than 32 levels deep/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('never answers 500 to bodies of the wrong JSON types, NUL bytes or huge numbers', async () => {
    const wrongValues: unknown[] = [{ nested: { deeper: [1] } }, [1, 'two'], 'text', 'a\u0000b', 1e300, -1, true, null, 'x'.repeat(5000)];
    let checked = 0;
    for (const route of routes) {
      if (!route.endpoint.body || route.endpoint.path.includes('Logout')) continue;
      const valid = build(route.endpoint, { code: superCode, salonId: fx.salon1 });
      const bodies: unknown[] = [[], {}, 'text', 42, null];
      const properties = propertiesOf(route.endpoint.body);
      for (const name of Object.keys(properties)) {
        for (const value of wrongValues) bodies.push({ ...(valid.body as object), [name]: value });
      }
      for (const body of bodies) {
        const res = await t.app.inject({
          method: route.endpoint.method,
          url: fillPath(route.endpoint.path, Object.fromEntries(Object.entries(valid.params).map(([k, v]) => [k, String(v)]))),
          query: Object.fromEntries(Object.entries(valid.query).map(([k, v]) => [k, String(v)])),
          headers: { authorization: `Bearer ${superCode}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, label(route, `${JSON.stringify(body).slice(0, 200)}: ${res.body}`)).toBeLessThan(500);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('never answers 500 to valid sample values, for a SUPERADMIN and for an ADMIN of salon 1', async () => {
    for (const code of [superCode, managerCode]) {
      for (const route of routes) {
        // Logout would end the session the rest of the sweep uses.
        if (route.endpoint.path.includes('Logout')) continue;
        const request = build(route.endpoint, { code, salonId: fx.salon1 });
        const res = await inject(t, route.endpoint, request, code);
        expect(res.statusCode, label(route, res.body)).toBeLessThan(500);
      }
    }
  });
});
