import type { SalonOverviewResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';

export type SalonOverviewRow = Static<typeof SalonOverviewResponse>['salons'][number];

interface OverviewSqlRow {
  id: number;
  name: string;
  city: string;
  revenue_cents: number;
  appointments: number;
}

/**
 * Every salon with the range's revenue (paid amount of its sale lines: only DONE appointments'
 * lines and walk-in lines exist there, DESIGN.md §3), DONE appointments and average ticket.
 * Read from the daily rollups (sales_daily, appointments_daily), kept current by the write path,
 * so a year for the whole chain costs a few thousand rollup rows, not millions of sale lines.
 */
export async function getSalonOverview(db: DbOrTx, range: { fromDate: string; toDate: string }): Promise<SalonOverviewRow[]> {
  const { rows } = await sql<OverviewSqlRow>`
    SELECT s.id, s.name, s.city, revenue.cents AS revenue_cents, done.appointments
    FROM salons s
    CROSS JOIN LATERAL (
      SELECT COALESCE(SUM(d.revenue_cents), 0)::bigint AS cents
      FROM sales_daily d
      WHERE d.salon_id = s.id AND d.day BETWEEN ${range.fromDate}::date AND ${range.toDate}::date
    ) revenue
    CROSS JOIN LATERAL (
      SELECT COALESCE(SUM(a.appointments), 0)::integer AS appointments
      FROM appointments_daily a
      WHERE a.salon_id = s.id AND a.day BETWEEN ${range.fromDate}::date AND ${range.toDate}::date
    ) done
    ORDER BY s.name, s.id
  `.execute(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    city: row.city,
    revenue: row.revenue_cents / 100,
    appointments: row.appointments,
    averageTicket: row.appointments === 0 ? 0 : Math.round(row.revenue_cents / row.appointments) / 100,
  }));
}
