import {
  fillPath,
  getCustomerAnalysis,
  getNpsByAllClients,
  getSalonRecap,
  getStaffDataAnalysis,
  IMPORT_KINDS,
  type ImportJob,
  type ImportKindName,
  salesPerDay,
} from '@salon/contracts';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, signIn, type TestApp } from '../../test/helpers.js';
import { importFile, multipart, sampleFile, waitForJob } from '../../test/import-helpers.js';

/*
 * The import end to end through the API, on a database that starts empty (no salon, no demo):
 * the sample files of docs/import-samples in dependency order, then the reports over them, then
 * re-import, a changed row, invalid files, dry runs, the reader variants and the access rules.
 */

let t: TestApp;
const codes: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.db, 'chief', null, ['SUPERADMIN']);
  codes.chief = await signIn(t.app, 'chief');
});
afterAll(async () => t?.close());

const SALON = 1;
const count = async (table: 'sale_lines' | 'clients' | 'appointments') =>
  Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.db)).rows[0]?.n);

async function upload(kind: ImportKindName, fileName: string, content: Buffer | string, query: Record<string, string> = {}, as = 'chief') {
  return importFile(t.app, codes[as] as string, SALON, kind, fileName, content, query);
}

async function get<T>(path: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: path });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const SALE_HEADER =
  'external_id;day;kind;item_external_id;appointment_external_id;client_external_id;staff_external_id;quantity;list_amount;paid_amount;discount;recommended';

