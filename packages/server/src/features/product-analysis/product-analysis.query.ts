import type { ProductAnalysisResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { euros, percent, ratio2 } from '../stats/report-range.js';

/**
 * Product analysis from the raw product lines of the range (walk-in sales included): per
 * product units, revenue, discount, distinct clients, walk-in and recommended units, top staff.
 */
export async function getProductAnalysis(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
): Promise<Static<typeof ProductAnalysisResponse>> {
  const { rows } = await sql<{
    product_id: number | null;
    name: string | null;
    brand: string | null;
    category: string | null;
    qty: number;
    lines: number;
    revenue: number;
    list: number;
    discount: number;
    clients: number;
    walk_in_qty: number;
    rec_qty: number;
    staff_id: number | null;
    staff_first: string | null;
    staff_last: string | null;
    staff_revenue: number | null;
    staff_qty: number | null;
  }>`
    WITH l AS MATERIALIZED (
      SELECT product_id, staff_id, client_id, appointment_id, quantity, paid_amount_cents, list_amount_cents, discount_cents, recommended
      FROM sale_lines
      WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date AND kind = 'PRODUCT'
    ),
    sums AS (
      SELECT product_id, sum(quantity) AS qty, count(*) AS lines, sum(paid_amount_cents) AS revenue, sum(list_amount_cents) AS list,
        sum(discount_cents) AS discount,
        COALESCE(sum(quantity) FILTER (WHERE appointment_id IS NULL), 0) AS walk_in_qty,
        COALESCE(sum(quantity) FILTER (WHERE recommended), 0) AS rec_qty
      FROM l GROUP BY GROUPING SETS ((product_id), ())
    ),
    -- distinct clients by hashing pairs (count(DISTINCT) would sort every group)
    clients AS (
      SELECT product_id, count(*) AS clients FROM (SELECT DISTINCT product_id, client_id FROM l WHERE client_id IS NOT NULL) x GROUP BY product_id
      UNION ALL
      SELECT NULL, count(*) FROM (SELECT DISTINCT client_id FROM l WHERE client_id IS NOT NULL) y
    ),
    per_item AS (
      SELECT sums.*, COALESCE(clients.clients, 0) AS clients
      FROM sums LEFT JOIN clients ON clients.product_id IS NOT DISTINCT FROM sums.product_id
    ),
    top AS (
      SELECT DISTINCT ON (product_id) product_id, staff_id, sum(paid_amount_cents) AS staff_revenue, sum(quantity) AS staff_qty
      FROM l WHERE staff_id IS NOT NULL
      GROUP BY product_id, staff_id
      ORDER BY product_id, sum(paid_amount_cents) DESC, staff_id
    )
    SELECT p.*, pr.name, pr.brand, pr.category, top.staff_id, u.first_name AS staff_first, u.last_name AS staff_last,
      top.staff_revenue, top.staff_qty
    FROM per_item p
    LEFT JOIN products pr ON pr.id = p.product_id
    LEFT JOIN top ON top.product_id = p.product_id
    LEFT JOIN users u ON u.id = top.staff_id
    ORDER BY p.revenue DESC, p.product_id
  `.execute(db);
  const totalRow = rows.find((r) => r.product_id === null);
  const totalRevenue = Number(totalRow?.revenue ?? 0);
  const totalQty = Number(totalRow?.qty ?? 0);
  return {
    salonId,
    fromDate: from,
    toDate: to,
    rows: rows
      .filter((r) => r.product_id !== null)
      .map((r) => ({
        productId: r.product_id as number,
        name: r.name ?? '',
        brand: r.brand ?? '',
        category: r.category ?? '',
        quantity: Number(r.qty),
        lines: Number(r.lines),
        revenue: euros(r.revenue),
        listAmount: euros(r.list),
        discount: euros(r.discount),
        averagePrice: ratio2(Number(r.revenue) / 100, Number(r.qty)),
        distinctClients: Number(r.clients),
        walkInQuantity: Number(r.walk_in_qty),
        recommendedQuantity: Number(r.rec_qty),
        sharePercent: percent(Number(r.revenue), totalRevenue),
        topStaff:
          r.staff_id === null
            ? null
            : {
                staffId: r.staff_id,
                name: [r.staff_first, r.staff_last].filter(Boolean).join(' '),
                revenue: euros(r.staff_revenue),
                quantity: Number(r.staff_qty ?? 0),
              },
      })),
    totals: {
      quantity: totalQty,
      revenue: euros(totalRevenue),
      discount: euros(totalRow?.discount),
      distinctClients: Number(totalRow?.clients ?? 0),
      averagePrice: ratio2(totalRevenue / 100, totalQty),
    },
  };
}
