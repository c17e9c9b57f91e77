import type { CustomerMapResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { firstOfMonth, monthEndOf, monthIndexOf } from '../../lib/months.js';
import { euros } from '../../lib/report-range.js';
import { daysIn, splitRange } from '../../lib/sales-measures.query.js';

type MapData = Static<typeof CustomerMapResponse>;

/** A city's or postal code's row of the places, as the query reads it. */
export interface PlaceRow {
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
 * The mean coordinates of a group's located clients from their exact (numeric) sums, rounded to 6
 * decimals in SQL, half away from zero: coordinates stored with 7 decimals often average to an exact
 * half, which a float mean would round either way depending on the order of its additions.
 */
const MEAN_COORDINATES = sql`round(sum(latitude_sum) / NULLIF(sum(located), 0), 6) AS latitude,
        round(sum(longitude_sum) / NULLIF(sum(located), 0), 6) AS longitude`;

/**
 * The places of the clients seen in the range: per city and per postal code (trimmed, null when
 * blank) the clients, their revenue in the range, the averages of their coordinates and (per postal
 * code) the most common city. Read as weighted rows (clients, located clients and their coordinate
 * sums, revenue): a client's first client_days row in the range is the one whose previous visit lies
 * before it, so distinct clients are sums of rows, with no DISTINCT. The range's whole months come
 * from place_months (db/rollups/clients.ts: a year is a few thousand rows): their rows whose previous visit's
 * month lies before from's month are first rows; when the range starts after the 1st, the rows whose
 * previous visit lies in from's month before from are first rows too, found through
 * client_days_day_prev_idx (few); the days around the whole months come from client_days.
 */
function placeRows(salonId: number, from: string, to: string) {
  const split = splitRange(from, to);
  const cut = firstOfMonth(from);
  const place = sql`NULLIF(btrim(c.city), '') AS city, NULLIF(btrim(c.postal_code), '') AS postal`;
  const located = sql`c.latitude IS NOT NULL AND c.longitude IS NOT NULL`;
  const first = sql`(d.prev_day IS NULL OR d.prev_day < ${from}::date)`;
  const days = split.months ? split.days : [[from, to] as [string, string]];
  const parts = [
    sql`
        SELECT ${place}, ${first}::int AS clients, (${first} AND ${located})::int AS located,
          CASE WHEN ${first} AND ${located} THEN c.latitude::numeric ELSE 0 END AS latitude_sum,
          CASE WHEN ${first} AND ${located} THEN c.longitude::numeric ELSE 0 END AS longitude_sum, d.revenue_cents AS revenue
        FROM client_days d JOIN clients c ON c.salon_id = ${salonId} AND c.id = d.client_id
        WHERE d.salon_id = ${salonId} AND ${daysIn(days, 'd.day')}`,
  ];
  if (split.months) {
    const before = sql`prev_month IS NULL OR prev_month < ${cut}::date`;
    parts.unshift(sql`
        SELECT city, postal_code AS postal, sum(days) FILTER (WHERE ${before}) AS clients,
          sum(located_days) FILTER (WHERE ${before}) AS located, sum(latitude_sum) FILTER (WHERE ${before}) AS latitude_sum,
          sum(longitude_sum) FILTER (WHERE ${before}) AS longitude_sum, sum(revenue_cents) AS revenue
        FROM place_months WHERE salon_id = ${salonId} AND month BETWEEN ${split.months[0]}::date AND ${split.months[1]}::date
        GROUP BY 1, 2`);
    if (split.hasHead)
      parts.push(sql`
        SELECT ${place}, 1 AS clients, (${located})::int AS located, CASE WHEN ${located} THEN c.latitude::numeric ELSE 0 END AS latitude_sum,
          CASE WHEN ${located} THEN c.longitude::numeric ELSE 0 END AS longitude_sum, 0 AS revenue
        FROM client_days d JOIN clients c ON c.salon_id = ${salonId} AND c.id = d.client_id
        WHERE d.salon_id = ${salonId} AND d.day BETWEEN ${split.months[0]}::date AND ${monthEndOf(monthIndexOf(split.months[1]))}::date
          AND d.prev_day >= ${cut}::date AND d.prev_day < ${from}::date`);
  }
  return sql.join(
    parts,
    sql`
        UNION ALL`,
  );
}

/**
 * Heat-map data: DONE appointments per ISO weekday and hour of their start in the salon's time
 * zone (visit_hours, kept in that zone by the rollup refresh), and the clients seen in the range
 * with their revenue per city and per postal code, each with the average of its clients'
 * coordinates (placeRows).
 */
export async function getCustomerMap(db: DbOrTx, salonId: number, from: string, to: string, timeZone: string): Promise<MapData> {
  const [cells, places] = await Promise.all([
    sql<{ weekday: number; hour: number; visits: number }>`
      SELECT extract(isodow FROM hour)::int AS weekday, extract(hour FROM hour)::int AS hour, sum(visits) AS visits
      FROM visit_hours WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2`.execute(db),
    sql<PlaceRow>`
      WITH placed AS MATERIALIZED (${placeRows(salonId, from, to)}),
      -- per postal code its clients' most common city (mode(): the first in order among the most common, blanks ignored)
      postal_cities AS MATERIALIZED (
        SELECT DISTINCT ON (postal) postal, city FROM (SELECT postal, city, sum(clients) AS n FROM placed WHERE city IS NOT NULL GROUP BY 1, 2) x
        WHERE n > 0 ORDER BY postal, n DESC, city
      )
      SELECT 'city' AS kind, city AS place, city, sum(clients) AS clients, sum(revenue) AS revenue, ${MEAN_COORDINATES}
      FROM placed GROUP BY city
      UNION ALL
      SELECT 'postal' AS kind, postal AS place, (SELECT m.city FROM postal_cities m WHERE m.postal IS NOT DISTINCT FROM s.postal) AS city,
        sum(clients) AS clients, sum(revenue) AS revenue, ${MEAN_COORDINATES}
      FROM placed s GROUP BY postal`.execute(db),
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
