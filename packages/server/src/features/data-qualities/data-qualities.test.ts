import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';

/*
 * Hand-made fixture: salon 1's client records, today pinned to 2026-02-10 (so a birth date before
 * 1916-02-10 is implausible). Checks passed of five (phone, e-mail, birth date, gender, consent) x 20.
 *
 *   C1 Anna Rossi      +39 333 123 4567   anna.rossi@example.com   1990-05-01 F  consent  by reception  5/5 = 100
 *   C2 Bruno Bianchi   -                  bruno@example (invalid)  -          M  no       by reception  1/5 = 20
 *   C3 Carla Verdi     12 34 (4 digits)   '' (blank)               2030-01-01 -  consent  by manager    1/5 = 20
 *   C4 'ANNA', ' Rossi '  +39-333-1234567 -                       1915-01-01 F  consent  unknown       3/5 = 60
 *   C5 Anna Rossi      -                  'ANNA.ROSSI@example.com ' 1990-05-01 F no      by manager    3/5 = 60
 *   C6 Anna Rossa      +39 333 123 4567   a@b.it                   1985-02-10 F  consent  by manager    5/5 = 100
 *   C7 Dario Neri      333 999 8888       dario@example.com        1916-02-10 M  consent  by reception  5/5 = 100 (exactly 110 years: plausible)
 *   C8 Elsa Gialli     (02) 1234-5678     elsa@@example.com        2026-02-10 F  consent  unknown       4/5 = 80 (born today: plausible)
 *   C9 Bruno Bianchi   -                  bruno@example            1980-01-01 M  consent  by reception  3/5 = 60
 *   salon 2: Anna Rossi +39 333 123 4567 (another salon: neither counted nor a duplicate)
 *
 * Duplicates: C1 ~ C4 (name 'anna rossi', phone digits 393331234567), C1 ~ C5 (e-mail
 * anna.rossi@example.com) -> group 1 = C1, C4, C5; C2 ~ C9 (same e-mail) -> group 2. C6 shares C1's
 * phone but not the name: not a duplicate.
 */
let t: TestApp;
let manager: string;
let fx: Awaited<ReturnType<typeof seed>>;

