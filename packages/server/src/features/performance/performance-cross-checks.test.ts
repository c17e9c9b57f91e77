import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, sameDateLastYear } from '../../lib/report-range.js';
import { getSalesTotalsFromRaw } from '../../lib/sales-measures.query.js';
import { DEMO_CHAIN_TODAY, type DemoChain, openDemoChain } from '../../test/demo-chain.js';
import type { TestApp } from '../../test/helpers.js';

// A cross-check on a small generated demo chain (2 salons, about 15 months up to a
// fixed "today", 5 % of the benchmark volume): each salon's performance equals its sales report
// for the same spans, this year's and last year's, and the raw sale lines. Compared in cents.
const TODAY = DEMO_CHAIN_TODAY;
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

interface Figures {
  fromDate: string;
  toDate: string;
  revenue: number;
  appointments: number;
  newClients: number;
}
interface Salon {
  salonId: number;
  day: { current: Figures; lastYear: Figures; revenueChange: number | null };
  monthToDate: { current: Figures; lastYear: Figures; revenueChange: number | null };
}
interface SalesTotals {
  totalRevenue: number;
  appointments: number;
  newClients: number;
}

describe('performance cross-checks on the demo chain', () => {
  it("every salon's performance equals its sales report for the day, the month to date and last year's spans", async () => {
    // A mid-month day, the month's last day and its first (where the day is the whole month to date).
    for (const day of ['2025-06-14', TODAY, '2025-04-01']) {
      const { salons } = await get<{ salons: Salon[] }>(`/api/Performance/GetPerformance/${day}/${code}`);
      expect(salons.length).toBe(2);
      expect(salons.reduce((s, x) => s + x.monthToDate.current.appointments, 0)).toBeGreaterThan(day.endsWith('-01') ? 0 : 20);
      for (const salon of salons) {
        if (day.endsWith('-01')) expect(salon.monthToDate.current).toEqual(salon.day.current);
        // A day is set against the same weekday 52 weeks back, a month to date against the same dates.
        expect(salon.day.lastYear.fromDate).toBe(addDays(day, -364));
        expect(salon.monthToDate.lastYear).toMatchObject({
          fromDate: sameDateLastYear(`${day.slice(0, 8)}01`),
          toDate: sameDateLastYear(day),
        });
        for (const f of [salon.day.current, salon.day.lastYear, salon.monthToDate.current, salon.monthToDate.lastYear]) {
          const { totals } = await get<{ totals: SalesTotals }>(
            `/api/Stats/GetSalesDataAnalysisPerDay/${f.toDate}/${f.fromDate}/${salon.salonId}/${code}`,
          );
          expect(cents(f.revenue)).toBe(cents(totals.totalRevenue));
          expect(f.appointments).toBe(totals.appointments);
          expect(f.newClients).toBe(totals.newClients);
          // and both equal the sale lines and appointments themselves (not only the rollups)
          const raw = await getSalesTotalsFromRaw(t.db, { salonId: salon.salonId, from: f.fromDate, to: f.toDate, gender: 'ALL' });
          expect(cents(f.revenue)).toBe(raw.servicesCents + raw.productsCents);
          expect(f.appointments).toBe(raw.appointments);
        }
        // The month's change on last year is the one Sales by month gives for the same month to date.
        if (day === TODAY) {
          const month = await get<{ compared: { previousFromDate: string; previousToDate: string }; revenueChangePercent: number | null }>(
            `/api/Stats/GetSalesDataAnalysisPerMonth/${Number(day.slice(5, 7))}/${salon.salonId}/${code}?year=${day.slice(0, 4)}`,
          );
          expect(month.compared).toMatchObject({
            previousFromDate: salon.monthToDate.lastYear.fromDate,
            previousToDate: salon.monthToDate.lastYear.toDate,
          });
          expect(salon.monthToDate.revenueChange).toBe(month.revenueChangePercent);
        }
        // The one-salon call gives the same answer as the chain's row.
        const one = await get<{ salons: Salon[] }>(`/api/Performance/GetPerformanceBysalon/${day}/${salon.salonId}/${code}`);
        expect(one.salons).toEqual([salon]);
      }
    }
  });
});
