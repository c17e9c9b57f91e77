import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';

/*
 * Hand-made fixture (salon 1 unless said). Services Cut (HAIRCUT), Colour (COLOUR); clients Anna,
 * Bruno (salon 1), Elsa (salon 2).
 *   F1 2025-03-03 Anna   stylist  Colour 5 'Lovely colour'
 *   F2 2025-03-03 Bruno  manager  Cut    4
 *   F3 2025-03-10 Anna   stylist  Cut    3 'A bit short'
 *   F4 2025-03-15 Bruno  stylist  Colour 5
 *   F5 2025-03-20 Anna   manager  Cut    1 'Waited 40 minutes'
 *   F6 2025-03-31 (none) stylist  Cut    4            last day of the range: counted
 *   F7 2025-02-28 Anna   stylist  Cut    2            the day before the range: not counted
 *   F8 2025-04-01 Bruno  manager  Cut    5            the day after: not counted
 *   F9 salon 2 2025-03-05 Elsa manager2 Cut 1        another salon: not counted
 * Range 2025-03-01..2025-03-31: F1..F6, scores 5 4 3 5 1 4.
 */
const RANGE = '2025-03-31/2025-03-01'; // the API's order: toDate first

let t: TestApp;
let manager: string;
let ids: Awaited<ReturnType<typeof seed>>;