async function seed(db: Db) {
  const access = await seedAccessFixture(db);
  const { salon1, salon2, users } = access;
  type Row = [string, string, string | null, string | null, string | null, 'MALE' | 'FEMALE' | null, boolean, number | null];
  const rows: Row[] = [
    ['Anna', 'Rossi', '+39 333 123 4567', 'anna.rossi@example.com', '1990-05-01', 'FEMALE', true, users.reception],
    ['Bruno', 'Bianchi', null, 'bruno@example', null, 'MALE', false, users.reception],
    ['Carla', 'Verdi', '12 34', '', '2030-01-01', null, true, users.manager],
    ['ANNA', ' Rossi ', '+39-333-1234567', null, '1915-01-01', 'FEMALE', true, null],
    ['Anna', 'Rossi', null, 'ANNA.ROSSI@example.com ', '1990-05-01', 'FEMALE', false, users.manager],
    ['Anna', 'Rossa', '+39 333 123 4567', 'a@b.it', '1985-02-10', 'FEMALE', true, users.manager],
    ['Dario', 'Neri', '333 999 8888', 'dario@example.com', '1916-02-10', 'MALE', true, users.reception],
    ['Elsa', 'Gialli', '(02) 1234-5678', 'elsa@@example.com', '2026-02-10', 'FEMALE', true, null],
    ['Bruno', 'Bianchi', null, 'bruno@example', '1980-01-01', 'MALE', true, users.reception],
  ];
  const c: number[] = [];
  for (const [first, last, phone, email, birth, gender, consent, createdBy] of rows) {
    const { id } = await db
      .insertInto('clients')
      .values({
        salon_id: salon1,
        first_name: first,
        last_name: last,
        phone,
        email,
        birth_date: birth,
        gender,
        privacy_consent: consent,
        created_by: createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    c.push(Number(id));
  }
  await db
    .insertInto('clients')
    .values({ salon_id: salon2, first_name: 'Anna', last_name: 'Rossi', phone: '+39 333 123 4567', privacy_consent: true })
    .execute();
  return { ...access, c };
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

describe('GetCustomersBySalon', () => {
  it("gives the salon's completeness, the records per finding, the duplicate groups and the records to fix first", async () => {
    const { status, body } = await get(`/api/DataQualities/GetCustomersBySalon/${manager}/${fx.salon1}`);
    expect(status).toBe(200);
    const [c1, c2, c3, c4, c5, c6, c7, c8, c9] = fx.c;
    expect(body.today).toBe('2026-02-10');
    // 9 records, complete C1 C6 C7 = 3 of 9 = 33.33 %; mean (100+20+20+60+60+100+100+80+60) / 9 = 600 / 9 = 66.67
    expect(body).toMatchObject({ salonId: fx.salon1, clients: 9, completeClients: 3, completePercent: 33.33, averageScore: 66.67 });
    expect(body.issues).toEqual({
      phoneMissing: 3, // C2 C5 C9
      phoneInvalid: 1, // C3
      emailMissing: 2, // C3 (blank) C4
      emailInvalid: 3, // C2 C8 C9
      birthDateMissing: 1, // C2
      birthDateImplausible: 2, // C3 (future) C4 (1915)
      genderMissing: 1, // C3
      consentMissing: 2, // C2 C5
      duplicates: 5, // C1 C4 C5 + C2 C9
    });
    expect(body.duplicateGroups).toEqual([
      {
        groupId: 1,
        clientIds: [c1, c4, c5],
        name: 'Anna Rossi',
        members: [
          { clientId: c1, name: 'Anna Rossi', phone: '+39 333 123 4567', email: 'anna.rossi@example.com' },
          { clientId: c4, name: 'ANNA  Rossi', phone: '+39-333-1234567', email: null },
          { clientId: c5, name: 'Anna Rossi', phone: null, email: 'ANNA.ROSSI@example.com ' },
        ],
        matchedOn: ['PHONE', 'EMAIL'],
      },
      {
        groupId: 2,
        clientIds: [c2, c9],
        name: 'Bruno Bianchi',
        members: [
          { clientId: c2, name: 'Bruno Bianchi', phone: null, email: 'bruno@example' },
          { clientId: c9, name: 'Bruno Bianchi', phone: null, email: 'bruno@example' },
        ],
        matchedOn: ['EMAIL'],
      },
    ]);
    // Lowest score first, then duplicates, then id: 20 (C2 dup, C3), 60 (C4 C5 C9), 80 (C8), 100 (C1 dup, C6, C7)
    expect(body.rows.map((r: { clientId: number }) => r.clientId)).toEqual([c2, c3, c4, c5, c9, c8, c1, c6, c7]);
    expect(body).toMatchObject({ total: 9, limit: 100, offset: 0 });
    expect(body.rows[0]).toEqual({
      clientId: c2,
      firstName: 'Bruno',
      lastName: 'Bianchi',
      phone: null,
      email: 'bruno@example',
      birthDate: null,
      gender: 'MALE',
      privacyConsent: false,
      firstVisit: null,
      createdBy: fx.users.reception,
      createdByName: 'reception Test',
      score: 20,
      issues: ['PHONE_MISSING', 'EMAIL_INVALID', 'BIRTH_DATE_MISSING', 'CONSENT_MISSING', 'DUPLICATE'],
      duplicateGroupId: 2,
    });
    const byId = new Map(body.rows.map((r: { clientId: number }) => [r.clientId, r]));
    expect(byId.get(c3)).toMatchObject({
      score: 20,
      issues: ['PHONE_INVALID', 'EMAIL_MISSING', 'BIRTH_DATE_IMPLAUSIBLE', 'GENDER_MISSING'],
      duplicateGroupId: null,
    });
    expect(byId.get(c4)).toMatchObject({ score: 60, issues: ['EMAIL_MISSING', 'BIRTH_DATE_IMPLAUSIBLE', 'DUPLICATE'], createdBy: null });
    expect(byId.get(c1)).toMatchObject({ score: 100, issues: ['DUPLICATE'], duplicateGroupId: 1 });
    expect(byId.get(c6)).toMatchObject({ score: 100, issues: [], duplicateGroupId: null });
    expect(byId.get(c7)).toMatchObject({ score: 100, issues: [] });
    expect(byId.get(c8)).toMatchObject({ score: 80, issues: ['EMAIL_INVALID'] });
  });

  it('gives the same figures per staff member who created the records, unknown last', async () => {
    const { body } = await get(`/api/DataQualities/GetCustomersBySalon/${manager}/${fx.salon1}`);
    expect(body.byCreator).toEqual([
      {
        // C1 C2 C7 C9: complete C1 C7 = 50 %; (100 + 20 + 100 + 60) / 4 = 70
        staffId: fx.users.reception,
        name: 'reception Test',
        clients: 4,
        completeClients: 2,
        completePercent: 50,
        averageScore: 70,
        issues: {
          phoneMissing: 2,
          phoneInvalid: 0,
          emailMissing: 0,
          emailInvalid: 2,
          birthDateMissing: 1,
          birthDateImplausible: 0,
          genderMissing: 0,
          consentMissing: 1,
          duplicates: 3,
        },
      },
      {
        // C3 C5 C6: complete C6 = 33.33 %; (20 + 60 + 100) / 3 = 60
        staffId: fx.users.manager,
        name: 'manager Test',
        clients: 3,
        completeClients: 1,
        completePercent: 33.33,
        averageScore: 60,
        issues: {
          phoneMissing: 1,
          phoneInvalid: 1,
          emailMissing: 1,
          emailInvalid: 0,
          birthDateMissing: 0,
          birthDateImplausible: 1,
          genderMissing: 1,
          consentMissing: 1,
          duplicates: 1,
        },
      },
      {
        // C4 C8: none complete; (60 + 80) / 2 = 70
        staffId: null,
        name: '',
        clients: 2,
        completeClients: 0,
        completePercent: 0,
        averageScore: 70,
        issues: {
          phoneMissing: 0,
          phoneInvalid: 0,
          emailMissing: 1,
          emailInvalid: 1,
          birthDateMissing: 0,
          birthDateImplausible: 1,
          genderMissing: 0,
          consentMissing: 0,
          duplicates: 1,
        },
      },
    ]);
  });

  it('pages the records (limit / offset) with the total of all pages', async () => {
    const [, , , , c5, , , c8, c9] = fx.c;
    const { body } = await get(`/api/DataQualities/GetCustomersBySalon/${manager}/${fx.salon1}?limit=3&offset=3`);
    expect(body).toMatchObject({ total: 9, limit: 3, offset: 3 });
    expect(body.rows.map((r: { clientId: number }) => r.clientId)).toEqual([c5, c9, c8]);
    const bad = await get(`/api/DataQualities/GetCustomersBySalon/${manager}/${fx.salon1}?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/limit/);
  });

  it('answers a salon without clients with zeros and a null share', async () => {
    const superadmin = await signIn(t.app, 'superadmin');
    const { status, body } = await get(`/api/DataQualities/GetCustomersBySalon/${superadmin}/${fx.salon2}`);
    expect(status).toBe(200);
    // salon 2's one record: no e-mail, birth date, gender -> phone + consent = 2/5 = 40; no duplicate
    expect(body).toMatchObject({ clients: 1, completeClients: 0, completePercent: 0, averageScore: 40, duplicateGroups: [] });
    const empty = await t.db
      .insertInto('salons')
      .values({ name: 'Vuoto', code: 'S3', city: 'Roma', opening_hours: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const none = await get(`/api/DataQualities/GetCustomersBySalon/${superadmin}/${empty.id}`);
    expect(none.body).toMatchObject({ clients: 0, completeClients: 0, completePercent: null, averageScore: 0, rows: [], byCreator: [] });
  });
});

describe('GetCustomersBySalonXls', () => {
  it('serves CustomersBySalon.xlsx with every record, its findings and score, and the summary', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/DataQualities/GetCustomersBySalonXls/${manager}/${fx.salon1}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="CustomersBySalon.xlsx"');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const clients = book.getWorksheet('Clients');
    // Headed by the title, the salon's name and the day the figures are of (the salon's today, in words).
    expect([1, 2, 3].map((n) => clients?.getRow(n).values)).toEqual([
      [undefined, 'Client data quality'],
      [undefined, 'Salon', 'Salone Uno'],
      [undefined, 'As of', '10 Feb 2026'],
    ]);
    // The screen's KPI cards, as its API answers them: 9 records, 3 complete (33.33 %).
    const screen = (await get(`/api/DataQualities/GetCustomersBySalon/${manager}/${fx.salon1}`)).body;
    expect([5, 6, 7, 8, 9, 10].map((n) => clients?.getRow(n).values)).toEqual([
      [undefined, 'Client records', screen.clients],
      [undefined, 'Complete records', screen.completeClients],
      [undefined, 'Complete share', screen.completePercent / 100],
      [undefined, 'Average score', screen.averageScore],
      [undefined, 'Likely duplicates', screen.issues.duplicates],
      [undefined, 'Duplicate groups', screen.duplicateGroups.length],
    ]);
    expect([screen.clients, screen.completeClients, screen.completePercent]).toEqual([9, 3, 33.33]);
    expect(clients?.getRow(7).getCell(2).numFmt).toBe('0.0%');
    expect(clients?.rowCount).toBe(21); // heading, KPIs, header + 9 records, all of them
    expect(clients?.getRow(13).values).toEqual([
      undefined,
      fx.c[1],
      'Bruno',
      'Bianchi',
      undefined,
      'bruno@example',
      undefined,
      'MALE',
      'No',
      undefined,
      'reception Test',
      20,
      2,
      'Phone missing, E-mail invalid, Birth date missing, Privacy consent missing, Likely duplicate',
    ]);
    // A recorded day is an Excel date cell.
    const dated = [13, 14, 15, 16, 17, 18, 19, 20, 21]
      .flatMap((n) => [clients?.getRow(n).getCell(6), clients?.getRow(n).getCell(9)])
      .find((cell) => cell?.value);
    expect(dated?.type).toBe(ExcelJS.ValueType.Date);
    expect(dated?.numFmt).toBe('dd/mm/yyyy');
    const summary = book.getWorksheet('Summary');
    expect(summary?.getRow(2).values).toEqual([undefined, 'Salon', 'Salone Uno']);
    expect(summary?.getRow(6).values).toEqual([undefined, 'Whole salon', 9, 3, 33.33, 66.67, 3, 1, 2, 3, 1, 2, 1, 2, 5]);
    expect(summary?.getRow(9).values).toEqual([undefined, 'Unknown', 2, 0, 0, 70, 0, 0, 1, 1, 0, 1, 0, 0, 1]);
  });

  it('writes the findings in Italian when asked', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/DataQualities/GetCustomersBySalonXls/${manager}/${fx.salon1}?language=it` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Clienti')?.getRow(1).getCell(1).value).toBe('Qualità dei dati clienti');
    expect(book.getWorksheet('Clienti')?.getRow(3).values).toEqual([undefined, 'Dati al', '10 feb 2026']);
    expect(book.getWorksheet('Clienti')?.getRow(14).getCell(13).value).toBe(
      'Telefono non valido, E-mail mancante, Data di nascita non plausibile, Sesso mancante',
    );
  });
});

describe('Data qualities access', () => {
  const urls = () => [
    `/api/DataQualities/GetCustomersBySalon/{code}/${fx.salon1}`,
    `/api/DataQualities/GetCustomersBySalonXls/{code}/${fx.salon1}`,
  ];

  it("is a 'user'-level report: consultants and another salon's ADMIN get 403, no session 401", async () => {
    for (const [user, status] of [
      ['reception', 200],
      ['marketing', 200],
      ['stylist', 403],
      ['assistant', 403],
      ['manager2', 403],
    ] as const) {
      const code = await signIn(t.app, user);
      for (const url of urls()) {
        const res = await t.app.inject({ method: 'GET', url: url.replace('{code}', code) });
        expect(res.statusCode, `${user} ${url}`).toBe(status);
      }
    }
    for (const url of urls()) {
      expect((await t.app.inject({ method: 'GET', url: url.replace('{code}', 'x'.repeat(40)) })).statusCode, url).toBe(401);
    }
  });
});
