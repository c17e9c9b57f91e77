import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';

/*
 * Hand-worked fixture. Today is pinned to 2025-04-10. Salon 1 ("Salone Uno") sells, in March 2025
 * (walk-in lines with the seller in staff_id):
 *   stylist (S):   Cut 3 lines x 25.00; Colour 60.00 + 45.50; Shampoo 1 line of 10 units, 120.00
 *                  also Cut 25.00 on 02-28 and on 04-01 (outside March), Blow-dry 30.00 (not listed)
 *   assistant (A): Shampoo 4 units 48.00; Cut 20.00
 *   marketing (M): Shampoo 11 units 121.00
 *   reception (R): Shampoo 6 units 72.00
 *   manager (not in the campaign): Cut 25.00; and a walk-in Shampoo with no seller, 1 unit 12.00
 * Campaign "Incentive March 2025" (STRAIGHT tiers): Cut 2.00 per unit, Colour 10 %, Shampoo tiers
 * from 0 units 1.00, from 5 units 2.00, from 10 units 3.00; staff S (target 300), A (100), M (0),
 * R (50); team leader S with 5 %; salon target 500.
 */
let t: TestApp;
let ids: Awaited<ReturnType<typeof seedAccessFixture>>;
let salon1: number;
let cut: number;
let colour: number;
let blowDry: number;
let shampoo: number;
let manager: string;
let manager2: string;
let reception: string;
let stylist: string;
let superadmin: string;
let straight: number;
let sliding: number;

const TODAY = '2025-04-10';

