import * as contracts from '@salon/contracts';
import { isAcceptedDate, isAcceptedDateTime } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../test/helpers.js';

let t: TestApp;
let fx: Awaited<ReturnType<typeof seedAccessFixture>>;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedAccessFixture(t.db);
  manager = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

describe('the accepted range of dates', () => {
  it('accepts real calendar days from 1900-01-01 to 2199-12-31', () => {
    expect(isAcceptedDate('1900-01-01')).toBe(true);
    expect(isAcceptedDate('2199-12-31')).toBe(true);
    expect(isAcceptedDate('2024-02-29')).toBe(true);
    expect(isAcceptedDate('1899-12-31')).toBe(false);
    expect(isAcceptedDate('2200-01-01')).toBe(false);
    expect(isAcceptedDate('9999-12-31')).toBe(false);
    expect(isAcceptedDate('2023-02-29')).toBe(false);
    expect(isAcceptedDateTime('2199-12-31T23:59')).toBe(true);
    expect(isAcceptedDateTime('9999-12-31T08:00')).toBe(false);
    expect(isAcceptedDateTime('2026-03-02T24:00')).toBe(false);
  });

  it('answers 400 naming the parameter for a day outside it, where the database answered 500', async () => {
    for (const fromDate of ['9999-12-31', '0001-01-01', '1899-12-31', '2200-01-01']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/UserTimeframes/Planner/${manager}`, query: { fromDate } });
      expect(res.statusCode, fromDate).toBe(400);
      expect(res.json()).toMatchObject({
        parameter: 'fromDate',
        message: "Invalid query parameter 'fromDate': must be a calendar date YYYY-MM-DD from 1900-01-01 to 2199-12-31",
      });
    }
    const edge = await t.app.inject({ method: 'GET', url: `/api/UserTimeframes/Planner/${manager}`, query: { fromDate: '2199-12-23' } });
    expect(edge.statusCode).toBe(200);
  });

  it('checks path dates and moments in a query or a body the same way', async () => {
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/Stats/GetSalesDataAnalysisPerDay/9999-12-31/2024-01-01/${fx.salon1}/${manager}`,
    });
    expect(report.statusCode).toBe(400);
    expect(report.json().parameter).toBe('toDate');
    const series = await t.app.inject({
      method: 'POST',
      url: `/api/UserTimeframes/RecurrentType/${manager}`,
      query: { salonId: String(fx.salon1), userId: String(fx.users.stylist), dayStart: '9999-12-27T09:00', dayEnd: '9999-12-31T17:00' },
    });
    expect(series.statusCode).toBe(400);
    expect(series.json().parameter).toBe('dayStart');
    const attendance = await t.app.inject({
      method: 'POST',
      url: `/api/Attendances/${manager}`,
      payload: { userId: fx.users.stylist, clockIn: '9999-12-31T09:00', clockOut: null, reason: 'paper sheet' },
    });
    expect(attendance.statusCode).toBe(400);
    expect(attendance.json().parameter).toBe('clockIn');
  });

  it('is the check of every date or moment any endpoint reads', () => {
    const unchecked: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      const s = schema as Record<string, unknown>;
      const looksLikeADate = typeof s.pattern === 'string' && s.pattern.startsWith('^\\d{4}-\\d{2}-\\d{2}');
      if (s.type === 'string' && looksLikeADate && !['date', 'date-time', 'local-date-time'].includes(String(s.format)))
        unchecked.push(where);
      for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[key])) for (const item of s[key]) walk(item, where);
      if (s.items) walk(s.items, `${where}[]`);
      if (s.properties) for (const [name, child] of Object.entries(s.properties)) walk(child, `${where}.${name}`);
    };
    for (const endpoint of Object.values(contracts)) {
      if (!endpoint || typeof endpoint !== 'object' || !('method' in endpoint) || !('path' in endpoint)) continue;
      const e = endpoint as contracts.Endpoint;
      for (const part of ['params', 'querystring', 'body'] as const) walk(e[part], `${e.method} ${e.path} ${part}`);
    }
    // The stock cursor names a day and a row: its route checks the day with isAcceptedDate.
    expect(unchecked.filter((where) => !where.endsWith('.cursor'))).toEqual([]);
  });
});