describe('the sample files on an empty database', () => {
  it('import in dependency order, each SUCCEEDED with every row inserted', async () => {
    const expected: Record<ImportKindName, number> = {
      salons: 2,
      staff: 2,
      services: 4,
      products: 3,
      clients: 3,
      appointments: 5,
      'sale-lines': 6,
      'stock-movements': 6,
      feedback: 3,
      nps: 3,
    };
    for (const kind of IMPORT_KINDS) {
      const job = await upload(kind, `${kind}.csv`, sampleFile(kind));
      expect({ kind, status: job.status, errors: job.errors, inserted: job.rowsInserted }).toEqual({
        kind,
        status: 'SUCCEEDED',
        errors: [],
        inserted: expected[kind],
      });
    }
  });

  it('the sales report shows them: 10/01 and 17/01/2025 by hand', async () => {
    const report = await get<{
      rows: { day: string; servicesRevenue: number; productsRevenue: number; totalRevenue: number; appointments: number }[];
      totals: {
        servicesRevenue: number;
        productsRevenue: number;
        totalRevenue: number;
        appointments: number;
        newClients: number;
        discountTotal: number;
      };
    }>(fillPath(salesPerDay.path, { toDate: '2025-01-31', fromDate: '2025-01-01', salonId: SALON, SESSIONCODE: codes.chief as string }));
    const day = (d: string) => report.rows.find((r) => r.day === d);
    // 10/01: services L-90001 34.20 + L-90003 60.00 = 94.20; products L-90002 24.50; 2 DONE appointments (A-5001, A-5002)
    expect(day('2025-01-10')).toMatchObject({ servicesRevenue: 94.2, productsRevenue: 24.5, totalRevenue: 118.7, appointments: 2 });
    // 17/01: services L-90004 54.00 + L-90005 25.00 = 79.00; products L-90006 (walk-in) 54.00; 1 DONE appointment (A-5003; A-5004 is NO_SHOW)
    expect(day('2025-01-17')).toMatchObject({ servicesRevenue: 79, productsRevenue: 54, totalRevenue: 133, appointments: 1 });
    // Month: 118.70 + 133.00 = 251.70; discounts 3.80 + 6.00 + 6.00 = 15.80; new clients: Anna and Luca (first visit 10/01, set from their lines)
    expect(report.totals).toMatchObject({ totalRevenue: 251.7, appointments: 3, newClients: 2, discountTotal: 15.8 });
  });

  it('the staff analysis shows them per person', async () => {
    const report = await get<{
      sumOfTotalEarned: number;
      staffDataAnalysis: { name: string; totalEarned: number; averageFeedback: number | null }[];
    }>(
      fillPath(getStaffDataAnalysis.path, {
        fromDate: '2025-01-01',
        toDate: '2025-01-31',
        salonId: SALON,
        SESSIONCODE: codes.chief as string,
      }),
    );
    // Giulia (ST-1): 34.20 + 24.50 + 54.00 + 25.00 = 137.70, feedback 5 and 5; Marco (ST-2): 60.00 + 54.00 = 114.00, feedback 4
    const byName = Object.fromEntries(report.staffDataAnalysis.map((r) => [r.name, r]));
    expect(byName['Giulia Bianchi']).toMatchObject({ totalEarned: 137.7, averageFeedback: 5 });
    expect(byName['Marco Verdi']).toMatchObject({ totalEarned: 114, averageFeedback: 4 });
    expect(report.sumOfTotalEarned).toBe(251.7);
  });

  it('the salon recap and the customer overview show them', async () => {
    const recap = await get<{
      recapData: {
        totalAmount: number;
        servicesAmountRecommended: number;
        productsAmountRecommended: number;
        appointmentCount: number;
        newClientCount: number;
      };
    }>(fillPath(getSalonRecap.path, { fromDate: '2025-01-01', toDate: '2025-01-31', salonId: SALON, SESSIONCODE: codes.chief as string }));
    // Recommended: L-90005 service 25.00, L-90002 product 24.50
    expect(recap.recapData).toMatchObject({
      totalAmount: 251.7,
      servicesAmountRecommended: 25,
      productsAmountRecommended: 24.5,
      appointmentCount: 3,
      newClientCount: 2,
    });
    const overview = await get<{ kpis: { clientsSeen: number; newClients: number; visits: number; revenue: number } }>(
      fillPath(getCustomerAnalysis.path, {
        salonId: SALON,
        fromDate: '2025-01-01',
        toDate: '2025-01-31',
        SESSIONCODE: codes.chief as string,
      }),
    );
    // Anna (10/01 and 17/01: 34.20 + 24.50 + 54.00 + 25.00 = 137.70) and Luca (10/01: 60.00, 17/01 walk-in 54.00): 251.70;
    // visits = DONE appointments: Anna 2, Luca 1
    expect(overview.kpis).toMatchObject({ clientsSeen: 2, newClients: 2, visits: 3, revenue: 251.7 });
  });

  it('the NPS report shows the answers: January 2 promoters, 1 detractor of 3', async () => {
    const report = await get<{ months: { promoters: number; detractors: number; responses: number; nps: number | null }[] }>(
      fillPath(getNpsByAllClients.path, { salonId: SALON, year: 2025, SESSIONCODE: codes.chief as string }),
    );
    // 9 and 10 promote, 6 detracts: 100 x (2 - 1) / 3 = 33.3
    expect(report.months[0]).toMatchObject({ promoters: 2, detractors: 1, responses: 3, nps: 33.3 });
  });

  it('importing every sample again changes nothing', async () => {
    for (const kind of IMPORT_KINDS) {
      const job = await upload(kind, `${kind}.csv`, sampleFile(kind));
      expect({ kind, status: job.status, inserted: job.rowsInserted, updated: job.rowsUpdated }).toEqual({
        kind,
        status: 'SUCCEEDED',
        inserted: 0,
        updated: 0,
      });
      expect(job.rowsUnchanged).toBe(job.rowsRead);
    }
    expect(await count('sale_lines')).toBe(6);
  });

  it('a changed row updates its record and the reports follow', async () => {
    const changed = sampleFile('sale-lines')
      .toString('utf8')
      .replace(
        'L-90003;2025-01-10;SERVICE;SV-COL;A-5002;C-1002;ST-2;1;60,00;60,00',
        'L-90003;2025-01-10;SERVICE;SV-COL;A-5002;C-1002;ST-2;1;60,00;50,00',
      );
    const job = await upload('sale-lines', 'sale-lines.csv', changed);
    expect(job).toMatchObject({
      status: 'SUCCEEDED',
      rowsInserted: 0,
      rowsUpdated: 1,
      rowsUnchanged: 5,
      daysFrom: '2025-01-10',
      daysTo: '2025-01-17',
    });
    const report = await get<{ totals: { totalRevenue: number; discountTotal: number } }>(
      fillPath(salesPerDay.path, { toDate: '2025-01-31', fromDate: '2025-01-01', salonId: SALON, SESSIONCODE: codes.chief as string }),
    );
    // 251.70 - 10.00; the row's discount cell still says 0, so the discounts stay 15.80
    expect(report.totals).toMatchObject({ totalRevenue: 241.7, discountTotal: 15.8 });
    await upload('sale-lines', 'sale-lines.csv', sampleFile('sale-lines'));
  });

  it('a sale line moved to another day refreshes the rollups of the day it left too', async () => {
    const header = sampleFile('sale-lines').toString('utf8').split('\n')[0];
    const job = await upload(
      'sale-lines',
      'moved.csv',
      `${header}\nL-90006;2025-01-24;PRODUCT;PR-MASK;;C-1002;ST-2;2;60,00;54,00;6,00;false\n`,
    );
    expect(job).toMatchObject({ status: 'SUCCEEDED', rowsUpdated: 1, daysFrom: '2025-01-17', daysTo: '2025-01-24' });
    const perDay = async (table: 'sales_daily' | 'sale_lines', column: string) =>
      (
        await sql<{ day: string; cents: number }>`
          SELECT day::text AS day, sum(${sql.ref(column)})::integer AS cents FROM ${sql.table(table)}
          WHERE salon_id = ${SALON} AND day IN ('2025-01-17', '2025-01-24') GROUP BY day ORDER BY day`.execute(t.db)
      ).rows;
    expect(await perDay('sale_lines', 'paid_amount_cents')).toEqual([
      { day: '2025-01-17', cents: 7900 },
      { day: '2025-01-24', cents: 5400 },
    ]);
    expect(await perDay('sales_daily', 'revenue_cents')).toEqual(await perDay('sale_lines', 'paid_amount_cents'));
    await upload('sale-lines', 'sale-lines.csv', sampleFile('sale-lines'));
  });

  it("the appointments' booked services: from service_external_ids, replaced when they change, kept without the column", async () => {
    const booked = async () =>
      (
        await sql<{ appointment: string; service: string; staff: string | null; cents: number }>`
          SELECT a.external_id AS appointment, sv.external_id AS service, u.external_id AS staff, x.list_price_cents AS cents
          FROM appointment_services x JOIN appointments a ON a.salon_id = x.salon_id AND a.id = x.appointment_id
          JOIN services sv ON sv.id = x.service_id LEFT JOIN users u ON u.id = x.staff_id
          WHERE x.salon_id = ${SALON} ORDER BY a.external_id, x.id`.execute(t.db)
      ).rows;
    const sample = sampleFile('appointments').toString('utf8');
    // At the services' list prices (services.csv), with the appointment's staff member.
    const fromSample = [
      { appointment: 'A-5001', service: 'SV-CUT', staff: 'ST-1', cents: 3800 },
      { appointment: 'A-5002', service: 'SV-COL', staff: 'ST-2', cents: 6000 },
      { appointment: 'A-5003', service: 'SV-COL', staff: 'ST-1', cents: 6000 },
      { appointment: 'A-5003', service: 'SV-TRT', staff: 'ST-1', cents: 2500 },
      { appointment: 'A-5004', service: 'SV-CUT', staff: 'ST-2', cents: 3800 },
      { appointment: 'A-5005', service: 'SV-CUT', staff: 'ST-1', cents: 3800 },
      { appointment: 'A-5005', service: 'SV-PIEGA', staff: 'ST-1', cents: 2000 },
    ];
    expect(await booked()).toEqual(fromSample);

    // Other services on A-5005 (and none on A-5004): those two count as updated, their rows are replaced.
    const changed = sample.replace('BOOKED;;SV-CUT|SV-PIEGA', 'BOOKED;; SV-COL ').replace('NO_SHOW;;SV-CUT', 'NO_SHOW;;');
    expect(await upload('appointments', 'appointments.csv', changed)).toMatchObject({
      status: 'SUCCEEDED',
      rowsInserted: 0,
      rowsUpdated: 2,
      rowsUnchanged: 3,
    });
    expect(await booked()).toEqual([...fromSample.slice(0, 4), { appointment: 'A-5005', service: 'SV-COL', staff: 'ST-1', cents: 6000 }]);

    // A file without the column leaves the booked services as they are.
    const withoutColumn = sample
      .split('\n')
      .map((line) => line.split(';').slice(0, 7).join(';'))
      .join('\n');
    expect(await upload('appointments', 'appointments.csv', withoutColumn)).toMatchObject({ status: 'SUCCEEDED', rowsUpdated: 0 });
    expect(await booked()).toHaveLength(5);

    // An unknown service is an error of its row; nothing is written.
    const unknown = await upload('appointments', 'appointments.csv', sample.replace('SV-COL|SV-TRT', 'SV-COL|SV-NOPE'));
    expect(unknown).toMatchObject({ status: 'INVALID', errorCount: 1 });
    expect(unknown.errors.map(({ row, column, value, code }) => ({ row, column, value, code }))).toEqual([
      { row: 4, column: 'service_external_ids', value: 'SV-NOPE', code: 'UNKNOWN_REFERENCE' },
    ]);
    expect(await booked()).toHaveLength(5);

    // The sample again: back as it was, and then again changes nothing.
    expect(await upload('appointments', 'appointments.csv', sample)).toMatchObject({ status: 'SUCCEEDED', rowsUpdated: 2 });
    expect(await booked()).toEqual(fromSample);
    expect(await upload('appointments', 'appointments.csv', sample)).toMatchObject({ status: 'SUCCEEDED', rowsUpdated: 0 });
  });
});

