import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.js';
import type { Db } from '../db/database.js';
import { campaignRevenueCentsSql } from '../lib/campaign-revenue.query.js';
import { createTestApp, createTestDatabase, type TestApp } from '../test/helpers.js';
import { CHILD_AGE, PRODUCTS, SERVICES } from './catalogue.js';
import { MIN_DAYS_BETWEEN, MIN_DAYS_BETWEEN_KERATIN } from './clients.js';
import { generateDemoChain } from './generate.js';
import { DEMO_LOGINS, ensureDemoChain } from './seed.js';

// A small chain: 2 salons, about 3 months up to a fixed "today", at 30 % of the benchmark volume.
const TODAY = '2026-03-14';
const OPTIONS = { salons: 2, years: 0.25, seed: 7, today: TODAY, density: 0.3 };

const TABLES = [
  'salons',
  'users',
  'user_permissions',
  'services',
  'products',
  'clients',
  'appointments',
  'appointment_services',
  'sale_lines',
  'feedback',
  'nps_responses',
  'stock_movements',
  'user_timeframes',
  'user_shifts',
  'user_shift_requests',
  'attendances',
  'attendance_corrections',
  'news',
  'news_reads',
  'salon_configs',
  'full_capacity_settings',
  'campaigns',
  'campaign_salons',
  'campaign_staff',
  'campaign_team_leaders',
  'campaign_services_products',
  'check_ups',
  'sales_daily',
  'item_sales_daily',
  'appointments_daily',
  'client_days',
];

let t: TestApp;
let db: Db;

async function one<T>(query: RawBuilder<T>): Promise<T> {
  const { rows } = await query.execute(db);
  return rows[0]!;
}

async function countOf(query: string): Promise<number> {
  return (await one(sql<{ n: number }>`SELECT count(*) AS n FROM (${sql.raw(query)}) q`)).n;
}

/** One digest per table over every row (users without their salted password hashes). */
async function fingerprint(target: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of TABLES) {
    const expr = table === 'users' ? `(t.id, t.username, t.salon_id, t.first_name, t.employment_start)::text` : 't::text';
    const { rows } = await sql<{
      digest: string;
    }>`SELECT count(*) || ':' || md5(coalesce(string_agg(${sql.raw(expr)}, '|' ORDER BY ${sql.raw(expr)}), '')) AS digest FROM ${sql.table(table)} t`.execute(
      target,
    );
    result[table] = rows[0]!.digest;
  }
  return result;
}

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailuresPerAddress: 1000 });
  db = t.db;
  await generateDemoChain(t.database, OPTIONS);
});
afterAll(() => t.close());

