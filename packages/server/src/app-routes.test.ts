import { readdirSync } from 'node:fs';
import * as contracts from '@salon/contracts';
import { type Endpoint, toRoutePath } from '@salon/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES_MODULES } from './features/index.js';
import { registerEndpoint, registeredEndpoints } from './plugins/auth.js';
import { createTestApp, type TestApp } from './test/helpers.js';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

/** Every endpoint @salon/contracts defines: exported alone, in a plain/gender pair, or in a map of endpoints. */
function contractEndpoints(): Map<string, Endpoint> {
  const found = new Map<string, Endpoint>();
  const add = (endpoint: Endpoint) => {
    const key = `${endpoint.method} ${endpoint.path}`;
    const seen = found.get(key);
    // Two different contract objects on one method and path would be two definitions of a route.
    if (seen && seen !== endpoint) throw new Error(`two contract endpoints on ${key}`);
    found.set(key, endpoint);
  };
  for (const value of Object.values(contracts as Record<string, unknown>)) {
    if (isEndpoint(value)) add(value);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const inner of Object.values(value)) if (isEndpoint(inner)) add(inner);
    }
  }
  return found;
}

let t: TestApp;
beforeAll(async () => {
  registeredEndpoints.clear();
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route registration (the ROUTES_MODULES list in features/index.ts)', () => {
  it('lists every routes file under features/ exactly once, so none is left unregistered', () => {
    const featuresDir = new URL('./features/', import.meta.url);
    const onDisk = readdirSync(featuresDir, { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.routes\.ts$/.test(path))
      .sort();
    expect(onDisk.length).toBeGreaterThanOrEqual(12);
    expect(ROUTES_MODULES.map((m) => m.file).sort()).toEqual(onDisk);
  });

  it("names each module's file truly: the file exports exactly one …Routes plugin, the one listed", async () => {
    for (const { file, plugin } of ROUTES_MODULES) {
      const module = (await import(/* @vite-ignore */ `./features/${file}`)) as Record<string, unknown>;
      const plugins = Object.entries(module).filter(([name, value]) => name.endsWith('Routes') && typeof value === 'function');
      expect(
        plugins.map(([name]) => name),
        file,
      ).toEqual([plugin.name]);
      expect(plugins[0]?.[1], file).toBe(plugin);
    }
  });

  it('registers every endpoint defined in @salon/contracts, and no route that is not in the contracts', () => {
    const endpoints = contractEndpoints();
    expect(endpoints.size).toBeGreaterThan(60);
    // ignoreTrailingSlash: a route declared as /api/Sessions/Check/ is stored as /api/Sessions/Check.
    const missing = [...endpoints.values()].filter(
      (e) => !t.app.hasRoute({ method: e.method, url: toRoutePath(e.path).replace(/(.)\/$/, '$1') }),
    );
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
    expect([...registeredEndpoints.keys()].sort()).toEqual([...endpoints.keys()].sort());
  });

  it('refuses to register one endpoint twice (so each is registered exactly once)', async () => {
    const app = Fastify();
    const answer = { status: 'ok', database: 'embedded', schemaVersion: 1, uptimeSeconds: 0 } as const;
    registerEndpoint(app, contracts.health, 'public', async () => answer);
    expect(() => registerEndpoint(app, contracts.health, 'public', async () => answer)).toThrow(/already declared|duplicated/i);
    await app.close();
  });
});

describe('error answers in the contract (OpenAPI)', () => {
  type Operation = { responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> };
  async function openApi() {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    return res.json() as { paths: Record<string, Record<string, Operation>> };
  }

  it('documents 400, 401, 403, 404, 409 and 503 with the error shape on PUT /api/Users/{SESSIONCODE}/{userId}', async () => {
    const doc = await openApi();
    const put = doc.paths['/api/Users/{SESSIONCODE}/{userId}']?.put as Operation;
    expect(Object.keys(put.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '503']);
    for (const status of ['400', '401', '403', '404', '409', '503']) {
      const schema = put.responses[status]?.content?.['application/json']?.schema;
      expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(['error', 'message', 'parameter', 'statusCode']);
    }
  });

  it('documents a report route with 400, 401, 403 and 503 but no 404 or 409, and the login with its own failure shape', async () => {
    const doc = await openApi();
    const report = doc.paths['/api/Stats/GetSalesDataAnalysisPerDay/{toDate}/{fromDate}/{salonId}/{SESSIONCODE}']?.get as Operation;
    expect(Object.keys(report.responses).sort()).toEqual(['200', '400', '401', '403', '503']);
    const login = doc.paths['/api/Sessions/Login']?.post as Operation;
    expect(Object.keys(login.responses).sort()).toEqual(['200', '400', '401', '429', '503']);
    expect(JSON.stringify(login.responses['401'])).toContain('"errors"');
  });

  it('keeps every field clients read when an error is serialised through its schema', async () => {
    // 400 naming the parameter (validation), 401 (no session), 404 with parameter (handler).
    const bad = await t.app.inject({ url: '/api/Stats/GetSalesDataAnalysisPerDay/2026-02-30/2026-01-01/1/x.y.z' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/Sessions/Login',
      query: { username: 'nobody', password: 'wrong-password' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({
      success: false,
      message: 'Failed to login',
      errors: { username: expect.any(String), password: expect.any(String) },
    });
    const missing = await t.app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: 'nobody' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().success).toBe(false);
  });
});
