import type { SalonOverviewResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { daysIn, splitRange } from '../../lib/sales-measures.query.js';

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
 * lines and walk-in lines exist there), DONE appointments and average ticket.
 * Read from the month rollup for the range's whole months and the day totals for its other days
 * (sales_month_totals, sales_day_totals: db/rollups/sales.ts), exact at every moment, so a year
 * for the whole chain costs 36 rows per salon, not millions of sale lines.
 */
export async function getSalonOverview(db: DbOrTx, range: { fromDate: string; toDate: string }): Promise<SalonOverviewRow[]> {
  const split = splitRange(range.fromDate, range.toDate);
  const [monthsFrom, monthsTo] = split.months ?? ['9999-12-01', '0001-01-01'];
  const { rows } = await sql<OverviewSqlRow>`
    SELECT s.id, s.name, s.city, t.cents AS revenue_cents, t.appointments
    FROM salons s
    CROSS JOIN LATERAL (
      SELECT COALESCE(SUM(x.services_cents + x.products_cents), 0)::bigint AS cents, COALESCE(SUM(x.appointments), 0)::integer AS appointments
      FROM (
        SELECT m.services_cents, m.products_cents, m.appointments FROM sales_month_totals m
        WHERE m.salon_id = s.id AND m.month BETWEEN ${monthsFrom}::date AND ${monthsTo}::date
        UNION ALL
        SELECT d.services_cents, d.products_cents, d.appointments FROM sales_day_totals d
        WHERE d.salon_id = s.id AND ${daysIn(split.days, 'd.day')}
      ) x
    ) t
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
