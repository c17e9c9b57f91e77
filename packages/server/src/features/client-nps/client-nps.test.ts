import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { rebuildRollupModel } from '../../db/rollups/apply.js';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';

/*
 * Hand-made fixture: NPS answers of salon 1 (clients Anna, Bruno), today pinned to 2026-02-10.
 *   2025-01-10: Anna 10 'Great', Bruno 9, Anna 8, Bruno 6 'Too slow', (no client) 3
 *   2025-03-05: 10, 10, 9
 *   2025-04-20: 9, 8, 7
 *   2025-05-02: 0 'Never again', 6, 7
 *   2025-12-31: 8
 *   2024-12-31: 10 and 2026-01-01: 0 (other years); salon 2 2025-01-15: 0 (other salon)
 * Visits (walk-in sales): Anna 2025-06-30 and 2026-03-01 (after today); Bruno 2024-05-01, 2025-09-01.
 */
let t: TestApp;
let manager: string;
let fx: Awaited<ReturnType<typeof seed>>;
/** The name seedAccessFixture gives salon1, which the exports are headed with. */
const salonName = 'Salone Uno';

async function seed(db: Db) {
  const access = await seedAccessFixture(db);
  const { salon1, salon2 } = access;
  const client = async (salonId: number, first: string) =>
    Number(
      (
        await db
          .insertInto('clients')
          .values({ salon_id: salonId, first_name: first, last_name: 'Test' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const anna = await client(salon1, 'Anna');
  const bruno = await client(salon1, 'Bruno');
  const elsa = await client(salon2, 'Elsa');
  const answers: [number, string, number | null, number, string][] = [
    [salon1, '2025-01-10', anna, 10, 'Great'],
    [salon1, '2025-01-10', bruno, 9, ''],
    [salon1, '2025-01-10', anna, 8, ''],
    [salon1, '2025-01-10', bruno, 6, 'Too slow'],
    [salon1, '2025-01-10', null, 3, ''],
    [salon1, '2025-03-05', anna, 10, ''],
    [salon1, '2025-03-05', bruno, 10, ''],
    [salon1, '2025-03-05', anna, 9, ''],
    [salon1, '2025-04-20', anna, 9, ''],
    [salon1, '2025-04-20', bruno, 8, ''],
    [salon1, '2025-04-20', anna, 7, ''],
    [salon1, '2025-05-02', bruno, 0, 'Never again'],
    [salon1, '2025-05-02', anna, 6, ''],
    [salon1, '2025-05-02', bruno, 7, ''],
    [salon1, '2025-12-31', anna, 8, ''],
    [salon1, '2024-12-31', anna, 10, ''],
    [salon1, '2026-01-01', bruno, 0, ''],
    [salon2, '2025-01-15', elsa, 0, ''],
  ];
  const ids: number[] = [];
  for (const [salonId, day, clientId, score, comment] of answers) {
    const { id } = await db
      .insertInto('nps_responses')
      .values({ salon_id: salonId, day, client_id: clientId, score, comment })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(id));
  }
  const { id: shampoo } = await db
    .insertInto('products')
    .values({ name: 'Shampoo', brand: 'Brand', category: 'RESALE', list_price_cents: 1500, unit_cost_cents: 700 })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [clientId, day] of [
    [anna, '2025-06-30'],
    [anna, '2026-03-01'],
    [bruno, '2024-05-01'],
    [bruno, '2025-09-01'],
  ] as const) {
    await db
      .insertInto('sale_lines')
      .values({
        salon_id: salon1,
        appointment_id: null,
        client_id: clientId,
        day,
        kind: 'PRODUCT',
        product_id: Number(shampoo),
        category: 'RESALE',
        quantity: 1,
        list_amount_cents: 1500,
        paid_amount_cents: 1500,
        discount_cents: 0,
      })
      .execute();
  }
  await rebuildRollupModel(db);
  return { ...access, anna, bruno, ids };
}

beforeAll(async () => {
  t = await createTestApp({ demoToday: '2026-02-10', loginMaxFailuresPerAddress: 1000 });
  fx = await seed(t.db);
  manager = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

const empty = {
  responses: 0,
  promoters: 0,
  passives: 0,
  detractors: 0,
  promotersPercent: null,
  passivesPercent: null,
  detractorsPercent: null,
  nps: null,
  averageScore: null,
};

describe('GetByAllClients', () => {
  it('gives per month the responses, promoters, passives, detractors and the NPS, null for a month without answers', async () => {
    const { status, body } = await get(`/api/ClientNPSs/GetByAllClients/${manager}/${fx.salon1}/2025`);
    expect(status).toBe(200);
    expect(body.salonId).toBe(fx.salon1);
    expect(body.months).toHaveLength(12);
    // January: 10 9 | 8 | 6 3 -> 2 promoters, 1 passive, 2 detractors of 5: NPS (2 - 2) / 5 = 0; mean 36 / 5 = 7.2
    expect(body.months[0]).toEqual({
      month: 1,
      isFuture: false,
      responses: 5,
      promoters: 2,
      passives: 1,
      detractors: 2,
      promotersPercent: 40,
      passivesPercent: 20,
      detractorsPercent: 40,
      nps: 0,
      averageScore: 7.2,
    });
    expect(body.months[1]).toEqual({ month: 2, isFuture: false, ...empty });
    // March: 10 10 9 -> NPS 100; mean 29 / 3 = 9.67
    expect(body.months[2]).toMatchObject({ responses: 3, promoters: 3, passives: 0, detractors: 0, nps: 100, averageScore: 9.67 });
    expect(body.months[2].detractorsPercent).toBe(0);
    // April: 9 | 8 7 -> 100 x 1 / 3 = 33.33.. -> 33.3; passives 66.67 %; mean 24 / 3 = 8
    expect(body.months[3]).toMatchObject({
      promoters: 1,
      passives: 2,
      promotersPercent: 33.33,
      passivesPercent: 66.67,
      nps: 33.3,
      averageScore: 8,
    });
    // May: 7 | 0 6 -> 100 x (0 - 2) / 3 = -66.66.. -> -66.7 (half away from zero); mean 13 / 3 = 4.33
    expect(body.months[4]).toMatchObject({ responses: 3, detractors: 2, detractorsPercent: 66.67, nps: -66.7, averageScore: 4.33 });
    expect(body.months[11]).toMatchObject({ month: 12, responses: 1, passives: 1, nps: 0 });
    // The year: 5 + 3 + 3 + 3 + 1 = 15 answers; promoters 2+3+1 = 6, passives 1+2+1+1 = 5, detractors 2+2 = 4;
    // NPS 100 x (6 - 4) / 15 = 13.33.. -> 13.3; mean (36 + 29 + 24 + 13 + 8) / 15 = 7.33
    expect(body.totals).toEqual({
      responses: 15,
      promoters: 6,
      passives: 5,
      detractors: 4,
      promotersPercent: 40,
      passivesPercent: 33.33,
      detractorsPercent: 26.67,
      nps: 13.3,
      averageScore: 7.33,
    });
    // The totals are the sums of the months.
    for (const field of ['responses', 'promoters', 'passives', 'detractors'] as const) {
      expect(body.months.reduce((sum: number, m: Record<string, number>) => sum + (m[field] ?? 0), 0)).toBe(body.totals[field]);
    }
  });

  it('lists the days of the year that have answers, with their counts and NPS', async () => {
    const { body } = await get(`/api/ClientNPSs/GetByAllClients/${manager}/${fx.salon1}/2025`);
    // 2024-12-31 and 2026-01-01 are other years, salon 2's answer another salon.
    expect(body.days).toEqual([
      { date: '2025-01-10', responses: 5, promoters: 2, passives: 1, detractors: 2, nps: 0 },
      { date: '2025-03-05', responses: 3, promoters: 3, passives: 0, detractors: 0, nps: 100 },
      // 9 | 8 7: 100 x 1 / 3 = 33.3
      { date: '2025-04-20', responses: 3, promoters: 1, passives: 2, detractors: 0, nps: 33.3 },
      // 7 | 0 6: 100 x -2 / 3 = -66.7
      { date: '2025-05-02', responses: 3, promoters: 0, passives: 1, detractors: 2, nps: -66.7 },
      { date: '2025-12-31', responses: 1, promoters: 0, passives: 1, detractors: 0, nps: 0 },
    ]);
    // Each month's responses are the sum of its days'.
    for (const month of body.months) {
      const ofMonth = body.days.filter((d: { date: string }) => Number(d.date.slice(5, 7)) === month.month);
      expect(ofMonth.reduce((sum: number, d: { responses: number }) => sum + d.responses, 0)).toBe(month.responses);
    }
  });

  it("flags the months after the salon's today as not yet come", async () => {
    const { body } = await get(`/api/ClientNPSs/GetByAllClients/${manager}/${fx.salon1}/2026`);
    // Today 2026-02-10: January and February have come, March..December have not.
    expect(body.months.map((m: { isFuture: boolean }) => m.isFuture)).toEqual([false, false, ...Array(10).fill(true)]);
    expect(body.months[0]).toMatchObject({ responses: 1, detractors: 1, nps: -100 });
    expect(body.totals).toMatchObject({ responses: 1, nps: -100 });
  });

  it('answers 400 naming the year for a year out of range', async () => {
    for (const year of ['1999', '20255', 'abcd']) {
      const { status, body } = await get(`/api/ClientNPSs/GetByAllClients/${manager}/${fx.salon1}/${year}`);
      expect(status, year).toBe(400);
      expect(body.message, year).toMatch(/year/);
    }
  });
});

describe('GetClientScoreDetails', () => {
  it("lists the day's answers, lowest score first, with the client's name, the category and the comment", async () => {
    const { status, body } = await get(`/api/ClientNPSs/GetClientScoreDetails/${manager}/${fx.salon1}/2025-01-10`);
    expect(status).toBe(200);
    expect(body.answers).toEqual([
      { responseId: fx.ids[4], clientId: null, clientName: '', score: 3, category: 'DETRACTOR', comment: '' },
      { responseId: fx.ids[3], clientId: fx.bruno, clientName: 'Bruno Test', score: 6, category: 'DETRACTOR', comment: 'Too slow' },
      { responseId: fx.ids[2], clientId: fx.anna, clientName: 'Anna Test', score: 8, category: 'PASSIVE', comment: '' },
      { responseId: fx.ids[1], clientId: fx.bruno, clientName: 'Bruno Test', score: 9, category: 'PROMOTER', comment: '' },
      { responseId: fx.ids[0], clientId: fx.anna, clientName: 'Anna Test', score: 10, category: 'PROMOTER', comment: 'Great' },
    ]);
    expect(body.totals).toMatchObject({ responses: 5, promoters: 2, passives: 1, detractors: 2, nps: 0 });
  });

  it('answers a day without answers with an empty list, and 400 for an impossible date', async () => {
    const none = await get(`/api/ClientNPSs/GetClientScoreDetails/${manager}/${fx.salon1}/2025-01-11`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ salonId: fx.salon1, date: '2025-01-11', answers: [], totals: empty });
    const bad = await get(`/api/ClientNPSs/GetClientScoreDetails/${manager}/${fx.salon1}/2025-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.body.parameter).toBe('date');
  });
});

describe('GetDetractors (the follow-up list)', () => {
  it('lists each client who answered 0-6 in the year once, with the latest such answer and their status today', async () => {
    const { status, body } = await get(`/api/ClientNPSs/GetDetractors/${manager}/${fx.salon1}/2025`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ salonId: fx.salon1, year: 2025, today: '2026-02-10', activeDays: 90, lostDays: 180 });
    // Bruno: 6 on 01-10 and 0 'Never again' on 05-02; last visit 2025-09-01, 162 days before 2026-02-10: at risk (90..180).
    // Anna: 6 on 05-02; last visit 2025-06-30 (her 2026-03-01 visit is after today), 225 days: lost (> 180).
    // The answer without a client (3 on 01-10) cannot be followed up: left out. At risk comes first.
    expect(body.rows).toEqual([
      {
        clientId: fx.bruno,
        clientName: 'Bruno Test',
        answers: 2,
        lastScore: 0,
        lastAnswerDay: '2025-05-02',
        lastComment: 'Never again',
        lastVisit: '2025-09-01',
        daysSinceLastVisit: 162,
        status: 'AT_RISK',
      },
      {
        clientId: fx.anna,
        clientName: 'Anna Test',
        answers: 1,
        lastScore: 6,
        lastAnswerDay: '2025-05-02',
        lastComment: '',
        lastVisit: '2025-06-30',
        daysSinceLastVisit: 225,
        status: 'LOST',
      },
    ]);
    const next = await get(`/api/ClientNPSs/GetDetractors/${manager}/${fx.salon1}/2026`);
    expect(next.body.rows).toMatchObject([
      { clientId: fx.bruno, answers: 1, lastScore: 0, lastAnswerDay: '2026-01-01', status: 'AT_RISK' },
    ]);
    expect((await get(`/api/ClientNPSs/GetDetractors/${manager}/${fx.salon1}/2024`)).body.rows).toEqual([]);
  });

  it("gives the status the customer status report gives, with the salon's own thresholds", async () => {
    const statusOf = async (clientId: number) =>
      (await get(`/api/CustomerAnalysis/GetCustomerAnalysisStatusById/${manager}/${fx.salon1}/2026-01-01/2026-02-10/${clientId}`)).body;
    const follow = async () => (await get(`/api/ClientNPSs/GetDetractors/${manager}/${fx.salon1}/2025`)).body;
    const rows = (await follow()).rows;
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const detail = await statusOf(row.clientId);
      expect(detail, String(row.clientId)).toMatchObject({
        status: row.status,
        lastVisit: row.lastVisit,
        daysSinceLastVisit: row.daysSinceLastVisit,
      });
    }
    // Lost after 230 days: Anna (225) is at risk again.
    await t.db.updateTable('salons').set({ lost_client_days: 230 }).where('id', '=', fx.salon1).execute();
    try {
      const body = await follow();
      expect(body.lostDays).toBe(230);
      // Both at risk, both last answered on 2025-05-02: then by client id (Anna first).
      expect(body.rows.map((r: { clientId: number; status: string }) => [r.clientId, r.status])).toEqual([
        [fx.anna, 'AT_RISK'],
        [fx.bruno, 'AT_RISK'],
      ]);
    } finally {
      await t.db.updateTable('salons').set({ lost_client_days: 180 }).where('id', '=', fx.salon1).execute();
    }
  });
});

describe('NPS excel download (returned link, Nps.xlsx)', () => {
  it('returns a link for this session that serves Nps.xlsx with the months, the year and every answer', async () => {
    const { status, body } = await get(`/api/ClientNPSs/GetByAllClientsExcelLink/${manager}/${fx.salon1}/2025`);
    expect(status).toBe(200);
    expect(body.fileName).toBe('Nps.xlsx');
    expect(body.link).toMatch(new RegExp(`^/api/Downloads/${manager}/[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());

    const file = await t.app.inject({ method: 'GET', url: body.link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Nps.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const summary = book.getWorksheet('NPS 2025');
    // Each sheet is headed by what it is, the salon's name and the year as dates.
    expect([1, 2, 3].map((n) => summary?.getRow(n).values)).toEqual([
      [undefined, 'Net Promoter Score 2025'],
      [undefined, 'Salon', salonName],
      [undefined, 'Period', '1 Jan 2025 – 31 Dec 2025'],
    ]);
    // The screen's KPI cards, as its API answers them for the year: NPS 13.3 from 15 answers, 40 % promoters.
    const screen = (await get(`/api/ClientNPSs/GetByAllClients/${manager}/${fx.salon1}/2025`)).body;
    const kpis = screen.totals;
    expect([5, 6, 7, 8, 9, 10].map((n) => summary?.getRow(n).values)).toEqual([
      [undefined, 'NPS', kpis.nps],
      [undefined, 'Answers', kpis.responses],
      [undefined, 'Promoters', kpis.promotersPercent / 100],
      [undefined, 'Passives', kpis.passivesPercent / 100],
      [undefined, 'Detractors', kpis.detractorsPercent / 100],
      [undefined, 'Average score', kpis.averageScore],
    ]);
    expect([kpis.nps, kpis.responses, kpis.promotersPercent]).toEqual([13.3, 15, 40]);
    expect(summary?.getRow(7).getCell(2).numFmt).toBe('0.0%');
    expect(summary?.getRow(12).values).toEqual([
      undefined,
      'Month',
      'Responses',
      'Promoters (9-10)',
      'Passives (7-8)',
      'Detractors (0-6)',
      'Promoters %',
      'Passives %',
      'Detractors %',
      'NPS',
      'Average score',
    ]);
    // Percentages are written as fractions in a percent format (40 % -> 0.4).
    expect(summary?.getRow(13).values).toEqual([undefined, 'January', 5, 2, 1, 2, 0.4, 0.2, 0.4, 0, 7.2]);
    expect(summary?.getRow(13).getCell(6).numFmt).toBe('0.0%');
    expect(summary?.getRow(14).values).toEqual([undefined, 'February', 0, 0, 0, 0]);
    expect(summary?.getRow(17).values).toEqual([undefined, 'May', 3, 0, 1, 2, 0, 0.3333, 0.6667, -66.7, 4.33]);
    expect(summary?.getRow(25).values).toEqual([undefined, 'Year', 15, 6, 5, 4, 0.4, 0.3333, 0.2667, 13.3, 7.33]);
    const answers = book.getWorksheet('Answers');
    expect(answers?.rowCount).toBe(20); // heading, header + 15 answers of 2025
    expect(answers?.getRow(9).values).toEqual([
      undefined,
      new Date('2025-01-10T00:00:00Z'),
      fx.bruno,
      'Bruno Test',
      6,
      'Detractor',
      'Too slow',
    ]);
    expect(answers?.getRow(9).getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(answers?.getRow(9).getCell(1).numFmt).toBe('dd/mm/yyyy');
    // The follow-up list the screen shows under the months: the same detractors as its API, in its order.
    const followUp = book.getWorksheet('Follow-up');
    const listed = (await get(`/api/ClientNPSs/GetDetractors/${manager}/${fx.salon1}/2025`)).body.rows;
    expect(listed.length).toBeGreaterThan(0);
    expect(followUp?.getRow(1).getCell(1).value).toBe('Detractors to follow up, 2025');
    expect(listed.map((_: unknown, i: number) => followUp?.getRow(6 + i).getCell(1).value)).toEqual(
      listed.map((row: { clientId: number }) => row.clientId),
    );
    expect(followUp?.getRow(6).getCell(7).type).toBe(ExcelJS.ValueType.Date);

    // Another session of the same user cannot open it.
    const other = await signIn(t.app, 'manager');
    expect((await t.app.inject({ method: 'GET', url: body.link.replace(manager, other) })).statusCode).toBe(404);
  });

  it('writes the sheet in Italian when asked', async () => {
    const { body } = await get(`/api/ClientNPSs/GetByAllClientsExcelLink/${manager}/${fx.salon1}/2025?language=it`);
    const file = await t.app.inject({ method: 'GET', url: body.link });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const summary = book.getWorksheet('NPS 2025');
    expect([2, 3].map((n) => summary?.getRow(n).values)).toEqual([
      [undefined, 'Salone', salonName],
      [undefined, 'Periodo', '1 gen 2025 – 31 dic 2025'],
    ]);
    expect(summary?.getRow(5).getCell(2).value).toBe(13.3);
    expect(summary?.getRow(13).getCell(1).value).toBe('Gennaio');
    expect(book.getWorksheet('Risposte')?.getRow(9).getCell(5).value).toBe('Detrattore');
  });
});

describe('NPS access', () => {
  const urls = () => [
    `/api/ClientNPSs/GetByAllClients/{code}/${fx.salon1}/2025`,
    `/api/ClientNPSs/GetClientScoreDetails/{code}/${fx.salon1}/2025-01-10`,
    `/api/ClientNPSs/GetByAllClientsExcelLink/{code}/${fx.salon1}/2025`,
    `/api/ClientNPSs/GetDetractors/{code}/${fx.salon1}/2025`,
  ];

  it("is a 'user'-level report: consultants and another salon's ADMIN get 403, no session 401", async () => {
    for (const [user, status] of [
      ['reception', 200],
      ['marketing', 200],
      ['superadmin', 200],
      ['stylist', 403],
      ['assistant', 403],
      ['manager2', 403],
    ] as const) {
      const code = await signIn(t.app, user);
      for (const url of urls()) expect((await get(url.replace('{code}', code))).status, `${user} ${url}`).toBe(status);
    }
    for (const url of urls()) expect((await get(url.replace('{code}', 'x'.repeat(40)))).status, url).toBe(401);
  });
});
