import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoChain, openDemoChain } from '../../test/demo-chain.js';
import type { TestApp } from '../../test/helpers.js';
import { getCustomerStatusList, getCustomerStatusListFull } from './customer-status.query.js';

// Issue 13's cross-checks of the customer reports against the sales reports, on a small generated
// demo chain (2 salons, about 15 months up to a fixed today, 5 % of the benchmark volume).
const SALON = 1;
const FROM = '2025-01-01';
const TO = '2025-05-31';
const cents = (euros: number) => Math.round(euros * 100);

let t: TestApp;
let code: string;

let chain: DemoChain;
beforeAll(async () => {
  chain = await openDemoChain({ pinToday: true });
  ({ t, code } = chain);
}, 300_000);
afterAll(() => chain.close());
const get = <T = Record<string, unknown>>(url: string) => chain.get<T>(url);

interface Kpis {
  clientsSeen: number;
  newClients: number;
  visits: number;
  revenue: number;
}

describe('customer analysis cross-checks on the demo chain', () => {
  it("the overview's clients, visits and revenue equal the sales per client report's; its new clients the sales per day report's", async () => {
    const overview = await get<{ kpis: Kpis; months: { month: string; newClients: number }[] }>(
      `/api/CustomerAnalysis/GetCustomerAnalysis/${code}/${SALON}/${FROM}/${TO}`,
    );
    const perClient = await get<{ totals: { clients: number; revenue: number; withoutClientRevenue: number; visits: number } }>(
      `/api/Stats/GetSalesDataAnalysisPerClient/${TO}/${FROM}/${SALON}/${code}`,
    );
    const perDay = await get<{ totals: { newClients: number; appointments: number } }>(
      `/api/Stats/GetSalesDataAnalysisPerDay/${TO}/${FROM}/${SALON}/${code}`,
    );
    expect(overview.kpis.clientsSeen).toBeGreaterThan(50);
    expect(overview.kpis.clientsSeen).toBe(perClient.totals.clients);
    expect(overview.kpis.visits).toBe(perClient.totals.visits);
    expect(cents(overview.kpis.revenue)).toBe(cents(perClient.totals.revenue));
    expect(overview.kpis.newClients).toBeGreaterThan(0);
    expect(overview.kpis.newClients).toBe(perDay.totals.newClients);
    expect(overview.months.reduce((s, m) => s + m.newClients, 0)).toBe(overview.kpis.newClients);
  });

  it("the statuses partition the salon's clients, and the pages hold every client once", async () => {
    const url = `/api/CustomerAnalysis/GetCustomerAnalysisStatus/${code}/${SALON}/${FROM}/${TO}`;
    const first = await get<{ counts: Record<string, number>; total: number; rows: { clientId: number; status: string }[] }>(
      `${url}?limit=500`,
    );
    const { active, atRisk, lost, noVisit, total } = first.counts as Record<string, number>;
    const clients = await t.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('salon_id', '=', SALON)
      .executeTakeFirstOrThrow();
    expect(total).toBe(Number(clients.n));
    expect((active ?? 0) + (atRisk ?? 0) + (lost ?? 0) + (noVisit ?? 0)).toBe(total);
    expect(active).toBeGreaterThan(0);
    expect(lost).toBeGreaterThan(0);
    const seen = new Set<number>();
    for (let offset = 0; offset < first.total; offset += 500) {
      const page = await get<{ rows: { clientId: number }[] }>(`${url}?limit=500&offset=${offset}`);
      for (const row of page.rows) seen.add(row.clientId);
    }
    expect(seen.size).toBe(total);
    for (const status of ['ACTIVE', 'AT_RISK', 'LOST', 'NO_VISIT'] as const) {
      const only = await get<{ total: number; rows: { status: string }[] }>(`${url}?status=${status}&limit=500`);
      expect(only.rows.every((r) => r.status === status)).toBe(true);
      expect(only.total).toBe(first.counts[{ ACTIVE: 'active', AT_RISK: 'atRisk', LOST: 'lost', NO_VISIT: 'noVisit' }[status]]);
    }
  });

  it('the narrow status page (no search, by last visit or total spend) equals the full statement for every status, sort and page', async () => {
    const ranges = [
      [FROM, TO],
      ['2024-01-01', '2024-12-31'],
      ['2025-06-01', '2025-06-30'],
    ];
    let compared = 0;
    for (const [from, to] of ranges) {
      for (const [activeDays, lostDays] of [
        [90, 180],
        [30, 30],
      ]) {
        const scope = {
          salonId: SALON,
          from: from as string,
          to: to as string,
          activeDays: activeDays as number,
          lostDays: lostDays as number,
        };
        for (const status of [undefined, 'ACTIVE', 'AT_RISK', 'LOST', 'NO_VISIT'] as const) {
          for (const sort of ['LAST_VISIT_DESC', 'LAST_VISIT_ASC', 'TOTAL_SPEND_DESC', undefined] as const) {
            for (const [limit, offset] of [
              [100, 0],
              [40, 90],
              [500, 300],
              [10, 5000],
            ]) {
              const options = { status, sort, limit: limit as number, offset: offset as number, withContacts: compared % 2 === 0 };
              const narrow = await getCustomerStatusList(t.db, scope, options);
              const full = await getCustomerStatusListFull(t.db, scope, options);
              expect(narrow).toEqual(full);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBe(480);
  });

  it("the heat-map's visits equal the range's DONE appointments", async () => {
    const map = await get<{ totalVisits: number; cells: { visits: number }[]; cities: { clients: number }[] }>(
      `/api/CustomerAnalysis/GetCustomerMapAnalysisData/${code}/${SALON}/${FROM}/${TO}`,
    );
    const perDay = await get<{ totals: { appointments: number } }>(`/api/Stats/GetSalesDataAnalysisPerDay/${TO}/${FROM}/${SALON}/${code}`);
    expect(map.totalVisits).toBeGreaterThan(100);
    expect(map.totalVisits).toBe(perDay.totals.appointments);
    expect(map.cells.reduce((s, c) => s + c.visits, 0)).toBe(map.totalVisits);
    const overview = await get<{ kpis: Kpis }>(`/api/CustomerAnalysis/GetCustomerAnalysis/${code}/${SALON}/${FROM}/${TO}`);
    expect(map.cities.reduce((s, c) => s + c.clients, 0)).toBe(overview.kpis.clientsSeen);
  });
});