describe('the demo chain', () => {
  it('fills every base table', async () => {
    for (const table of TABLES) {
      const n = await countOf(`SELECT 1 FROM ${table}`);
      expect(n, table).toBeGreaterThan(0);
    }
  });

  it('has sale lines only for DONE appointments (or walk-ins), on the appointment day and client', async () => {
    expect(
      await countOf(`SELECT 1 FROM sale_lines l JOIN appointments a ON a.salon_id = l.salon_id AND a.id = l.appointment_id
                      WHERE a.status <> 'DONE' OR a.day <> l.day OR a.client_id IS DISTINCT FROM l.client_id`),
    ).toBe(0);
    expect(await countOf(`SELECT 1 FROM sale_lines WHERE appointment_id IS NULL`)).toBeGreaterThan(0);
    expect(await countOf(`SELECT 1 FROM sale_lines WHERE appointment_id IS NULL AND kind <> 'PRODUCT'`)).toBe(0);
  });

  it('books the days after today and checks out the days up to today', async () => {
    expect(await countOf(`SELECT 1 FROM appointments WHERE day > '${TODAY}' AND status <> 'BOOKED'`)).toBe(0);
    expect(await countOf(`SELECT 1 FROM appointments WHERE day <= '${TODAY}' AND status = 'BOOKED'`)).toBe(0);
    expect(await countOf(`SELECT 1 FROM sale_lines WHERE day > '${TODAY}'`)).toBe(0);
    expect(await countOf(`SELECT 1 FROM appointments WHERE day > '${TODAY}'`)).toBeGreaterThan(0);
    const maxBooked = await one(sql<{ day: string }>`SELECT max(day) AS day FROM appointments`);
    expect(maxBooked.day > '2026-03-25').toBe(true);
    const shares = await one(
      sql<{ done: number; cancelled: number; noShow: number }>`SELECT avg((status = 'DONE')::int) AS done,
        avg((status = 'CANCELLED')::int) AS cancelled, avg((status = 'NO_SHOW')::int) AS "noShow"
        FROM appointments WHERE day <= ${TODAY}`,
    );
    expect(shares.done).toBeGreaterThan(0.85);
    expect(shares.done).toBeLessThan(0.95);
    expect(shares.cancelled).toBeGreaterThan(0);
    expect(shares.noShow).toBeGreaterThan(0);
  });

  it("pre-books about half the returning clients' next visit at checkout, also beyond the days ahead: the current month's rebooking reads like past months'", async () => {
    // db/staff-hours.ts: a DONE visit is rebooked when the client's next appointment was booked within 7 days of it.
    const { rows } = await sql<{ month: string; rate: number }>`
      SELECT to_char(day, 'YYYY-MM') AS month, 100.0 * sum(rebooked) / sum(with_client) AS rate
      FROM appointments_daily WHERE day >= '2026-01-01' GROUP BY 1 ORDER BY 1`.execute(db);
    expect(rows.map((r) => r.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    const [january, february, march] = rows.map((r) => Number(r.rate));
    expect(january).toBeGreaterThan(30);
    expect(Math.abs(march! - (january! + february!) / 2)).toBeLessThan(10);
    // The visits of the last week too (their next visit lies weeks after the last generated day).
    const lastWeek = await one(sql<{ rate: number }>`SELECT 100.0 * sum(rebooked) / sum(with_client) AS rate
      FROM appointments_daily WHERE day > ${TODAY}::date - 7`);
    expect(Math.abs(Number(lastWeek.rate) - (january! + february!) / 2)).toBeLessThan(12);
    // Those pre-booked visits: BOOKED, with the client's last stylist, inside the opening hours, booked at the last visit's checkout.
    const beyond = await one(sql<{ n: number; misplaced: number }>`
      SELECT count(*) AS n, count(*) FILTER (WHERE NOT (
        (a.start_at AT TIME ZONE s.time_zone)::time >= (s.opening_hours -> to_char(a.day, 'FMday') ->> 0)::time
        AND (a.end_at AT TIME ZONE s.time_zone)::time <= (s.opening_hours -> to_char(a.day, 'FMday') ->> 1)::time
        AND a.status = 'BOOKED' AND a.booked_at::date <= ${TODAY}::date
        AND a.staff_id = (SELECT p.staff_id FROM appointments p WHERE p.salon_id = a.salon_id AND p.client_id = a.client_id
          AND p.status = 'DONE' ORDER BY p.start_at DESC LIMIT 1))) AS misplaced
      FROM appointments a JOIN salons s ON s.id = a.salon_id
      WHERE a.day > ${TODAY}::date + 14`);
    expect(Number(beyond.n)).toBeGreaterThan(0);
    expect(Number(beyond.misplaced)).toBe(0);
  });

  it('books the services of every BOOKED appointment (and only those) at list price', async () => {
    expect(
      await countOf(`SELECT 1 FROM appointments a WHERE a.status = 'BOOKED'
                      AND NOT EXISTS (SELECT 1 FROM appointment_services b WHERE b.salon_id = a.salon_id AND b.appointment_id = a.id)`),
    ).toBe(0);
    expect(
      await countOf(`SELECT 1 FROM appointment_services b JOIN appointments a ON a.salon_id = b.salon_id AND a.id = b.appointment_id
                      JOIN services s ON s.id = b.service_id WHERE a.status <> 'BOOKED' OR b.list_price_cents <> s.list_price_cents`),
    ).toBe(0);
  });

  it('builds the daily rollups in the same load: they add up to the raw tables', async () => {
    const raw = await one(sql<{ paid: number; lines: number }>`SELECT sum(paid_amount_cents) AS paid, count(*) AS lines FROM sale_lines`);
    const rolled = await one(
      sql<{ paid: number; lines: number }>`SELECT sum(revenue_cents) AS paid, sum(line_count) AS lines FROM sales_daily`,
    );
    expect(rolled).toEqual(raw);
    const done = await countOf(`SELECT 1 FROM appointments WHERE status = 'DONE'`);
    expect((await one(sql<{ n: number }>`SELECT sum(appointments) AS n FROM appointments_daily`)).n).toBe(done);
  });

  it('fills performance_daily after the load (its fills wait with staff_day_details): the totals of what it combines', async () => {
    const rolled = await one(sql<Record<string, number>>`
      SELECT sum(revenue_cents) AS revenue, sum(appointments) AS appointments, sum(booked_seconds) AS booked,
        sum(shift_seconds) AS shift, sum(new_clients) AS new_clients, count(*) AS days FROM performance_daily`);
    const sources = await one(sql<Record<string, number>>`
      SELECT (SELECT sum(services_cents + products_cents) FROM sales_day_totals) AS revenue,
        (SELECT count(*) FROM appointments WHERE status = 'DONE') AS appointments,
        (SELECT sum(booked_seconds) FROM staff_booked_daily) AS booked, (SELECT sum(shift_seconds) FROM staff_hours_daily) AS shift,
        (SELECT count(*) FROM clients WHERE first_visit IS NOT NULL) AS new_clients`);
    expect({ ...rolled, days: undefined }).toEqual({ ...sources, days: undefined });
    expect(Number(rolled.days)).toBeGreaterThan(100);
  });

  it('fills the stock rollups the triggers skip during the load (professional use, stock by month): equal to the movements', async () => {
    const mismatched = await one(sql<{ monthly: number; professional: number; rows: number }>`
      SELECT
        (SELECT count(*) FROM stock_monthly r
          FULL JOIN (SELECT salon_id, product_id, date_trunc('month', day)::date AS month, sum(quantity) AS quantity, count(*) AS movements
              FROM stock_movements GROUP BY 1, 2, 3) x
            ON x.salon_id = r.salon_id AND x.product_id = r.product_id AND x.month = r.month
          WHERE r.quantity IS DISTINCT FROM x.quantity OR r.movements IS DISTINCT FROM x.movements) AS monthly,
        (SELECT count(*) FROM professional_use_daily pu
          FULL JOIN (SELECT m.salon_id, m.day, -sum(m.quantity * m.unit_cost_cents) AS cost FROM stock_movements m
              JOIN products p ON p.id = m.product_id AND p.category = 'PROFESSIONAL'
            WHERE m.type = 'INTERNAL_USE' GROUP BY 1, 2) x
            ON x.salon_id = pu.salon_id AND x.day = pu.day
          WHERE pu.cost_cents IS DISTINCT FROM x.cost) AS professional,
        (SELECT count(*) FROM stock_monthly) AS rows`);
    expect({ monthly: Number(mismatched.monthly), professional: Number(mismatched.professional) }).toEqual({ monthly: 0, professional: 0 });
    expect(Number(mismatched.rows)).toBeGreaterThan(0);
  });

  it('keeps paid = list - discount, with some discounts', async () => {
    expect(
      await countOf(`SELECT 1 FROM sale_lines WHERE paid_amount_cents <> list_amount_cents - discount_cents OR discount_cents < 0`),
    ).toBe(0);
    const share = await one(sql<{ s: number }>`SELECT avg((discount_cents > 0)::int) AS s FROM sale_lines`);
    expect(share.s).toBeGreaterThan(0.03);
    expect(share.s).toBeLessThan(0.3);
  });

  it('marks about 10 % of the lines as recommended', async () => {
    const share = await one(sql<{ s: number }>`SELECT avg(recommended::int) AS s FROM sale_lines`);
    expect(share.s).toBeGreaterThan(0.07);
    expect(share.s).toBeLessThan(0.13);
  });

  it('carries the catalogue category on every line and sells only RESALE products', async () => {
    expect(
      await countOf(
        `SELECT 1 FROM sale_lines l JOIN services s ON s.id = l.service_id WHERE l.kind <> 'SERVICE' OR l.category <> s.category`,
      ),
    ).toBe(0);
    expect(
      await countOf(
        `SELECT 1 FROM sale_lines l JOIN products p ON p.id = l.product_id WHERE l.kind <> 'PRODUCT' OR l.category <> 'RESALE' OR p.category <> 'RESALE'`,
      ),
    ).toBe(0);
    const categories = await sql<{ category: string }>`SELECT DISTINCT category FROM sale_lines ORDER BY 1`.execute(db);
    expect(categories.rows.map((r) => r.category)).toEqual(['COLOUR', 'HAIRCUT', 'RESALE', 'STYLING', 'TREATMENT']);
    expect(
      await countOf(
        `SELECT 1 FROM stock_movements m JOIN products p ON p.id = m.product_id WHERE p.category = 'PROFESSIONAL' AND m.type = 'INTERNAL_USE'`,
      ),
    ).toBeGreaterThan(0);
    const types = await sql<{ type: string }>`SELECT DISTINCT type FROM stock_movements ORDER BY 1`.execute(db);
    expect(types.rows.map((r) => r.type)).toEqual(['ADJUSTMENT', 'INTERNAL_USE', 'LOAD', 'SALE', 'TRANSFER']);
    // Stock never goes below zero: loads come before the sales they cover.
    expect(await countOf(`SELECT 1 FROM stock_movements GROUP BY salon_id, product_id HAVING sum(quantity) < 0`)).toBe(0);
  });

  it('sets first_visit to the day of the first DONE appointment, null for clients who never came', async () => {
    expect(
      await countOf(`SELECT 1 FROM clients c WHERE c.first_visit IS DISTINCT FROM
                      (SELECT min(a.day) FROM appointments a WHERE a.salon_id = c.salon_id AND a.client_id = c.id AND a.status = 'DONE')`),
    ).toBe(0);
    expect(await countOf(`SELECT 1 FROM clients WHERE first_visit IS NULL`)).toBeGreaterThan(0);
  });

  it("sets created_by to the staff member of the client's first appointment (the one that put them on file)", async () => {
    expect(await countOf(`SELECT 1 FROM clients WHERE created_by IS NULL`)).toBe(0);
    expect(
      await countOf(`SELECT 1 FROM clients c WHERE c.created_by IS DISTINCT FROM
                      (SELECT a.staff_id FROM appointments a WHERE a.salon_id = c.salon_id AND a.client_id = c.id ORDER BY a.id LIMIT 1)`),
    ).toBe(0);
  });

  it('leaves some client records incomplete and some likely duplicates (for the data-quality report)', async () => {
    for (const condition of [
      'phone IS NULL',
      'email IS NULL',
      'birth_date IS NULL',
      'gender IS NULL',
      'NOT privacy_consent',
      `email NOT LIKE '%@%.%'`,
    ]) {
      expect(await countOf(`SELECT 1 FROM clients WHERE ${condition}`), condition).toBeGreaterThan(0);
    }
    const genders = await one(
      sql<{
        female: number;
        male: number;
      }>`SELECT avg((gender = 'FEMALE')::int) AS female, avg((gender = 'MALE')::int) AS male FROM clients`,
    );
    expect(genders.female).toBeGreaterThan(0.6);
    expect(genders.male).toBeGreaterThan(0.15);
    expect(
      await countOf(`SELECT 1 FROM clients WHERE phone IS NOT NULL GROUP BY salon_id, first_name, last_name, phone HAVING count(*) > 1`),
    ).toBeGreaterThan(0);
  });

  it('gives every client of a salon their own name (a person registered twice keeps the phone or e-mail that shows it)', async () => {
    // A name shared within a salon is only ever the same person's second record: two rows with the same phone or e-mail.
    expect(
      await countOf(`SELECT 1 FROM clients GROUP BY salon_id, first_name, last_name
                      HAVING count(*) > 1 AND NOT (count(*) = 2 AND (count(DISTINCT phone) = 1 AND count(phone) = 2
                                                                   OR count(DISTINCT email) = 1 AND count(email) = 2))`),
    ).toBe(0);
    const shared = await countOf(`SELECT 1 FROM clients GROUP BY salon_id, first_name, last_name HAVING count(*) > 1`);
    expect(shared / (await countOf('SELECT 1 FROM clients'))).toBeLessThan(0.01);
  });

  it("spaces each client's visits like a real client: no cut or colour again within weeks, back every 4 to 10 weeks", async () => {
    // Every service done (sale lines) or booked ahead (appointment services), one row per client, category and day.
    const visits = `SELECT l.salon_id, l.client_id, l.day, l.category FROM sale_lines l WHERE l.kind = 'SERVICE'
                    UNION SELECT a.salon_id, a.client_id, a.day, s.category FROM appointment_services b
                      JOIN appointments a ON a.salon_id = b.salon_id AND a.id = b.appointment_id JOIN services s ON s.id = b.service_id`;
    const gaps = await sql<{ category: keyof typeof MIN_DAYS_BETWEEN; gap: number; repeats: number }>`
      SELECT category, min(gap) AS gap, count(gap) AS repeats FROM (
        SELECT category, day - lag(day) OVER (PARTITION BY salon_id, client_id, category ORDER BY day) AS gap FROM (${sql.raw(visits)}) v
      ) g GROUP BY category ORDER BY category`.execute(db);
    expect(gaps.rows.map((r) => r.category)).toEqual(['COLOUR', 'HAIRCUT', 'STYLING', 'TREATMENT']);
    for (const row of gaps.rows) {
      expect(row.repeats, row.category).toBeGreaterThan(0);
      expect(row.gap, row.category).toBeGreaterThanOrEqual(MIN_DAYS_BETWEEN[row.category]);
    }
    expect(
      await countOf(`SELECT 1 FROM (SELECT l.day - lag(l.day) OVER (PARTITION BY l.salon_id, l.client_id ORDER BY l.day) AS gap
                      FROM sale_lines l JOIN services s ON s.id = l.service_id WHERE s.name = 'Cheratina lisciante') g
                      WHERE gap < ${MIN_DAYS_BETWEEN_KERATIN}`),
    ).toBe(0);
    expect(
      await countOf(`SELECT 1 FROM sale_lines l JOIN services s ON s.id = l.service_id WHERE s.name = 'Raccolto sposa'
                            GROUP BY l.salon_id, l.client_id HAVING count(*) > 1`),
    ).toBe(0);
    // Days between one client's consecutive visits (done or booked): most come back after 4 to 10 weeks.
    const spacing = await one(
      sql<{ shortest: number; median: number; typical: number; returning: number }>`
        SELECT min(gap) AS shortest, percentile_cont(0.5) WITHIN GROUP (ORDER BY gap) AS median,
          avg((gap BETWEEN 28 AND 70)::int) AS typical,
          (SELECT avg((n > 1)::int) FROM (SELECT count(*) AS n FROM appointments WHERE status = 'DONE' GROUP BY salon_id, client_id) c) AS returning
        FROM (SELECT day - lag(day) OVER (PARTITION BY salon_id, client_id ORDER BY day) AS gap
                FROM appointments WHERE status IN ('DONE', 'BOOKED')) g`,
    );
    expect(spacing.shortest).toBeGreaterThanOrEqual(MIN_DAYS_BETWEEN.HAIRCUT);
    expect(spacing.median).toBeGreaterThanOrEqual(28);
    expect(spacing.median).toBeLessThanOrEqual(70);
    expect(spacing.typical).toBeGreaterThan(0.6);
    expect(spacing.returning).toBeGreaterThan(0.15);
  });

  it('fits the services and products to the client: children, men and women', async () => {
    const names = (list: readonly string[]) => list.map((name) => `'${name.replace(/'/g, "''")}'`).join(', ');
    const forWhom = (who: string) => names(SERVICES.filter((s) => s.for === who).map((s) => s.name));
    const child = (alias: string, on: string) =>
      `${alias}.birth_date IS NOT NULL AND ${on} < ${alias}.birth_date + interval '${CHILD_AGE} years'`;
    const lines = `FROM sale_lines l JOIN clients c ON c.salon_id = l.salon_id AND c.id = l.client_id`;
    const services = `${lines} JOIN services s ON s.id = l.service_id`;
    // Children's services for children only; children get nothing else but a shampoo.
    expect(await countOf(`SELECT 1 ${services} WHERE s.name IN (${forWhom('CHILD')}) AND NOT (${child('c', 'l.day')})`)).toBe(0);
    expect(await countOf(`SELECT 1 ${services} WHERE ${child('c', 'l.day')} AND s.name NOT IN (${forWhom('CHILD')}, 'Shampoo')`)).toBe(0);
    expect(await countOf(`SELECT 1 ${services} WHERE s.name IN (${forWhom('CHILD')})`)).toBeGreaterThan(0);
    // Men's services for men, women's for women (or a client whose gender is not recorded).
    expect(await countOf(`SELECT 1 ${services} WHERE s.name IN (${forWhom('MALE')}) AND c.gender IS DISTINCT FROM 'MALE'`)).toBe(0);
    expect(await countOf(`SELECT 1 ${services} WHERE s.name IN (${forWhom('FEMALE')}) AND c.gender = 'MALE'`)).toBe(0);
    expect(await countOf(`SELECT 1 ${services} WHERE s.name IN (${forWhom('MALE')})`)).toBeGreaterThan(0);
    expect(await countOf(`SELECT 1 ${services} WHERE s.name IN (${forWhom('FEMALE')})`)).toBeGreaterThan(0);
    // The same in the services booked ahead.
    expect(
      await countOf(`SELECT 1 FROM appointment_services b JOIN appointments a ON a.salon_id = b.salon_id AND a.id = b.appointment_id
                      JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id JOIN services s ON s.id = b.service_id
                      WHERE (s.name IN (${forWhom('CHILD')})) <> COALESCE(${child('c', 'a.day')}, false)
                        AND s.name <> 'Shampoo'
                         OR s.name IN (${forWhom('MALE')}) AND c.gender IS DISTINCT FROM 'MALE'
                         OR s.name IN (${forWhom('FEMALE')}) AND c.gender = 'MALE'`),
    ).toBe(0);
    // Products: the men's line never to a woman, nothing to a child, nothing to a client before their first visit.
    const mens = names(PRODUCTS.filter((p) => p.men).map((p) => p.name));
    const products = `${lines} JOIN products p ON p.id = l.product_id`;
    expect(await countOf(`SELECT 1 ${products} WHERE p.name IN (${mens}) AND c.gender IS DISTINCT FROM 'MALE'`)).toBe(0);
    expect(await countOf(`SELECT 1 ${products} WHERE p.name IN (${mens})`)).toBeGreaterThan(0);
    expect(await countOf(`SELECT 1 ${products} WHERE ${child('c', 'l.day')}`)).toBe(0);
    expect(await countOf(`SELECT 1 ${lines} WHERE c.first_visit IS NULL OR c.first_visit > l.day`)).toBe(0);
    expect(
      await countOf(
        `SELECT 1 FROM nps_responses n JOIN clients c ON c.salon_id = n.salon_id AND c.id = n.client_id WHERE ${child('c', 'n.day')}`,
      ),
    ).toBe(0);
  });

  it('prices the catalogue consistently: within a category a longer service costs more', async () => {
    expect(
      await countOf(`SELECT 1 FROM services a JOIN services b ON a.category = b.category
                      WHERE a.duration_minutes > b.duration_minutes AND a.list_price_cents <= b.list_price_cents`),
    ).toBe(0);
  });

  it("puts every line's staff member on a shift covering the appointment (walk-ins: a shift that day)", async () => {
    expect(
      await countOf(`SELECT 1 FROM sale_lines l JOIN appointments a ON a.salon_id = l.salon_id AND a.id = l.appointment_id
                      WHERE NOT EXISTS (SELECT 1 FROM user_timeframes f WHERE f.salon_id = l.salon_id AND f.user_id = l.staff_id
                                          AND f.day_start <= a.start_at AND f.day_end >= a.end_at)`),
    ).toBe(0);
    expect(
      await countOf(`SELECT 1 FROM sale_lines l WHERE l.appointment_id IS NULL
                      AND NOT EXISTS (SELECT 1 FROM user_timeframes f WHERE f.salon_id = l.salon_id AND f.user_id = l.staff_id
                                        AND (f.day_start AT TIME ZONE 'Europe/Rome')::date = l.day)`),
    ).toBe(0);
    // Lines belong to consultants (IMAGE or ASSISTANCE) of that salon.
    expect(
      await countOf(`SELECT 1 FROM sale_lines l JOIN users u ON u.id = l.staff_id
                      WHERE u.salon_id <> l.salon_id OR NOT EXISTS (SELECT 1 FROM user_permissions p WHERE p.user_id = u.id AND p.permission_id IN (5, 6))`),
    ).toBe(0);
  });

  it('puts one-day permits on days the salon is open (a permit is asked for a working day)', async () => {
    expect(
      await countOf(`SELECT 1 FROM user_shifts o JOIN salons s ON s.id = o.salon_id
                      WHERE o.type = 'PERMIT' AND o.start_day = o.end_day
                        AND s.opening_hours ->> lower(to_char(o.start_day, 'FMDay')) IS NULL`),
    ).toBe(0);
    expect(await countOf(`SELECT 1 FROM user_shifts WHERE type = 'PERMIT'`)).toBeGreaterThan(0);
  });

  it('plans shifts only on opening days, never on a day off, and attendance close to the shifts', async () => {
    expect(
      await countOf(`SELECT 1 FROM user_timeframes f JOIN salons s ON s.id = f.salon_id
                      WHERE s.opening_hours ->> lower(to_char(f.day_start AT TIME ZONE 'Europe/Rome', 'FMDay')) IS NULL`),
    ).toBe(0);
    expect(
      await countOf(`SELECT 1 FROM user_timeframes f JOIN user_shifts o ON o.salon_id = f.salon_id AND o.user_id = f.user_id
                      AND (f.day_start AT TIME ZONE 'Europe/Rome')::date BETWEEN o.start_day AND o.end_day`),
    ).toBe(0);
    expect(
      await countOf(`SELECT 1 FROM user_timeframes WHERE (day_start AT TIME ZONE 'Europe/Rome')::date IN ('2026-01-01', '2026-01-06')`),
    ).toBe(0);
    const ratio = await one(
      sql<{ r: number }>`SELECT (SELECT count(*) FROM attendances)::float
        / (SELECT count(*) FROM user_timeframes WHERE (day_start AT TIME ZONE 'Europe/Rome')::date <= ${TODAY}) AS r`,
    );
    expect(ratio.r).toBeGreaterThan(0.93);
    expect(ratio.r).toBeLessThan(1);
    expect(await countOf(`SELECT 1 FROM attendances WHERE (clock_in AT TIME ZONE 'Europe/Rome')::date > '${TODAY}'`)).toBe(0);
    // Each clock-in is within half an hour of a shift start of that user that day.
    expect(
      await countOf(`SELECT 1 FROM attendances a WHERE NOT EXISTS (SELECT 1 FROM user_timeframes f WHERE f.salon_id = a.salon_id
                      AND f.user_id = a.user_id AND abs(extract(epoch FROM a.clock_in - f.day_start)) < 1800)`),
    ).toBe(0);
    expect(await countOf(`SELECT 1 FROM attendances WHERE clock_out IS NULL`)).toBeGreaterThan(0);
  });

  it("closes about half the forgotten clock-outs by a manager's correction, which keeps the old and new times", async () => {
    const corrected = await one(
      sql<{ n: number; matching: number; open: number }>`SELECT count(*) AS n,
        count(*) FILTER (WHERE a.clock_in = c.old_clock_in AND c.old_clock_out IS NULL AND a.clock_in = c.new_clock_in
                           AND a.clock_out = c.new_clock_out AND c.action = 'CHANGE' AND c.reason <> ''
                           AND c.changed_at > a.clock_out) AS matching,
        (SELECT count(*) FROM attendances WHERE clock_out IS NULL AND (clock_in AT TIME ZONE 'Europe/Rome')::date < ${TODAY}) AS open
      FROM attendance_corrections c JOIN attendances a ON a.salon_id = c.salon_id AND a.id = c.attendance_id`,
    );
    expect(corrected.n).toBeGreaterThan(0);
    expect(corrected.matching).toBe(corrected.n);
    expect(corrected.open).toBeGreaterThan(0);
    // In every salon's last days: one forgotten clock-out left open, one corrected.
    const recent = await sql<{ salon_id: number; open: number; corrected: number }>`SELECT s.id AS salon_id,
        (SELECT count(*) FROM attendances a WHERE a.salon_id = s.id AND a.clock_out IS NULL
           AND (a.clock_in AT TIME ZONE 'Europe/Rome')::date BETWEEN ${TODAY}::date - 4 AND ${TODAY}::date - 1) AS open,
        (SELECT count(*) FROM attendance_corrections c WHERE c.salon_id = s.id
           AND (c.old_clock_in AT TIME ZONE 'Europe/Rome')::date BETWEEN ${TODAY}::date - 10 AND ${TODAY}::date - 5) AS corrected
      FROM salons s ORDER BY s.id`.execute(db);
    for (const row of recent.rows) {
      expect(Number(row.open), `salon ${row.salon_id}`).toBeGreaterThanOrEqual(1);
      expect(Number(row.corrected), `salon ${row.salon_id}`).toBeGreaterThanOrEqual(1);
    }
    // Corrected by their salon's ADMIN.
    expect(
      await countOf(`SELECT 1 FROM attendance_corrections c WHERE NOT EXISTS (SELECT 1 FROM users u JOIN user_permissions up ON up.user_id = u.id
                      WHERE u.id = c.changed_by AND u.salon_id = c.salon_id AND up.permission_id = 2)`),
    ).toBe(0);
  });

  it('has requests in every state, in every salon', async () => {
    const rows = await sql<{ salon_id: number; states: string }>`SELECT salon_id, string_agg(DISTINCT status, ',' ORDER BY status) AS states
      FROM user_shift_requests GROUP BY salon_id ORDER BY salon_id`.execute(db);
    expect(rows.rows).toEqual([
      { salon_id: 1, states: 'APPROVED,PENDING,REJECTED' },
      { salon_id: 2, states: 'APPROVED,PENDING,REJECTED' },
    ]);
    expect(
      await countOf(`SELECT 1 FROM user_shift_requests WHERE status <> 'PENDING' AND (decided_by IS NULL OR decided_at IS NULL)`),
    ).toBe(0);
    const types = await sql<{ type: string }>`SELECT DISTINCT type FROM user_shifts ORDER BY 1`.execute(db);
    expect(types.rows.map((r) => r.type)).toEqual(['HOLIDAY', 'PERMIT', 'SICK']);
  });

  it('has requests of both kinds in every state, approved ones with their day off (or shift) written', async () => {
    const rows = await sql<{ salon_id: number; kind: string; states: string }>`SELECT salon_id, kind,
        string_agg(DISTINCT status, ',' ORDER BY status) AS states
      FROM user_shift_requests GROUP BY salon_id, kind ORDER BY salon_id, kind`.execute(db);
    expect(rows.rows).toEqual([
      { salon_id: 1, kind: 'DAY_OFF', states: 'APPROVED,PENDING,REJECTED' },
      { salon_id: 1, kind: 'SHIFT_CHANGE', states: 'APPROVED,PENDING,REJECTED' },
      { salon_id: 2, kind: 'DAY_OFF', states: 'APPROVED,PENDING,REJECTED' },
      { salon_id: 2, kind: 'SHIFT_CHANGE', states: 'APPROVED,PENDING,REJECTED' },
    ]);
    // Every approved day-off request has exactly its day off; every day off but a sick one came from one.
    expect(
      await countOf(`SELECT 1 FROM user_shift_requests r WHERE r.kind = 'DAY_OFF' AND r.status = 'APPROVED' AND NOT EXISTS (
                       SELECT 1 FROM user_shifts o WHERE o.user_shift_request_id = r.id AND o.user_id = r.user_id AND o.salon_id = r.salon_id
                         AND o.start_day = r.start_day AND o.end_day = r.end_day AND o.type = r.type AND o.part = r.part
                         AND o.start_time IS NOT DISTINCT FROM r.start_time)`),
    ).toBe(0);
    expect(await countOf(`SELECT 1 FROM user_shifts WHERE type <> 'SICK' AND user_shift_request_id IS NULL`)).toBe(0);
    // An approved shift change's shift is there, at the times asked for.
    expect(
      await countOf(`SELECT 1 FROM user_shift_requests r WHERE r.kind = 'SHIFT_CHANGE' AND r.status = 'APPROVED' AND NOT EXISTS (
                       SELECT 1 FROM user_timeframes f WHERE f.id = r.user_timeframe_id AND f.day_start = r.wanted_start AND f.day_end = r.wanted_end)`),
    ).toBe(0);
    // Nobody decided their own request; pending ones overlap no day off of the person.
    expect(await countOf(`SELECT 1 FROM user_shift_requests WHERE decided_by = user_id`)).toBe(0);
    expect(
      await countOf(`SELECT 1 FROM user_shift_requests r JOIN user_shifts o ON o.user_id = r.user_id
                      WHERE r.status = 'PENDING' AND r.kind = 'DAY_OFF' AND o.start_day <= r.end_day AND o.end_day >= r.start_day`),
    ).toBe(0);
    const parts = await sql<{ part: string }>`SELECT DISTINCT part FROM user_shifts ORDER BY 1`.execute(db);
    const found = parts.rows.map((r) => r.part);
    expect(found).toEqual(expect.arrayContaining(['FULL_DAY', 'HOURS']));
    expect(found.some((part) => part === 'MORNING' || part === 'AFTERNOON')).toBe(true);
  });

  it('writes shifts as weekly and fortnightly series, without overlaps, within employment', async () => {
    expect(await countOf(`SELECT 1 FROM user_timeframes WHERE recurrence_id IS NULL OR recurrence_kind IS NULL`)).toBe(0);
    const kinds = await sql<{ kind: string }>`SELECT DISTINCT recurrence_kind AS kind FROM user_timeframes ORDER BY 1`.execute(db);
    expect(kinds.rows.map((r) => r.kind)).toEqual(['FORTNIGHTLY', 'WEEKLY']);
    // A series is one weekday at one wall-clock time, every 7 or 14 days (gaps allowed: days off, closures).
    expect(
      await countOf(`SELECT recurrence_id FROM user_timeframes
                      GROUP BY recurrence_id
                      HAVING count(DISTINCT (extract(isodow FROM day_start AT TIME ZONE 'Europe/Rome'),
                                             (day_start AT TIME ZONE 'Europe/Rome')::time, (day_end AT TIME ZONE 'Europe/Rome')::time)) > 1`),
    ).toBe(0);
    expect(
      await countOf(`SELECT 1 FROM (SELECT recurrence_kind, (day_start AT TIME ZONE 'Europe/Rome')::date
                        - lag((day_start AT TIME ZONE 'Europe/Rome')::date) OVER (PARTITION BY recurrence_id ORDER BY day_start) AS gap
                      FROM user_timeframes) g
                      WHERE gap % (CASE recurrence_kind WHEN 'WEEKLY' THEN 7 ELSE 14 END) <> 0`),
    ).toBe(0);
    expect(
      await countOf(`SELECT 1 FROM user_timeframes a JOIN user_timeframes b ON a.user_id = b.user_id AND a.id < b.id
                      AND a.day_start < b.day_end AND b.day_start < a.day_end`),
    ).toBe(0);
    expect(
      await countOf(`SELECT 1 FROM user_timeframes f JOIN users u ON u.id = f.user_id
                      WHERE (f.day_start AT TIME ZONE 'Europe/Rome')::date < u.employment_start
                         OR (f.day_start AT TIME ZONE 'Europe/Rome')::date > u.employment_end`),
    ).toBe(0);
  });

  it('is busiest on Saturday, closed on Sunday and Monday in salon 1, and peaks in December over January', async () => {
    const perWeekday = await sql<{
      dow: number;
      perDay: number;
    }>`SELECT extract(dow FROM day)::int AS dow, count(*)::float / count(DISTINCT day) AS "perDay"
      FROM appointments WHERE salon_id = 1 AND status = 'DONE' GROUP BY 1 ORDER BY 1`.execute(db);
    expect(perWeekday.rows.map((r) => r.dow)).toEqual([2, 3, 4, 5, 6]);
    const saturday = perWeekday.rows.find((r) => r.dow === 6)!.perDay;
    for (const row of perWeekday.rows) if (row.dow !== 6) expect(row.perDay).toBeLessThan(saturday);
    const perMonth = await sql<{
      month: number;
      perDay: number;
    }>`SELECT extract(month FROM day)::int AS month, count(*)::float / count(DISTINCT day) AS "perDay"
      FROM appointments WHERE status = 'DONE' AND extract(month FROM day) IN (12, 1) GROUP BY 1`.execute(db);
    const december = perMonth.rows.find((r) => r.month === 12)!.perDay;
    const january = perMonth.rows.find((r) => r.month === 1)!.perDay;
    expect(december).toBeGreaterThan(january * 1.2);
  });

  it('keeps every reference valid (the load may skip foreign-key triggers)', async () => {
    const orphans = [
      `SELECT 1 FROM sale_lines l WHERE l.appointment_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.salon_id = l.salon_id AND a.id = l.appointment_id)`,
      `SELECT 1 FROM sale_lines l WHERE l.client_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM clients c WHERE c.salon_id = l.salon_id AND c.id = l.client_id)`,
      `SELECT 1 FROM appointments a WHERE NOT EXISTS (SELECT 1 FROM clients c WHERE c.salon_id = a.salon_id AND c.id = a.client_id)`,
      `SELECT 1 FROM appointments a WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.staff_id)`,
      `SELECT 1 FROM feedback f WHERE NOT EXISTS (SELECT 1 FROM appointments a WHERE a.salon_id = f.salon_id AND a.id = f.appointment_id AND a.status = 'DONE')`,
      `SELECT 1 FROM nps_responses n WHERE NOT EXISTS (SELECT 1 FROM clients c WHERE c.salon_id = n.salon_id AND c.id = n.client_id)`,
      `SELECT 1 FROM campaign_staff s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id AND u.salon_id = s.salon_id)`,
      `SELECT 1 FROM user_shift_requests r WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.salon_id = r.salon_id)`,
    ];
    for (const query of orphans) expect(await countOf(query), query).toBe(0);
  });

  it('writes the settings: 5 salon configs, full capacity and check-ups per salon, chain-wide and salon news', async () => {
    expect(await countOf(`SELECT 1 FROM salon_configs GROUP BY salon_id HAVING count(*) = 5`)).toBe(2);
    expect(await countOf(`SELECT 1 FROM full_capacity_settings WHERE number_of_people > 0 AND average_hourly_cents > 0`)).toBe(2);
    expect(await countOf(`SELECT DISTINCT salon_id, gender FROM check_ups`)).toBe(6);
    expect(await countOf(`SELECT 1 FROM news WHERE salon_id IS NULL`)).toBeGreaterThan(0);
    expect(await countOf(`SELECT 1 FROM news WHERE salon_id IS NOT NULL`)).toBeGreaterThan(0);
    expect(await countOf(`SELECT 1 FROM campaigns WHERE date_from <= '${TODAY}' AND date_to >= '${TODAY}'`)).toBe(1);
  });

  it("sets campaign targets on the campaign's own basis: a finished campaign reached 50-150 % of its target", async () => {
    // Progress counts only the campaign's listed services and products (lib/campaign-revenue.query.ts).
    const { rows } = await sql<{ salon_id: number; name: string; target_cents: number; revenue_cents: number }>`
      SELECT cs.salon_id, c.name, cs.target_cents,
        ${campaignRevenueCentsSql(sql`cs.salon_id`, sql`cs.campaign_id`, sql`c.date_from`, sql`c.date_to`)} AS revenue_cents
      FROM campaign_salons cs JOIN campaigns c ON c.id = cs.campaign_id
      WHERE c.date_to < ${TODAY}::date`.execute(db);
    // The short test chain sets its first campaigns against its first full month, still busy with the starting clientele.
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) {
      const achieved = (100 * Number(r.revenue_cents)) / Number(r.target_cents);
      expect(achieved, `${r.salon_id} ${r.name}`).toBeGreaterThan(50);
      expect(achieved, `${r.salon_id} ${r.name}`).toBeLessThan(150);
    }
  });

  it('pays campaign bonuses in every scheme and closes the campaigns that ended before last month', async () => {
    for (const kind of ['PER_UNIT', 'PERCENT', 'TIERS']) {
      expect(await countOf(`SELECT 1 FROM campaign_services_products WHERE bonus_kind = '${kind}'`), kind).toBeGreaterThan(0);
    }
    expect(await countOf(`SELECT DISTINCT tier_mode FROM campaigns`)).toBe(2);
    expect(await countOf(`SELECT 1 FROM campaign_item_tiers`)).toBeGreaterThan(0);
    expect(await countOf(`SELECT 1 FROM campaign_team_leaders WHERE bonus_percent > 0`)).toBeGreaterThan(0);
    const lastMonth = `date_trunc('month', '${TODAY}'::date - interval '1 month')::date`;
    const ended = `FROM campaign_salons cs JOIN campaigns c ON c.id = cs.campaign_id WHERE c.date_to < ${lastMonth}`;
    expect(await countOf(`SELECT 1 ${ended}`)).toBeGreaterThan(0);
    expect(await countOf(`SELECT 1 ${ended} AND cs.closed_at IS NULL`)).toBe(0);
    expect(
      await countOf(
        `SELECT 1 FROM campaign_salons cs JOIN campaigns c ON c.id = cs.campaign_id WHERE c.date_to >= ${lastMonth} AND cs.closed_at IS NOT NULL`,
      ),
    ).toBe(0);
    // Frozen at close on unchanged sales: the frozen revenue is the live one, and every (staff, item) pair has its row.
    const { rows } = await sql<{ frozen: number; live: number; results: number; pairs: number }>`
      SELECT cs.closed_revenue_cents AS frozen,
        ${campaignRevenueCentsSql(sql`cs.salon_id`, sql`cs.campaign_id`, sql`c.date_from`, sql`c.date_to`)} AS live,
        (SELECT count(*)::int FROM campaign_results r WHERE r.salon_id = cs.salon_id AND r.campaign_id = cs.campaign_id) AS results,
        (SELECT count(*)::int FROM campaign_staff st JOIN campaign_services_products i ON i.salon_id = st.salon_id AND i.campaign_id = st.campaign_id
          WHERE st.salon_id = cs.salon_id AND st.campaign_id = cs.campaign_id) AS pairs
      FROM campaign_salons cs JOIN campaigns c ON c.id = cs.campaign_id WHERE cs.closed_at IS NOT NULL`.execute(db);
    for (const r of rows) {
      expect(Number(r.frozen)).toBe(Number(r.live));
      expect(r.results).toBe(r.pairs);
    }
  });

  it('moves the identity sequences past the explicit ids', async () => {
    const salon = await db
      .insertInto('salons')
      .values({ name: 'Nuovo', code: 'NEW', city: 'Pisa', opening_hours: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(salon.id).toBe(3);
    await db.deleteFrom('salons').where('id', '=', salon.id).execute();
    const max = await one(sql<{ id: number }>`SELECT max(id) AS id FROM sale_lines`);
    const next = await one(sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('sale_lines', 'id')) AS id`);
    expect(next.id).toBe(max.id + 1);
  });

  it('lets the eight demo users sign in with "demo", with their roles and salons', async () => {
    const expected: Record<string, { role: string[]; salonId: number | null }> = {
      superadmin: { role: ['SUPERADMIN'], salonId: null },
      manager: { role: ['ADMIN'], salonId: 1 },
      reception: { role: ['RECEPTIONIST'], salonId: 1 },
      marketing: { role: ['SALESMARKETING'], salonId: 1 },
      stylist: { role: ['IMAGE'], salonId: 1 },
      assistant: { role: ['ASSISTANCE'], salonId: 1 },
      manager2: { role: ['ADMIN'], salonId: 2 },
      noroles: { role: [], salonId: 1 },
    };
    expect(DEMO_LOGINS.map((l) => l.username).sort()).toEqual(Object.keys(expected).sort());
    for (const [username, want] of Object.entries(expected)) {
      const res = await t.app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username, password: 'demo' } });
      expect(res.statusCode, username).toBe(200);
      expect(res.json().userDTO).toMatchObject({ username, role: want.role });
      expect(res.json().userDTO.salonId ?? null).toBe(want.salonId);
    }
    // Generated staff share the password; one admin per salon.
    const staff = await one(sql<{ username: string }>`SELECT username FROM users WHERE username LIKE '%.%' ORDER BY id LIMIT 1`);
    const res = await t.app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: staff.username, password: 'demo' } });
    expect(res.statusCode).toBe(200);
    expect(
      await countOf(`SELECT 1 FROM users u JOIN user_permissions p ON p.user_id = u.id AND p.permission_id = 2 GROUP BY u.salon_id`),
    ).toBe(2);
  });

  it('is added only to an empty database', async () => {
    await expect(generateDemoChain(t.database, OPTIONS)).rejects.toThrow(/already holds/);
    expect(await ensureDemoChain(t.database, OPTIONS)).toBe(false);
  });
});

describe('the demo chain loaded again into another database', () => {
  let second: DatabaseHandle;
  beforeAll(async () => {
    second = await createTestDatabase(2);
  });
  afterAll(() => second.close());

  it('is deterministic: the same seed and day give the same rows in every table', async () => {
    const report = await generateDemoChain(second, OPTIONS);
    const lines = report.tables.find((table) => table.table === 'sale_lines')!.rows;
    expect(lines).toBe(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM sale_lines`.execute(second.db)).rows[0]!.n));
    const here = await fingerprint(second.db);
    const there = await fingerprint(db);
    for (const table of TABLES) expect(here[table], table).toBe(there[table]);
  });
});