async function seed(db: Db) {
  const access = await seedAccessFixture(db);
  const { salon1, salon2, users } = access;
  const service = async (name: string, category: 'HAIRCUT' | 'COLOUR') =>
    (
      await db
        .insertInto('services')
        .values({ name, category, duration_minutes: 30, list_price_cents: 3000 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const cut = await service('Cut', 'HAIRCUT');
  const colour = await service('Colour', 'COLOUR');
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
  const { stylist, manager: boss, manager2 } = users;
  const rows: [number, string, number | null, number, number, number, string][] = [
    [salon1, '2025-03-03', anna, stylist, colour, 5, 'Lovely colour'],
    [salon1, '2025-03-03', bruno, boss, cut, 4, ''],
    [salon1, '2025-03-10', anna, stylist, cut, 3, 'A bit short'],
    [salon1, '2025-03-15', bruno, stylist, colour, 5, ''],
    [salon1, '2025-03-20', anna, boss, cut, 1, 'Waited 40 minutes'],
    [salon1, '2025-03-31', null, stylist, cut, 4, ''],
    [salon1, '2025-02-28', anna, stylist, cut, 2, ''],
    [salon1, '2025-04-01', bruno, boss, cut, 5, ''],
    [salon2, '2025-03-05', elsa, manager2, cut, 1, ''],
  ];
  const feedbackIds: number[] = [];
  for (const [salonId, day, clientId, staffId, serviceId, score, comment] of rows) {
    const { id } = await db
      .insertInto('feedback')
      .values({ salon_id: salonId, day, client_id: clientId, staff_id: staffId, service_id: serviceId, score, comment })
      .returning('id')
      .executeTakeFirstOrThrow();
    feedbackIds.push(Number(id));
  }
  return { ...access, cut, colour, anna, bruno, f: feedbackIds };
}

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailuresPerAddress: 1000 });
  ids = await seed(t.db);
  manager = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

describe('GetFeedbackStaff / GetFeedbackCustomer / GetFeedbackService', () => {
  it('gives per staff member the count, the average (2 decimals) and the 1..5 distribution, most feedback first', async () => {
    const { status, body } = await get(`/api/Feedback/GetFeedbackStaff/${RANGE}/${ids.salon1}/${manager}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      salonId: ids.salon1,
      fromDate: '2025-03-01',
      toDate: '2025-03-31',
      rows: [
        // stylist: F1 5, F3 3, F4 5, F6 4 = 17 / 4 = 4.25
        {
          staffId: ids.users.stylist,
          name: 'stylist Test',
          count: 4,
          average: 4.25,
          distribution: [0, 0, 1, 1, 2],
          shareOfFives: 50,
          shareOfLow: 0,
        },
        // manager: F2 4, F5 1 = 5 / 2 = 2.5
        {
          staffId: ids.users.manager,
          name: 'manager Test',
          count: 2,
          average: 2.5,
          distribution: [1, 0, 0, 1, 0],
          shareOfFives: 0,
          shareOfLow: 50,
        },
      ],
      // 5 + 4 + 3 + 5 + 1 + 4 = 22 / 6 = 3.666.. -> 3.67; two 5s of 6 = 33.3 %, one 1 of 6 = 16.7 %
      totals: { count: 6, average: 3.67, distribution: [1, 0, 1, 2, 2], shareOfFives: 33.3, shareOfLow: 16.7 },
    });
  });

  it('gives per client the same figures and their latest feedback day; feedback without a client is its own row', async () => {
    const { status, body } = await get(`/api/Feedback/GetFeedbackCustomer/${RANGE}/${ids.salon1}/${manager}`);
    expect(status).toBe(200);
    expect(body.rows).toEqual([
      // Anna: F1 5, F3 3, F5 1 = 9 / 3 = 3
      {
        clientId: ids.anna,
        name: 'Anna Test',
        lastDay: '2025-03-20',
        count: 3,
        average: 3,
        distribution: [1, 0, 1, 0, 1],
        shareOfFives: 33.3,
        shareOfLow: 33.3,
      },
      // Bruno: F2 4, F4 5 = 9 / 2 = 4.5 (F8 on 1 April is outside the range)
      {
        clientId: ids.bruno,
        name: 'Bruno Test',
        lastDay: '2025-03-15',
        count: 2,
        average: 4.5,
        distribution: [0, 0, 0, 1, 1],
        shareOfFives: 50,
        shareOfLow: 0,
      },
      {
        clientId: null,
        name: '',
        lastDay: '2025-03-31',
        count: 1,
        average: 4,
        distribution: [0, 0, 0, 1, 0],
        shareOfFives: 0,
        shareOfLow: 0,
      },
    ]);
    expect(body.totals).toEqual({ count: 6, average: 3.67, distribution: [1, 0, 1, 2, 2], shareOfFives: 33.3, shareOfLow: 16.7 });
  });

  it('gives per service the same figures with the category', async () => {
    const { status, body } = await get(`/api/Feedback/GetFeedbackService/${RANGE}/${ids.salon1}/${manager}`);
    expect(status).toBe(200);
    expect(body.rows).toEqual([
      // Cut: F2 4, F3 3, F5 1, F6 4 = 12 / 4 = 3
      {
        serviceId: ids.cut,
        name: 'Cut',
        category: 'HAIRCUT',
        count: 4,
        average: 3,
        distribution: [1, 0, 1, 2, 0],
        shareOfFives: 0,
        shareOfLow: 25,
      },
      // Colour: F1 5, F4 5
      {
        serviceId: ids.colour,
        name: 'Colour',
        category: 'COLOUR',
        count: 2,
        average: 5,
        distribution: [0, 0, 0, 0, 2],
        shareOfFives: 100,
        shareOfLow: 0,
      },
    ]);
  });

  it("rounds ties of the average and the shares up, as PostgreSQL's round does", async () => {
    // June 2025 (no other feedback): one client, 16 scores 5, 1, 4, 4 and twelve 3s. Sum 50: the average
    // 3.125 is 3.13; one 5 and one 1 of 16 are 6.25 %, 6.3.
    const { id: clientId } = await t.db
      .insertInto('clients')
      .values({ salon_id: ids.salon1, first_name: 'Tina', last_name: 'Tie' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const scores = [5, 1, 4, 4, ...Array.from({ length: 12 }, () => 3)];
    await t.db
      .insertInto('feedback')
      .values(
        scores.map((score, i) => ({
          salon_id: ids.salon1,
          day: `2025-06-${String(i + 1).padStart(2, '0')}`,
          client_id: clientId,
          staff_id: ids.users.stylist,
          service_id: ids.cut,
          score,
          comment: '',
        })),
      )
      .execute();
    const tie = { count: 16, average: 3.13, distribution: [1, 0, 12, 2, 1], shareOfFives: 6.3, shareOfLow: 6.3 };
    const { body } = await get(`/api/Feedback/GetFeedbackCustomer/2025-06-30/2025-06-01/${ids.salon1}/${manager}`);
    expect(body.rows).toEqual([{ clientId: Number(clientId), name: 'Tina Tie', lastDay: '2025-06-16', ...tie }]);
    expect(body.totals).toEqual(tie);
    // The service detail's summary is still PostgreSQL's round: the same figures.
    const detail = await get(`/api/Feedback/GetFeedbackServiceDetail/2025-06-30/2025-06-01/${ids.cut}/${ids.salon1}/${manager}`);
    expect(detail.body.summary).toEqual(tie);
  });

  it('gives a client name with quotes, backslashes, control characters and non-ASCII letters as stored', async () => {
    // The groups come from PostgreSQL as one JSON text: its escaping must give the stored name back exactly.
    const name = ['Zoë "Z" O\'Hara', 'back\\slash\ttab\nline\u0001 😀 Ünal'];
    const { id: clientId } = await t.db
      .insertInto('clients')
      .values({ salon_id: ids.salon1, first_name: name[0] as string, last_name: name[1] as string })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('feedback')
      .values({
        salon_id: ids.salon1,
        day: '2025-07-02',
        client_id: clientId,
        staff_id: ids.users.stylist,
        service_id: ids.cut,
        score: 4,
        comment: '',
      })
      .execute();
    const { body } = await get(`/api/Feedback/GetFeedbackCustomer/2025-07-31/2025-07-01/${ids.salon1}/${manager}`);
    expect(body.rows).toEqual([
      {
        clientId: Number(clientId),
        name: `${name[0]} ${name[1]}`,
        lastDay: '2025-07-02',
        count: 1,
        average: 4,
        distribution: [0, 0, 0, 1, 0],
        shareOfFives: 0,
        shareOfLow: 0,
      },
    ]);
  });

  it('answers an empty range with no rows, zero counts and a null average', async () => {
    const { status, body } = await get(`/api/Feedback/GetFeedbackStaff/2025-05-31/2025-05-01/${ids.salon1}/${manager}`);
    expect(status).toBe(200);
    expect(body.rows).toEqual([]);
    expect(body.totals).toEqual({ count: 0, average: null, distribution: [0, 0, 0, 0, 0], shareOfFives: null, shareOfLow: null });
  });
});

describe('GetFeedbackServiceDetail / GetFeedbacStaffDetail', () => {
  it("lists one service's rows latest first with client, staff, score and comment, paged, and their summary", async () => {
    const url = `/api/Feedback/GetFeedbackServiceDetail/${RANGE}/${ids.cut}/${ids.salon1}/${manager}`;
    const all = await get(url);
    expect(all.status).toBe(200);
    expect(all.body.name).toBe('Cut');
    expect(all.body.summary).toEqual({ count: 4, average: 3, distribution: [1, 0, 1, 2, 0], shareOfFives: 0, shareOfLow: 25 });
    expect(all.body.total).toBe(4);
    // F6 (31st), F5 (20th), F3 (10th), F2 (3rd)
    expect(all.body.rows.map((r: { feedbackId: number }) => r.feedbackId)).toEqual([ids.f[5], ids.f[4], ids.f[2], ids.f[1]]);
    expect(all.body.rows[1]).toEqual({
      feedbackId: ids.f[4],
      day: '2025-03-20',
      appointmentId: null,
      clientId: ids.anna,
      clientName: 'Anna Test',
      staffId: ids.users.manager,
      staffName: 'manager Test',
      serviceId: ids.cut,
      serviceName: 'Cut',
      score: 1,
      comment: 'Waited 40 minutes',
    });
    // The average recomputes from the rows: (4 + 1 + 3 + 4) / 4 = 3
    const scores = all.body.rows.map((r: { score: number }) => r.score);
    expect(scores.reduce((a: number, b: number) => a + b, 0) / scores.length).toBe(all.body.summary.average);

    const page = await get(`${url}?limit=2&offset=1`);
    expect(page.body).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(page.body.rows.map((r: { feedbackId: number }) => r.feedbackId)).toEqual([ids.f[4], ids.f[2]]);
  });

  it("lists one staff member's rows with their summary", async () => {
    const { status, body } = await get(`/api/Feedback/GetFeedbacStaffDetail/${RANGE}/${ids.users.stylist}/${ids.salon1}/${manager}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ staffMemberId: ids.users.stylist, name: 'stylist Test', total: 4, limit: 500, offset: 0 });
    expect(body.summary).toEqual({ count: 4, average: 4.25, distribution: [0, 0, 1, 1, 2], shareOfFives: 50, shareOfLow: 0 });
    // F6, F4, F3, F1
    expect(body.rows.map((r: { feedbackId: number }) => r.feedbackId)).toEqual([ids.f[5], ids.f[3], ids.f[2], ids.f[0]]);
    expect(body.rows[3]).toMatchObject({ clientName: 'Anna Test', serviceName: 'Colour', score: 5, comment: 'Lovely colour' });
  });

  it("answers 404 for an unknown service and for another salon's staff member", async () => {
    const service = await get(`/api/Feedback/GetFeedbackServiceDetail/${RANGE}/999999/${ids.salon1}/${manager}`);
    expect(service.status).toBe(404);
    expect(service.body.parameter).toBe('serviceid');
    const staff = await get(`/api/Feedback/GetFeedbacStaffDetail/${RANGE}/${ids.users.manager2}/${ids.salon1}/${manager}`);
    expect(staff.status).toBe(404);
    expect(staff.body.parameter).toBe('staffMemberId');
  });
});

