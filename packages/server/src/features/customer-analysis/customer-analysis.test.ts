import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { rebuildRollupModel } from '../../db/rollups/apply.js';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';
import { seesContacts } from './customer-access.js';
import { getCustomerOverview } from './customer-overview.query.js';

/**
 * A hand-made fixture for the customer reports (salon 1 in Europe/Rome, thresholds 90 / 180 unless
 * a test changes them; the app's today is pinned to 2025-09-01). Range R = 2025-03-01..2025-04-30.
 *
 * clients (salon 1), in id order:                 birth        first visit  city / postal / lat, lon
 *   Anna Rossi    FEMALE  +39 333 1  anna@x.it     2001-05-01   2025-03-03   Milano 20121 45.46, 9.19   privacy + marketing
 *   Bruno Bianchi MALE                             1990-04-30   2024-01-10   Milano 20121 45.48, 9.21
 *   Carla Verdi   FEMALE                           1960-01-01   2024-06-01   Monza 20900 45.58, 9.27
 *   Dario Neri    (none)                           (none)       2025-04-10   (none)
 *   Elena Galli   FEMALE  +39 333 5                1980-06-15   2024-08-01   Milano
 *   Fabio Conti   MALE                             (none)       2024-12-01   Milano
 *   Gino Ferrari  MALE                             (none)       (none)       (never came)
 *   Ivo Marino    MALE                             2000-04-30   2025-03-20   ' Milano ' ' 20122 ' (no coordinates)
 *   salon 2: Zoe  FEMALE                                        2025-03-03
 *
 * DONE appointments (start in UTC → Rome local) and their lines, paid cents:
 *   B0 Bruno 2024-03-05 Cut 2500 · B1 Bruno 2025-02-20 Cut 3000
 *   B2 Bruno 2025-03-03 09:00Z (Mon 10:00) Cut 3000 · B3 Bruno 2025-04-15 08:00Z (Tue 10:00, summer time) Cut 3000 + Shampoo 1500
 *   A1 Anna  2025-03-03 10:00Z (Mon 11:00) Colour 5400 · A2 Anna 2025-04-15 13:00Z (Tue 15:00) Cut 3000
 *   C0 Carla 2024-06-01 Cut 3000 · C1 Carla day 2025-03-10, 2025-03-09 23:30Z (Mon 00:30) Cut 3000
 *   W  Carla walk-in 2025-04-20 Shampoo 1500 (a visit day, not an appointment)
 *   D1 Dario 2025-04-10 07:00Z (Thu 09:00) Cut 2700 · D2 Dario 2025-06-20 Cut 3000 (after R)
 *   E0 Elena 2024-08-01 Cut 3000 · F0 Fabio 2024-12-01 Colour 6000
 *   I1 Ivo   2025-03-20 12:00Z (Thu 13:00) Cut 3000
 *   Z1 Zoe (salon 2) 2025-03-03 Colour 6000
 * not counted: Anna CANCELLED 2025-03-20, Bruno BOOKED 2025-05-10, a walk-in without client 2025-03-05 (1200).
 */
