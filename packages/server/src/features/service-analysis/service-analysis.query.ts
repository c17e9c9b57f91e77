import type { ServiceAnalysisResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { euros, percent, ratio2 } from '../stats/report-range.js';

/**
 * Service analysis from the raw service lines of the range (distinct clients and the top staff
 * member per service cannot come from a daily rollup): one pass over the lines, grouped by
 * service and by (service, staff).
 */
export async function getServiceAnalysis(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
): Promise<Static<typeof ServiceAnalysisResponse>> {
  const { rows } = await sql<{
    service_id: number | null;
    name: string | null;
    category: string | null;
    qty: number;
    revenue: number;
    list: number;
    discount: number;
    clients: number;
    rec_qty: number;
    staff_id: number | null;
    staff_first: string | null;
    staff_last: string | null;
    staff_revenue: number | null;
    staff_qty: number | null;
  }>`
    WITH l AS MATERIALIZED (
      SELECT service_id, staff_id, client_id, quantity, paid_amount_cents, list_amount_cents, discount_cents, recommended
      FROM sale_lines
      WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date AND kind = 'SERVICE'
    ),
    sums AS (
      SELECT service_id, sum(quantity) AS qty, sum(paid_amount_cents) AS revenue, sum(list_amount_cents) AS list,
        sum(discount_cents) AS discount, COALESCE(sum(quantity) FILTER (WHERE recommended), 0) AS rec_qty
      FROM l GROUP BY GROUPING SETS ((service_id), ())
    ),
    -- distinct clients by hashing pairs (count(DISTINCT) would sort every group)
    clients AS (
      SELECT service_id, count(*) AS clients FROM (SELECT DISTINCT service_id, client_id FROM l WHERE client_id IS NOT NULL) x GROUP BY service_id
      UNION ALL
      SELECT NULL, count(*) FROM (SELECT DISTINCT client_id FROM l WHERE client_id IS NOT NULL) y
    ),
    per_item AS (
      SELECT sums.*, COALESCE(clients.clients, 0) AS clients
      FROM sums LEFT JOIN clients ON clients.service_id IS NOT DISTINCT FROM sums.service_id
    ),
    top AS (
      SELECT DISTINCT ON (service_id) service_id, staff_id, sum(paid_amount_cents) AS staff_revenue, sum(quantity) AS staff_qty
      FROM l WHERE staff_id IS NOT NULL
      GROUP BY service_id, staff_id
      ORDER BY service_id, sum(paid_amount_cents) DESC, staff_id
    )
    SELECT p.*, s.name, s.category, top.staff_id, u.first_name AS staff_first, u.last_name AS staff_last, top.staff_revenue, top.staff_qty
    FROM per_item p
    LEFT JOIN services s ON s.id = p.service_id
    LEFT JOIN top ON top.service_id = p.service_id
    LEFT JOIN users u ON u.id = top.staff_id
    ORDER BY p.revenue DESC, p.service_id
  `.execute(db);
  const totalRow = rows.find((r) => r.service_id === null);
  const totalRevenue = Number(totalRow?.revenue ?? 0);
  const totalQty = Number(totalRow?.qty ?? 0);
  return {
    salonId,
    fromDate: from,
    toDate: to,
    rows: rows
      .filter((r) => r.service_id !== null)
      .map((r) => ({
        serviceId: r.service_id as number,
        name: r.name ?? '',
        category: r.category ?? '',
        count: Number(r.qty),
        revenue: euros(r.revenue),
        listAmount: euros(r.list),
        discount: euros(r.discount),
        averagePrice: ratio2(Number(r.revenue) / 100, Number(r.qty)),
        distinctClients: Number(r.clients),
        recommendedCount: Number(r.rec_qty),
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
      count: totalQty,
      revenue: euros(totalRevenue),
      discount: euros(totalRow?.discount),
      distinctClients: Number(totalRow?.clients ?? 0),
      averagePrice: ratio2(totalRevenue / 100, totalQty),
    },
  };
}
