import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthRange } from '../../lib/report-range.js';
import { getSalesTotalsFromRaw } from '../../lib/sales-measures.query.js';
import { DEMO_CHAIN_TODAY, type DemoChain, openDemoChain } from '../../test/demo-chain.js';
import type { TestApp } from '../../test/helpers.js';

// Cross-checks of the sales reports on a small generated demo chain: 2 salons, about 15 months up to
// a fixed "today", at 5 % of the benchmark volume. Sums are compared in cents to avoid float noise.
const TODAY = DEMO_CHAIN_TODAY;
const SALON = 1;
const YEAR = 2025;
const cents = (euros: number) => Math.round(euros * 100);

let t: TestApp;
let code: string;

let chain: DemoChain;
beforeAll(async () => {
  chain = await openDemoChain();
  ({ t, code } = chain);
}, 300_000);
afterAll(() => chain.close());
const get = <T = Record<string, unknown>>(url: string) => chain.get<T>(url);

interface Measures {
  servicesRevenue: number;
  productsRevenue: number;
  totalRevenue: number;
  appointments: number;
  clients: number;
  newClients: number;
  discountTotal: number;
}

/** The additive measures of a list of rows, summed in cents. */
function sumOf(rows: Measures[]) {
  return {
    services: rows.reduce((s, r) => s + cents(r.servicesRevenue), 0),
    products: rows.reduce((s, r) => s + cents(r.productsRevenue), 0),
    total: rows.reduce((s, r) => s + cents(r.totalRevenue), 0),
    appointments: rows.reduce((s, r) => s + r.appointments, 0),
    newClients: rows.reduce((s, r) => s + r.newClients, 0),
    discount: rows.reduce((s, r) => s + cents(r.discountTotal), 0),
  };
}
const additive = (m: Measures) => sumOf([m]);

