import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../db/database.js';
import { getSalesTotalsFromRaw } from '../lib/sales-measures.query.js';

interface DayFigures {
  salon_id: number;
  day: string;
  revenue_cents: number;
  appointments: number;
  with_client: number;
  rebooked: number;
  booked_seconds: number;
  shift_seconds: number;
  new_clients: number;
}

/**
 * Every salon and day of performance_daily (db/rollups/hours.ts) equals its figures recomputed: revenue, DONE appointments and new
 * clients from the raw sale lines, appointments and clients (getSalesTotalsFromRaw), shift seconds from the
 * shifts themselves (on the salon-local day they start), with-client, rebooked and booked seconds from appointments_daily and
 * staff_booked_daily (which rollups.test.ts checks against the appointments). A day with none of them has no row.
 */
export async function expectPerformanceDailyConsistent(db: Db) {
  const stored = await sql<DayFigures>`
    SELECT salon_id, day::text AS day, revenue_cents, appointments, with_client, rebooked, booked_seconds, shift_seconds, new_clients
    FROM performance_daily ORDER BY salon_id, day`.execute(db);
  const sources = await sql<Omit<DayFigures, 'revenue_cents' | 'appointments' | 'new_clients'>>`
    SELECT x.salon_id, x.day::text AS day, COALESCE(sum(x.with_client), 0) AS with_client, COALESCE(sum(x.rebooked), 0) AS rebooked,
      COALESCE(sum(x.booked), 0) AS booked_seconds, COALESCE(sum(x.shift), 0) AS shift_seconds
    FROM (
      SELECT salon_id, day, with_client, rebooked, NULL::bigint AS booked, NULL::numeric AS shift FROM appointments_daily
      UNION ALL SELECT salon_id, day, NULL, NULL, booked_seconds, NULL FROM staff_booked_daily
      UNION ALL SELECT t.salon_id, (t.day_start AT TIME ZONE s.time_zone)::date, NULL, NULL, NULL, extract(epoch FROM t.day_end - t.day_start)
        FROM user_timeframes t JOIN salons s ON s.id = t.salon_id
      UNION ALL SELECT salon_id, first_visit, NULL, NULL, NULL, NULL FROM clients WHERE first_visit IS NOT NULL
      UNION ALL SELECT salon_id, day, NULL, NULL, NULL, NULL FROM sale_lines
      UNION ALL SELECT salon_id, day, NULL, NULL, NULL, NULL FROM sales_day_totals
    ) x
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  const expected: DayFigures[] = [];
  for (const s of sources.rows) {
    const raw = await getSalesTotalsFromRaw(db, { salonId: s.salon_id, from: s.day, to: s.day, gender: 'ALL' });
    const newClients = await sql<{ n: number }>`
      SELECT count(*) AS n FROM clients WHERE salon_id = ${s.salon_id} AND first_visit = ${s.day}::date`.execute(db);
    expected.push({
      ...s,
      revenue_cents: raw.servicesCents + raw.productsCents,
      appointments: raw.appointments,
      new_clients: Number(newClients.rows[0]?.n),
    });
  }
  // Days of a source row whose figures are all 0 may or may not have a row: compare the days with a figure.
  const nonZero = (r: DayFigures) =>
    [r.revenue_cents, r.appointments, r.with_client, r.rebooked, r.booked_seconds, r.shift_seconds, r.new_clients].some(
      (v) => Number(v) !== 0,
    );
  const norm = (rows: DayFigures[]) =>
    rows.filter(nonZero).map((r) => ({
      ...r,
      revenue_cents: Number(r.revenue_cents),
      appointments: Number(r.appointments),
      with_client: Number(r.with_client),
      rebooked: Number(r.rebooked),
      booked_seconds: Number(r.booked_seconds),
      shift_seconds: Number(r.shift_seconds),
      new_clients: Number(r.new_clients),
    }));
  expect(norm(stored.rows)).toEqual(norm(expected));
  expect(norm(expected).length).toBeGreaterThan(5);
}