async function seedCustomers(db: Db) {
  const access = await seedAccessFixture(db);
  const { salon1, salon2 } = access;
  const service = async (name: string, category: 'HAIRCUT' | 'COLOUR', cents: number) =>
    (
      await db
        .insertInto('services')
        .values({ name, category, duration_minutes: 30, list_price_cents: cents })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const cut = await service('Cut', 'HAIRCUT', 3000);
  const colour = await service('Colour', 'COLOUR', 6000);
  const shampoo = (
    await db
      .insertInto('products')
      .values({ name: 'Shampoo', brand: 'Brand', category: 'RESALE', list_price_cents: 1500, unit_cost_cents: 700 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  interface ClientSeed {
    salon?: number;
    first: string;
    last: string;
    gender: 'MALE' | 'FEMALE' | null;
    birth?: string;
    firstVisit: string | null;
    city?: string;
    postal?: string;
    lat?: number;
    lon?: number;
    phone?: string;
    email?: string;
    consent?: boolean;
  }
  const client = async (c: ClientSeed) =>
    (
      await db
        .insertInto('clients')
        .values({
          salon_id: c.salon ?? salon1,
          first_name: c.first,
          last_name: c.last,
          gender: c.gender,
          birth_date: c.birth ?? null,
          first_visit: c.firstVisit,
          city: c.city ?? null,
          postal_code: c.postal ?? null,
          latitude: c.lat ?? null,
          longitude: c.lon ?? null,
          phone: c.phone ?? null,
          email: c.email ?? null,
          privacy_consent: c.consent ?? false,
          marketing_consent: c.consent ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const anna = await client({
    first: 'Anna',
    last: 'Rossi',
    gender: 'FEMALE',
    birth: '2001-05-01',
    firstVisit: '2025-03-03',
    city: 'Milano',
    postal: '20121',
    lat: 45.46,
    lon: 9.19,
    phone: '+39 333 1',
    email: 'anna@x.it',
    consent: true,
  });
  const bruno = await client({
    first: 'Bruno',
    last: 'Bianchi',
    gender: 'MALE',
    birth: '1990-04-30',
    firstVisit: '2024-01-10',
    city: 'Milano',
    postal: '20121',
    lat: 45.48,
    lon: 9.21,
  });
  const carla = await client({
    first: 'Carla',
    last: 'Verdi',
    gender: 'FEMALE',
    birth: '1960-01-01',
    firstVisit: '2024-06-01',
    city: 'Monza',
    postal: '20900',
    lat: 45.58,
    lon: 9.27,
  });
  const dario = await client({ first: 'Dario', last: 'Neri', gender: null, firstVisit: '2025-04-10' });
  const elena = await client({
    first: 'Elena',
    last: 'Galli',
    gender: 'FEMALE',
    birth: '1980-06-15',
    firstVisit: '2024-08-01',
    city: 'Milano',
    phone: '+39 333 5',
  });
  const fabio = await client({ first: 'Fabio', last: 'Conti', gender: 'MALE', firstVisit: '2024-12-01', city: 'Milano' });
  const gino = await client({ first: 'Gino', last: 'Ferrari', gender: 'MALE', firstVisit: null });
  const ivo = await client({
    first: 'Ivo',
    last: 'Marino',
    gender: 'MALE',
    birth: '2000-04-30',
    firstVisit: '2025-03-20',
    city: ' Milano ',
    postal: ' 20122 ',
  });
  const zoe = await client({ salon: salon2, first: 'Zoe', last: 'Salon2', gender: 'FEMALE', firstVisit: '2025-03-03' });

  const visit = async (
    clientId: number,
    day: string,
    startUtc: string,
    lines: { service?: number; product?: number; paid: number }[],
    status: 'DONE' | 'CANCELLED' | 'BOOKED' = 'DONE',
    salonId = salon1,
  ) => {
    const start = new Date(`${startUtc}Z`);
    const { id } = await db
      .insertInto('appointments')
      .values({ salon_id: salonId, client_id: clientId, day, start_at: start, end_at: new Date(start.getTime() + 1_800_000), status })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const l of lines) {
      await db
        .insertInto('sale_lines')
        .values({
          salon_id: salonId,
          appointment_id: id,
          client_id: clientId,
          day,
          kind: l.service ? 'SERVICE' : 'PRODUCT',
          service_id: l.service ?? null,
          product_id: l.product ?? null,
          category: l.service === colour ? 'COLOUR' : l.service ? 'HAIRCUT' : 'RESALE',
          quantity: 1,
          list_amount_cents: l.paid,
          paid_amount_cents: l.paid,
          discount_cents: 0,
        })
        .execute();
    }
  };
  const walkIn = async (clientId: number | null, day: string, paid: number) => {
    await db
      .insertInto('sale_lines')
      .values({
        salon_id: salon1,
        appointment_id: null,
        client_id: clientId,
        day,
        kind: 'PRODUCT',
        product_id: shampoo,
        category: 'RESALE',
        quantity: 1,
        list_amount_cents: paid,
        paid_amount_cents: paid,
        discount_cents: 0,
      })
      .execute();
  };
  await visit(bruno, '2024-03-05', '2024-03-05T09:00:00', [{ service: cut, paid: 2500 }]);
  await visit(bruno, '2025-02-20', '2025-02-20T09:00:00', [{ service: cut, paid: 3000 }]);
  await visit(bruno, '2025-03-03', '2025-03-03T09:00:00', [{ service: cut, paid: 3000 }]);
  await visit(bruno, '2025-04-15', '2025-04-15T08:00:00', [
    { service: cut, paid: 3000 },
    { product: shampoo, paid: 1500 },
  ]);
  await visit(anna, '2025-03-03', '2025-03-03T10:00:00', [{ service: colour, paid: 5400 }]);
  await visit(anna, '2025-04-15', '2025-04-15T13:00:00', [{ service: cut, paid: 3000 }]);
  await visit(carla, '2024-06-01', '2024-06-01T08:00:00', [{ service: cut, paid: 3000 }]);
  await visit(carla, '2025-03-10', '2025-03-09T23:30:00', [{ service: cut, paid: 3000 }]);
  await walkIn(carla, '2025-04-20', 1500);
  await visit(dario, '2025-04-10', '2025-04-10T07:00:00', [{ service: cut, paid: 2700 }]);
  await visit(dario, '2025-06-20', '2025-06-20T07:00:00', [{ service: cut, paid: 3000 }]);
  await visit(elena, '2024-08-01', '2024-08-01T07:00:00', [{ service: cut, paid: 3000 }]);
  await visit(fabio, '2024-12-01', '2024-12-01T09:00:00', [{ service: colour, paid: 6000 }]);
  await visit(ivo, '2025-03-20', '2025-03-20T12:00:00', [{ service: cut, paid: 3000 }]);
  await visit(zoe, '2025-03-03', '2025-03-03T10:00:00', [{ service: colour, paid: 6000 }], 'DONE', salon2);
  await visit(anna, '2025-03-20', '2025-03-20T10:00:00', [], 'CANCELLED');
  await visit(bruno, '2025-05-10', '2025-05-10T10:00:00', [], 'BOOKED');
  await walkIn(null, '2025-03-05', 1200);
  await rebuildRollupModel(db);
  return { ...access, services: { cut, colour }, shampoo, clients: { anna, bruno, carla, dario, elena, fabio, gino, ivo, zoe } };
}

let t: TestApp;
let f: Awaited<ReturnType<typeof seedCustomers>>;
let manager: string;
const R = '2025-03-01/2025-04-30';
const CA = '/api/CustomerAnalysis';

beforeAll(async () => {
  t = await createTestApp({ demoToday: '2025-09-01' });
  f = await seedCustomers(t.db);
  manager = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

async function get(url: string, code = manager) {
  const res = await t.app.inject({ method: 'GET', url: url.replace('{code}', code) });
  return res;
}
async function ok(url: string, code = manager) {
  const res = await get(url, code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GetCustomerAnalysis (overview)', () => {
  it('gives the KPIs, genders, age bands, months and cohorts worked out by hand', async () => {
    const body = await ok(`${CA}/GetCustomerAnalysis/{code}/${f.salon1}/${R}`);
    expect(body.today).toBe('2025-09-01');
    expect(body.kpis).toEqual({
      // seen in R: Bruno, Anna, Carla, Dario, Ivo (Zoe is salon 2; the walk-in has no client)
      clientsSeen: 5,
      // first visit in R: Anna 03-03, Ivo 03-20, Dario 04-10
      newClients: 3,
      // seen with an earlier first visit: Bruno, Carla
      returningClients: 2,
      // Anna back 04-15 (43 days), Dario back 06-20 (71 days, after R but within 90); Ivo never
      retainedClients: 2,
      // today 2025-09-01: every window (the last ends 2025-07-09) is over
      pendingClients: 0,
      firstVisitRetention: 66.67, // 2 / 3
      // B2, B3, A1, A2, C1, D1, I1 (Carla's walk-in is a visit day, not an appointment)
      visits: 7,
      averageVisitsPerClient: 1.4, // 7 / 5
      // Bruno 30 + 45, Anna 54 + 30, Carla 30 + 15, Dario 27, Ivo 30 = 261
      revenue: 261,
      averageSpendPerClient: 52.2, // 261 / 5
    });
    // Last year 2024-03-01..2024-04-30: only B0 (Bruno, 25.00), no first visit in it
    expect(body.lastYear).toEqual({
      fromDate: '2024-03-01',
      toDate: '2024-04-30',
      kpis: {
        clientsSeen: 1,
        newClients: 0,
        returningClients: 1,
        retainedClients: 0,
        pendingClients: 0,
        firstVisitRetention: null,
        visits: 1,
        averageVisitsPerClient: 1,
        revenue: 25,
        averageSpendPerClient: 25,
      },
    });
    // MALE Bruno, Ivo; FEMALE Anna, Carla; UNKNOWN Dario
    expect(body.genders).toEqual([
      { gender: 'MALE', clients: 2, sharePercent: 40 },
      { gender: 'FEMALE', clients: 2, sharePercent: 40 },
      { gender: 'UNKNOWN', clients: 1, sharePercent: 20 },
    ]);
    // on 2025-04-30: Anna 23 (birthday tomorrow), Ivo 25 and Bruno 35 (birthdays that day), Carla 65, Dario unknown
    expect(body.ageBands).toEqual([
      { band: '<25', clients: 1, sharePercent: 20 },
      { band: '25-34', clients: 1, sharePercent: 20 },
      { band: '35-44', clients: 1, sharePercent: 20 },
      { band: '45-54', clients: 0, sharePercent: 0 },
      { band: '55-64', clients: 0, sharePercent: 0 },
      { band: '65+', clients: 1, sharePercent: 20 },
      { band: 'UNKNOWN', clients: 1, sharePercent: 20 },
    ]);
    expect(body.months).toEqual([
      // March: Bruno, Anna, Carla, Ivo seen; new Anna, Ivo; returning Bruno, Carla
      { month: '2025-03', clientsSeen: 4, newClients: 2, returningClients: 2 },
      // April: Bruno, Anna, Carla (walk-in), Dario; new Dario; returning Bruno, Anna (first visit in March), Carla
      { month: '2025-04', clientsSeen: 4, newClients: 1, returningClients: 3 },
    ]);
    expect(body.cohorts).toEqual([
      // March cohort Anna, Ivo: in April only Anna came → 50 %
      { month: '2025-03', clients: 2, retention: [{ monthsAfter: 1, clients: 1, sharePercent: 50 }] },
      // April cohort Dario: no later month inside R (his June visit is after R)
      { month: '2025-04', clients: 1, retention: [] },
    ]);
  });

  it('leaves out of the retention a first-time client whose 90 days are not over and who has not come back', async () => {
    // today 2025-05-20: Ivo's window (2025-03-21..2025-06-18) is open and he has not come back → pending;
    // Anna and Dario came back (Dario's return is recorded) → retained 2 of 3 - 1 = 100 %
    const body = await getCustomerOverview(t.db, f.salon1, '2025-03-01', '2025-04-30', '2025-05-20');
    expect(body.kpis).toMatchObject({ newClients: 3, retainedClients: 2, pendingClients: 1, firstVisitRetention: 100 });
    // a range starting after today: no last year; no cohort month has begun
    const future = await getCustomerOverview(t.db, f.salon1, '2025-06-01', '2025-06-30', '2025-05-20');
    expect(future.lastYear).toBeNull();
    expect(future.cohorts).toEqual([]);
    expect(future.months).toEqual([{ month: '2025-06', clientsSeen: 1, newClients: 0, returningClients: 1 }]);
  });
});

describe('GetCustomerAnalysisStatus', () => {
  it('lists every client with last visit, visits, spend and status at the range end, with counts per status', async () => {
    const body = await ok(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}`);
    expect(body).toMatchObject({ activeDays: 90, lostDays: 180, total: 8, limit: 100, offset: 0, contactsIncluded: true });
    // 2025-04-30 - last visit: Carla 10, Anna 15, Bruno 15, Dario 20, Ivo 41 → ACTIVE; Fabio 150 → AT_RISK;
    // Elena 272 → LOST; Gino never → NO_VISIT
    expect(body.counts).toEqual({ active: 5, atRisk: 1, lost: 1, noVisit: 1, total: 8 });
    const c = f.clients;
    // last visit latest first, ties by id, no visit last
    expect(body.rows.map((r: { clientId: number }) => r.clientId)).toEqual([
      c.carla,
      c.anna,
      c.bruno,
      c.dario,
      c.ivo,
      c.fabio,
      c.elena,
      c.gino,
    ]);
    const byId = (id: number) => body.rows.find((r: { clientId: number }) => r.clientId === id);
    expect(byId(c.bruno)).toEqual({
      clientId: c.bruno,
      firstName: 'Bruno',
      lastName: 'Bianchi',
      gender: 'MALE',
      firstVisit: '2024-01-10',
      lastVisit: '2025-04-15',
      daysSinceLastVisit: 15,
      status: 'ACTIVE',
      visits: 2, // B2, B3
      spend: 75, // 30 + 45
      totalVisits: 4, // B0..B3
      totalSpend: 130, // 25 + 30 + 30 + 45
      contact: { phone: null, email: null, privacyConsent: false, marketingConsent: false },
    });
    // Carla's last visit is her walk-in: 1 visit in R (C1), spend 30 + 15
    expect(byId(c.carla)).toMatchObject({
      lastVisit: '2025-04-20',
      daysSinceLastVisit: 10,
      visits: 1,
      spend: 45,
      totalVisits: 2,
      totalSpend: 75,
    });
    // Dario's June visit is after the range end: not in his totals
    expect(byId(c.dario)).toMatchObject({ gender: 'UNKNOWN', lastVisit: '2025-04-10', totalVisits: 1, totalSpend: 27 });
    expect(byId(c.fabio)).toMatchObject({ status: 'AT_RISK', daysSinceLastVisit: 150, visits: 0, spend: 0, totalSpend: 60 });
    expect(byId(c.elena)).toMatchObject({ status: 'LOST', daysSinceLastVisit: 272, contact: { phone: '+39 333 5', email: null } });
    expect(byId(c.gino)).toMatchObject({
      status: 'NO_VISIT',
      lastVisit: null,
      daysSinceLastVisit: null,
      visits: 0,
      totalSpend: 0,
      firstVisit: null,
    });
    expect(byId(c.anna).contact).toEqual({ phone: '+39 333 1', email: 'anna@x.it', privacyConsent: true, marketingConsent: true });
  });

  it('pages, filters by status and name, and sorts', async () => {
    const c = f.clients;
    const page = await ok(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}?limit=3&offset=2`);
    expect(page.total).toBe(8);
    expect(page.rows.map((r: { clientId: number }) => r.clientId)).toEqual([c.bruno, c.dario, c.ivo]);
    // past the end: no rows, the totals stay
    const past = await ok(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}?limit=3&offset=30`);
    expect(past).toMatchObject({ total: 8, rows: [], counts: { total: 8 } });
    // 'an' is in "Anna Rossi" and "Bruno Bianchi" only
    const an = await ok(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}?search=AN&status=ACTIVE&sort=NAME`);
    expect(an.rows.map((r: { lastName: string }) => r.lastName)).toEqual(['Bianchi', 'Rossi']);
    expect(an.total).toBe(2);
    expect(an.counts.total).toBe(8); // counts ignore the filters
    const reversed = await ok(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}?search=${encodeURIComponent('rossi anna')}`);
    expect(reversed.rows.map((r: { clientId: number }) => r.clientId)).toEqual([c.anna]);
    const lost = await ok(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}?status=LOST`);
    expect(lost.rows.map((r: { clientId: number }) => r.clientId)).toEqual([c.elena]);
    // total spend: Bruno 130, Anna 84, Carla 75, Fabio 60, Elena 30 = Ivo 30 (id order), Dario 27, Gino 0
    const spend = await ok(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}?sort=TOTAL_SPEND_DESC`);
    expect(spend.rows.map((r: { clientId: number }) => r.clientId)).toEqual([
      c.bruno,
      c.anna,
      c.carla,
      c.fabio,
      c.elena,
      c.ivo,
      c.dario,
      c.gino,
    ]);
  });

  it('takes the thresholds from the salon settings, both ends counting as at risk', async () => {
    await t.db.updateTable('salons').set({ active_client_days: 15, lost_client_days: 150 }).where('id', '=', f.salon1).execute();
    try {
      const body = await ok(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}`);
      // Carla 10 < 15 ACTIVE; Anna 15, Bruno 15, Dario 20, Ivo 41, Fabio 150 AT_RISK; Elena 272 > 150 LOST
      expect(body.counts).toEqual({ active: 1, atRisk: 5, lost: 1, noVisit: 1, total: 8 });
      expect(body).toMatchObject({ activeDays: 15, lostDays: 150 });
    } finally {
      await t.db.updateTable('salons').set({ active_client_days: 90, lost_client_days: 180 }).where('id', '=', f.salon1).execute();
    }
  });

  it('answers 400 for bad paging and filters', async () => {
    for (const query of ['limit=0', 'limit=501', 'offset=-1', 'status=GONE', 'sort=AGE']) {
      const res = await get(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('StatusSettings', () => {
  const post = (code: string, body: object) =>
    t.app.inject({ method: 'POST', url: `${CA}/StatusSettings/${code}`, payload: body, headers: { 'content-type': 'application/json' } });

  it("reads and sets the salon's thresholds, which the status list then uses", async () => {
    expect(await ok(`${CA}/StatusSettings/{code}/${f.salon1}`)).toEqual({ salonId: f.salon1, activeDays: 90, lostDays: 180 });
    try {
      const saved = await post(manager, { salonId: f.salon1, activeDays: 30, lostDays: 60 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ salonId: f.salon1, activeDays: 30, lostDays: 60 });
      expect(await ok(`${CA}/StatusSettings/{code}/${f.salon1}`)).toEqual({ salonId: f.salon1, activeDays: 30, lostDays: 60 });
      // Carla 10, Anna 15, Bruno 15, Dario 20 < 30 ACTIVE; Ivo 41 AT_RISK; Fabio 150, Elena 272 > 60 LOST
      const body = await ok(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}`);
      expect(body.counts).toEqual({ active: 4, atRisk: 1, lost: 2, noVisit: 1, total: 8 });
    } finally {
      await post(manager, { salonId: f.salon1, activeDays: 90, lostDays: 180 });
    }
  });

  it('refuses lost before active (400), another salon (403), other roles (403) and no salon (404)', async () => {
    const reversed = await post(manager, { salonId: f.salon1, activeDays: 90, lostDays: 60 });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().parameter).toBe('lostDays');
    expect((await post(manager, { salonId: f.salon1, activeDays: 0, lostDays: 60 })).statusCode).toBe(400);
    expect((await post(await signIn(t.app, 'manager2'), { salonId: f.salon1, activeDays: 30, lostDays: 60 })).statusCode).toBe(403);
    expect((await post(await signIn(t.app, 'marketing'), { salonId: f.salon1, activeDays: 30, lostDays: 60 })).statusCode).toBe(403);
    expect((await post(await signIn(t.app, 'superadmin'), { salonId: 9999, activeDays: 30, lostDays: 60 })).statusCode).toBe(404);
    expect(await ok(`${CA}/StatusSettings/{code}/${f.salon1}`)).toEqual({ salonId: f.salon1, activeDays: 90, lostDays: 180 });
  });
});

describe('GetCustomerAnalysisStatusById', () => {
  it("gives one client's visits, spend, items and status history", async () => {
    const body = await ok(`${CA}/GetCustomerAnalysisStatusById/{code}/${f.salon1}/${R}/${f.clients.bruno}`);
    expect(body).toMatchObject({
      client: {
        clientId: f.clients.bruno,
        firstName: 'Bruno',
        birthDate: '1990-04-30',
        city: 'Milano',
        postalCode: '20121',
        firstVisit: '2024-01-10',
      },
      status: 'ACTIVE',
      lastVisit: '2025-04-15',
      daysSinceLastVisit: 15,
      visits: 2,
      spend: 75,
      totalVisits: 4,
      totalSpend: 130,
    });
    expect(body.visitDays).toEqual([
      { day: '2025-04-15', appointments: 1, servicesSpend: 30, productsSpend: 15, spend: 45 },
      { day: '2025-03-03', appointments: 1, servicesSpend: 30, productsSpend: 0, spend: 30 },
    ]);
    expect(body.services).toEqual([{ serviceId: f.services.cut, name: 'Cut', quantity: 2, spend: 60 }]);
    expect(body.products).toEqual([{ productId: f.shampoo, name: 'Shampoo', quantity: 1, spend: 15 }]);
    // March 31: 28 days after 03-03; April 30: 15 days after 04-15
    expect(body.statusHistory).toEqual([
      { month: '2025-03', day: '2025-03-31', status: 'ACTIVE', lastVisit: '2025-03-03' },
      { month: '2025-04', day: '2025-04-30', status: 'ACTIVE', lastVisit: '2025-04-15' },
    ]);
  });

  it("follows a client's slide from active to lost month by month", async () => {
    const body = await ok(`${CA}/GetCustomerAnalysisStatusById/{code}/${f.salon1}/2025-01-01/2025-06-15/${f.clients.fabio}`);
    // last visit 2024-12-01: Jan 31 61 days, Feb 28 89 (< 90 ACTIVE), Mar 31 120, Apr 30 150, May 31 181 (> 180 LOST), Jun 15 196
    expect(body.statusHistory.map((h: { day: string; status: string }) => `${h.day} ${h.status}`)).toEqual([
      '2025-01-31 ACTIVE',
      '2025-02-28 ACTIVE',
      '2025-03-31 AT_RISK',
      '2025-04-30 AT_RISK',
      '2025-05-31 LOST',
      '2025-06-15 LOST',
    ]);
    expect(body).toMatchObject({ status: 'LOST', visits: 0, spend: 0, visitDays: [], services: [], products: [] });
  });

  it('answers 404 for a client of another salon or no client', async () => {
    for (const id of [f.clients.zoe, 999999]) {
      const res = await get(`${CA}/GetCustomerAnalysisStatusById/{code}/${f.salon1}/${R}/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().parameter).toBe('clientId');
    }
  });
});

describe('GetCustomerMapAnalysisData', () => {
  it("counts DONE appointments per weekday and hour in the salon's zone and clients per city and postal code", async () => {
    const body = await ok(`${CA}/GetCustomerMapAnalysisData/{code}/${f.salon1}/${R}`);
    expect(body.timeZone).toBe('Europe/Rome');
    expect(body.cells).toHaveLength(168);
    expect(body.totalVisits).toBe(7);
    const nonZero = body.cells
      .filter((c: { visits: number }) => c.visits > 0)
      .map((c: { weekday: number; hour: number }) => `${c.weekday}@${c.hour}`);
    // Mon 00:30 (C1, 23:30Z the day before), Mon 10 (B2), Mon 11 (A1), Tue 10 (B3, summer time), Tue 15 (A2), Thu 9 (D1), Thu 13 (I1)
    expect(nonZero).toEqual(['1@0', '1@10', '1@11', '2@10', '2@15', '4@9', '4@13']);
    expect(body.cities).toEqual([
      // Anna 84 + Bruno 75 + Ivo 30 ('Milano' trimmed; no coordinates, so the average is of Anna and Bruno)
      { city: 'Milano', clients: 3, revenue: 189, latitude: 45.47, longitude: 9.2 },
      { city: 'Monza', clients: 1, revenue: 45, latitude: 45.58, longitude: 9.27 },
      { city: null, clients: 1, revenue: 27, latitude: null, longitude: null },
    ]);
    expect(body.postalCodes).toEqual([
      { postalCode: '20121', city: 'Milano', clients: 2, revenue: 159, latitude: 45.47, longitude: 9.2 },
      { postalCode: '20900', city: 'Monza', clients: 1, revenue: 45, latitude: 45.58, longitude: 9.27 },
      { postalCode: '20122', city: 'Milano', clients: 1, revenue: 30, latitude: null, longitude: null },
      { postalCode: null, city: null, clients: 1, revenue: 27, latitude: null, longitude: null },
    ]);
  });
});

describe('exports', () => {
  async function readBack(link: string, code = manager) {
    const res = await t.app.inject({ method: 'GET', url: link.replace(manager, code) });
    if (res.statusCode !== 200) return { status: res.statusCode, rows: [] as unknown[][] };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { status: 200, rows, sheet, disposition: res.headers['content-disposition'] };
  }

  /** A calendar day as ExcelJS reads a date cell back: that day's midnight UTC. */
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

  it('hands out status.xlsx as a link that only the asking session opens; the sheet holds every matching client', async () => {
    const made = await ok(`${CA}/GetCustomerAnalysisStatusXls/{code}/${f.salon1}/${R}?status=ACTIVE`);
    expect(made.fileName).toBe('status.xlsx');
    expect(Date.parse(made.expiresAt)).toBeGreaterThan(Date.now());
    const file = await readBack(made.link);
    expect(file.disposition).toBe('attachment; filename="status.xlsx"');
    // The heading: what the list is, whose, which dates in words (never the salon's id or ISO keys) and the thresholds.
    expect(file.rows.slice(0, 4)).toEqual([
      ['Client status'],
      ['Salon', 'Salone Uno'],
      ['Period', '1 Mar 2025 – 30 Apr 2025'],
      ['Thresholds', 'active under 90 days, lost over 180 days since the last visit'],
    ]);
    // The screen's counts per status, as its API answers them for the same range.
    const screen = await ok(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}?status=ACTIVE`);
    const { counts } = screen;
    expect(file.rows.slice(4, 9)).toEqual([
      ['All clients', counts.total],
      ['Active', counts.active],
      ['At risk', counts.atRisk],
      ['Lost', counts.lost],
      ['No visit', counts.noVisit],
    ]);
    expect(counts.active).toBe(5);
    expect(file.sheet?.getRow(6).getCell(2).numFmt).toBe('#,##0');
    expect(file.rows[9]).toEqual([
      'Client id',
      'Last name',
      'First name',
      'Gender',
      'Status',
      'Last visit',
      'Days since last visit',
      'First visit',
      'Visits in range',
      'Spend in range (EUR)',
      'Visits to date',
      'Spend to date (EUR)',
      'Phone',
      'Email',
      'Privacy consent',
      'Marketing consent',
    ]);
    // the five ACTIVE clients, latest visit first
    expect(file.rows.slice(10).map((r) => r[1])).toEqual(['Verdi', 'Rossi', 'Bianchi', 'Neri', 'Marino']);
    expect(file.rows[11]).toEqual([
      f.clients.anna,
      'Rossi',
      'Anna',
      'FEMALE',
      'Active',
      day('2025-04-15'),
      15,
      day('2025-03-03'),
      2,
      84,
      2,
      84,
      '+39 333 1',
      'anna@x.it',
      'yes',
      'yes',
    ]);
    // Days are real date cells shown as dates, money in euros.
    const anna = file.sheet?.getRow(file.rows.findIndex((r) => r[0] === f.clients.anna) + 3);
    expect(anna?.getCell(6).type).toBe(ExcelJS.ValueType.Date);
    expect(anna?.getCell(6).numFmt).toBe('dd/mm/yyyy');
    expect(anna?.getCell(10).numFmt).toBe('#,##0.00 "€"');
    const other = await signIn(t.app, 'manager');
    expect((await readBack(made.link, other)).status).toBe(404);
  });

  it("hands out 'Lost List status.xlsx' with the lost clients and their contacts", async () => {
    const made = await ok(`${CA}/GetLostListXls/{code}/${f.salon1}/${R}`);
    expect(made.fileName).toBe('Lost List status.xlsx');
    const file = await readBack(made.link);
    expect(file.rows.slice(0, 3)).toEqual([['Lost clients'], ['Salon', 'Salone Uno'], ['Period', '1 Mar 2025 – 30 Apr 2025']]);
    expect(file.rows[7]).toEqual(['Lost', 1]);
    expect(file.rows.slice(10)).toEqual([
      [
        f.clients.elena,
        'Galli',
        'Elena',
        'FEMALE',
        'Lost',
        day('2024-08-01'),
        272,
        day('2024-08-01'),
        0,
        0,
        1,
        30,
        '+39 333 5',
        undefined,
        'no',
        'no',
      ],
    ]); // no email: an empty cell
  });

  it("writes the file in the asking user's language: Italian title, labels, dates and words", async () => {
    await t.db.updateTable('users').set({ language: 'it' }).where('username', '=', 'manager').execute();
    try {
      const made = await ok(`${CA}/GetLostListXls/{code}/${f.salon1}/${R}`);
      const file = await readBack(made.link);
      expect(file.rows.slice(0, 4)).toEqual([
        ['Clienti persi'],
        ['Salone', 'Salone Uno'],
        ['Periodo', '1 mar 2025 – 30 apr 2025'],
        ['Soglie', "attivo sotto 90 giorni, perso oltre 180 giorni dall'ultima visita"],
      ]);
      expect(file.rows[4]?.[0]).toBe('Tutti i clienti');
      expect(file.rows[9]?.slice(0, 5)).toEqual(['Id cliente', 'Cognome', 'Nome', 'Genere', 'Stato']);
      expect(file.rows[10]?.[4]).toBe('Perso');
    } finally {
      await t.db.updateTable('users').set({ language: 'en' }).where('username', '=', 'manager').execute();
    }
  });
});

describe('access and input', () => {
  const paths = () => [
    `${CA}/GetCustomerAnalysis/{code}/${f.salon1}/${R}`,
    `${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}`,
    `${CA}/GetCustomerAnalysisStatusById/{code}/${f.salon1}/${R}/${f.clients.anna}`,
    `${CA}/GetCustomerMapAnalysisData/{code}/${f.salon1}/${R}`,
    `${CA}/GetCustomerAnalysisStatusXls/{code}/${f.salon1}/${R}`,
    `${CA}/GetLostListXls/{code}/${f.salon1}/${R}`,
  ];

  it("is an 'admin'-level report: SUPERADMIN answered, other roles and another salon's ADMIN refused, no session 401", async () => {
    const codes = {
      superadmin: await signIn(t.app, 'superadmin'),
      reception: await signIn(t.app, 'reception'),
      marketing: await signIn(t.app, 'marketing'),
      stylist: await signIn(t.app, 'stylist'),
      manager2: await signIn(t.app, 'manager2'),
    };
    for (const path of paths()) {
      expect((await get(path, codes.superadmin)).statusCode, path).toBe(200);
      for (const who of ['reception', 'marketing', 'stylist', 'manager2'] as const) {
        expect((await get(path, codes[who])).statusCode, `${who} ${path}`).toBe(403);
      }
      expect((await get(path, 'x'.repeat(40))).statusCode, path).toBe(401);
    }
    const asSuperadmin = await ok(`${CA}/GetCustomerAnalysisStatus/{code}/${f.salon1}/${R}?status=LOST`, codes.superadmin);
    expect(asSuperadmin.contactsIncluded).toBe(true);
    expect(asSuperadmin.rows[0].contact.phone).toBe('+39 333 5');
  });

  it('shows contact details to the salon managers only', () => {
    expect(seesContacts({ roles: ['ADMIN'] })).toBe(true);
    expect(seesContacts({ roles: ['SUPERADMIN'] })).toBe(true);
    for (const role of ['RECEPTIONIST', 'SALESMARKETING', 'IMAGE', 'ASSISTANCE'] as const)
      expect(seesContacts({ roles: [role] })).toBe(false);
  });

  it('answers 400 naming the date for impossible dates and reversed or too long ranges, 404 for no salon', async () => {
    for (const path of paths()) {
      const bad = await get(path.replace(R, '2025-02-30/2025-04-30'));
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json().parameter).toBe('fromDate');
      expect((await get(path.replace(R, '2025-05-01/2025-04-30'))).statusCode, path).toBe(400);
      expect((await get(path.replace(R, '2015-01-01/2025-04-30'))).statusCode, path).toBe(400);
      expect((await get(path.replace(R, '2025-03-01/30-04-2025'))).statusCode, path).toBe(400);
    }
    const superadmin = await signIn(t.app, 'superadmin');
    expect((await get(`${CA}/GetCustomerAnalysis/{code}/9999/${R}`, superadmin)).statusCode).toBe(404);
  });
});
