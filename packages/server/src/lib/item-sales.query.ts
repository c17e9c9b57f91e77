import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { euros, percent, ratio2 } from './report-range.js';
import { daysIn, splitRange } from './sales-measures.query.js';

/** One sold item (a service or a product) over a range, as both item analyses report it. */
export interface ItemSales {
  itemId: number;
  name: string;
  brand: string;
  category: string;
  quantity: number;
  lines: number;
  revenue: number;
  listAmount: number;
  discount: number;
  averagePrice: number;
  distinctClients: number;
  walkInQuantity: number;
  recommendedQuantity: number;
  sharePercent: number | null;
  topStaff: { staffId: number; name: string; revenue: number; quantity: number } | null;
}

export interface ItemSalesReport {
  items: ItemSales[];
  totals: { quantity: number; revenue: number; discount: number; distinctClients: number; averagePrice: number };
}

interface Row {
  item_id: number | null;
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
}

/**
 * Per service or product of the range. Sums, totals and the top staff member come from the
 * (item, staff) rows of item_staff_months (db/rollups/items.ts) for the range's whole months and of
 * item_staff_daily (db/rollups/items.ts: a salon-year is about 24,000 rows against 86,000 raw lines) for
 * the other days; the distinct clients, from the 1st of a month, from item_client_months
 * (db/rollups/items.ts: a salon-year is about 20,000 rows), else from the (item, client) pairs of the raw lines.
 * Walk-in lines count for products.
 */
export async function getItemSales(
  db: DbOrTx,
  kind: 'SERVICE' | 'PRODUCT',
  salonId: number,
  from: string,
  to: string,
): Promise<ItemSalesReport> {
  // The range's whole months from item_staff_months, the days before and after them from item_staff_daily.
  const split = splitRange(from, to);
  const months = split.months ?? ['9999-12-01', '0001-01-01'];
  const itemColumn = sql.ref(kind === 'SERVICE' ? 'service_id' : 'product_id');
  const catalogue =
    kind === 'SERVICE' ? sql`SELECT id, name, '' AS brand, category FROM services` : sql`SELECT id, name, brand, category FROM products`;
  // From the 1st of a month: each (item, client) pair once, in its first month of the range with a
  // purchase (item_client_months, item 0 = the total); otherwise the raw pairs of the range.
  const clients = from.endsWith('-01')
    ? sql`clients AS (
      SELECT NULLIF(item_id, 0) AS item_id, sum(clients) AS clients
      FROM item_client_months
      WHERE salon_id = ${salonId} AND kind = ${kind} AND day BETWEEN ${from}::date AND ${to}::date
        AND (prev_month IS NULL OR prev_month < ${from}::date)
      GROUP BY item_id
    )`
    : sql`pairs AS (
      SELECT ${itemColumn} AS item_id, client_id
      FROM sale_lines
      WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date AND kind = ${kind} AND client_id IS NOT NULL
      GROUP BY 1, 2
    ),
    clients AS (
      SELECT item_id, count(*) AS clients FROM pairs GROUP BY item_id
      UNION ALL
      SELECT NULL, count(DISTINCT client_id) FROM pairs
    )`;
  const { rows } = await sql<Row>`
    WITH by_staff AS (
      SELECT item_id, staff_id, sum(quantity) AS qty, sum(line_count) AS lines, sum(revenue_cents) AS revenue,
        sum(list_cents) AS list, sum(discount_cents) AS discount, sum(walk_in_quantity) AS walk_in_qty,
        sum(recommended_quantity) AS rec_qty
      FROM (
        SELECT item_id, staff_id, quantity, line_count, revenue_cents, list_cents, discount_cents, walk_in_quantity, recommended_quantity
        FROM item_staff_months
        WHERE salon_id = ${salonId} AND month BETWEEN ${months[0]}::date AND ${months[1]}::date AND kind = ${kind}
        UNION ALL
        SELECT item_id, staff_id, quantity, line_count, revenue_cents, list_cents, discount_cents, walk_in_quantity, recommended_quantity
        FROM item_staff_daily
        WHERE salon_id = ${salonId} AND ${daysIn(split.days)} AND kind = ${kind}
      ) x
      GROUP BY 1, 2
    ),
    -- the per-item sums and the range's totals (grouping set ()) from the few (item, staff) rows
    sums AS (
      SELECT item_id, sum(qty) AS qty, sum(lines) AS lines, sum(revenue) AS revenue, sum(list) AS list, sum(discount) AS discount,
        sum(walk_in_qty) AS walk_in_qty, sum(rec_qty) AS rec_qty
      FROM by_staff GROUP BY GROUPING SETS ((item_id), ())
    ),
    ${clients},
    per_item AS (
      SELECT sums.*, COALESCE(clients.clients, 0) AS clients
      FROM sums LEFT JOIN clients ON clients.item_id IS NOT DISTINCT FROM sums.item_id
    ),
    top AS (
      SELECT DISTINCT ON (item_id) item_id, staff_id, revenue AS staff_revenue, qty AS staff_qty
      FROM by_staff WHERE staff_id IS NOT NULL
      ORDER BY item_id, revenue DESC, staff_id
    )
    SELECT p.*, c.name, c.brand, c.category, top.staff_id, u.first_name AS staff_first, u.last_name AS staff_last,
      top.staff_revenue, top.staff_qty
    FROM per_item p
    LEFT JOIN (${catalogue}) c ON c.id = p.item_id
    LEFT JOIN top ON top.item_id = p.item_id
    LEFT JOIN users u ON u.id = top.staff_id
    ORDER BY p.revenue DESC, p.item_id
  `.execute(db);
  const totalRow = rows.find((r) => r.item_id === null);
  const totalRevenue = Number(totalRow?.revenue ?? 0);
  const totalQty = Number(totalRow?.qty ?? 0);
  return {
    items: rows
      .filter((r) => r.item_id !== null)
      .map((r) => ({
        itemId: r.item_id as number,
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
