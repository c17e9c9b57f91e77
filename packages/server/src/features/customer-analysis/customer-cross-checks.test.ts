import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoChain, openDemoChain } from '../../test/demo-chain.js';
import type { TestApp } from '../../test/helpers.js';
import { getCustomerOverview } from './customer-overview.query.js';
import { getCustomerStatusList, getCustomerStatusListFull } from './customer-status.query.js';

// Cross-checks of the customer reports against the sales reports, on a small generated
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

  it("the overview's row counts by prev_day equal DISTINCT counts of client_days, also for a range starting mid-month", async () => {
    const [from, to] = ['2025-01-17', '2025-05-09'];
    const overview = await getCustomerOverview(t.db, SALON, from, to, '2025-05-20');
    const { rows } = await sql<{ kind: string; key: string | null; month: string | null; clients: number; returning: number | null }>`
      SELECT 'range' AS kind, NULL AS key, NULL AS month, count(DISTINCT client_id) AS clients, NULL AS returning
      FROM client_days WHERE salon_id = ${SALON} AND day BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT 'month', NULL, to_char(d.day, 'YYYY-MM'), count(DISTINCT d.client_id),
        count(DISTINCT d.client_id) FILTER (WHERE c.first_visit IS NULL OR c.first_visit < greatest(date_trunc('month', d.day)::date, ${from}::date))
      FROM client_days d LEFT JOIN clients c ON c.salon_id = d.salon_id AND c.id = d.client_id
      WHERE d.salon_id = ${SALON} AND d.day BETWEEN ${from}::date AND ${to}::date GROUP BY 3
      UNION ALL
      SELECT 'cohort', to_char(c.first_visit, 'YYYY-MM'), to_char(d.day, 'YYYY-MM'), count(DISTINCT c.id), NULL
      FROM clients c JOIN client_days d ON d.salon_id = c.salon_id AND d.client_id = c.id
        AND d.day BETWEEN ${from}::date AND ${to}::date AND d.day >= (date_trunc('month', c.first_visit) + interval '1 month')::date
      WHERE c.salon_id = ${SALON} AND c.first_visit BETWEEN ${from}::date AND ${to}::date GROUP BY 2, 3`.execute(t.db);
    const seen = Number(rows.find((r) => r.kind === 'range')?.clients);
    expect(seen).toBeGreaterThan(50);
    expect(overview.kpis.clientsSeen).toBe(seen);
    expect(overview.genders.reduce((s, g) => s + g.clients, 0)).toBe(seen);
    expect(overview.ageBands.reduce((s, b) => s + b.clients, 0)).toBe(seen);
    const months = rows.filter((r) => r.kind === 'month');
    expect(overview.months.map((m) => [m.month, m.clientsSeen, m.returningClients])).toEqual(
      months.sort((a, b) => String(a.month).localeCompare(String(b.month))).map((r) => [r.month, Number(r.clients), Number(r.returning)]),
    );
    const later = overview.cohorts.flatMap((c) => c.retention.filter((r) => r.clients > 0).map((r) => [c.month, r.monthsAfter, r.clients]));
    const expected = rows
      .filter((r) => r.kind === 'cohort')
      .map((r) => [
        r.key,
        Number(r.month?.slice(0, 4)) * 12 + Number(r.month?.slice(5, 7)) - (Number(r.key?.slice(0, 4)) * 12 + Number(r.key?.slice(5, 7))),
        Number(r.clients),
      ]);
    expect(later.length).toBeGreaterThan(0);
    expect(later).toEqual(expect.arrayContaining(expected));
    expect(later).toHaveLength(expected.length);
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
