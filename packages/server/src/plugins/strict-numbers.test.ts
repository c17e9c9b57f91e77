import * as contracts from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../test/helpers.js';
import { isNestedDeeperThan } from './json-body.js';
import { findLooseNumber } from './strict-numbers.js';

let t: TestApp;
let code: string;
let salonId: number;

beforeAll(async () => {
  t = await createTestApp();
  salonId = (await seedAccessFixture(t.db)).salon1;
  code = await signIn(t.app, 'superadmin');
});
afterAll(() => t.close());

/** Answers within a deadline, or fails instead of hanging the run (the old answer to Infinity). */
async function getWithin(url: string, ms: number) {
  const started = Date.now();
  const res = await Promise.race([
    t.app.inject({ method: 'GET', url }),
    new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`no answer within ${ms} ms: ${url}`)), ms)),
  ]);
  return { res, ms: Date.now() - started };
}

describe('month counts and targets of the salon growth reports', () => {
  it('answers GetRecapData with Infinity or an enormous month count with 400 at once (it looped forever on Infinity)', async () => {
    // A loop blocks the event loop and so every timeout: the run would hang, not fail. So first a
    // salon that does not exist, which the old code answered 404 before its loop.
    const first = await t.app.inject({ method: 'GET', url: `/api/SalonsGrowing/GetRecapData/60/Infinity/6/999999/${code}` });
    expect(first.statusCode, first.body).toBe(400);
    for (const [months, parameter] of [
      ['Infinity', 'reachTargetMonths'],
      ['99999999999999999999', 'reachTargetMonths'],
      ['1e9', 'reachTargetMonths'],
      ['2147483647', 'reachTargetMonths'],
    ]) {
      const { res, ms } = await getWithin(`/api/SalonsGrowing/GetRecapData/60/${months}/6/${salonId}/${code}`, 2000);
      expect(res.statusCode, `${months}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', parameter });
      expect(ms).toBeLessThan(1000);
    }
    const { res } = await getWithin(`/api/SalonsGrowing/GetRecapData/60/12/Infinity/${salonId}/${code}`, 2000);
    expect(res.json()).toMatchObject({ statusCode: 400, parameter: 'targetMonths' });
  });

  it('answers GetDailyData and the target reports with Infinity anywhere with 400 naming it (they answered 500)', async () => {
    const cases: [string, string][] = [
      [`/api/SalonsGrowing/GetDailyData/TREATMENTS/60/Infinity/6/${salonId}/${code}`, 'reachTargetMonths'],
      [`/api/SalonsGrowing/GetDailyData/CUTS/60/12/-Infinity/${salonId}/${code}`, 'targetMonths'],
      [`/api/SalonsGrowing/GetDailyData/CUTS/60/12/6/${salonId}/${code}?month=Infinity`, 'month'],
      [`/api/SalonsGrowing/GetTreatmentTargetAndDataRelating/Infinity/2024-05-31/2024-01-01/12/6/${salonId}/${code}`, 'target'],
      [`/api/SalonsGrowing/GetColourTargetAndDataRelating/60/2024-05-31/2024-01-01/Infinity/6/${salonId}/${code}`, 'reachTargetMonths'],
      [`/api/SalonsGrowing/GetStylingTargetAndDataRelating/1e1/2024-05-31/2024-01-01/12/6/${salonId}/${code}`, 'target'],
    ];
    for (const [url, parameter] of cases) {
      const { res } = await getWithin(url, 2000);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json(), url).toMatchObject({ statusCode: 400, error: 'Bad Request', parameter });
    }
  });

  it('still reads plain decimal numbers: a fraction for a target, leading zeros for months', async () => {
    const target = await t.app.inject({
      method: 'GET',
      url: `/api/SalonsGrowing/GetTreatmentTargetAndDataRelating/62.5/2024-05-31/2024-01-01/012/6/${salonId}/${code}`,
    });
    expect(target.statusCode, target.body).toBe(200);
    expect(target.json()).toMatchObject({ target: 62.5, reachTargetMonths: 12 });
  });
});

describe('numbers in a JSON body', () => {
  it('are refused as text, booleans or null (Ajv made "12", true and null into 12, 1 and 0)', async () => {
    for (const [value, status] of [
      ['12', 400],
      [true, 400],
      [null, 400],
      [12.5, 400],
      [12, 200],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/SalonConfigTreatment/${code}`,
        payload: { salonId, reachTargetMonths: value },
      });
      expect(res.statusCode, `${JSON.stringify(value)}: ${res.body}`).toBe(status);
      if (status === 400)
        expect(res.json()).toMatchObject({ parameter: 'reachTargetMonths', message: expect.stringMatching(/JSON integer/) });
    }
  });

  it('are found anywhere in a body: array items, nullable numbers, records', () => {
    const checkUp = {
      type: 'array',
      items: { type: 'object', properties: { kpi: { type: 'string' }, target: { type: ['number', 'null'] } } },
    };
    expect(
      findLooseNumber(checkUp, [
        { kpi: 'a', target: null },
        { kpi: 'b', target: 3.5 },
      ]),
    ).toBeUndefined();
    expect(
      findLooseNumber(checkUp, [
        { kpi: 'a', target: 1 },
        { kpi: 'b', target: '3' },
      ]),
    ).toEqual({ path: '1.target', kind: 'number' });
    const ids = { type: 'object', properties: { ids: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'null' }] } } } };
    expect(findLooseNumber(ids, { ids: [1, null, 2] })).toBeUndefined();
    expect(findLooseNumber(ids, { ids: [1, 2.5] })).toEqual({ path: 'ids.1', kind: 'integer' });
    expect(findLooseNumber(ids, { ids: '7' })).toEqual({ path: 'ids', kind: 'integer' });
    const record = { type: 'object', patternProperties: { '^.*$': { type: 'integer' } } };
    expect(findLooseNumber(record, { a: 1, b: false })).toEqual({ path: 'b', kind: 'integer' });
    // A union of object shapes is left to Ajv.
    const union = {
      anyOf: [
        { type: 'object', properties: { n: { type: 'integer' } } },
        { type: 'object', properties: { m: { type: 'integer' } } },
      ],
    };
    expect(findLooseNumber(union, { n: 'x' })).toBeUndefined();
  });
});