beforeAll(async () => {
  t = await createTestApp({ demoToday: TODAY });
  ids = await seedAccessFixture(t.db);
  salon1 = ids.salon1;
  const service = async (name: string, category: 'HAIRCUT' | 'COLOUR' | 'STYLING') =>
    (
      await t.db
        .insertInto('services')
        .values({ name, category, duration_minutes: 30, list_price_cents: 2500 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  cut = await service('Cut', 'HAIRCUT');
  colour = await service('Colour', 'COLOUR');
  blowDry = await service('Blow-dry', 'STYLING');
  shampoo = (
    await t.db
      .insertInto('products')
      .values({ name: 'Shampoo', brand: 'B', category: 'RESALE', list_price_cents: 1200, unit_cost_cents: 500 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const u = ids.users;
  const line = (staff: number | null, day: string, kind: 'SERVICE' | 'PRODUCT', item: number, quantity: number, paidCents: number) => ({
    salon_id: salon1,
    staff_id: staff,
    day,
    kind,
    service_id: kind === 'SERVICE' ? item : null,
    product_id: kind === 'PRODUCT' ? item : null,
    category: kind === 'SERVICE' ? ('HAIRCUT' as const) : ('RESALE' as const),
    quantity,
    list_amount_cents: paidCents,
    paid_amount_cents: paidCents,
  });
  await t.db
    .insertInto('sale_lines')
    .values([
      line(u.stylist, '2025-03-03', 'SERVICE', cut, 1, 2500),
      line(u.stylist, '2025-03-10', 'SERVICE', cut, 1, 2500),
      line(u.stylist, '2025-03-31', 'SERVICE', cut, 1, 2500),
      line(u.stylist, '2025-03-04', 'SERVICE', colour, 1, 6000),
      line(u.stylist, '2025-03-05', 'SERVICE', colour, 1, 4550),
      line(u.stylist, '2025-03-01', 'PRODUCT', shampoo, 10, 12000),
      line(u.stylist, '2025-02-28', 'SERVICE', cut, 1, 2500),
      line(u.stylist, '2025-04-01', 'SERVICE', cut, 1, 2500),
      line(u.stylist, '2025-03-12', 'SERVICE', blowDry, 1, 3000),
      line(u.assistant, '2025-03-06', 'PRODUCT', shampoo, 4, 4800),
      line(u.assistant, '2025-03-07', 'SERVICE', cut, 1, 2000),
      line(u.marketing, '2025-03-08', 'PRODUCT', shampoo, 11, 12100),
      line(u.reception, '2025-03-09', 'PRODUCT', shampoo, 6, 7200),
      line(u.manager, '2025-03-11', 'SERVICE', cut, 1, 2500),
      line(null, '2025-03-12', 'PRODUCT', shampoo, 1, 1200),
    ])
    .execute();
  manager = await signIn(t.app, 'manager');
  manager2 = await signIn(t.app, 'manager2');
  reception = await signIn(t.app, 'reception');
  stylist = await signIn(t.app, 'stylist');
  superadmin = await signIn(t.app, 'superadmin');

  const created = await post(`/api/Campaign/${manager}`, {
    name: 'Incentive March 2025',
    month: 3,
    year: 2025,
    tierMode: 'STRAIGHT',
    salons: [
      {
        salonId: salon1,
        target: 500,
        staff: [
          { userId: u.stylist, target: 300, feedback: 'Go!' },
          { userId: u.assistant, target: 100 },
          { userId: u.marketing, target: 0 },
          { userId: u.reception, target: 50 },
        ],
        teamLeaders: [{ userId: u.stylist, bonusPercent: 5 }],
        items: [
          { kind: 'SERVICE', itemId: cut, bonusKind: 'PER_UNIT', bonusPerUnit: 2 },
          { kind: 'SERVICE', itemId: colour, bonusKind: 'PERCENT', bonusPercent: 10 },
          { kind: 'PRODUCT', itemId: shampoo, bonusKind: 'TIERS', tiers: tiers() },
        ],
      },
    ],
  });
  expect(created.status).toBe(200);
  straight = created.body.campaignId;
  // The same staff and shampoo tiers, paid SLIDING, from 03-01 to 03-31 given as a date range.
  const slide = await post(`/api/Campaign/${manager}`, {
    name: 'Shampoo sliding',
    fromDate: '2025-03-01',
    toDate: '2025-03-31',
    tierMode: 'SLIDING',
    salons: [
      {
        salonId: salon1,
        target: 0,
        staff: [u.stylist, u.assistant, u.marketing, u.reception].map((userId) => ({ userId, target: 0 })),
        items: [{ kind: 'PRODUCT', itemId: shampoo, bonusKind: 'TIERS', tiers: tiers() }],
      },
    ],
  });
  expect(slide.status).toBe(200);
  sliding = slide.body.campaignId;
});
afterAll(() => t.close());

function tiers() {
  // Given out of order on purpose.
  return [
    { fromUnits: 10, perUnit: 3 },
    { fromUnits: 0, perUnit: 1 },
    { fromUnits: 5, perUnit: 2 },
  ];
}

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}
async function post(url: string, payload: unknown) {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}
const statsUrl = (session: string, campaignId: number, salonId = salon1) =>
  `/api/Campaign/GetStatsCampaign/${session}/${salonId}/${campaignId}`;
type Row = { userId: number; units: number; revenue: number; bonus: number; achieved: number | null; target: number };
const byUser = (rows: Row[], userId: number) => rows.find((r) => r.userId === userId) as Row;

describe('campaign stats (STRAIGHT tiers, per unit, per cent)', () => {
  it('gives each staff member units, revenue, progress and bonus', async () => {
    const { status, body } = await get(statsUrl(manager, straight));
    expect(status).toBe(200);
    const u = ids.users;
    // S: Cut 3 units 75.00 (3 x 2.00 = 6.00); Colour 2 units 105.50 (round(10550 x 10 %) = 10.55);
    //    Shampoo 10 units 120.00, STRAIGHT at the 10 edge: 10 x 3.00 = 30.00. Total 15 units,
    //    300.50, bonus 46.55, achieved 300.50 / 300 = 100.17 %.
    expect(byUser(body.staff, u.stylist)).toMatchObject({ units: 15, revenue: 300.5, bonus: 46.55, achieved: 100.17, target: 300 });
    // A: Cut 1 unit 20.00 (2.00); Shampoo 4 units 48.00, below the 5 edge: 4 x 1.00 = 4.00.
    //    5 units, 68.00, bonus 6.00, achieved 68 %.
    expect(byUser(body.staff, u.assistant)).toMatchObject({ units: 5, revenue: 68, bonus: 6, achieved: 68 });
    // M: Shampoo 11 units 121.00, above the 10 edge: 11 x 3.00 = 33.00; no target: achieved null.
    expect(byUser(body.staff, u.marketing)).toMatchObject({ units: 11, revenue: 121, bonus: 33, achieved: null });
    // R: Shampoo 6 units 72.00, above the 5 edge: 6 x 2.00 = 12.00; achieved 72 / 50 = 144 %.
    expect(byUser(body.staff, u.reception)).toMatchObject({ units: 6, revenue: 72, bonus: 12, achieved: 144 });
    // Best achieved first, no target last.
    expect(body.staff.map((r: Row) => r.userId)).toEqual([u.reception, u.stylist, u.assistant, u.marketing]);
    expect(byUser(body.staff, u.stylist)).toMatchObject({ feedback: 'Go!', isTeamLeader: true });
  });

  it('pays the team leader on the team total and totals the salon', async () => {
    const { body } = await get(statsUrl(manager, straight));
    // Team = the campaign staff: 300.50 + 68.00 + 121.00 + 72.00 = 561.50; 5 % = 28.075 -> 28.08.
    expect(body.teamLeaders).toEqual([
      expect.objectContaining({ userId: ids.users.stylist, bonusPercent: 5, teamRevenue: 561.5, bonus: 28.08 }),
    ]);
    // Salon revenue: every listed line of March, whoever sold it: 561.50 + manager's Cut 25.00 +
    // the walk-in Shampoo 12.00 = 598.50; target 500: 119.70 %. Team units 15 + 5 + 11 + 6 = 37.
    // Staff bonus 46.55 + 6 + 33 + 12 = 97.55; with the leader's 28.08: 125.63.
    expect(body.salon).toMatchObject({
      salonId: salon1,
      salonName: 'Salone Uno',
      target: 500,
      revenue: 598.5,
      units: 37,
      achieved: 119.7,
      teamRevenue: 561.5,
      staffBonus: 97.55,
      teamLeaderBonus: 28.08,
      bonusTotal: 125.63,
      staffCount: 4,
      closedAt: null,
    });
    expect(body.frozen).toBe(false);
    expect(body.asOf).toBe('2025-03-31');
    expect(body.campaign).toMatchObject({ status: 'ENDED', tierMode: 'STRAIGHT', month: 3, year: 2025, fromDate: '2025-03-01' });
  });

  it('gives each item its units, revenue and bonus, tiers sorted', async () => {
    const { body } = await get(`/api/Campaign/GetServicesProductsCampaign/${manager}/${salon1}/${straight}`);
    const item = (name: string) => body.items.find((i: { name: string }) => i.name === name);
    // Cut: S 3 + A 1 = 4 units, 75 + 20 = 95.00, bonus 8.00 (the manager is not campaign staff).
    expect(item('Cut')).toMatchObject({ bonusKind: 'PER_UNIT', bonusPerUnit: 2, units: 4, revenue: 95, bonus: 8 });
    expect(item('Colour')).toMatchObject({ bonusKind: 'PERCENT', bonusPercent: 10, units: 2, revenue: 105.5, bonus: 10.55 });
    // Shampoo: 10 + 4 + 11 + 6 = 31 units; 120 + 48 + 121 + 72 = 361.00; 30 + 4 + 33 + 12 = 79.00.
    expect(item('Shampoo')).toMatchObject({
      bonusKind: 'TIERS',
      units: 31,
      revenue: 361,
      bonus: 79,
      tiers: [
        { fromUnits: 0, perUnit: 1 },
        { fromUnits: 5, perUnit: 2 },
        { fromUnits: 10, perUnit: 3 },
      ],
    });
    expect(body.items.map((i: { kind: string }) => i.kind)).toEqual(['SERVICE', 'SERVICE', 'PRODUCT']);
  });

  it('answers the salon, staff and team leader calls with the same figures', async () => {
    const salon = await get(`/api/Campaign/GetSalonCampaign/${manager}/${salon1}/${straight}`);
    expect(salon.body).toMatchObject({ revenue: 598.5, bonusTotal: 125.63 });
    const staff = await get(`/api/Campaign/GetStaffCampaign/${manager}/${salon1}/${straight}`);
    expect(staff.body.staff).toHaveLength(4);
    const leaders = await get(`/api/Campaign/GetTeamLeaderCampaign/${manager}/${salon1}/${straight}`);
    expect(leaders.body.teamLeaders[0].bonus).toBe(28.08);
  });
});

describe('SLIDING tiers', () => {
  it('pays each band its own rate', async () => {
    const { body } = await get(statsUrl(manager, sliding));
    const u = ids.users;
    // Bands: units 1-5 at 1.00, 6-10 at 2.00, 11+ at 3.00.
    // S 10 units (at the 10 edge): 5 x 1 + 5 x 2 = 15.00
    // A 4 units (below the 5 edge): 4 x 1 = 4.00
    // M 11 units (above the 10 edge): 5 x 1 + 5 x 2 + 1 x 3 = 18.00
    // R 6 units (above the 5 edge): 5 x 1 + 1 x 2 = 7.00
    expect(byUser(body.staff, u.stylist).bonus).toBe(15);
    expect(byUser(body.staff, u.assistant).bonus).toBe(4);
    expect(byUser(body.staff, u.marketing).bonus).toBe(18);
    expect(byUser(body.staff, u.reception).bonus).toBe(7);
    expect(body.campaign).toMatchObject({ tierMode: 'SLIDING', month: 3, year: 2025 });
    expect(body.salon).toMatchObject({ staffBonus: 44, teamLeaderBonus: 0, achieved: null });
  });
});

describe('the lowest tier starting above 0', () => {
  it('pays a STRAIGHT tier from its fromUnits included, and a SLIDING band from the unit after it', async () => {
    const u = ids.users;
    const campaign = (tierMode: 'STRAIGHT' | 'SLIDING') =>
      post(`/api/Campaign/${manager}`, {
        name: `Shampoo from 6 units, ${tierMode}`,
        fromDate: '2025-03-01',
        toDate: '2025-03-31',
        tierMode,
        salons: [
          {
            salonId: salon1,
            target: 0,
            staff: [u.stylist, u.assistant, u.marketing, u.reception].map((userId) => ({ userId, target: 0 })),
            items: [
              {
                kind: 'PRODUCT',
                itemId: shampoo,
                bonusKind: 'TIERS',
                tiers: [
                  { fromUnits: 6, perUnit: 1 },
                  { fromUnits: 11, perUnit: 2 },
                ],
              },
            ],
          },
        ],
      });
    const straightFrom6 = await campaign('STRAIGHT');
    expect(straightFrom6.status, JSON.stringify(straightFrom6.body)).toBe(200);
    const straightStats = (await get(statsUrl(manager, straightFrom6.body.campaignId))).body;
    // R 6 units, at the lowest edge: reached, 6 x 1.00; A 4 units, below it: nothing;
    // S 10 units: 10 x 1.00; M 11 units, at the second edge: 11 x 2.00.
    expect(byUser(straightStats.staff, u.reception).bonus).toBe(6);
    expect(byUser(straightStats.staff, u.assistant).bonus).toBe(0);
    expect(byUser(straightStats.staff, u.stylist).bonus).toBe(10);
    expect(byUser(straightStats.staff, u.marketing).bonus).toBe(22);
    const slidingFrom6 = await campaign('SLIDING');
    expect(slidingFrom6.status).toBe(200);
    const slidingStats = (await get(statsUrl(manager, slidingFrom6.body.campaignId))).body;
    // Bands: units 7-11 at 1.00, 12+ at 2.00. R 6: nothing; S 10: 4 x 1.00; M 11: 5 x 1.00.
    expect(byUser(slidingStats.staff, u.reception).bonus).toBe(0);
    expect(byUser(slidingStats.staff, u.stylist).bonus).toBe(4);
    expect(byUser(slidingStats.staff, u.marketing).bonus).toBe(5);
  });
});

describe('cross-check', () => {
  it("a campaign's counted revenue equals the sales of its items in its period", async () => {
    const { body } = await get(statsUrl(manager, straight));
    const { rows } = await sql<{ cents: number }>`SELECT sum(paid_amount_cents)::bigint AS cents FROM sale_lines
      WHERE salon_id = ${salon1} AND day BETWEEN '2025-03-01' AND '2025-03-31'
        AND ((kind = 'SERVICE' AND service_id IN (${cut}, ${colour})) OR (kind = 'PRODUCT' AND product_id = ${shampoo}))`.execute(t.db);
    expect(Math.round(body.salon.revenue * 100)).toBe(Number(rows[0]?.cents));
    const staffSum = body.staff.reduce((sum: number, r: Row) => sum + Math.round(r.revenue * 100), 0);
    expect(staffSum).toBe(Math.round(body.salon.teamRevenue * 100));
  });
});

describe('lists, detail, my campaigns', () => {
  it('lists the month and gives the detail', async () => {
    const list = await get(`/api/Campaign/GetAll/${manager}/3/2025`);
    expect(list.status).toBe(200);
    expect(list.body.campaigns.map((c: { campaignId: number }) => c.campaignId)).toEqual(expect.arrayContaining([straight, sliding]));
    const detail = await get(`/api/Campaign/${manager}/${straight}`);
    expect(detail.status).toBe(200);
    expect(detail.body.staff).toHaveLength(4);
    expect(detail.body.items).toHaveLength(3);
    expect(detail.body.salons[0].revenue).toBe(598.5);
    // February holds none of them.
    expect((await get(`/api/Campaign/GetAll/${manager}/2/2025`)).body.campaigns).toEqual([]);
  });

  it('shows a plain user only their own figures', async () => {
    const { status, body } = await get(`/api/Campaign/GetMine/${stylist}`);
    expect(status).toBe(200);
    const mine = body.campaigns.find((c: { campaign: { campaignId: number } }) => c.campaign.campaignId === straight);
    // S: staff bonus 46.55 + team leader bonus 28.08 = 74.63.
    expect(mine.me).toMatchObject({ userId: ids.users.stylist, units: 15, revenue: 300.5, bonus: 46.55 });
    expect(mine.teamLeader).toMatchObject({ bonus: 28.08 });
    expect(mine.bonusTotal).toBe(74.63);
    expect(mine.items.find((i: { name: string }) => i.name === 'Cut')).toMatchObject({ units: 3, revenue: 75, bonus: 6 });
    const receptionMine = await get(`/api/Campaign/GetMine/${reception}`);
    const r = receptionMine.body.campaigns.find((c: { campaign: { campaignId: number } }) => c.campaign.campaignId === straight);
    expect(r.me.userId).toBe(ids.users.reception);
    expect(r.teamLeader).toBeNull();
  });

  it('lists the staff and items to choose from', async () => {
    const staff = await get(`/api/Campaign/GetStaff/${manager}/${salon1}`);
    expect(staff.status).toBe(200);
    expect(staff.body.staff.map((s: { userId: number }) => s.userId)).toContain(ids.users.stylist);
    expect((await get(`/api/Campaign/GetStaff/${manager}/${ids.salon2}`)).status).toBe(403);
    const items = await get(`/api/Campaign/GetItems/${manager}/${salon1}`);
    expect(items.body.services.map((s: { name: string }) => s.name)).toEqual(['Colour', 'Cut', 'Blow-dry']);
    expect(items.body.products).toEqual([{ kind: 'PRODUCT', itemId: shampoo, name: 'Shampoo', category: 'RESALE', listPrice: 12 }]);
  });
});

describe('access', () => {
  it('refuses other roles, other salons and no session', async () => {
    expect((await get(statsUrl(reception, straight))).status).toBe(403);
    expect((await get(statsUrl(stylist, straight))).status).toBe(403);
    expect((await get(statsUrl(manager2, straight))).status).toBe(403);
    expect((await get(`/api/Campaign/${manager2}/${straight}`)).status).toBe(404);
    expect((await get(statsUrl('x'.repeat(30), straight))).status).toBe(401);
    expect((await get(statsUrl(superadmin, straight))).status).toBe(200);
    expect((await get(statsUrl(manager, 999_999))).status).toBe(404);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/Campaign/GetAll/${manager}` });
    expect(pdf.statusCode).toBe(403);
    const write = await post(`/api/Campaign/${manager2}`, { name: 'X', month: 5, year: 2025, salons: [{ salonId: salon1, target: 1 }] });
    expect(write.status).toBe(403);
    const staffWrite = await post(`/api/Campaign/InsertStaffCampaign/${reception}/${salon1}/${straight}`, {
      salonId: salon1,
      campaignId: straight,
      staff: [],
    });
    expect(staffWrite.status).toBe(403);
  });
});

describe('validation', () => {
  const base = () => ({ name: 'V', month: 5, year: 2025, salons: [{ salonId: salon1, target: 10 }] });
  it('names the field at fault', async () => {
    const cases: [unknown, string][] = [
      [{ ...base(), name: '   ' }, 'name'],
      [{ ...base(), month: undefined, year: undefined }, 'fromDate'],
      [{ ...base(), month: undefined, year: undefined, fromDate: '2025-05-10', toDate: '2025-05-01' }, 'toDate'],
      [{ ...base(), month: 13 }, 'month'],
      [
        { ...base(), salons: [{ salonId: salon1, target: 10, items: [{ kind: 'SERVICE', itemId: cut, bonusKind: 'PER_UNIT' }] }] },
        'items[0].bonusPerUnit',
      ],
      [
        {
          ...base(),
          salons: [{ salonId: salon1, target: 10, items: [{ kind: 'PRODUCT', itemId: shampoo, bonusKind: 'TIERS', tiers: [] }] }],
        },
        'items[0].tiers',
      ],
      [
        {
          ...base(),
          salons: [{ salonId: salon1, target: 10, items: [{ kind: 'SERVICE', itemId: 99_999, bonusKind: 'PERCENT', bonusPercent: 5 }] }],
        },
        'items',
      ],
      [{ ...base(), salons: [{ salonId: salon1, target: 10, staff: [{ userId: ids.users.manager2, target: 1 }] }] }, 'staff'],
      [{ ...base(), salons: [{ salonId: salon1, target: -1 }] }, 'salons'],
    ];
    for (const [payload, parameter] of cases) {
      const res = await post(`/api/Campaign/${manager}`, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.parameter ?? res.body.message, JSON.stringify(res.body)).toContain(parameter.replace(/\[.*$/, ''));
      expect(typeof res.body.message).toBe('string');
    }
    const staffUser = await post(`/api/Campaign/${manager}`, {
      ...base(),
      salons: [{ salonId: salon1, target: 10, staff: [{ userId: ids.users.manager2, target: 1 }] }],
    });
    expect(staffUser.body.message).toBe(`User ${ids.users.manager2} is not on the staff of salon ${salon1}`);
    // Nothing half-written.
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM campaigns WHERE name = 'V'`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
  });
});

describe('duplicate', () => {
  it('copies a campaign into another period', async () => {
    const res = await post(`/api/Campaign/${manager}`, { duplicateOf: straight, month: 4, year: 2025 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Incentive April 2025',
      fromDate: '2025-04-01',
      toDate: '2025-04-30',
      tierMode: 'STRAIGHT',
      status: 'RUNNING',
    });
    expect(res.body.salons).toHaveLength(1);
    expect(res.body.salons[0].target).toBe(500);
    expect(res.body.staff).toHaveLength(4);
    expect(res.body.staff.every((s: { feedback: string }) => s.feedback === '')).toBe(true);
    expect(res.body.teamLeaders).toEqual([expect.objectContaining({ userId: ids.users.stylist, bonusPercent: 5 })]);
    expect(res.body.items.find((i: { name: string }) => i.name === 'Shampoo').tiers).toHaveLength(3);
    // April so far: S's Cut of 04-01, 1 unit 25.00, 2.00.
    expect(byUser(res.body.staff, ids.users.stylist)).toMatchObject({ units: 1, revenue: 25, bonus: 2 });
    const same = await post(`/api/Campaign/${manager}`, { duplicateOf: straight, month: 3, year: 2025 });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('A duplicate needs another period than its source');
    // A name without its month: the new period in brackets (the range 03-01..03-31 is the whole of March).
    const bracket = await post(`/api/Campaign/${manager}`, { duplicateOf: sliding, month: 6, year: 2025 });
    expect(bracket.body).toMatchObject({ name: 'Shampoo sliding (June 2025)', tierMode: 'SLIDING', month: 6 });
    expect((await post(`/api/Campaign/${manager}`, { duplicateOf: 999_999, month: 6, year: 2025 })).status).toBe(404);
    // A running campaign cannot be closed yet.
    const early = await post(`/api/Campaign/Close/${manager}/${salon1}/${res.body.campaignId}`, {});
    expect(early.status).toBe(409);
  });

  it('edits a part through the Insert calls', async () => {
    const created = await post(`/api/Campaign/${manager}`, { duplicateOf: straight, month: 5, year: 2025, name: 'May' });
    const id = created.body.campaignId;
    const staff = await post(`/api/Campaign/InsertStaffCampaign/${manager}/${salon1}/${id}`, {
      salonId: salon1,
      campaignId: id,
      staff: [{ userId: ids.users.stylist, target: 123.45, feedback: 'ok' }],
    });
    expect(staff.status).toBe(200);
    expect(staff.body.staff).toEqual([expect.objectContaining({ userId: ids.users.stylist, target: 123.45, feedback: 'ok' })]);
    const mismatch = await post(`/api/Campaign/InsertStaffCampaign/${manager}/${salon1}/${id}`, {
      salonId: salon1,
      campaignId: straight,
      staff: [],
    });
    expect(mismatch.status).toBe(400);
    const leaders = await post(`/api/Campaign/InsertTeamLeaderCampaign/${manager}`, { salonId: salon1, campaignId: id, teamLeaders: [] });
    expect(leaders.body.teamLeaders).toEqual([]);
    const items = await post(`/api/Campaign/InsertServicesProductsCampaign/${manager}/${salon1}/${id}`, {
      tierMode: 'SLIDING',
      items: [{ kind: 'SERVICE', itemId: cut, bonusKind: 'PERCENT', bonusPercent: 7.5 }],
    });
    expect(items.status).toBe(200);
    expect(items.body.tierMode).toBe('SLIDING');
    expect(items.body.items).toEqual([expect.objectContaining({ name: 'Cut', bonusKind: 'PERCENT', bonusPercent: 7.5 })]);
    const salons = await post(`/api/Campaign/InsertSalonCampaign/${manager}`, {
      campaignId: id,
      salons: [{ salonId: salon1, target: 800 }],
    });
    expect(salons.body.salons[0].target).toBe(800);
    const other = await post(`/api/Campaign/InsertSalonCampaign/${manager}`, {
      campaignId: id,
      salons: [{ salonId: ids.salon2, target: 1 }],
    });
    expect(other.status).toBe(403);
    // An ADMIN changes their salon's target but adds no salon to a campaign: a superadmin does.
    const solo = await post(`/api/Campaign/${manager2}`, {
      name: 'Salon 2 only',
      month: 5,
      year: 2025,
      salons: [{ salonId: ids.salon2, target: 5 }],
    });
    expect(solo.status).toBe(200);
    const join = await post(`/api/Campaign/InsertSalonCampaign/${manager}`, {
      campaignId: solo.body.campaignId,
      salons: [{ salonId: salon1, target: 5 }],
    });
    expect(join.status).toBe(404);
    const added = await post(`/api/Campaign/InsertSalonCampaign/${superadmin}`, {
      campaignId: solo.body.campaignId,
      salons: [{ salonId: salon1, target: 5 }],
    });
    expect(added.body.salons.map((s: { salonId: number }) => s.salonId).sort()).toEqual([salon1, ids.salon2].sort());
  });
});

describe('close', () => {
  it('freezes the figures: a refund after the close changes nothing', async () => {
    expect((await post(`/api/Campaign/Close/${reception}/${salon1}/${straight}`, {})).status).toBe(403);
    const before = (await get(statsUrl(manager, straight))).body;
    const closed = await post(`/api/Campaign/Close/${manager}/${salon1}/${straight}`, {});
    expect(closed.status).toBe(200);
    expect(closed.body.frozen).toBe(true);
    expect(closed.body.campaign.status).toBe('CLOSED');
    expect(closed.body.salon.closedBy).toBe('manager Test');
    // A refund of one Shampoo by S on 03-20 (-1 unit, -12.00) and a cancelled Cut (the 03-10 line removed).
    await t.db
      .insertInto('sale_lines')
      .values({
        salon_id: salon1,
        staff_id: ids.users.stylist,
        day: '2025-03-20',
        kind: 'PRODUCT',
        product_id: shampoo,
        category: 'RESALE',
        quantity: -1,
        list_amount_cents: -1200,
        paid_amount_cents: -1200,
      })
      .execute();
    await t.db.deleteFrom('sale_lines').where('salon_id', '=', salon1).where('day', '=', '2025-03-10').execute();
    const after = (await get(statsUrl(manager, straight))).body;
    expect(after.staff).toEqual(before.staff);
    expect(after.items).toEqual(before.items);
    expect(after.teamLeaders).toEqual(before.teamLeaders);
    expect({ ...after.salon, closedAt: null, closedBy: null }).toEqual(before.salon);
    // The open SLIDING campaign sees the refund: S 9 units: 5 x 1 + 4 x 2 = 13.00 (was 15.00).
    const open = (await get(statsUrl(manager, sliding))).body;
    expect(byUser(open.staff, ids.users.stylist)).toMatchObject({ units: 9, bonus: 13 });
    // Closed: no second close, no edits.
    expect((await post(`/api/Campaign/Close/${manager}/${salon1}/${straight}`, {})).status).toBe(409);
    const edit = await post(`/api/Campaign/InsertTeamLeaderCampaign/${manager}`, {
      salonId: salon1,
      campaignId: straight,
      teamLeaders: [],
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('closed');
  });
});

describe('incentive.pdf', () => {
  it('renders every campaign with its salons', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Campaign/GetAll/${superadmin}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="incentive.pdf"');
    const dir = mkdtempSync(join(tmpdir(), 'incentive-'));
    const file = join(dir, 'incentive.pdf');
    writeFileSync(file, res.rawPayload);
    execFileSync('pdftoppm', ['-png', '-r', '50', file, join(dir, 'page')]);
    expect(readFileSync(join(dir, 'page-1.png')).subarray(1, 4).toString()).toBe('PNG');
    // One page: the footer does not spill onto a page of its own.
    expect(readdirSync(dir).filter((f) => f.endsWith('.png'))).toEqual(['page-1.png']);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Incentive campaigns');
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toContain('Incentive March 2025');
    expect(text).toContain('1 Mar 2025 to 31 Mar 2025');
    expect(text).toContain('Salone Uno');
    // The closed STRAIGHT campaign's frozen figures: target 500.00, revenue 598.50, 119.70 %, bonus 125.63.
    expect(text).toMatch(/Salone Uno.*500\.00.*598\.50.*119\.70 %.*97\.55.*28\.08.*125\.63/);
    console.log(`incentive.pdf pages in ${dir}`);
  });

  it("speaks the caller's language and limits to a month", async () => {
    await t.db.updateTable('users').set({ language: 'it' }).where('id', '=', ids.users.superadmin).execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/Campaign/GetAll/${superadmin}?year=2025&month=3` });
    await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', ids.users.superadmin).execute();
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'incentive-it-'));
    const file = join(dir, 'incentive.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Campagne incentivi');
    // The month asked as dates in words, never the parameters or ISO keys.
    expect(text).toContain('Campagne dal 1 mar 2025 al 31 mar 2025');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|month=/);
    expect(text).toMatch(/Salone Uno.*500,00.*598,50.*119,70 %/);
    // March only: April's and May's duplicates are left out.
    expect(text).not.toContain('Incentive April 2025');
    const bad = await t.app.inject({ method: 'GET', url: `/api/Campaign/GetAll/${superadmin}?month=3` });
    expect(bad.statusCode).toBe(400);
  });
});
