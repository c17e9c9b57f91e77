import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollupModel } from '../../db/rollups/apply.js';
import { addDays, sameDateLastYear } from '../../lib/report-range.js';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';

// The report fixture (report-fixture.ts) plus two walk-in sales in March 2024, so that the whole
// of March 2024 (A000 25 on 03-05 + 40 on 03-02 + 10 on 03-20 = 75) differs from its part
// 1-4 March (40). Today is pinned on Tuesday 4 March 2025.
let t: TestApp;
let f: ReportFixture;
let code: string;

beforeAll(async () => {
  t = await createTestApp({ demoToday: '2025-03-04' });
  f = await seedReportFixture(t.db);
  const walkIn = (day: string, cents: number) => ({
    salon_id: f.salon1,
    appointment_id: null,
    client_id: null,
    staff_id: null,
    day,
    kind: 'PRODUCT' as const,
    service_id: null,
    product_id: f.products.shampoo,
    category: 'RESALE' as const,
    quantity: 1,
    list_amount_cents: cents,
    paid_amount_cents: cents,
    discount_cents: 0,
    recommended: false,
  });
  await t.db
    .insertInto('sale_lines')
    .values([walkIn('2024-03-02', 4000), walkIn('2024-03-20', 1000)])
    .execute();
  await rebuildRollupModel(t.db);
  code = await signIn(t.app, 'manager');
});
afterAll(() => t.close());

const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();

describe('like-for-like comparisons', () => {
  it('compares March 2025 to date (1-4 Mar: 114 + 82 = 196) with 1-4 March 2024 (40), not with all of March 2024 (75)', async () => {
    const body = await get(`/api/Stats/GetSalesDataAnalysisPerMonth/3/${f.salon1}/${code}?year=2025`);
    expect(body.today).toBe('2025-03-04');
    expect(body.previousYear.totals.totalRevenue).toBe(75);
    expect(body.compared).toMatchObject({
      fromDate: '2025-03-01',
      toDate: '2025-03-04',
      previousFromDate: '2024-03-01',
      previousToDate: '2024-03-04',
      isToDate: true,
      notYetCome: false,
    });
    expect(body.compared.current).toMatchObject({ totalRevenue: 196, appointments: 4, clients: 4 });
    expect(body.compared.previous).toMatchObject({ totalRevenue: 40, appointments: 0, clients: 0 });
    // (196 - 40) / 40 = 390 %, where the whole month would give (208 - 75) / 75 = 177.33 %; no appointments a year before: null
    expect(body.revenueChangePercent).toBe(390);
    expect(body.appointmentsChangePercent).toBeNull();
  });

  it('pairs each day with the same weekday 52 weeks before (Tue 4 Mar 2025 with Tue 5 Mar 2024)', async () => {
    const body = await get(`/api/Stats/GetSalesDataAnalysisPerMonth/3/${f.salon1}/${code}?year=2025`);
    expect(body.previousWeekdays).toMatchObject({ fromDate: '2024-03-02', toDate: '2024-04-01' });
    expect(body.previousWeekdays.rows).toHaveLength(31);
    expect(body.previousWeekdays.rows[0]).toMatchObject({ day: '2024-03-02', totalRevenue: 40 });
    expect(body.previousWeekdays.rows[3]).toMatchObject({ day: '2024-03-05', totalRevenue: 25, appointments: 1 });
    expect(body.previousWeekdays.rows[4]).toMatchObject({ day: '2024-03-06', totalRevenue: 0 });
    expect(body.previousWeekdays.totals.totalRevenue).toBe(75);
  });

  it('compares the year to date (Feb 30 + Mar 196 = 226) with 1 Jan-4 Mar 2024 (40) and marks the months not yet come', async () => {
    const body = await get(`/api/Stats/GetSalesDataAnalysisPerYear/2025/${f.salon1}/${code}`);
    expect(body.compared).toMatchObject({
      fromDate: '2025-01-01',
      toDate: '2025-03-04',
      previousFromDate: '2024-01-01',
      previousToDate: '2024-03-04',
      isToDate: true,
      notYetCome: false,
      current: { totalRevenue: 226, appointments: 5 },
      previous: { totalRevenue: 40, appointments: 0 },
    });
    // (226 - 40) / 40 = 465 %
    expect(body.revenueChangePercent).toBe(465);
    expect(body.comparedMonths).toHaveLength(12);
    expect(body.comparedMonths[1]).toMatchObject({ month: 2, isToDate: false, notYetCome: false, current: { totalRevenue: 30 } });
    expect(body.comparedMonths[2]).toMatchObject({
      month: 3,
      toDate: '2025-03-04',
      previousToDate: '2024-03-04',
      isToDate: true,
      notYetCome: false,
      current: { totalRevenue: 196 },
      previous: { totalRevenue: 40 },
    });
    // June has not come: nothing compared; June 2024 (A00 30) is given for reference
    expect(body.comparedMonths[5]).toMatchObject({
      month: 6,
      notYetCome: true,
      current: { totalRevenue: 0 },
      previous: { totalRevenue: 30 },
    });
  });

  it('compares nothing for a year not yet come, and a past year whole', async () => {
    const future = await get(`/api/Stats/GetSalesDataAnalysisPerYear/2026/${f.salon1}/${code}`);
    expect(future.compared).toMatchObject({ notYetCome: true, isToDate: false });
    expect(future.revenueChangePercent).toBeNull();
    expect(future.comparedMonths.every((m: { notYetCome: boolean }) => m.notYetCome)).toBe(true);
    const past = await get(`/api/Stats/GetSalesDataAnalysisPerYear/2024/${f.salon1}/${code}`);
    // 2024 whole: 25 + 30 + 40 + 10 = 105
    expect(past.compared).toMatchObject({ toDate: '2024-12-31', isToDate: false, notYetCome: false, current: { totalRevenue: 105 } });
  });

  it('moves dates: 29 February a year back is 28 February, 364 days back is the same weekday', () => {
    expect(sameDateLastYear('2028-02-29')).toBe('2027-02-28');
    expect(sameDateLastYear('2026-11-22')).toBe('2025-11-22');
    expect(addDays('2026-11-22', -364)).toBe('2025-11-23');
  });
});
