import { type Endpoint, toRoutePath } from '@salon/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { SERIALIZER_OPTIONS } from './app.js';
import { registeredEndpoints } from './plugins/auth.js';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from './test/helpers.js';

// Ajv (the serialiser's) warns through console.warn; every warning of this file is kept from the first line on.
let warn: MockInstance<typeof console.warn>;
let t: TestApp;
let fx: Awaited<ReturnType<typeof seedAccessFixture>>;

const formatWarnings = () => warn.mock.calls.map((args) => args.join(' ')).filter((line) => /unknown format/.test(line));

beforeAll(async () => {
  warn = vi.spyOn(console, 'warn');
  t = await createTestApp();
  fx = await seedAccessFixture(t.db);
});
afterAll(async () => {
  await t.close();
  warn.mockRestore();
});

describe('the response serialiser knows the contracts’ formats', () => {
  it('serialises a closed attendance (a moment in a union with null) without an "unknown format" warning', async () => {
    await t.db
      .insertInto('attendances')
      .values({
        salon_id: fx.salon1,
        user_id: fx.users.stylist,
        clock_in: new Date('2025-11-03T08:00:00Z'),
        clock_out: new Date('2025-11-03T16:00:00Z'),
        source: 'APP',
      })
      .execute();
    const code = await signIn(t.app, 'stylist');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/Attendances/GetAttendancesPerUser/${code}`,
      query: { from: '2025-11-03', to: '2025-11-03' },
    });
    expect(res.statusCode).toBe(200);
    const days = res.json().person.days as { clockOut: string | null }[];
    expect(days[0]?.clockOut).toMatch(/^2025-11-03T\d{2}:00$/);
    expect(formatWarnings()).toEqual([]);
  });

  it('compiles every answer schema that names a format at start (every union’s validator) without an "unknown format" warning', async () => {
    const endpoints: Endpoint[] = [...registeredEndpoints.values()]
      .map(({ endpoint }) => endpoint)
      .filter((e) => !e.isFile && JSON.stringify(e.response).includes('"format"'));
    expect(endpoints.map((e) => e.path)).toContain('/api/Attendances/GetAttendancesPerUser/{SESSIONCODE}');
    warn.mockClear();
    // compileValidators: what fast-json-stringify compiles on a union's first use is compiled at ready() instead.
    const app = Fastify({ serializerOpts: { ...SERIALIZER_OPTIONS, compileValidators: true } });
    for (const endpoint of endpoints) {
      app.route({
        method: endpoint.method,
        url: toRoutePath(endpoint.path),
        schema: { response: { 200: endpoint.response } },
        handler: async () => ({}),
      });
    }
    await app.ready();
    await app.close();
    expect(formatWarnings()).toEqual([]);
  });
});
