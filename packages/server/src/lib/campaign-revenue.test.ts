import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.js';
import { createTestDatabase } from '../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../test/report-fixture.js';
import { getCampaignRevenueCents } from './campaign-revenue.query.js';

/**
 * A campaign's revenue (lib/campaign-revenue.query.ts) on the report fixture (test/report-fixture.ts),
 * salon 1, paid cents of March 2025:
 *   Cut      A2 03-03 3000, A3 03-04 3000, A4 03-04 2700                       = 8700
 *   Shampoo  A1 03-03 x2 3000, W2 03-05 walk-in, no client 1200                = 4200
 *   Colour   A1 03-03 5400 (salon 2's A7 Colour 6000 is not salon 1's)
 *   Mask     A3 03-04 1500 · Gel W1 03-04 1000 · April: A8 Cut 3000
 *   every line 03-01..03-04: 11400 + 8200 = 19600; to 03-05: 20800
 */
let db: DatabaseHandle;
let f: ReportFixture;

const campaign = async (name: string, items: { service?: number; product?: number }[]) => {
  const { id } = await db.db
    .insertInto('campaigns')
    .values({ name, date_from: '2025-03-01', date_to: '2025-03-31' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.db.insertInto('campaign_salons').values({ salon_id: f.salon1, campaign_id: id, target_cents: 50_000 }).execute();
  if (items.length > 0) {
    await db.db
      .insertInto('campaign_services_products')
      .values(items.map((i) => ({ salon_id: f.salon1, campaign_id: id, service_id: i.service ?? null, product_id: i.product ?? null })))
      .execute();
  }
  return id;
};

beforeAll(async () => {
  db = await createTestDatabase();
  f = await seedReportFixture(db.db);
});
afterAll(() => db.close());

describe("a campaign's revenue", () => {
  it("counts only the listed services and products, each by its kind, of the salon's days", async () => {
    const id = await campaign('Cut and Shampoo', [{ service: f.services.cut }, { product: f.products.shampoo }]);
    expect(await getCampaignRevenueCents(db.db, f.salon1, id, '2025-03-01', '2025-03-04')).toBe(8700 + 3000);
    // W2 (a walk-in with no client) counts too; A8's April cut is outside the days.
    expect(await getCampaignRevenueCents(db.db, f.salon1, id, '2025-03-01', '2025-03-31')).toBe(8700 + 4200);
    expect(await getCampaignRevenueCents(db.db, f.salon1, id, '2025-03-05', '2025-03-05')).toBe(1200);
  });

  it('matches a service row to service lines only and a product row to product lines only', async () => {
    // The ids of services and products overlap (both count from 1): the kind decides.
    const cutOnly = await campaign('Cut', [{ service: f.services.cut }]);
    expect(await getCampaignRevenueCents(db.db, f.salon1, cutOnly, '2025-03-01', '2025-03-31')).toBe(8700);
    const gelOnly = await campaign('Gel', [{ product: f.products.gel }]);
    expect(await getCampaignRevenueCents(db.db, f.salon1, gelOnly, '2025-03-01', '2025-03-31')).toBe(1000);
    const colour = await campaign('Colour', [{ service: f.services.colour }]);
    expect(await getCampaignRevenueCents(db.db, f.salon1, colour, '2025-03-01', '2025-03-31')).toBe(5400);
  });

  it('counts every line of the days when the campaign lists nothing', async () => {
    const id = await campaign('Everything', []);
    expect(await getCampaignRevenueCents(db.db, f.salon1, id, '2025-03-01', '2025-03-04')).toBe(19_600);
    expect(await getCampaignRevenueCents(db.db, f.salon1, id, '2025-03-01', '2025-03-05')).toBe(20_800);
  });

  it('follows a write through the rollup', async () => {
    const id = await campaign('Mask', [{ service: f.services.mask }]);
    expect(await getCampaignRevenueCents(db.db, f.salon1, id, '2025-03-01', '2025-03-31')).toBe(1500);
    await db.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('sale_lines')
        .set({ paid_amount_cents: 1800, discount_cents: 200 })
        .where('salon_id', '=', f.salon1)
        .where('service_id', '=', f.services.mask)
        .execute();
    });
    expect(await getCampaignRevenueCents(db.db, f.salon1, id, '2025-03-01', '2025-03-31')).toBe(1800);
  });
});
