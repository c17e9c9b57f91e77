import type { CustomerMapResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { euros } from '../../lib/report-range.js';

type MapData = Static<typeof CustomerMapResponse>;

interface PlaceRow {
  kind: 'city' | 'postal';
  place: string | null;
  city: string | null;
  clients: number;
  revenue: number;
  latitude: number | null;
  longitude: number | null;
}

/** Coordinates to 6 decimals (about 10 cm): averages need no more. */
const coordinate = (value: number | null) => (value === null ? null : Math.round(Number(value) * 1e6) / 1e6);

/**
 * Heat-map data: DONE appointments per ISO weekday and hour of their start in the salon's time
 * zone (visit_hours, kept in that zone by the rollup refresh), and the clients seen in the range (client_days) with their revenue per city and per
 * postal code, each with the average of its clients' coordinates.
 */
export async function getCustomerMap(db: DbOrTx, salonId: number, from: string, to: string, timeZone: string): Promise<MapData> {
  const [cells, places] = await Promise.all([
    sql<{ weekday: number; hour: number; visits: number }>`
      SELECT extract(isodow FROM hour)::int AS weekday, extract(hour FROM hour)::int AS hour, sum(visits) AS visits
      FROM visit_hours WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2`.execute(db),
    sql<PlaceRow>`
      WITH seen AS (
        SELECT client_id, sum(revenue_cents) AS revenue FROM client_days
        WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date GROUP BY client_id
      ),
      placed AS (
        SELECT NULLIF(trim(c.city), '') AS city, NULLIF(trim(c.postal_code), '') AS postal, s.revenue, c.latitude, c.longitude
        FROM seen s JOIN clients c ON c.salon_id = ${salonId} AND c.id = s.client_id
      )
      SELECT 'city' AS kind, city AS place, city, count(*) AS clients, sum(revenue) AS revenue,
        avg(latitude) FILTER (WHERE latitude IS NOT NULL AND longitude IS NOT NULL) AS latitude,
        avg(longitude) FILTER (WHERE latitude IS NOT NULL AND longitude IS NOT NULL) AS longitude
      FROM placed GROUP BY city
      UNION ALL
      SELECT 'postal' AS kind, postal AS place, mode() WITHIN GROUP (ORDER BY city) AS city, count(*) AS clients, sum(revenue) AS revenue,
        avg(latitude) FILTER (WHERE latitude IS NOT NULL AND longitude IS NOT NULL) AS latitude,
        avg(longitude) FILTER (WHERE latitude IS NOT NULL AND longitude IS NOT NULL) AS longitude
      FROM placed GROUP BY postal`.execute(db),
  ]);
  const grid: MapData['cells'] = [];
  let totalVisits = 0;
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const visits = Number(cells.rows.find((c) => c.weekday === weekday && c.hour === hour)?.visits ?? 0);
      totalVisits += visits;
      grid.push({ weekday, hour, visits });
    }
  }
  const ordered = (kind: PlaceRow['kind']) =>
    places.rows
      .filter((p) => p.kind === kind)
      .map((p) => ({ ...p, clients: Number(p.clients), revenueCents: Number(p.revenue) }))
      .sort((a, b) => b.clients - a.clients || b.revenueCents - a.revenueCents || (a.place ?? '\uffff').localeCompare(b.place ?? '\uffff'));
  return {
    salonId,
    fromDate: from,
    toDate: to,
    timeZone,
    totalVisits,
    cells: grid,
    cities: ordered('city').map((p) => ({
      city: p.place,
      clients: p.clients,
      revenue: euros(p.revenueCents),
      latitude: coordinate(p.latitude),
      longitude: coordinate(p.longitude),
    })),
    postalCodes: ordered('postal').map((p) => ({
      postalCode: p.place,
      city: p.city,
      clients: p.clients,
      revenue: euros(p.revenueCents),
      latitude: coordinate(p.latitude),
      longitude: coordinate(p.longitude),
    })),
  };
}