describe('cross-checks on the demo chain', () => {
  it('has data to check', async () => {
    const year = await get<{ current: { totals: Measures } }>(`/api/Stats/GetSalesDataAnalysisPerYear/${YEAR}/${SALON}/${code}`);
    expect(year.current.totals.appointments).toBeGreaterThan(100);
    expect(year.current.totals.productsRevenue).toBeGreaterThan(0);
  });

  it('the days of a month add up to that month, and each month to its row of the year', async () => {
    const year = await get<{ current: { rows: (Measures & { month: number })[] } }>(
      `/api/Stats/GetSalesDataAnalysisPerYear/${YEAR}/${SALON}/${code}`,
    );
    for (const month of [1, 2, 3, 4, 5, 6]) {
      const m = await get<{ current: { rows: Measures[]; totals: Measures } }>(
        `/api/Stats/GetSalesDataAnalysisPerMonth/${month}/${SALON}/${code}?year=${YEAR}`,
      );
      expect(sumOf(m.current.rows)).toEqual(additive(m.current.totals));
      const row = year.current.rows[month - 1]!;
      expect(additive(row)).toEqual(additive(m.current.totals));
      expect(row.clients).toBe(m.current.totals.clients);
    }
  });

  it('the months of a year add up to the year (the previous year too)', async () => {
    const y = await get<{ current: { rows: Measures[]; totals: Measures }; previousYear: { rows: Measures[]; totals: Measures } }>(
      `/api/Stats/GetSalesDataAnalysisPerYear/${YEAR}/${SALON}/${code}`,
    );
    expect(sumOf(y.current.rows)).toEqual(additive(y.current.totals));
    expect(sumOf(y.previousYear.rows)).toEqual(additive(y.previousYear.totals));
    expect(y.previousYear.totals.appointments).toBeGreaterThan(0);
  });

  it('male + female + unknown = all, for the by-gender report and the gender variants', async () => {
    const from = `${YEAR}-01-01`;
    const to = TODAY;
    const g = await get<{ byGender: Measures[]; allGenders: Measures }>(
      `/api/Stats/GetSalesDataAnalysisGender/${to}/${from}/MALE/${SALON}/${code}`,
    );
    expect(sumOf(g.byGender)).toEqual(additive(g.allGenders));
    const all = await get<{ totals: Measures }>(`/api/Stats/GetSalesDataAnalysisPerDay/${to}/${from}/${SALON}/${code}`);
    const male = await get<{ totals: Measures }>(`/api/Stats/GetSalesDataAnalysisPerDayGender/MALE/${to}/${from}/${SALON}/${code}`);
    const female = await get<{ totals: Measures }>(`/api/Stats/GetSalesDataAnalysisPerDayGender/FEMALE/${to}/${from}/${SALON}/${code}`);
    expect(additive(all.totals)).toEqual(additive(g.allGenders));
    expect(additive(male.totals)).toEqual(additive(g.byGender[0]!));
    expect(additive(female.totals)).toEqual(additive(g.byGender[1]!));
    // distinct clients: MALE + FEMALE + UNKNOWN clients = all clients (a client has one gender)
    expect(g.byGender.reduce((s, r) => s + r.clients, 0)).toBe(g.allGenders.clients);
  });

  it('services + products = total, on every row of every view', async () => {
    const day = await get<{ rows: Measures[]; totals: Measures }>(
      `/api/Stats/GetSalesDataAnalysisPerDay/${TODAY}/${YEAR}-01-01/${SALON}/${code}`,
    );
    for (const r of [...day.rows, day.totals]) expect(cents(r.servicesRevenue) + cents(r.productsRevenue)).toBe(cents(r.totalRevenue));
    const report = await get<{ servicesRevenue: number; productsRevenue: number; totalRevenue: number; items: { revenue: number }[] }>(
      `/api/ReportDataAnalysis/GetReportDataAnalysis/${code}/${YEAR}-01-01/${TODAY}/${SALON}`,
    );
    expect(cents(report.servicesRevenue) + cents(report.productsRevenue)).toBe(cents(report.totalRevenue));
    expect(report.items.reduce((s, i) => s + cents(i.revenue), 0)).toBe(cents(report.totalRevenue));
    expect(cents(report.totalRevenue)).toBe(cents(day.totals.totalRevenue));
    const services = await get<{ totals: { revenue: number } }>(
      `/api/ServiceDataAnalysis/GetServiceDataAnalysis/${code}/${YEAR}-01-01/${TODAY}/${SALON}`,
    );
    const products = await get<{ totals: { revenue: number } }>(
      `/api/ProductDataAnalysis/GetProductDataAnalysis/${code}/${YEAR}-01-01/${TODAY}/${SALON}`,
    );
    expect(cents(services.totals.revenue)).toBe(cents(day.totals.servicesRevenue));
    expect(cents(products.totals.revenue)).toBe(cents(day.totals.productsRevenue));
  });

  it("the recap's per-day amounts add up to the per-day sales", async () => {
    const { from, to } = monthRange(YEAR, 5);
    const recap = await get<{
      reportDashboardDataDiscounts: {
        dayFrom: {
          day: string;
          appointmentsDiscount: number;
          productDataRecommendedCheckoutCassaNova: { amountCassaNova: number };
          serviceDataRecommendedCheckoutCassaNova: { amountCassaNova: number; appointmentCount: number };
        }[];
      }[];
      recapData: { totalAmount: number; appointmentCount: number };
    }>(`/api/ReportDataAnalysis/GetSalonRecap/${code}/${from}/${to}/${SALON}`);
    const perDay = await get<{ rows: (Measures & { day: string })[]; totals: Measures }>(
      `/api/Stats/GetSalesDataAnalysisPerDay/${to}/${from}/${SALON}/${code}`,
    );
    const sales = new Map(perDay.rows.map((r) => [r.day, r]));
    const days = recap.reportDashboardDataDiscounts[0]!.dayFrom;
    expect(days.length).toBeGreaterThan(10);
    for (const d of days) {
      const s = sales.get(d.day)!;
      expect(cents(d.productDataRecommendedCheckoutCassaNova.amountCassaNova)).toBe(cents(s.productsRevenue));
      expect(cents(d.serviceDataRecommendedCheckoutCassaNova.amountCassaNova)).toBe(cents(s.servicesRevenue));
    }
    const withSales = perDay.rows.filter((r) => r.totalRevenue !== 0).length;
    expect(days.length).toBeGreaterThanOrEqual(withSales);
    expect(cents(recap.recapData.totalAmount)).toBe(cents(perDay.totals.totalRevenue));
    expect(recap.recapData.appointmentCount).toBe(perDay.totals.appointments);
  });

  it('the days of the week add up to the range', async () => {
    const from = `${YEAR - 1}-07-01`;
    const to = TODAY;
    const dow = await get<{ rows: (Measures & { days: number })[]; totals: Measures }>(
      `/api/ReportDataAnalysis/GetDayOftheWeek/${code}/${from}/${to}/${SALON}`,
    );
    const perDay = await get<{ rows: Measures[]; totals: Measures }>(
      `/api/Stats/GetSalesDataAnalysisPerDay/${to}/${from}/${SALON}/${code}`,
    );
    expect(sumOf(dow.rows)).toEqual(additive(dow.totals));
    expect(additive(dow.totals)).toEqual(additive(perDay.totals));
    expect(dow.rows.reduce((s, r) => s + r.days, 0)).toBe(perDay.rows.length);
    const female = await get<{ rows: Measures[]; totals: Measures }>(
      `/api/ReportDataAnalysis/GetDayOftheWeek/${code}/${from}/${to}/${SALON}/FEMALE`,
    );
    expect(sumOf(female.rows)).toEqual(additive(female.totals));
    // Each weekday's distinct clients (read with client_days.prev_weekday_day) against the raw sale lines.
    for (const [rows, gender] of [
      [dow.rows, null],
      [female.rows, 'FEMALE'],
    ] as const) {
      const raw = await sql<{ dow: number; n: number }>`
        SELECT extract(isodow FROM sl.day)::int AS dow, count(DISTINCT sl.client_id) AS n FROM sale_lines sl
        LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
        WHERE sl.salon_id = ${SALON} AND sl.client_id IS NOT NULL AND sl.day BETWEEN ${from}::date AND ${to}::date
          AND (${gender}::text IS NULL OR COALESCE(c.gender, 'UNKNOWN') = ${gender})
        GROUP BY 1`.execute(t.db);
      const expected = [1, 2, 3, 4, 5, 6, 7].map((d) => Number(raw.rows.find((r) => r.dow === d)?.n ?? 0));
      expect(rows.map((r) => r.clients)).toEqual(expected);
      expect(expected.some((n) => n > 0)).toBe(true);
    }
  });

  it('discounts per day add up to the sales discounts; the rollup equals raw SQL for the salon', async () => {
    const from = `${YEAR}-01-01`;
    const disc = await get<{ totals: { total: { discount: number; paidAmount: number } } }>(
      `/api/Stats/GetDiscountsProductsServicesPerDay/${code}?salonId=${SALON}&from=${from}&to=${TODAY}`,
    );
    const perDay = await get<{ totals: Measures }>(`/api/Stats/GetSalesDataAnalysisPerDay/${TODAY}/${from}/${SALON}/${code}`);
    expect(cents(disc.totals.total.discount)).toBe(cents(perDay.totals.discountTotal));
    expect(cents(disc.totals.total.paidAmount)).toBe(cents(perDay.totals.totalRevenue));
    const raw = await getSalesTotalsFromRaw(t.db, { salonId: SALON, from, to: TODAY, gender: 'ALL' });
    expect(raw).toEqual({
      servicesCents: cents(perDay.totals.servicesRevenue),
      productsCents: cents(perDay.totals.productsRevenue),
      discountCents: cents(perDay.totals.discountTotal),
      appointments: perDay.totals.appointments,
      clients: perDay.totals.clients,
      newClients: perDay.totals.newClients,
    });
  });
});
