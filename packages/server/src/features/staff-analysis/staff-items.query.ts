import type { StaffItemsResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { euros } from '../../lib/report-range.js';

type Response = Static<typeof StaffItemsResponse>;

interface Row {
  kind: 'SERVICE' | 'PRODUCT';
  item_id: number;
  name: string;
  qty: number;
  revenue: number;
  rec_qty: number;
  rec_revenue: number;
}

/**
 * The services and products on the lines naming one person over a range, with the part they
 * recommended. The same lines as the person's totalEarned in the staff analysis: lines of DONE
 * appointments and walk-in sales (no appointment); the sum of `revenue` equals their totalEarned.
 * Read from the rollup staff_items_daily (db/rollups/items.ts: those lines' sums per salon, person, day
 * and item), one index range of the person's days.
 */
export async function getStaffItems(db: DbOrTx, salonId: number, staffId: number, from: string, to: string): Promise<Response> {
  const { rows } = await sql<Row>`
    WITH lines AS (
      SELECT d.kind, d.item_id, sum(d.quantity) AS qty, sum(d.revenue_cents) AS revenue,
        sum(d.recommended_quantity) AS rec_qty, sum(d.recommended_revenue_cents) AS rec_revenue
      FROM staff_items_daily d
      WHERE d.salon_id = ${salonId} AND d.staff_id = ${staffId} AND d.day BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2
    )
    SELECT l.kind, l.item_id, COALESCE(s.name, p.name) AS name, l.qty, l.revenue, l.rec_qty, l.rec_revenue
    FROM lines l
    LEFT JOIN services s ON l.kind = 'SERVICE' AND s.id = l.item_id
    LEFT JOIN products p ON l.kind = 'PRODUCT' AND p.id = l.item_id
    ORDER BY l.kind DESC, l.revenue DESC, name, l.item_id`.execute(db);
  return {
    salonId,
    fromDate: from,
    toDate: to,
    staffId,
    items: rows.map((row) => ({
      kind: row.kind,
      itemId: row.item_id,
      name: row.name,
      quantity: Number(row.qty),
      revenue: euros(row.revenue),
      recommendedQuantity: Number(row.rec_qty),
      recommendedRevenue: euros(row.rec_revenue),
    })),
  };
}
