import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { euros } from '../../lib/report-range.js';
import { type DemoChain, openDemoChain } from '../../test/demo-chain.js';
import { getCustomerMap, type PlaceRow } from './customer-map.query.js';

/*
 * The heat-map's places read whole months from place_months (migration 040) and the days around them
 * from client_days. On a small generated chain, for ranges on and off month boundaries, they must equal
 * the places recomputed from the clients seen in the range (client_days grouped per client, joined to
 * the client): clients, revenue, the most common city of a postal code, and the exact mean coordinates
 * rounded to 6 decimals; also after clients change place (the clients trigger moves place_months).
 */
let chain: DemoChain;
beforeAll(async () => {
  chain = await openDemoChain();
}, 300_000);
afterAll(() => chain.close());

const RANGES = [
  ['2025-01-01', '2025-05-31'],
  ['2024-07-01', '2025-06-30'],
  ['2025-03-01', '2025-03-31'],
  ['2025-02-01', '2025-04-17'],
  ['2025-02-15', '2025-04-30'],
  ['2024-08-20', '2025-03-10'],
  ['2025-03-05', '2025-03-20'],
] as const;

async function recomputed(salonId: number, from: string, to: string) {
  const { rows } = await sql<PlaceRow>`
    WITH seen AS (
      SELECT client_id, sum(revenue_cents) AS revenue FROM client_days
      WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date GROUP BY client_id
    ),
    placed AS (
      SELECT NULLIF(trim(c.city), '') AS city, NULLIF(trim(c.postal_code), '') AS postal, s.revenue,
        CASE WHEN c.longitude IS NOT NULL THEN c.latitude::numeric END AS latitude, CASE WHEN c.latitude IS NOT NULL THEN c.longitude::numeric END AS longitude
      FROM seen s JOIN clients c ON c.salon_id = ${salonId} AND c.id = s.client_id
    )
    SELECT 'city' AS kind, city AS place, city, count(*) AS clients, sum(revenue) AS revenue,
      round(avg(latitude), 6) AS latitude, round(avg(longitude), 6) AS longitude
    FROM placed GROUP BY city
    UNION ALL
    SELECT 'postal', postal, mode() WITHIN GROUP (ORDER BY city), count(*), sum(revenue), round(avg(latitude), 6), round(avg(longitude), 6)
    FROM placed GROUP BY postal`.execute(chain.t.db);
  const of = (kind: PlaceRow['kind']) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({
        place: r.place,
        city: r.city,
        clients: Number(r.clients),
        revenue: euros(Number(r.revenue)),
        latitude: r.latitude === null ? null : Number(r.latitude),
        longitude: r.longitude === null ? null : Number(r.longitude),
      }))
      .sort((a, b) => (a.place ?? '').localeCompare(b.place ?? ''));
  return { cities: of('city'), postalCodes: of('postal') };
}

async function expectPlacesExact(salonId: number) {
  const order = <T>(rows: T[], key: (r: T) => string | null) => [...rows].sort((a, b) => (key(a) ?? '').localeCompare(key(b) ?? ''));
  for (const [from, to] of RANGES) {
    const map = await getCustomerMap(chain.t.db, salonId, from, to, 'Europe/Rome');
    const want = await recomputed(salonId, from, to);
    expect(want.postalCodes.length).toBeGreaterThan(0);
    expect({ from, to, cities: order(map.cities, (r) => r.city) }).toEqual({
      from,
      to,
      cities: want.cities.map(({ place: _, ...c }) => c),
    });
    expect({ from, to, postalCodes: order(map.postalCodes, (r) => r.postalCode) }).toEqual({
      from,
      to,
      postalCodes: want.postalCodes.map(({ place, ...p }) => ({ postalCode: place, ...p })),
    });
  }
}

describe('customer heat-map places (place_months)', () => {
  it('equal the places of the clients seen, recomputed per client, on and off month boundaries', async () => {
    for (const salonId of chain.salonIds) await expectPlacesExact(salonId);
  });

  it('follow clients who move, lose their coordinates or their postal code', async () => {
    const salonId = chain.salonIds[0] as number;
    await sql`UPDATE clients SET city = 'Monza', postal_code = '20900', latitude = 45.5845, longitude = 9.2744
      WHERE salon_id = ${salonId} AND id % 7 = 0`.execute(chain.t.db);
    await sql`UPDATE clients SET latitude = NULL WHERE salon_id = ${salonId} AND id % 11 = 0`.execute(chain.t.db);
    await sql`UPDATE clients SET postal_code = ' ' WHERE salon_id = ${salonId} AND id % 13 = 0`.execute(chain.t.db);
    await expectPlacesExact(salonId);
  });
});