describe('Feedback access and input', () => {
  const urls = () => [
    `/api/Feedback/GetFeedbackStaff/${RANGE}/${ids.salon1}`,
    `/api/Feedback/GetFeedbackCustomer/${RANGE}/${ids.salon1}`,
    `/api/Feedback/GetFeedbackService/${RANGE}/${ids.salon1}`,
    `/api/Feedback/GetFeedbackServiceDetail/${RANGE}/${ids.cut}/${ids.salon1}`,
    `/api/Feedback/GetFeedbacStaffDetail/${RANGE}/${ids.users.stylist}/${ids.salon1}`,
  ];

  it("is a 'user'-level report: RECEPTIONIST, SALESMARKETING and SUPERADMIN are answered, consultants 403, another salon's ADMIN 403", async () => {
    for (const [user, status] of [
      ['reception', 200],
      ['marketing', 200],
      ['superadmin', 200],
      ['stylist', 403],
      ['assistant', 403],
      ['manager2', 403],
    ] as const) {
      const code = await signIn(t.app, user);
      for (const url of urls()) expect((await get(`${url}/${code}`)).status, `${user} ${url}`).toBe(status);
    }
  });

  it('answers 401 without a valid session', async () => {
    for (const url of urls()) expect((await get(`${url}/${'x'.repeat(40)}`)).status, url).toBe(401);
  });

  it('answers 400 naming the parameter for a bad date or a reversed range', async () => {
    const bad = await get(`/api/Feedback/GetFeedbackStaff/2025-02-30/2025-02-01/${ids.salon1}/${manager}`);
    expect(bad.status).toBe(400);
    expect(bad.body.parameter).toBe('toDate');
    const reversed = await get(`/api/Feedback/GetFeedbackService/2025-03-01/2025-03-31/${ids.salon1}/${manager}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toMatch(/fromDate \(2025-03-31\) is after toDate \(2025-03-01\)/);
  });
});
