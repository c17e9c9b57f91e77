import { SALES_PER_CLIENT_PAGE, salesPerClient } from '@salon/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';
import { expectSchemaBytes } from '../../test/schema-bytes.js';
import { getSalesPerClient } from './sales-per-client.query.js';

// Expected numbers are worked out by hand from the fixture in report-fixture.ts.
let t: TestApp;
let f: ReportFixture;
let manager: string;
let manager2: string;
let superadmin: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db);
  manager = await signIn(t.app, 'manager');
  manager2 = await signIn(t.app, 'manager2');
  superadmin = await signIn(t.app, 'superadmin');
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('GetSalesDataAnalysisPerDay', () => {
  it('gives every day of the range and the totals of March 2025', async () => {
    const { status, body } = await get(`/api/Stats/GetSalesDataAnalysisPerDay/2025-03-31/2025-03-01/${f.salon1}/${manager}`);
    expect(status).toBe(200);
    expect(body.rows).toHaveLength(31);
    // 03-03: A1 Colour 54 + A2 Cut 30 = 84 services; Shampoo 30 products; A1, A2; C1, C2; new C1; 114 / 2 = 57; discount 6
    expect(body.rows[2]).toEqual({
      day: '2025-03-03',
      servicesRevenue: 84,
      productsRevenue: 30,
      totalRevenue: 114,
      appointments: 2,
      clients: 2,
      newClients: 1,
      averageTicket: 57,
      discountTotal: 6,
    });
    // 03-04: Cut 30 + Mask 15 + Cut 27 = 72; walk-in Gel 10; A3, A4; C3, C4, C2 (walk-in); new C4; 82 / 2 = 41; discount 5 + 3
    expect(body.rows[3]).toEqual({
      day: '2025-03-04',
      servicesRevenue: 72,
      productsRevenue: 10,
      totalRevenue: 82,
      appointments: 2,
      clients: 3,
      newClients: 1,
      averageTicket: 41,
      discountTotal: 8,
    });
    // 03-05: walk-in without client, Shampoo 12 (discount 3), no appointment
    expect(body.rows[4]).toMatchObject({
      totalRevenue: 12,
      productsRevenue: 12,
      appointments: 0,
      clients: 0,
      averageTicket: null, // no appointment to average over: not 0.00
      discountTotal: 3,
    });
    // a closed day: no ticket at all
    expect(body.rows[0]).toMatchObject({ day: '2025-03-01', totalRevenue: 0, appointments: 0, averageTicket: null });
    // totals: services 156, products 52, 4 appointments, clients C1..C4 = 4, new C1 + C4, 208 / 4 = 52, discount 17
    expect(body.totals).toEqual({
      servicesRevenue: 156,
      productsRevenue: 52,
      totalRevenue: 208,
      appointments: 4,
      clients: 4,
      newClients: 2,
      averageTicket: 52,
      discountTotal: 17,
    });
  });

  it('filters by client gender (FEMALE = C1 + C3)', async () => {
    const { body } = await get(`/api/Stats/GetSalesDataAnalysisPerDayGender/FEMALE/2025-03-31/2025-03-01/${f.salon1}/${manager}`);
    // services 54 + 30 + 15 = 99, products 30, A1 + A3, new C1, 129 / 2 = 64.5, discount 6 + 5
    expect(body.gender).toBe('FEMALE');
    expect(body.totals).toEqual({
      servicesRevenue: 99,
      productsRevenue: 30,
      totalRevenue: 129,
      appointments: 2,
      clients: 2,
      newClients: 1,
      averageTicket: 64.5,
      discountTotal: 11,
    });
  });

  it('answers 400 for a malformed or impossible date and for from after to', async () => {
    expect((await get(`/api/Stats/GetSalesDataAnalysisPerDay/2025-03-3x/2025-03-01/${f.salon1}/${manager}`)).status).toBe(400);
    expect((await get(`/api/Stats/GetSalesDataAnalysisPerDay/2025-02-30/2025-02-01/${f.salon1}/${manager}`)).status).toBe(400);
    const reversed = await get(`/api/Stats/GetSalesDataAnalysisPerDay/2025-03-01/2025-03-31/${f.salon1}/${manager}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.parameter).toBe('fromDate');
  });

  it("answers 403 for another salon's report, and lets the superadmin read any", async () => {
    expect((await get(`/api/Stats/GetSalesDataAnalysisPerDay/2025-03-31/2025-03-01/${f.salon1}/${manager2}`)).status).toBe(403);
    expect((await get(`/api/Stats/GetSalesDataAnalysisPerDay/2025-03-31/2025-03-01/${f.salon2}/${superadmin}`)).body.totals).toMatchObject({
      totalRevenue: 60,
      appointments: 1,
    });
  });
});

describe('GetSalesDataAnalysisPerMonth / PerYear', () => {
  it('gives March 2025 per day with March 2024 (A000: Cut 25, discount 5)', async () => {
    const { status, body } = await get(`/api/Stats/GetSalesDataAnalysisPerMonth/3/${f.salon1}/${manager}?year=2025`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ year: 2025, month: 3, gender: 'ALL' });
    expect(body.current.rows).toHaveLength(31);
    expect(body.current.totals.totalRevenue).toBe(208);
    expect(body.previousYear).toMatchObject({ fromDate: '2024-03-01', toDate: '2024-03-31' });
    expect(body.previousYear.totals).toEqual({
      servicesRevenue: 25,
      productsRevenue: 0,
      totalRevenue: 25,
      appointments: 1,
      clients: 1,
      newClients: 0,
      averageTicket: 25,
      discountTotal: 5,
    });
    // (208 - 25) / 25 = 732 %; (4 - 1) / 1 = 300 %
    expect(body.revenueChangePercent).toBe(732);
    expect(body.appointmentsChangePercent).toBe(300);
  });

  it("takes the month of the salon's current year, the one DEMO_TODAY pins, when ?year is absent", async () => {
    const pinned = await createTestApp({ demoToday: '2025-06-10' }, t.database);
    try {
      const code = await signIn(pinned.app, 'manager');
      const res = await pinned.app.inject({ method: 'GET', url: `/api/Stats/GetSalesDataAnalysisPerMonth/3/${f.salon1}/${code}` });
      expect(res.json()).toMatchObject({ year: 2025, month: 3, current: { totals: { totalRevenue: 208 } } });
    } finally {
      await pinned.close();
    }
  });

  it('puts the gender first in PerMonthGender (MALE = C2: A2 30 + walk-in Gel 10)', async () => {
    const { body } = await get(`/api/Stats/GetSalesDataAnalysisPerMonthGender/MALE/3/${f.salon1}/${manager}?year=2025`);
    expect(body.current.totals).toMatchObject({ totalRevenue: 40, appointments: 1, clients: 1, newClients: 0, averageTicket: 40 });
    expect(body.previousYear.totals).toMatchObject({ totalRevenue: 25, appointments: 1 });
  });

  it('gives 2025 per month; clients of the year are distinct (4), not the sum of the months (1 + 4 + 1)', async () => {
    const { body } = await get(`/api/Stats/GetSalesDataAnalysisPerYear/2025/${f.salon1}/${manager}`);
    expect(body.current.rows).toHaveLength(12);
    expect(body.current.rows[1]).toMatchObject({
      month: 2,
      fromDate: '2025-02-01',
      toDate: '2025-02-28',
      totalRevenue: 30,
      appointments: 1,
      clients: 1,
    });
    expect(body.current.rows[3]).toMatchObject({ month: 4, totalRevenue: 30, appointments: 1, clients: 1 });
    // services 30 + 156 + 30 = 216, products 52, 6 appointments, 268 / 6 = 44.67
    expect(body.current.totals).toEqual({
      servicesRevenue: 216,
      productsRevenue: 52,
      totalRevenue: 268,
      appointments: 6,
      clients: 4,
      newClients: 2,
      averageTicket: 44.67,
      discountTotal: 17,
    });
    // 2024: A000 25 + A00 30; new clients C2 (Jan) and C3 (Jun)
    expect(body.previousYear.totals).toMatchObject({ totalRevenue: 55, appointments: 2, clients: 2, newClients: 2, discountTotal: 5 });
  });

  it('PerYearGender FEMALE: C1 (A1 84 + A8 30) + C3 (45)', async () => {
    const { body } = await get(`/api/Stats/GetSalesDataAnalysisPerYearGender/FEMALE/2025/${f.salon1}/${manager}`);
    expect(body.current.totals).toMatchObject({ totalRevenue: 159, appointments: 3, clients: 2, newClients: 1 });
  });

  it('rejects month 13 with 400', async () => {
    expect((await get(`/api/Stats/GetSalesDataAnalysisPerMonth/13/${f.salon1}/${manager}`)).status).toBe(400);
  });
});

describe('GetSalesDataAnalysisGender', () => {
  it('gives one gender against all, and MALE + FEMALE + UNKNOWN = all', async () => {
    const { body } = await get(`/api/Stats/GetSalesDataAnalysisGender/2025-03-31/2025-03-01/FEMALE/${f.salon1}/${manager}`);
    expect(body.totals).toMatchObject({ totalRevenue: 129, appointments: 2 });
    expect(body.allGenders).toMatchObject({ totalRevenue: 208, appointments: 4 });
    // 129 / 208 = 62.02 %; 2 / 4 = 50 %
    expect(body.revenueSharePercent).toBe(62.02);
    expect(body.appointmentsSharePercent).toBe(50);
    // UNKNOWN: C4 (no gender) Cut 27 + the walk-in without client 12; appointment A4; new C4
    expect(body.byGender[2]).toMatchObject({
      gender: 'UNKNOWN',
      servicesRevenue: 27,
      productsRevenue: 12,
      totalRevenue: 39,
      appointments: 1,
      clients: 1,
      newClients: 1,
    });
    expect(body.byGender[0]).toMatchObject({ gender: 'MALE', totalRevenue: 40, appointments: 1 });
  });
});

describe('GetSalesDataAnalysisPerClient', () => {
  /** Every matching client of `path`, asked `limit` at a time until total (as the web's export does). */
  const everyPage = async (path: string, limit: number) => {
    const rows: Record<string, unknown>[] = [];
    const join = path.includes('?') ? '&' : '?';
    for (let offset = 0; ; offset += limit) {
      const { body } = await get(`${path}${join}limit=${limit}&offset=${offset}`);
      expect(body).toMatchObject({ limit, offset });
      rows.push(...body.rows);
      if (offset + limit >= body.total) return rows;
    }
  };
  it('lists the clients of March by revenue with visits, last visit and last appointment', async () => {
    const { body } = await get(`/api/Stats/GetSalesDataAnalysisPerClient/2025-03-31/2025-03-01/${f.salon1}/${manager}`);
    expect(body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Anna', 'Carla', 'Bruno', 'Dario']);
    expect(body.rows[0]).toMatchObject({
      clientId: f.clients.c1,
      gender: 'FEMALE',
      revenue: 84,
      servicesRevenue: 54,
      productsRevenue: 30,
      visits: 1,
      averageTicket: 84,
      lastVisit: '2025-03-03',
      lastAppointmentId: f.appointments.a1,
    });
    // Bruno: A2 30 on 03-03 + walk-in Gel 10 on 03-04 (no appointment that day)
    expect(body.rows[2]).toMatchObject({
      revenue: 40,
      visits: 1,
      lastVisit: '2025-03-04',
      lastAppointmentId: f.appointments.a2,
    });
    expect(body.rows[3]).toMatchObject({ gender: 'UNKNOWN', revenue: 27 });
    // 84 + 45 + 40 + 27 = 196; the walk-in without client (W2, 12) is in no row but said apart:
    // 196 + 12 = 208, March's totalRevenue on the other sales reports
    expect(body.totals).toEqual({
      clients: 4,
      revenue: 196,
      withoutClientRevenue: 12,
      visits: 4,
      servicesRevenue: 156,
      productsRevenue: 40,
    });
    // always a page: the default size without a limit, and the count that tells whether to page on
    expect(body).toMatchObject({ total: 4, limit: SALES_PER_CLIENT_PAGE.default, offset: 0 });
  });

  it('answers 400 naming the parameter for a page over the maximum or a bad offset', async () => {
    const path = `/api/Stats/GetSalesDataAnalysisPerClient/2025-03-31/2025-03-01/${f.salon1}/${manager}`;
    const over = await get(`${path}?limit=${SALES_PER_CLIENT_PAGE.max + 1}`);
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('limit');
    expect(over.body.message).toContain(String(SALES_PER_CLIENT_PAGE.max));
    for (const query of ['limit=0', 'limit=abc', 'offset=-1']) expect((await get(`${path}?${query}`)).status, query).toBe(400);
    expect((await get(`${path}?limit=${SALES_PER_CLIENT_PAGE.max}`)).body).toMatchObject({ total: 4, limit: SALES_PER_CLIENT_PAGE.max });
  });

  it('pages, sorts and filters on request, with the totals of every matching client', async () => {
    const path = `/api/Stats/GetSalesDataAnalysisPerClient/2025-03-31/2025-03-01/${f.salon1}/${manager}`;
    const names = (body: { rows: { firstName: string }[] }) => body.rows.map((r) => r.firstName);
    // services 54 + 45 + 30 + 27, products 30 + 10
    const all = { clients: 4, revenue: 196, servicesRevenue: 156, productsRevenue: 40, withoutClientRevenue: 12, visits: 4 };
    const first = (await get(`${path}?limit=2`)).body;
    expect(names(first)).toEqual(['Anna', 'Carla']);
    expect(first).toMatchObject({ total: 4, limit: 2, offset: 0, totals: all });
    const second = (await get(`${path}?limit=2&offset=2`)).body;
    expect(names(second)).toEqual(['Bruno', 'Dario']);
    expect(second).toMatchObject({ total: 4, limit: 2, offset: 2, totals: all });
    // past the end: no rows, the totals still there
    expect((await get(`${path}?limit=10&offset=10`)).body).toMatchObject({ rows: [], total: 4, totals: all });
    // every client's last name is Test: by first name then; desc
    expect(names((await get(`${path}?sort=name&order=desc&limit=1`)).body)).toEqual(['Dario']);
    expect(names((await get(`${path}?sort=name`)).body)).toEqual(['Anna', 'Bruno', 'Carla', 'Dario']);
    // average tickets 84, 45, 40, 27; last visits 03-03, then three on 03-04 (ties by client id)
    expect(names((await get(`${path}?sort=averageTicket&order=asc`)).body)).toEqual(['Dario', 'Bruno', 'Carla', 'Anna']);
    expect(names((await get(`${path}?sort=lastVisit&order=asc`)).body)).toEqual(['Anna', 'Bruno', 'Carla', 'Dario']);
    // FEMALE: Anna 84 + Carla 45; the walk-ins without a client stay what they are
    const female = (await get(`${path}?gender=FEMALE`)).body;
    expect(female).toMatchObject({ limit: SALES_PER_CLIENT_PAGE.default, offset: 0 });
    expect(names(female)).toEqual(['Anna', 'Carla']);
    expect(female).toMatchObject({ total: 2, totals: { clients: 2, revenue: 129, servicesRevenue: 99, productsRevenue: 30 } });
    expect(names((await get(`${path}?gender=UNKNOWN`)).body)).toEqual(['Dario']);
    // "ar" in Carla and Dario; "a test" in "Anna Test" and "Carla Test"; % is no wildcard
    const search = (await get(`${path}?search=AR`)).body;
    expect(names(search)).toEqual(['Carla', 'Dario']);
    expect(search.totals).toEqual({
      clients: 2,
      revenue: 72,
      servicesRevenue: 72,
      productsRevenue: 0,
      withoutClientRevenue: 12,
      visits: 2,
    });
    expect(names((await get(`${path}?search=${encodeURIComponent('a test')}`)).body)).toEqual(['Anna', 'Carla']);
    expect(names((await get(`${path}?search=%25`)).body)).toEqual([]);
  });

  it('writes the bytes of the schema serialiser (the route uses JSON.stringify), whole list and page alike', async () => {
    const path = `/api/Stats/GetSalesDataAnalysisPerClient/2025-12-31/2025-01-01/${f.salon1}/${manager}`;
    for (const query of ['', '?limit=2&offset=1', '?gender=FEMALE', '?search=a&sort=name', '?offset=1']) {
      const res = await t.app.inject({ method: 'GET', url: `${path}${query}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().rows.length).toBeGreaterThan(0);
      expectSchemaBytes(salesPerClient.response, res);
    }
  });

  it('a page gives each client the same row as the whole list, last appointment included', async () => {
    const path = `/api/Stats/GetSalesDataAnalysisPerClient/2025-03-31/2025-03-01/${f.salon1}/${manager}`;
    const whole = (await get(`${path}?limit=${SALES_PER_CLIENT_PAGE.max}`)).body.rows;
    expect(whole).toHaveLength(4);
    const paged = await everyPage(path, 3);
    expect(paged).toEqual(whole);
    // Bruno's last day (03-04, a walk-in) has no appointment: his last appointment is A2 of 03-03
    expect(paged[2]).toMatchObject({ firstName: 'Bruno', lastVisit: '2025-03-04', lastAppointmentId: f.appointments.a2 });
  });

  it('over whole years (client_years) and the days around them, every row equals the raw sale lines', async () => {
    // Per client straight from sale_lines: revenue, services, products, visits (distinct appointments a day),
    // last day, and the last appointment of their last day with one.
    const raw = async (from: string, to: string, gender?: string) => {
      const { rows } = await sql<Record<string, unknown>>`
        WITH days AS (
          SELECT sl.client_id, sl.day, COALESCE(min(c.gender), 'UNKNOWN') AS gender, sum(sl.paid_amount_cents) AS revenue,
            COALESCE(sum(sl.paid_amount_cents) FILTER (WHERE sl.kind = 'SERVICE'), 0) AS services,
            COALESCE(sum(sl.paid_amount_cents) FILTER (WHERE sl.kind = 'PRODUCT'), 0) AS products,
            count(DISTINCT sl.appointment_id) AS visits, max(sl.appointment_id) AS appointment_id
          FROM sale_lines sl LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
          WHERE sl.salon_id = ${f.salon1} AND sl.client_id IS NOT NULL AND sl.day BETWEEN ${from}::date AND ${to}::date
          GROUP BY sl.client_id, sl.day
        )
        SELECT client_id AS "clientId", sum(revenue)::int / 100.0 AS revenue, sum(services)::int / 100.0 AS "servicesRevenue",
          sum(products)::int / 100.0 AS "productsRevenue", sum(visits)::int AS visits, max(day)::text AS "lastVisit",
          (SELECT d.appointment_id FROM days d WHERE d.client_id = x.client_id AND d.appointment_id IS NOT NULL
           ORDER BY d.day DESC LIMIT 1) AS "lastAppointmentId"
        FROM days x WHERE ${gender ?? null}::text IS NULL OR gender = ${gender ?? null}::text
        GROUP BY client_id ORDER BY sum(revenue) DESC, client_id`.execute(t.db);
      return rows.map((r) => ({
        ...r,
        revenue: Number(r.revenue),
        servicesRevenue: Number(r.servicesRevenue),
        productsRevenue: Number(r.productsRevenue),
      }));
    };
    const pick = ({
      clientId,
      revenue,
      servicesRevenue,
      productsRevenue,
      visits,
      lastVisit,
      lastAppointmentId,
    }: Record<string, unknown>) => ({
      clientId,
      revenue,
      servicesRevenue,
      productsRevenue,
      visits,
      lastVisit,
      lastAppointmentId,
    });
    const ranges = [
      ['2024-01-01', '2025-12-31'],
      ['2024-03-15', '2025-12-31'],
      ['2024-01-01', '2025-03-03'],
      ['2023-12-31', '2026-01-01'],
      ['2025-01-01', '2025-12-31'],
    ];
    for (const [from, to] of ranges) {
      const path = `/api/Stats/GetSalesDataAnalysisPerClient/${to}/${from}/${f.salon1}/${manager}`;
      const expected = await raw(from as string, to as string);
      expect(expected.length).toBeGreaterThan(0);
      expect((await everyPage(path, 2)).map(pick)).toEqual(expected);
      expect((await get(`${path}?limit=2&offset=1`)).body.rows.map(pick)).toEqual(expected.slice(1, 3));
      expect((await everyPage(`${path}?gender=FEMALE`, 2)).map(pick)).toEqual(await raw(from as string, to as string, 'FEMALE'));
    }
    // A client's gender change: client_days follows the client on every day of theirs at once (no day is
    // left with the old gender), and the year's list equals the raw lines, full list and page alike (rolled back after).
    await t.db
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('clients').set({ gender: 'FEMALE' }).where('salon_id', '=', f.salon1).where('id', '=', f.clients.c2).execute();
        const mixed = await sql<{ n: number }>`
          SELECT count(*) AS n FROM client_years WHERE salon_id = ${f.salon1} AND client_id = ${f.clients.c2} AND NOT single_gender`.execute(
          tx,
        );
        expect(Number(mixed.rows[0]?.n)).toBe(0);
        const expected = await raw('2025-01-01', '2025-12-31');
        expect(expected.length).toBeLessThan(SALES_PER_CLIENT_PAGE.default);
        expect((await getSalesPerClient(tx, f.salon1, '2025-01-01', '2025-12-31')).rows.map(pick)).toEqual(expected);
        expect((await getSalesPerClient(tx, f.salon1, '2025-01-01', '2025-12-31', { limit: 3 })).rows.map(pick)).toEqual(
          expected.slice(0, 3),
        );
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });
  });
});

