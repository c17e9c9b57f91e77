import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, StockMovementType } from '../../db/database.js';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { seedReportFixture } from '../../test/report-fixture.js';

/*
 * Hand-made fixture: test/report-fixture.ts (its DONE services: salon 1 February 2025 one Cut,
 * March 2025 five (Colour, Cut, Cut + Mask, Cut), April 2025 one Cut; salon 2 March one Colour;
 * its products Shampoo RESALE cost 7.50 and Gel RESALE cost 5.00), plus
 *   Tube  PROFESSIONAL cost 5.00 · Foil PROFESSIONAL cost 2.00 · Brush RESALE cost 30.00
 * and these movements (salon 1 unless said, in insert = id order; unit cost = the product's):
 *   M1 2024-12-01 LOAD Brush +2       M8  2025-03-04 INTERNAL_USE Tube -2
 *   M2 2025-01-10 LOAD Shampoo +20    M9  2025-03-04 ADJUSTMENT Shampoo -1
 *   M3 2025-01-10 LOAD Tube +10       M10 2025-03-04 INTERNAL_USE Gel -1 (a RESALE product)
 *   M4 2025-01-10 LOAD Gel +5         M11 2025-03-03 INTERNAL_USE Foil -1 (inserted late: id after M8..M10)
 *   M5 2025-02-20 SALE Shampoo -2     M12 2025-03-05 SALE Shampoo -1
 *   M6 2025-02-20 INTERNAL_USE Tube -1  M13 2025-03-05 TRANSFER Gel +2
 *   M7 2025-03-03 SALE Shampoo -2     M14 2025-03-20 INTERNAL_USE Foil -3
 *   M7b 2025-03-03 INTERNAL_USE Tube -3  M15 2025-03-01 LOAD Foil +4 (inserted last)
 *   M16 2025-04-02 SALE Shampoo -1 (after March)
 *   salon 2: S1 2025-03-03 LOAD Tube +6, S2 2025-03-03 INTERNAL_USE Tube -4
 *
 * March 2025 (salon 1) in (day, id) order: M15 (03-01); M7, M7b, M11 (03-03); M8, M9, M10 (03-04);
 * M12, M13 (03-05); M14 (03-20) = 10 movements.
 */
let t: TestApp;
let manager: string;
let fx: Awaited<ReturnType<typeof seed>>;

