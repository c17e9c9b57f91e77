import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from './app.js';
import { createTestApp, createTestDatabase, insertUser, seedAccessFixture, signIn, type TestApp, testConfig } from './test/helpers.js';

let t: TestApp;
let code: string;
let fx: Awaited<ReturnType<typeof seedAccessFixture>>;

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedAccessFixture(t.db);
  code = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers unknown /api/ paths with a JSON 404, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/NoSuchThing'],
      ['POST', `/api/NoSuchThing/${code}`],
      ['DELETE', '/api/Users'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: expect.any(String) });
    }
  });

  it("answers a garbled or placeholder session code ('null', 'undefined', truncated) with 401, not 400", async () => {
    for (const bad of ['null', 'undefined', code.slice(0, 30), `${code}$`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Salons/${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized Access' });
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/Sessions/Logout/' });
    expect(missing.statusCode).toBe(401);
  });

  it('answers a malformed JSON body with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/Users/${code}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "half',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The body is not valid JSON' });
  });

  it('answers a URL with bad percent-encoding with a JSON 400 that does not echo the URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Users/${code}/%ZZ` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The URL is not valid (bad percent-encoding)' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers text with a NUL byte, which PostgreSQL cannot store, with 400', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/Users/${code}/${fx.users.stylist}`, payload: { firstName: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/NUL/);
  });

  it('answers a body of the wrong content type with a JSON 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/Users/${code}`, headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ statusCode: 415, message: expect.any(String) });
  });
});

describe('GET /api/health', () => {
  it('gives the database kind and the schema version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: 'postgresql',
      schemaVersion: t.database.schemaVersion,
    });
    expect(t.database.schemaVersion).toBeGreaterThanOrEqual(1);
  });
});

describe('API documentation', () => {
  it('serves a page at /api/docs', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) {
      res = await t.app.inject({ method: 'GET', url: new URL(res.headers.location as string, 'http://x/api/docs/').pathname });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });

  it('lists the Sessions, Salons, Permissions and Users paths in the OpenAPI document at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/Sessions/Login',
        '/api/Salons/{SESSIONCODE}',
        '/api/Permissions/{SESSIONCODE}',
        '/api/UserPermissions/User/{SESSIONCODE}/{userId}',
        '/api/UserPermissions/{SESSIONCODE}/{id}',
        '/api/Users/{SESSIONCODE}',
        '/api/Users/GetOnlyWorking/{SESSIONCODE}',
        '/api/Users/{SESSIONCODE}/{userId}',
        '/api/Users/SetPassword/{SESSIONCODE}/{userId}',
        '/api/Users/SetPasswordAdmin/{SESSIONCODE}/{userId}',
      ]),
    );
    expect(doc.paths['/api/Users/{SESSIONCODE}/{userId}']).toHaveProperty('put');
  });
});

describe('API response headers', () => {
  it('carry Referrer-Policy: no-referrer and Cache-Control: no-store, on answers and on errors', async () => {
    for (const url of ['/api/health', `/api/Salons/${code}`, '/api/Salons/s1.forged.1.x', '/api/NoSuchThing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('logs', () => {
  let app: FastifyInstance;
  let closeDb: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    closeDb = () => database.close();
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logger = { ...(loggerOptions('debug') as object), stream };
    app = await buildApp({ config: testConfig(), database, logger });
    await app.ready();
    await insertUser(database.db, 'logged', null, ['SUPERADMIN'], 'Hush-hush-42');
    await insertUser(database.db, 'victim', null, [], 'Victim-old-1');
  });
  afterAll(async () => {
    await app.close();
    await closeDb();
  });

  it('never contain a session code or a password, wherever the request carried them', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: 'logged', password: 'Hush-hush-42' } });
    const session = login.json().sessionCode as string;
    const victim = (
      await app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: 'victim', password: 'Victim-old-1' } })
    ).json();
    const calls = [
      app.inject({ method: 'GET', url: `/api/Users/${session}` }),
      app.inject({ method: 'GET', url: `/api/Users/${session}/abc` }),
      app.inject({ method: 'GET', url: `/api/NoSuchThing/${session}` }),
      app.inject({ method: 'POST', url: '/api/Sessions/Check/', query: { sessionCode: session } }),
      app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: 'logged', password: 'Wrong-guess-99' } }),
      app.inject({
        method: 'PUT',
        url: `/api/Users/SetPassword/${victim.sessionCode}/${victim.userDTO.userId}`,
        query: { password: 'Victim-new-2', oldPassword: 'Victim-old-1' },
      }),
      app.inject({
        method: 'PUT',
        url: `/api/Users/SetPasswordAdmin/${session}/${victim.userDTO.userId}`,
        query: { password: 'Victim-admin-3' },
      }),
      app.inject({ method: 'GET', url: '/api/Salons/x', headers: { authorization: `Bearer ${session}` } }),
      app.inject({ method: 'GET', url: `/api/Users/${session}/%ZZ` }),
    ];
    const statuses = (await Promise.all(calls)).map((res) => res.statusCode);
    expect(statuses).toEqual([200, 400, 404, 200, 401, 200, 200, 401, 400]);
    const text = lines.join('');
    expect(text).toContain('incoming request');
    expect(text).toContain('[session]');
    for (const secret of [
      session,
      victim.sessionCode as string,
      'Hush-hush-42',
      'Wrong-guess-99',
      'Victim-old-1',
      'Victim-new-2',
      'Victim-admin-3',
    ]) {
      expect(text).not.toContain(secret);
    }
    // Not even the random part of a code.
    expect(text).not.toContain(session.split('.')[1] as string);
  });
});