describe('Discounts', () => {
  it('per day: list, paid and discount split services / products', async () => {
    const { body } = await get(
      `/api/Stats/GetDiscountsProductsServicesPerDay/${manager}?salonId=${f.salon1}&from=2025-03-01&to=2025-03-31`,
    );
    expect(body.rows.map((r: { day: string }) => r.day)).toEqual(['2025-03-03', '2025-03-04', '2025-03-05']);
    expect(body.rows[1]).toEqual({
      day: '2025-03-04',
      services: { listAmount: 80, paidAmount: 72, discount: 8, lines: 3 },
      products: { listAmount: 10, paidAmount: 10, discount: 0, lines: 1 },
      total: { listAmount: 90, paidAmount: 82, discount: 8, lines: 4 },
    });
    expect(body.totals).toEqual({
      services: { listAmount: 170, paidAmount: 156, discount: 14, lines: 5 },
      products: { listAmount: 55, paidAmount: 52, discount: 3, lines: 3 },
      total: { listAmount: 225, paidAmount: 208, discount: 17, lines: 8 },
    });
  });

  it('per appointment: the discounted appointments A1, A3, A4; totals without walk-ins', async () => {
    const { body } = await get(
      `/api/Stats/GetDiscountsProductsServicesPerAppointment/${manager}?salonId=${f.salon1}&from=2025-03-01&to=2025-03-31`,
    );
    expect(body.rows.map((r: { appointmentId: number }) => r.appointmentId)).toEqual([
      f.appointments.a1,
      f.appointments.a3,
      f.appointments.a4,
    ]);
    expect(body.rows[0]).toMatchObject({
      day: '2025-03-03',
      clientId: f.clients.c1,
      clientName: 'Anna Test',
      services: { listAmount: 60, paidAmount: 54, discount: 6, lines: 1 },
      products: { listAmount: 30, paidAmount: 30, discount: 0, lines: 1 },
      total: { listAmount: 90, paidAmount: 84, discount: 6, lines: 2 },
    });
    expect(body.appointments).toBe(4);
    expect(body.discountedAppointments).toBe(3);
    expect(body.totals.total).toEqual({ listAmount: 200, paidAmount: 186, discount: 14, lines: 6 });
  });

  it('per appointment: pages with limit and offset, the count covering every page', async () => {
    const url = `/api/Stats/GetDiscountsProductsServicesPerAppointment/${manager}?salonId=${f.salon1}&from=2025-03-01&to=2025-03-31`;
    const second = await get(`${url}&limit=2&offset=2`);
    expect(second.body.rows.map((r: { appointmentId: number }) => r.appointmentId)).toEqual([f.appointments.a4]);
    expect(second.body).toMatchObject({ discountedAppointments: 3, limit: 2, offset: 2 });
    const beyond = await get(`${url}&limit=2&offset=10`);
    expect(beyond.body).toMatchObject({ rows: [], discountedAppointments: 3 });
  });

  it('checks the salon in the query with 403, and the dates with 400', async () => {
    expect(
      (await get(`/api/Stats/GetDiscountsProductsServicesPerDay/${manager2}?salonId=${f.salon1}&from=2025-03-01&to=2025-03-31`)).status,
    ).toBe(403);
    const bad = await get(`/api/Stats/GetDiscountsProductsServicesPerDay/${manager}?salonId=${f.salon1}&from=2025-03-41&to=2025-03-31`);
    expect(bad.status).toBe(400);
  });
});

