import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';

// Expected numbers are worked out by hand from the fixture in ../stats/report-fixture.ts.
let t: TestApp;
let f: ReportFixture;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db);
  manager = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

describe('GetServiceDataAnalysis', () => {
  it('gives per service count, revenue, average price, discount, clients, share and top staff', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ServiceDataAnalysis/GetServiceDataAnalysis/${manager}/2025-03-01/2025-03-31/${f.salon1}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { name: string }) => r.name)).toEqual(['Cut', 'Colour', 'Mask']);
    // Cut: A2 30 (manager), A3 30 (stylist), A4 27 (manager) = 87 of 156 = 55.77 %; manager 57 over 2 cuts
    expect(body.rows[0]).toEqual({
      serviceId: f.services.cut,
      name: 'Cut',
      category: 'HAIRCUT',
      count: 3,
      revenue: 87,
      listAmount: 90,
      discount: 3,
      averagePrice: 29,
      distinctClients: 3,
      recommendedCount: 0,
      sharePercent: 55.77,
      topStaff: { staffId: f.users.manager, name: 'manager Test', revenue: 57, quantity: 2 },
    });
    expect(body.rows[2]).toMatchObject({ name: 'Mask', count: 1, revenue: 15, discount: 5, recommendedCount: 1, sharePercent: 9.62 });
    // 5 services, 156, discount 6 + 5 + 3 = 14, clients C1..C4, 156 / 5 = 31.2
    expect(body.totals).toEqual({ count: 5, revenue: 156, discount: 14, distinctClients: 4, averagePrice: 31.2 });
  });

  it("is a 'user'-level report: RECEPTIONIST and SALESMARKETING are answered, consultants refused with 403", async () => {
    const url = (code: string) => `/api/ServiceDataAnalysis/GetServiceDataAnalysis/${code}/2025-03-01/2025-03-31/${f.salon1}`;
    for (const [user, status] of [
      ['reception', 200],
      ['marketing', 200],
      ['stylist', 403],
      ['assistant', 403],
    ] as const) {
      const code = await signIn(t.app, user);
      expect((await t.app.inject({ method: 'GET', url: url(code) })).statusCode, user).toBe(status);
    }
  });

  it('answers 403 for another salon and 400 for a bad range', async () => {
    const manager2 = await signIn(t.app, 'manager2');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/ServiceDataAnalysis/GetServiceDataAnalysis/${manager2}/2025-03-01/2025-03-31/${f.salon1}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/ServiceDataAnalysis/GetServiceDataAnalysis/${manager}/2025-04-01/2025-03-31/${f.salon1}`,
        })
      ).statusCode,
    ).toBe(400);
  });
});