describe('ensureDemoChain', () => {
  let fresh: DatabaseHandle;
  beforeAll(async () => {
    fresh = await createTestDatabase();
  });
  afterAll(() => fresh.close());

  it('creates the chain on an empty database, its history ending on the pinned day; another seed gives other rows', async () => {
    // DEMO_TODAY 2026-11-20, a Friday: checked out up to that day, booked for the 14 days after it (to Friday
    // 12-04), and the visits pre-booked at checkout further ahead.
    expect(await ensureDemoChain(fresh, { ...OPTIONS, seed: 8, today: '2026-11-20' })).toBe(true);
    const salons = await fresh.db.selectFrom('salons').select('name').orderBy('id').execute();
    expect(salons.map((s) => s.name)).toEqual(['Salone Milano Brera', 'Salone Torino Centro']);
    const { rows } = await sql<{ lastSale: string; firstBooked: string; lastDayAhead: string; lastBooked: string }>`
      SELECT (SELECT max(day) FROM sale_lines) AS "lastSale",
        (SELECT min(day) FROM appointments WHERE status = 'BOOKED') AS "firstBooked",
        (SELECT max(day) FROM appointments WHERE day <= '2026-12-04') AS "lastDayAhead",
        (SELECT max(day) FROM appointments) AS "lastBooked"`.execute(fresh.db);
    expect(rows[0]).toMatchObject({ lastSale: '2026-11-20', firstBooked: '2026-11-21', lastDayAhead: '2026-12-04' });
    expect(rows[0]!.lastBooked > '2026-12-20').toBe(true);
    expect((await fingerprint(fresh.db)).sale_lines).not.toBe((await fingerprint(db)).sale_lines);
  });
});