describe('ClientHistoryServices / ClientHistoryProducts', () => {
  it("gives the whole service history of the appointment's client, newest first", async () => {
    const { status, body } = await get(
      `/api/ClientHistoryServices/Appointment/${manager}?appointmentId=${f.appointments.a2}&onlyWithAppointment=false`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      appointmentId: f.appointments.a2,
      appointmentDay: '2025-03-03',
      clientId: f.clients.c2,
      clientName: 'Bruno Test',
    });
    expect(body.rows.map((r: { day: string }) => r.day)).toEqual(['2025-03-03', '2025-02-20', '2024-03-05']);
    expect(body.rows[2]).toMatchObject({
      itemName: 'Cut',
      category: 'HAIRCUT',
      staffName: 'manager Test',
      listAmount: 30,
      paidAmount: 25,
      discount: 5,
    });
    // 30 + 30 + 25 = 85 paid, 90 list, 5 discount, 3 days
    expect(body.totals).toEqual({ lines: 3, quantity: 3, listAmount: 90, paidAmount: 85, discount: 5, visits: 3 });
  });

  it('gives only the lines of that appointment with onlyWithAppointment=true', async () => {
    const { body } = await get(
      `/api/ClientHistoryServices/Appointment/${manager}?appointmentId=${f.appointments.a3}&onlyWithAppointment=true`,
    );
    expect(body.rows.map((r: { itemName: string }) => r.itemName).sort()).toEqual(['Cut', 'Mask']);
    expect(body.totals.paidAmount).toBe(45);
  });

  it('includes walk-in purchases in the product history', async () => {
    const { body } = await get(`/api/ClientHistoryProducts/Appointment/${manager}?appointmentId=${f.appointments.a2}`);
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({
      appointmentId: null,
      day: '2025-03-04',
      itemName: 'Gel',
      paidAmount: 10,
      staffName: 'reception Test',
    });
  });

  it("answers 403 for another salon's appointment and 404 for none", async () => {
    expect((await get(`/api/ClientHistoryServices/Appointment/${manager2}?appointmentId=${f.appointments.a2}`)).status).toBe(403);
    expect((await get(`/api/ClientHistoryProducts/Appointment/${manager2}?appointmentId=${f.appointments.a2}`)).status).toBe(403);
    expect((await get(`/api/ClientHistoryServices/Appointment/${manager}?appointmentId=999999`)).status).toBe(404);
    expect((await get(`/api/ClientHistoryServices/Appointment/${superadmin}?appointmentId=${f.appointments.a2}`)).status).toBe(200);
  });
});