async function seed(db: Db) {
  const base = await seedReportFixture(db);
  const product = async (name: string, category: 'RESALE' | 'PROFESSIONAL', costCents: number) =>
    (
      await db
        .insertInto('products')
        .values({ name, brand: name === 'Foil' ? 'Sibel' : 'Brand', category, list_price_cents: costCents * 2, unit_cost_cents: costCents })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const tube = await product('Tube', 'PROFESSIONAL', 500);
  const foil = await product('Foil', 'PROFESSIONAL', 200);
  const brush = await product('Brush', 'RESALE', 3000);
  const { shampoo, gel } = base.products;
  const cost: Record<number, number> = { [shampoo]: 750, [gel]: 500, [tube]: 500, [foil]: 200, [brush]: 3000 };
  const ids: Record<string, number> = {};
  const move = async (key: string, day: string, productId: number, type: StockMovementType, quantity: number, salonId = base.salon1) => {
    const { id } = await db
      .insertInto('stock_movements')
      .values({ salon_id: salonId, product_id: productId, day, type, quantity, unit_cost_cents: cost[productId]!, note: key })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = Number(id);
  };
  await move('M1', '2024-12-01', brush, 'LOAD', 2);
  await move('M2', '2025-01-10', shampoo, 'LOAD', 20);
  await move('M3', '2025-01-10', tube, 'LOAD', 10);
  await move('M4', '2025-01-10', gel, 'LOAD', 5);
  await move('M5', '2025-02-20', shampoo, 'SALE', -2);
  await move('M6', '2025-02-20', tube, 'INTERNAL_USE', -1);
  await move('M7', '2025-03-03', shampoo, 'SALE', -2);
  await move('M7b', '2025-03-03', tube, 'INTERNAL_USE', -3);
  await move('M8', '2025-03-04', tube, 'INTERNAL_USE', -2);
  await move('M9', '2025-03-04', shampoo, 'ADJUSTMENT', -1);
  await move('M10', '2025-03-04', gel, 'INTERNAL_USE', -1);
  await move('M11', '2025-03-03', foil, 'INTERNAL_USE', -1);
  await move('M12', '2025-03-05', shampoo, 'SALE', -1);
  await move('M13', '2025-03-05', gel, 'TRANSFER', 2);
  await move('M14', '2025-03-20', foil, 'INTERNAL_USE', -3);
  await move('M15', '2025-03-01', foil, 'LOAD', 4);
  await move('M16', '2025-04-02', shampoo, 'SALE', -1);
  await move('S1', '2025-03-03', tube, 'LOAD', 6, base.salon2);
  await move('S2', '2025-03-03', tube, 'INTERNAL_USE', -4, base.salon2);
  return { ...base, ids, items: { tube, foil, brush, shampoo, gel } };
}

beforeAll(async () => {
  t = await createTestApp({ demoToday: '2025-04-30', loginMaxFailuresPerAddress: 1000 });
  fx = await seed(t.db);
  manager = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return {
    status: res.statusCode,
    body: res.statusCode === 200 && !res.headers['content-type']?.toString().includes('json') ? null : res.json(),
  };
}
const list = (session: string, salon: number, from: string, to: string, query = '') =>
  `/api/CassaNova/ImportStocksMovements/${session}/${salon}/${from}/${to}/${query}`;

const MARCH_ORDER = ['M15', 'M7', 'M7b', 'M11', 'M8', 'M9', 'M10', 'M12', 'M13', 'M14'];

describe('ImportStocksMovements', () => {
  it('lists the range by day then id, each movement with its product, signed quantity, unit cost and value', async () => {
    const { status, body } = await get(list(manager, fx.salon1, '2025-03-01', '2025-03-31', '?steps=100&progress=false'));
    expect(status).toBe(200);
    expect(body.total).toBe(10);
    expect(body.loaded).toBeNull();
    expect(body.nextCursor).toBeNull();
    expect(body.movements.map((m: { note: string }) => m.note)).toEqual(MARCH_ORDER);
    // M7: Shampoo SALE -2 at 7.50 = -15.00
    expect(body.movements[1]).toEqual({
      movementId: fx.ids.M7,
      day: '2025-03-03',
      productId: fx.items.shampoo,
      productName: 'Shampoo',
      brand: 'Brand',
      category: 'RESALE',
      type: 'SALE',
      quantity: -2,
      unitCost: 7.5,
      value: -15,
      note: 'M7',
    });
  });

  it('pages with the cursor: every movement once, none lost, across ties on a day; progress counts what is loaded', async () => {
    const seen: string[] = [];
    const loaded: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?steps=3&progress=true${cursor ? `&cursor=${cursor}` : ''}`;
      const { status, body } = await get(list(manager, fx.salon1, '2025-03-01', '2025-03-31', query));
      expect(status).toBe(200);
      expect(body.total).toBe(10);
      seen.push(...body.movements.map((m: { note: string }) => m.note));
      loaded.push(body.loaded);
      cursor = body.nextCursor;
      pages++;
    } while (cursor !== null && pages < 10);
    // 10 movements in pages of 3: 3 + 3 + 3 + 1; the 03-03 and 03-04 ties straddle page ends.
    expect(pages).toBe(4);
    expect(seen).toEqual(MARCH_ORDER);
    expect(loaded).toEqual([3, 6, 9, 10]);
  });

  it('filters by type and by product name or brand (wildcards taken literally)', async () => {
    const used = await get(list(manager, fx.salon1, '2025-03-01', '2025-03-31', '?type=INTERNAL_USE'));
    // M7b, M11, M8, M10, M14
    expect(used.body.total).toBe(5);
    expect(used.body.movements.map((m: { note: string }) => m.note)).toEqual(['M7b', 'M11', 'M8', 'M10', 'M14']);
    const foil = await get(list(manager, fx.salon1, '2025-03-01', '2025-03-31', '?search=sIBe'));
    expect(foil.body.movements.map((m: { note: string }) => m.note)).toEqual(['M15', 'M11', 'M14']);
    const literal = await get(list(manager, fx.salon1, '2025-03-01', '2025-03-31', '?search=%25'));
    expect(literal.body.total).toBe(0);
  });

  it('refuses bad input with a 400 naming it', async () => {
    const cases: [string, string][] = [
      [list(manager, fx.salon1, '2025-02-30', '2025-03-31'), 'fromDate'],
      [list(manager, fx.salon1, '2025-03-31', '2025-03-01'), 'fromDate'],
      [list(manager, fx.salon1, '2025-03-01', '2025-03-31', '?steps=0'), 'steps'],
      [list(manager, fx.salon1, '2025-03-01', '2025-03-31', '?steps=1001'), 'steps'],
      [list(manager, fx.salon1, '2025-03-01', '2025-03-31', '?cursor=2025-02-30_1'), 'cursor'],
      [list(manager, fx.salon1, '2025-03-01', '2025-03-31', '?cursor=abc'), 'cursor'],
      [list(manager, fx.salon1, '2025-03-01', '2025-03-31', '?type=THEFT'), 'type'],
    ];
    for (const [url, parameter] of cases) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body.message, url).toContain(parameter);
    }
  });
});

describe('StocksStatus', () => {
  it('sums the movements up to the range end per product, values them at cost, and puts the ones to reorder first', async () => {
    const { status, body } = await get(`/api/CassaNova/StocksStatus/${manager}/${fx.salon1}/2025-03-01/2025-03-31`);
    expect(status).toBe(200);
    // Usage window: the 90 days ending 2025-03-31 = 2025-01-01..2025-03-31.
    expect(body.usageFrom).toBe('2025-01-01');
    const row = (name: string) => body.rows.find((r: { productName: string }) => r.productName === name);
    // Foil: +4 -1 -3 = 0 on hand; used 1 + 3 = 4 -> 0.04 a day; cover 0 x 90 / 4 = 0;
    // level ceil(4 x 14 / 90) = ceil(0.62) = 1; 0 <= 1 -> reorder.
    expect(row('Foil')).toMatchObject({
      openingQuantity: 0,
      netChange: 0,
      onHand: 0,
      stockValue: 0,
      dailyUsage: 0.04,
      daysOfCover: 0,
      reorderLevel: 1,
      reorder: true,
    });
    // Tube: opening 10 - 1 = 9; March -3 -2 = -5; on hand 4 x 5.00 = 20.00; used 1+3+2 = 6 -> 0.07 a day;
    // cover 4 x 90 / 6 = 60.0; level ceil(6 x 14 / 90) = ceil(0.93) = 1; 4 > 1.
    expect(row('Tube')).toMatchObject({
      openingQuantity: 9,
      netChange: -5,
      onHand: 4,
      unitCost: 5,
      stockValue: 20,
      dailyUsage: 0.07,
      daysOfCover: 60,
      reorderLevel: 1,
      reorder: false,
    });
    // Shampoo: opening 20 - 2 = 18; March -2 -1 -1 = -4 (M16 is in April); on hand 14 x 7.50 = 105.00;
    // used (SALE and INTERNAL_USE; not the adjustment) 2 + 2 + 1 = 5 -> 0.06; cover 14 x 90 / 5 = 252.0.
    expect(row('Shampoo')).toMatchObject({
      openingQuantity: 18,
      netChange: -4,
      onHand: 14,
      stockValue: 105,
      dailyUsage: 0.06,
      daysOfCover: 252,
      reorderLevel: 1,
      reorder: false,
    });
    // Gel: 5 - 1 + 2 = 6 x 5.00 = 30.00; used 1 -> 0.01; cover 6 x 90 / 1 = 540.0.
    expect(row('Gel')).toMatchObject({ openingQuantity: 5, netChange: 1, onHand: 6, stockValue: 30, dailyUsage: 0.01, daysOfCover: 540 });
    // Brush: 2 x 30.00 = 60.00, never used: no cover, level 0, never flagged.
    expect(row('Brush')).toMatchObject({ onHand: 2, stockValue: 60, dailyUsage: 0, daysOfCover: null, reorderLevel: 0, reorder: false });
    // Order: reorder first, then fewest days of cover, no usage last.
    expect(body.rows.map((r: { productName: string }) => r.productName)).toEqual(['Foil', 'Tube', 'Shampoo', 'Gel', 'Brush']);
    // Totals: 0 + 4 + 14 + 6 + 2 = 26 units; 0 + 20 + 105 + 30 + 60 = 215.00.
    expect(body.totals).toEqual({ products: 5, productsToReorder: 1, stockValue: 215, units: 26 });
  });

  it('takes the stock at the end of toDate: a range ending 2025-02-28 sees only what happened by then', async () => {
    const { body } = await get(`/api/CassaNova/StocksStatus/${manager}/${fx.salon1}/2025-02-01/2025-02-28`);
    // Shampoo 20 - 2 = 18; Tube 10 - 1 = 9; Gel 5; Brush 2; Foil not moved yet (not listed).
    const onHand = Object.fromEntries(body.rows.map((r: { productName: string; onHand: number }) => [r.productName, r.onHand]));
    expect(onHand).toEqual({ Shampoo: 18, Tube: 9, Gel: 5, Brush: 2 });
  });
});

describe('ProfessionalProductsUse', () => {
  it('gives the professional cost per DONE service per month against the salon and chain averages', async () => {
    const { status, body } = await get(`/api/CassaNova/ProfessionalProductsUse/${manager}/${fx.salon1}/2025-02-01/2025-04-30`);
    expect(status).toBe(200);
    // February: Tube 1 x 5.00 / 1 service = 5.00. March: Tube 3 + 2 = 5 x 5.00 + Foil 1 + 3 = 4 x 2.00
    // = 33.00 (Gel is RESALE: left out) / 5 services = 6.60. April: 0.00 / 1 = 0.00.
    // Salon average: 38.00 / 7 = 5.43; vs it: 5/5.4286 - 1 = -7.9 %, 6.6/5.4286 - 1 = +21.6 %, -100 %.
    // Chain (salon 2: March Tube 4 x 5.00 = 20.00, 1 service): February 5.00 / 1 = 5.00; March
    // (33 + 20) / (5 + 1) = 8.83; April 0 / 1 = 0.00; over the range (38 + 20) / (7 + 1) = 7.25.
    expect(body.months).toEqual([
      { month: '2025-02', services: 1, professionalCost: 5, costPerService: 5, chainCostPerService: 5, vsSalonAveragePercent: -7.9 },
      { month: '2025-03', services: 5, professionalCost: 33, costPerService: 6.6, chainCostPerService: 8.83, vsSalonAveragePercent: 21.6 },
      { month: '2025-04', services: 1, professionalCost: 0, costPerService: 0, chainCostPerService: 0, vsSalonAveragePercent: -100 },
    ]);
    expect(body).toMatchObject({ services: 7, professionalCost: 38, salonAverage: 5.43, chainAverage: 7.25 });
  });

  it('has null ratios for a month without services', async () => {
    const { body } = await get(`/api/CassaNova/ProfessionalProductsUse/${manager}/${fx.salon1}/2025-06-10/2025-07-05`);
    expect(body.months).toEqual([
      { month: '2025-06', services: 0, professionalCost: 0, costPerService: null, chainCostPerService: null, vsSalonAveragePercent: null },
      { month: '2025-07', services: 0, professionalCost: 0, costPerService: null, chainCostPerService: null, vsSalonAveragePercent: null },
    ]);
    expect(body.salonAverage).toBeNull();
  });
});

describe('ExportStocksMovements', () => {
  it('writes the movements and the status into an xlsx that reads back', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/CassaNova/ExportStocksMovements/${manager}/${fx.salon1}/2025-03-01/2025-03-31?language=it`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('StocksMovements-20250301-20250331.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const movements = book.getWorksheet('Movimenti')!;
    // Each sheet is headed by its title, the salon's name and the period in Italian words; the table starts on row 5.
    expect([1, 2, 3].map((n) => movements.getRow(n).values)).toEqual([
      [undefined, 'Movimenti di magazzino'],
      [undefined, 'Salone', 'Salone Uno'],
      [undefined, 'Periodo', '1 mar 2025 – 31 mar 2025'],
    ]);
    expect(movements.rowCount).toBe(15);
    expect(movements.getRow(5).getCell(6).value).toBe('Quantità');
    // Row 7 = M7: Shampoo, Vendita, -2, 7.50, -15.00
    expect([2, 5, 6, 7, 8].map((c) => movements.getRow(7).getCell(c).value)).toEqual(['Shampoo', 'Vendita', -2, 7.5, -15]);
    // The day is an Excel date (the salon's calendar day), money has its format.
    const day = movements.getRow(7).getCell(1);
    expect(day.type).toBe(ExcelJS.ValueType.Date);
    expect(day.numFmt).toBe('dd/mm/yyyy');
    expect((day.value as Date).toISOString().slice(0, 10)).toMatch(/^2025-03-/);
    expect(movements.getRow(7).getCell(8).numFmt).toBe('#,##0.00 "€"');
    const status = book.getWorksheet('Situazione')!;
    expect(status.getRow(1).getCell(1).value).toBe('Situazione del magazzino a fine periodo');
    expect(status.getRow(3).values).toEqual([undefined, 'Periodo', '1 mar 2025 – 31 mar 2025']);
    // The status tab's KPI cards, as its API answers them for the same range: 215.00 of stock, 26 units.
    const screen = (await get(`/api/CassaNova/StocksStatus/${manager}/${fx.salon1}/2025-03-01/2025-03-31`)).body;
    expect([5, 6, 7, 8].map((n) => status.getRow(n).values)).toEqual([
      [undefined, 'Valore del magazzino', screen.totals.stockValue],
      [undefined, 'Prodotti da riordinare', screen.totals.productsToReorder],
      [undefined, 'Pezzi in giacenza', screen.totals.units],
      [undefined, 'Prodotti a magazzino', screen.totals.products],
    ]);
    expect([screen.totals.stockValue, screen.totals.units]).toEqual([215, 26]);
    expect(status.getRow(5).getCell(2).numFmt).toBe('#,##0.00 "€"');
    expect(status.getRow(11).getCell(1).value).toBe('Foil');
    expect(status.getRow(11).getCell(12).value).toBe('Sì');
    // The total row: 26 units, 215.00
    expect([6, 8].map((c) => status.getRow(16).getCell(c).value)).toEqual([26, 215]);
    // The professional-use tab: its KPI cards and one row per month, as its API answers them.
    const use = book.getWorksheet('Uso professionale')!;
    const useScreen = (await get(`/api/CassaNova/ProfessionalProductsUse/${manager}/${fx.salon1}/2025-03-01/2025-03-31`)).body;
    expect([5, 6, 7, 8].map((n) => use.getRow(n).getCell(2).value)).toEqual([
      useScreen.salonAverage,
      useScreen.chainAverage,
      useScreen.professionalCost,
      useScreen.services,
    ]);
    expect(use.getRow(10).getCell(1).value).toBe('Mese');
    expect([1, 2, 3].map((c) => use.getRow(11).getCell(c).value)).toEqual([
      'mar 2025',
      useScreen.months[0].services,
      useScreen.months[0].professionalCost,
    ]);
  });

  it('writes English for an English reader who asks no language, and 404 for a salon that does not exist', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/CassaNova/ExportStocksMovements/${manager}/${fx.salon1}/2025-03-01/2025-03-31`,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const movements = book.getWorksheet('Movements')!;
    expect([1, 2, 3].map((n) => movements.getRow(n).values)).toEqual([
      [undefined, 'Stock movements'],
      [undefined, 'Salon', 'Salone Uno'],
      [undefined, 'Period', '1 Mar 2025 – 31 Mar 2025'],
    ]);
    const superadmin = await signIn(t.app, 'superadmin');
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/CassaNova/ExportStocksMovements/${superadmin}/99999/2025-03-01/2025-03-31`,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('access', () => {
  it('lets an ADMIN read their salon and a SUPERADMIN any; refuses other salons, other roles and no session', async () => {
    const other = await get(list(manager, fx.salon2, '2025-03-01', '2025-03-31'));
    expect(other.status).toBe(403);
    const superadmin = await signIn(t.app, 'superadmin');
    const chain = await get(list(superadmin, fx.salon2, '2025-03-01', '2025-03-31'));
    expect(chain.status).toBe(200);
    expect(chain.body.total).toBe(2);
    for (const role of ['reception', 'marketing', 'stylist']) {
      const session = await signIn(t.app, role);
      for (const path of ['StocksStatus', 'ProfessionalProductsUse', 'ExportStocksMovements']) {
        expect((await get(`/api/CassaNova/${path}/${session}/${fx.salon1}/2025-03-01/2025-03-31`)).status, `${role} ${path}`).toBe(403);
      }
      expect((await get(list(session, fx.salon1, '2025-03-01', '2025-03-31'))).status).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/CassaNova/StocksStatus/${'x'.repeat(30)}/${fx.salon1}/2025-03-01/2025-03-31`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
