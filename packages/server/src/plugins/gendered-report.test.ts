import * as contracts from '@salon/contracts';
import { type GenderedReport, genderedReport, SalonId } from '@salon/contracts';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { registerGenderedReport } from './auth.js';
import { errorsPlugin } from './errors.js';

/** Every plain/gender pair the contracts export (named `<plainName>Report`). */
const isPair = (entry: [string, unknown]): entry is [string, GenderedReport] =>
  typeof entry[1] === 'object' && entry[1] !== null && 'all' in entry[1] && 'byGender' in entry[1];
const pairs = Object.entries(contracts as Record<string, unknown>).filter(isPair);

describe('gendered report pairs (contracts)', () => {
  it('covers the plain/gender twins of the API', () => {
    expect(pairs.map(([name]) => name).sort()).toEqual([
      'addCheckUpReport',
      'getCheckUpReport',
      'getDayOfTheWeekReport',
      'getReportDataAnalysisReport',
      'getSalonRecapReport',
      'getStaffDailyDetailsAnalysisReport',
      'getStaffDataAnalysisByNameReport',
      'getStaffDataAnalysisByStaffReport',
      'getStaffDataAnalysisReport',
      'getStaffWeeklyDetailsAnalysisReport',
      'salesPerDayReport',
      'salesPerMonthReport',
      'salesPerYearReport',
    ]);
  });

  it.each(pairs)('%s: the gender endpoint is the plain one plus {gender}, same response schema', (name, pair) => {
    const plainName = name.replace(/Report$/, '');
    const exported = contracts as unknown as Record<string, unknown>;
    expect(exported[plainName]).toBe(pair.all);
    expect(exported[`${plainName}Gender`]).toBe(pair.byGender);
    expect(pair.byGender.method).toBe(pair.all.method);
    expect(pair.byGender.response).toBe(pair.all.response);
    expect(pair.byGender.querystring).toBe(pair.all.querystring);
    expect(pair.byGender.body).toBe(pair.all.body);
    const plainParams = Object.keys(pair.all.params?.properties ?? {}).sort();
    const genderParams = Object.keys(pair.byGender.params?.properties ?? {}).sort();
    expect(genderParams).toEqual([...plainParams, 'gender'].sort());
    // Every param is in its path, and the paths differ.
    for (const key of plainParams) expect(pair.all.path).toContain(`{${key}}`);
    for (const key of genderParams) expect(pair.byGender.path).toContain(`{${key}}`);
    expect(pair.all.path).not.toContain('{gender}');
    expect(pair.byGender.path).not.toBe(pair.all.path);
  });

  it('refuses a gender variant without {gender} in its path', () => {
    expect(() =>
      genderedReport({
        method: 'GET',
        tags: ['x'],
        params: { salonId: SalonId },
        response: Type.Object({}),
        all: { path: '/a/{salonId}', summary: 'a' },
        byGender: { path: '/b/{salonId}', summary: 'b' },
      }),
    ).toThrow(/needs \{gender\}/);
  });
});

describe('registerGenderedReport', () => {
  const pair = genderedReport({
    method: 'GET',
    tags: ['test'],
    params: { salonId: SalonId },
    querystring: Type.Object({ q: Type.Optional(Type.String()) }),
    response: Type.Object({ gender: Type.String(), params: Type.Record(Type.String(), Type.Unknown()), q: Type.Optional(Type.String()) }),
    all: { path: '/t/Plain/{salonId}', summary: 'plain' },
    byGender: { path: '/t/Gender/{gender}/{salonId}', summary: 'gender' },
  });

  async function appWithPair() {
    const app = Fastify();
    await app.register(errorsPlugin);
    let calls = 0;
    registerGenderedReport(app, pair, 'public', async ({ params, query, gender }) => {
      calls++;
      return { gender, params: { ...params }, q: query.q };
    });
    await app.ready();
    return { app, calls: () => calls };
  }

  it('serves both paths with one handler: ALL on the plain path, the path gender on the other, without gender in params', async () => {
    const { app, calls } = await appWithPair();
    const plain = await app.inject({ url: '/t/Plain/3?q=x' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ gender: 'ALL', params: { salonId: 3 }, q: 'x' });
    const female = await app.inject({ url: '/t/Gender/FEMALE/3' });
    expect(female.json()).toEqual({ gender: 'FEMALE', params: { salonId: 3 } });
    const male = await app.inject({ url: '/t/Gender/MALE/4' });
    expect(male.json()).toEqual({ gender: 'MALE', params: { salonId: 4 } });
    expect(calls()).toBe(3);
    await app.close();
  });

  it('answers 400 naming gender for a gender that is not MALE or FEMALE (ALL is only the plain path)', async () => {
    const { app, calls } = await appWithPair();
    for (const gender of ['ALL', 'OTHER', 'male']) {
      const response = await app.inject({ url: `/t/Gender/${gender}/3` });
      expect(response.statusCode).toBe(400);
      expect(response.json().parameter).toBe('gender');
    }
    expect(calls()).toBe(0);
    await app.close();
  });
});