describe('arrays in a JSON body', () => {
  it('are refused past their maxItems before any item is read', async () => {
    // The last item's target is text: read item by item, the answer would name it.
    const body = Array.from({ length: 100_000 }, () => ({ kpi: 'averageTicket', target: 1 }));
    body.push({ kpi: 'averageTicket', target: '5' as unknown as number });
    const res = await t.app.inject({ method: 'POST', url: `/api/ReportDataAnalysis/AddCheckUp/${code}/${salonId}`, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid body: must NOT have more than 20 items');
    expect(findLooseNumber(contracts.addCheckUp.body, body)).toBeUndefined();
  });

  it('each have a maxItems, in every request of every endpoint', () => {
    const unbounded: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      const s = schema as Record<string, unknown>;
      if (s.type === 'array' && typeof s.maxItems !== 'number') unbounded.push(where);
      for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[key])) for (const item of s[key]) walk(item, where);
      if (s.items) walk(s.items, `${where}[]`);
      if (s.properties) for (const [name, child] of Object.entries(s.properties)) walk(child, `${where}.${name}`);
    };
    for (const endpoint of Object.values(contracts)) {
      if (!endpoint || typeof endpoint !== 'object' || !('method' in endpoint) || !('path' in endpoint)) continue;
      const e = endpoint as contracts.Endpoint;
      for (const part of ['querystring', 'body'] as const) walk(e[part], `${e.method} ${e.path} ${part}`);
    }
    expect(unbounded).toEqual([]);
  });
});

describe('the nesting of a JSON body', () => {
  it('is measured without parsing, brackets inside strings not counted', () => {
    expect(isNestedDeeperThan('[[1]]', 2)).toBe(false);
    expect(isNestedDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(isNestedDeeperThan('{"a":"[[[[[\\"{{{{"}', 1)).toBe(false);
    expect(isNestedDeeperThan(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, 32)).toBe(true);
  });

  it('answers a 10,000-deep body with 400 and a clear message (it answered 500: stack overflow)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/SalonConfigTreatment/${code}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"salonId":${salonId},"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The body nests arrays and objects more than 32 levels deep',
    });
  });
});
