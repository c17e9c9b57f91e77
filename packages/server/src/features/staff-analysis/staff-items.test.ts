import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';

// Expected numbers worked out by hand from ../../test/report-fixture.ts (lines in cents there, euros here)
// plus one line on the CANCELLED A5 added below, which must not count.
let t: TestApp;
let f: ReportFixture;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db);
  await t.db
    .insertInto('sale_lines')
    .values({
      salon_id: f.salon1,
      appointment_id: f.appointments.a5,
      client_id: f.clients.c1,
      staff_id: f.users.stylist,
      day: '2025-03-04',
      kind: 'SERVICE',
      service_id: f.services.cut,
      category: 'HAIRCUT',
      list_amount_cents: 3000,
      paid_amount_cents: 3000,
    })
    .execute();
  manager = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

const url = (code: string, salonId: number, staffId: number, from = '2025-03-01', to = '2025-03-31') =>
  `/api/StaffDataAnalysis/GetStaffItems/${code}/${from}/${to}/${salonId}/${staffId}`;

describe('GetStaffItems', () => {
  it("lists a person's services then products, highest revenue first, with the recommended part", async () => {
    const res = await t.app.inject({ method: 'GET', url: url(manager, f.salon1, f.users.stylist) });
    expect(res.statusCode, res.body).toBe(200);
    // Stylist in March: A1 Colour 54.00 + Shampoo x2 30.00 (recommended); A3 Cut 30.00 + Mask 15.00 (recommended).
    // The Cut on the cancelled A5 is left out, so Cut is 1 unit, 30.00 (not 2, 60.00).
    expect(res.json()).toEqual({
      salonId: f.salon1,
      fromDate: '2025-03-01',
      toDate: '2025-03-31',
      staffId: f.users.stylist,
      items: [
        {
          kind: 'SERVICE',
          itemId: f.services.colour,
          name: 'Colour',
          quantity: 1,
          revenue: 54,
          recommendedQuantity: 0,
          recommendedRevenue: 0,
        },
        { kind: 'SERVICE', itemId: f.services.cut, name: 'Cut', quantity: 1, revenue: 30, recommendedQuantity: 0, recommendedRevenue: 0 },
        {
          kind: 'SERVICE',
          itemId: f.services.mask,
          name: 'Mask',
          quantity: 1,
          revenue: 15,
          recommendedQuantity: 1,
          recommendedRevenue: 15,
        },
        {
          kind: 'PRODUCT',
          itemId: f.products.shampoo,
          name: 'Shampoo',
          quantity: 2,
          revenue: 30,
          recommendedQuantity: 2,
          recommendedRevenue: 30,
        },
      ],
    });
    // 54 + 30 + 15 + 30 = 129: the stylist's totalEarned in the staff analysis of the same range.
    const analysis = await t.app.inject({
      method: 'GET',
      url: `/api/StaffDataAnalysis/GetStaffDataAnalysisByStaff/${manager}/2025-03-01/2025-03-31/${f.salon1}/${f.users.stylist}`,
    });
    expect(analysis.json().staffDataAnalysis[0].totalEarned).toBe(129);
  });

  it('counts walk-in sales and gives an empty list for a range without lines', async () => {
    const reception = await t.app.inject({ method: 'GET', url: url(manager, f.salon1, f.users.reception) });
    expect(reception.json().items).toEqual([
      { kind: 'PRODUCT', itemId: f.products.gel, name: 'Gel', quantity: 1, revenue: 10, recommendedQuantity: 0, recommendedRevenue: 0 },
    ]);
    const april = await t.app.inject({ method: 'GET', url: url(manager, f.salon1, f.users.stylist, '2025-04-01', '2025-04-14') });
    expect(april.statusCode).toBe(200);
    expect(april.json().items).toEqual([]);
  });

  it("is a 'user'-level report checked against the caller's salon, with clear 4xx answers", async () => {
    for (const [user, status] of [
      ['reception', 200],
      ['stylist', 403],
    ] as const) {
      const code = await signIn(t.app, user);
      expect((await t.app.inject({ method: 'GET', url: url(code, f.salon1, f.users.stylist) })).statusCode, user).toBe(status);
    }
    const manager2 = await signIn(t.app, 'manager2');
    expect((await t.app.inject({ method: 'GET', url: url(manager2, f.salon1, f.users.stylist) })).statusCode).toBe(403);
    const outsider = await t.app.inject({ method: 'GET', url: url(manager, f.salon1, f.users.manager2) });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toContain(`Staff member ${f.users.manager2} does not exist`);
    const reversed = await t.app.inject({ method: 'GET', url: url(manager, f.salon1, f.users.stylist, '2025-03-31', '2025-03-01') });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('fromDate');
    const badId = await t.app.inject({ method: 'GET', url: url(manager, f.salon1, 0) });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('meamberId');
  });
});