describe('an invalid file', () => {
  // Rows 3, 5 and 6 are wrong: a bad amount, an unknown client, a date that does not exist.
  const file = [
    SALE_HEADER,
    'N-1;2025-02-03;SERVICE;SV-CUT;;C-1001;ST-1;1;38,00;38,00;;no',
    'N-2;2025-02-03;SERVICE;SV-CUT;;C-1001;ST-1;1;38,00;trenta;;no',
    'N-3;2025-02-03;PRODUCT;PR-MASK;;C-1002;ST-2;1;30,00;30,00;;no',
    'N-4;2025-02-03;SERVICE;SV-CUT;;C-9999;ST-1;1;38,00;38,00;;no',
    'N-5;31/02/2025;SERVICE;SV-CUT;;C-1001;ST-1;1;38,00;38,00;;no',
  ].join('\n');

  it('with exactly 3 bad rows writes nothing and reports exactly those 3', async () => {
    const before = await count('sale_lines');
    const job = await upload('sale-lines', 'bad.csv', file);
    expect(job).toMatchObject({ status: 'INVALID', errorCount: 3, invalidRowCount: 3, rowsRead: 5, rowsInserted: 0 });
    expect(job.errors.map(({ row, column, value, code }) => ({ row, column, value, code }))).toEqual([
      { row: 3, column: 'paid_amount', value: 'trenta', code: 'MONEY' },
      { row: 5, column: 'client_external_id', value: 'C-9999', code: 'UNKNOWN_REFERENCE' },
      { row: 6, column: 'day', value: '31/02/2025', code: 'DATE' },
    ]);
    expect(job.errors[1]?.message).toBe('No client with this external_id in the database');
    expect(await count('sale_lines')).toBe(before);
  });

  it('words the errors in Italian and downloads them as CSV in either language', async () => {
    const job = await upload('sale-lines', 'bad.csv', file, { language: 'it' });
    expect(job.errors[1]?.message).toBe('Nessun cliente con questo external_id nel database');
    const it = await t.app.inject({ method: 'GET', url: `/api/Import/Errors/${codes.chief}/${job.jobId}`, query: { language: 'it' } });
    expect(it.statusCode).toBe(200);
    expect(it.headers['content-disposition']).toBe(`attachment; filename="import-${job.jobId}-errors.csv"`);
    const lines = it.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('riga;colonna;valore;errore');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe('5;client_external_id;C-9999;Nessun cliente con questo external_id nel database');
    const en = await t.app.inject({ method: 'GET', url: `/api/Import/Errors/${codes.chief}/${job.jobId}`, query: { language: 'en' } });
    expect(en.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('row,column,value,error');
  });

  it('a missing required column is one error on the header row', async () => {
    const job = await upload('clients', 'clients.csv', 'external_id;first_name\nX-1;Anna\n');
    expect(job.status).toBe('INVALID');
    expect(job.errors.map((e) => [e.row, e.column, e.code])).toEqual([[1, 'last_name', 'MISSING_COLUMN']]);
  });

  it('a duplicate external_id, a sale line of an appointment not DONE, a bad time zone', async () => {
    const lines = await upload(
      'sale-lines',
      'dup.csv',
      [
        SALE_HEADER,
        'D-1;2025-02-03;SERVICE;SV-CUT;;;;1;38;38;;',
        'D-1;2025-02-03;SERVICE;SV-CUT;;;;1;38;38;;',
        'D-2;2025-01-24;SERVICE;SV-CUT;A-5005;;;1;38;38;;',
      ].join('\n'),
    );
    expect(lines.errors.map((e) => [e.row, e.code])).toEqual([
      [3, 'DUPLICATE'],
      [4, 'NOT_DONE'],
    ]);
    const salons = await upload('salons', 'salons.csv', 'external_id,code,name,city,time_zone\nS-X,X1,Nowhere,Nowhere,Europe/Milano\n');
    expect(salons.errors.map((e) => [e.row, e.column, e.code])).toEqual([[2, 'time_zone', 'TIME_ZONE']]);
    // Every other write path too: the database refuses a zone it does not know (migration 016's trigger).
    await expect(t.db.updateTable('salons').set({ time_zone: 'Europe/Milano' }).where('id', '=', SALON).execute()).rejects.toThrow(
      'invalid time zone Europe/Milano',
    );
  });

  it('a dry run checks and counts but writes nothing', async () => {
    const before = await count('sale_lines');
    const job = await upload('sale-lines', 'new.csv', `${SALE_HEADER}\nDR-1;2025-02-04;SERVICE;SV-CUT;;C-1001;ST-1;1;38;38;;\n`, {
      dryRun: 'true',
    });
    expect(job).toMatchObject({ status: 'SUCCEEDED', isDryRun: true, rowsInserted: 1 });
    expect(await count('sale_lines')).toBe(before);
  });
});

describe('the readers', () => {
  const clientRow = async (externalId: string) =>
    t.db
      .selectFrom('clients')
      .select(['first_name', 'last_name', 'birth_date', 'latitude', 'privacy_consent', 'gender', 'first_visit'])
      .where('external_id', '=', externalId)
      .executeTakeFirstOrThrow();

  it('CSV from Excel in Italian: BOM, `;`, decimal comma, DD/MM/YYYY, quoted cells', async () => {
    const file = `\uFEFFexternal_id;first_name;last_name;gender;birth_date;latitude;privacy_consent\r\nIT-1;"Maria; detta Mimì";D'Amico;F;05/11/1978;45,4642;sì\r\n`;
    const job = await upload('clients', 'clienti.csv', file);
    expect(job.status).toBe('SUCCEEDED');
    expect(await clientRow('IT-1')).toMatchObject({
      first_name: 'Maria; detta Mimì',
      last_name: "D'Amico",
      gender: 'FEMALE',
      birth_date: '1978-11-05',
      latitude: 45.4642,
      privacy_consent: true,
    });
  });

  it('CSV in Windows-1252 with `,` and decimal point', async () => {
    const file = iconv.encode('external_id,first_name,last_name,latitude\nWIN-1,Niccolò,Bàrbera,45.5\n', 'win1252');
    expect(file.includes(Buffer.from('ò', 'utf8'))).toBe(false);
    const job = await upload('clients', 'clients.csv', file);
    expect(job.status).toBe('SUCCEEDED');
    expect(await clientRow('WIN-1')).toMatchObject({ first_name: 'Niccolò', last_name: 'Bàrbera', latitude: 45.5 });
  });

  it('Excel serial dates in a CSV', async () => {
    // Serial 45658 is 2025-01-01 in Excel's 1900 system, so 28000 is 1976-08-28 (45658 - 28000 = 17658 days earlier).
    const job = await upload(
      'clients',
      'clients.csv',
      'external_id;first_name;last_name;birth_date;first_visit\nSER-1;Ada;Serial;28000;45658\n',
    );
    expect(job.status).toBe('SUCCEEDED');
    expect(await clientRow('SER-1')).toMatchObject({ birth_date: '1976-08-28', first_visit: '2025-01-01' });
  });

  it('XLSX: the first sheet, or a named one, with real dates and numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const notes = workbook.addWorksheet('Note');
    notes.addRow(['not the data']);
    const sheet = workbook.addWorksheet('Clienti');
    sheet.addRow(['External ID', 'First name', 'Last name', 'Birth date', 'Latitude', 'Privacy consent']);
    sheet.addRow(['XL-1', 'Bruno', 'Excel', new Date(Date.UTC(1969, 6, 20)), 45.07, true]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const named = await upload('clients', 'clienti.xlsx', buffer, { sheet: 'clienti' });
    expect(named).toMatchObject({ status: 'SUCCEEDED', sheet: 'Clienti', rowsInserted: 1 });
    expect(await clientRow('XL-1')).toMatchObject({
      first_name: 'Bruno',
      birth_date: '1969-07-20',
      latitude: 45.07,
      privacy_consent: true,
    });
    const first = await upload('clients', 'clienti.xlsx', buffer);
    expect(first.status).toBe('INVALID');
    expect(first.sheet).toBe('Note');
    const missing = await upload('clients', 'clienti.xlsx', buffer, { sheet: 'Altro' });
    expect(missing).toMatchObject({ status: 'FAILED', message: 'The workbook has no sheet named Altro' });
  });
});

describe('access and upload limits', () => {
  beforeAll(async () => {
    await insertUser(t.db, 'boss1', SALON, ['ADMIN']);
    await insertUser(t.db, 'boss2', 2, ['ADMIN']);
    await insertUser(t.db, 'desk1', SALON, ['RECEPTIONIST']);
    for (const name of ['boss1', 'boss2', 'desk1']) codes[name] = await signIn(t.app, name);
  });
  const post = (as: string | null, salonId: number, kind: string, fileName = 'nps.csv', content: Buffer | string = sampleFile('nps')) =>
    t.app.inject({
      method: 'POST',
      url: `/api/Import/${as ? codes[as] : 'x'.repeat(30)}/${salonId}/${kind}`,
      ...multipart(fileName, content),
    });

  it('ADMIN imports into their salon; others are refused', async () => {
    const own = await post('boss1', SALON, 'nps');
    expect(own.statusCode).toBe(202);
    const job = await waitForJob(t.app, codes.boss1 as string, (own.json() as ImportJob).jobId);
    expect(job).toMatchObject({ status: 'SUCCEEDED', userName: 'boss1 Test' });
    expect((await post(null, SALON, 'nps')).statusCode).toBe(401);
    expect((await post('boss2', SALON, 'nps')).statusCode).toBe(403);
    expect((await post('desk1', SALON, 'nps')).statusCode).toBe(403);
    const chain = await post('boss1', SALON, 'services', 'services.csv', sampleFile('services'));
    expect(chain.statusCode).toBe(403);
    expect(chain.json().message).toBe('Only a superadmin may import services: they belong to the whole chain');
    expect((await t.app.inject({ method: 'GET', url: `/api/Import/${codes.boss2}/${job.jobId}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/Import/${codes.boss1}/999999` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/Import/Errors/${codes.boss2}/${job.jobId}` })).statusCode).toBe(403);
  });

  it('history lists who, when, file, rows and result', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Import/History/${codes.boss1}/${SALON}` });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: ImportJob[] }).items;
    expect(items[0]).toMatchObject({
      kind: 'nps',
      fileName: 'nps.csv',
      status: 'SUCCEEDED',
      rowsRead: 3,
      userName: 'boss1 Test',
      errors: [],
    });
    // An ADMIN does not see the chain's imports (salons, services, products); the superadmin does.
    expect(items.some((j) => j.salonId === null)).toBe(false);
    const chief = await t.app.inject({ method: 'GET', url: `/api/Import/History/${codes.chief}/${SALON}` });
    expect((chief.json() as { items: ImportJob[] }).items.some((j) => j.kind === 'salons')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/Import/History/${codes.boss2}/${SALON}` })).statusCode).toBe(403);
  });

  it('the kinds and their columns', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Import/Kinds/${codes.boss1}` });
    expect(res.statusCode).toBe(200);
    const kinds = (res.json() as { kinds: { kind: string; columns: { name: string; isRequired: boolean }[] }[] }).kinds;
    expect(kinds.map((k) => k.kind)).toEqual([...IMPORT_KINDS]);
    expect(kinds.every((k) => k.columns[0]?.name === 'external_id' && k.columns[0].isRequired)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/Import/Kinds/${codes.desk1}` })).statusCode).toBe(403);
  });

  it('answers 400 for a request without a file or with another extension, 404 for an unknown salon', async () => {
    const notMultipart = await t.app.inject({ method: 'POST', url: `/api/Import/${codes.chief}/${SALON}/nps`, payload: { a: 1 } });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe('Send the file as multipart/form-data, in a part named file');
    const pdf = await post('chief', SALON, 'nps', 'nps.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe("The file must be .csv or .xlsx, got 'nps.pdf'");
    expect((await post('chief', 77, 'nps')).statusCode).toBe(404);
    expect((await post('chief', SALON, 'invoices')).statusCode).toBe(400);
  });

  it('answers 413 for a file over the limit', async () => {
    const small = await createTestApp({ importMaxBytes: 1000 }, t.database);
    try {
      const res = await small.app.inject({
        method: 'POST',
        url: `/api/Import/${codes.chief}/${SALON}/nps`,
        ...multipart('nps.csv', `${'external_id;day;score\n'}${'N-9;2025-01-01;9\n'.repeat(200)}`),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The file is larger than the limit of 1 kB');
    } finally {
      await small.app.close();
    }
  });
});
