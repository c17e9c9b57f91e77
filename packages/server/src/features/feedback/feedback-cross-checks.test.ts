import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHAIN_TODAY, type DemoChain, openDemoChain } from '../../test/demo-chain.js';
import type { TestApp } from '../../test/helpers.js';

// Cross-checks of feedback, NPS and data qualities on a small generated demo chain
// (2 salons, about 15 months up to a pinned "today", 15 % of the benchmark volume: enough for a few
// people registered twice), through the API
// only: the figures add up to the raw rows and recompute from their own parts.
const TODAY = DEMO_CHAIN_TODAY;

let t: TestApp;
let code: string;
let salonIds: number[];

let chain: DemoChain;
beforeAll(async () => {
  chain = await openDemoChain({ seed: 13, density: 0.15, pinToday: true });
  ({ t, code, salonIds: salonIds } = chain);
}, 300_000);
afterAll(() => chain.close());
const get = <T = Record<string, unknown>>(url: string) => chain.get<T>(url);

const round2 = (x: number) => Math.round(x * 100) / 100;
const round1 = (x: number) => Math.round(x * 10) / 10;

interface Stats {
  count: number;
  average: number | null;
  distribution: number[];
  shareOfFives: number | null;
  shareOfLow: number | null;
}
interface Detail {
  total: number;
  summary: Stats;
  rows: { score: number }[];
}

describe('feedback on the demo chain', () => {
  it('counts per staff member, client and service add up to the feedback rows of the range, and averages recompute from the detail rows', async () => {
    for (const salonId of salonIds) {
      for (const [from, to] of [
        ['2025-05-01', '2025-05-31'],
        ['2024-04-01', TODAY],
      ]) {
        const raw = await sql<{ n: number }>`
          SELECT count(*) AS n FROM feedback WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date`.execute(t.db);
        const expected = Number(raw.rows[0]?.n);
        expect(expected).toBeGreaterThan(0);
        const range = `${to}/${from}/${salonId}/${code}`;
        for (const kind of ['Staff', 'Customer', 'Service']) {
          const body = await get<{ rows: Stats[]; totals: Stats }>(`/api/Feedback/GetFeedback${kind}/${range}`);
          expect(body.totals.count, kind).toBe(expected);
          expect(
            body.rows.reduce((s, r) => s + r.count, 0),
            kind,
          ).toBe(expected);
          for (const r of [...body.rows, body.totals]) {
            expect(r.distribution.reduce((a, b) => a + b, 0)).toBe(r.count);
            // The shares recompute from the counts per score.
            expect(r.shareOfFives).toBe(round1(((r.distribution[4] as number) / r.count) * 100));
            expect(r.shareOfLow).toBe(round1((((r.distribution[0] as number) + (r.distribution[1] as number)) / r.count) * 100));
          }
        }
        const staff = await get<{ rows: (Stats & { staffId: number })[] }>(`/api/Feedback/GetFeedbackStaff/${range}`);
        for (const row of staff.rows) {
          const detail = await get<Detail>(
            `/api/Feedback/GetFeedbacStaffDetail/${to}/${from}/${row.staffId}/${salonId}/${code}?limit=2000`,
          );
          expect(detail.total).toBe(row.count);
          expect(detail.rows.length).toBe(row.count);
          const sum = detail.rows.reduce((s, r) => s + r.score, 0);
          expect(round2(sum / detail.rows.length)).toBe(row.average);
          expect([1, 2, 3, 4, 5].map((score) => detail.rows.filter((r) => r.score === score).length)).toEqual(row.distribution);
        }
        const services = await get<{ rows: (Stats & { serviceId: number })[] }>(`/api/Feedback/GetFeedbackService/${range}`);
        const top = services.rows[0];
        if (top) {
          const detail = await get<Detail>(
            `/api/Feedback/GetFeedbackServiceDetail/${to}/${from}/${top.serviceId}/${salonId}/${code}?limit=2000`,
          );
          expect(round2(detail.rows.reduce((s, r) => s + r.score, 0) / detail.rows.length)).toBe(top.average);
        }
      }
    }
  });
});

interface NpsFigures {
  responses: number;
  promoters: number;
  passives: number;
  detractors: number;
  nps: number | null;
}

