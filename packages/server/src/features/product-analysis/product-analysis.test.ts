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

describe('GetProductDataAnalysis', () => {
  it('gives per product units, revenue, average price, discount, clients, walk-ins, share and top staff', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ProductDataAnalysis/GetProductDataAnalysis/${manager}/2025-03-01/2025-03-31/${f.salon1}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Shampoo: A1 x2 30 (stylist, recommended) + walk-in x1 12 (no client, no staff) = 42 of 52 = 80.77 %
    expect(body.rows[0]).toEqual({
      productId: f.products.shampoo,
      name: 'Shampoo',
      brand: 'Brand',
      category: 'RESALE',
      quantity: 3,
      lines: 2,
      revenue: 42,
      listAmount: 45,
      discount: 3,
      averagePrice: 14,
      distinctClients: 1,
      walkInQuantity: 1,
      recommendedQuantity: 2,
      sharePercent: 80.77,
      topStaff: { staffId: f.users.stylist, name: 'stylist Test', revenue: 30, quantity: 2 },
    });
    // Gel: walk-in x1 10 by reception for C2
    expect(body.rows[1]).toMatchObject({
      name: 'Gel',
      quantity: 1,
      revenue: 10,
      distinctClients: 1,
      walkInQuantity: 1,
      sharePercent: 19.23,
    });
    expect(body.rows[1].topStaff).toMatchObject({ staffId: f.users.reception, revenue: 10 });
    // 4 units, 52, discount 3, clients C1 + C2, 52 / 4 = 13
    expect(body.totals).toEqual({ quantity: 4, revenue: 52, discount: 3, distinctClients: 2, averagePrice: 13 });
  });

  it('answers 403 for another salon', async () => {
    const manager2 = await signIn(t.app, 'manager2');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/ProductDataAnalysis/GetProductDataAnalysis/${manager2}/2025-03-01/2025-03-31/${f.salon1}`,
        })
      ).statusCode,
    ).toBe(403);
  });
});