describe('NPS on the demo chain', () => {
  it("the year's totals are the sums of the months and equal the raw answers; every NPS recomputes from its counts", async () => {
    // Half-up to 1 decimal, away from zero for negatives, as the contract says.
    const npsOf = (f: NpsFigures) => {
      const x = (100 * (f.promoters - f.detractors)) / f.responses;
      return (Math.sign(x) * Math.round(Math.abs(x) * 10)) / 10;
    };
    let answers = 0;
    for (const salonId of salonIds) {
      const body = await get<{ months: NpsFigures[]; totals: NpsFigures }>(`/api/ClientNPSs/GetByAllClients/${code}/${salonId}/2024`);
      for (const field of ['responses', 'promoters', 'passives', 'detractors'] as const) {
        expect(
          body.months.reduce((s, m) => s + m[field], 0),
          field,
        ).toBe(body.totals[field]);
      }
      const raw = await sql<{ n: number }>`
        SELECT count(*) AS n FROM nps_responses WHERE salon_id = ${salonId} AND day BETWEEN '2024-01-01' AND '2024-12-31'`.execute(t.db);
      expect(body.totals.responses).toBe(Number(raw.rows[0]?.n));
      for (const f of [...body.months, body.totals]) {
        expect(f.promoters + f.passives + f.detractors).toBe(f.responses);
        expect(f.nps).toBe(f.responses === 0 ? null : npsOf(f));
      }
      answers += body.totals.responses;
    }
    expect(answers).toBeGreaterThan(10);
  });
});

interface Quality {
  clients: number;
  completeClients: number;
  issues: Record<string, number>;
}

describe('data qualities on the demo chain', () => {
  it("every record is counted once, per creator and in the pages; each score recomputes from the record's findings", async () => {
    let duplicates = 0;
    let invalidEmails = 0;
    for (const salonId of salonIds) {
      const first = await get<
        Quality & { total: number; byCreator: (Quality & { staffId: number | null })[]; duplicateGroups: { clientIds: number[] }[] }
      >(`/api/DataQualities/GetCustomersBySalon/${code}/${salonId}?limit=1000`);
      const raw = await sql<{ n: number }>`SELECT count(*) AS n FROM clients WHERE salon_id = ${salonId}`.execute(t.db);
      expect(first.clients).toBe(Number(raw.rows[0]?.n));
      expect(first.total).toBe(first.clients);
      // The demo generator records a creator for every client.
      expect(first.byCreator.every((c) => c.staffId !== null)).toBe(true);
      expect(first.byCreator.reduce((s, c) => s + c.clients, 0)).toBe(first.clients);
      expect(first.byCreator.reduce((s, c) => s + c.completeClients, 0)).toBe(first.completeClients);
      for (const key of Object.keys(first.issues)) {
        expect(
          first.byCreator.reduce((s, c) => s + (c.issues[key] ?? 0), 0),
          key,
        ).toBe(first.issues[key]);
      }
      expect(first.duplicateGroups.reduce((s, g) => s + g.clientIds.length, 0)).toBe(first.issues.duplicates);
      duplicates += first.issues.duplicates ?? 0;
      invalidEmails += first.issues.emailInvalid ?? 0;

      const seen = new Set<number>();
      let complete = 0;
      for (let offset = 0; offset < first.total; offset += 1000) {
        const page = await get<{ rows: { clientId: number; score: number; issues: string[] }[] }>(
          `/api/DataQualities/GetCustomersBySalon/${code}/${salonId}?limit=1000&offset=${offset}`,
        );
        for (const row of page.rows) {
          seen.add(row.clientId);
          const failed = new Set(row.issues.filter((i) => i !== 'DUPLICATE').map((i) => i.replace(/_(MISSING|INVALID|IMPLAUSIBLE)$/, '')));
          expect(row.score).toBe(20 * (5 - failed.size));
          if (row.score === 100) complete++;
        }
      }
      expect(seen.size).toBe(first.total);
      expect(complete).toBe(first.completeClients);
    }
    // The generator registers some people twice and mistypes some e-mails: the report finds them.
    expect(duplicates).toBeGreaterThan(0);
    expect(invalidEmails).toBeGreaterThan(0);
  });
});
