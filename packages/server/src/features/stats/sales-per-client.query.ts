import type { ResponseOf, salesPerClient } from '@salon/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { euros, ratio2 } from '../../lib/report-range.js';

type SalesPerClient = ResponseOf<typeof salesPerClient>;

/**
 * Sales per client over a range, from client_days (one row per client and day they bought):
 * aggregated per client first, then joined to the clients for their names, so the grouping
 * never carries text columns (a year of a busy salon is tens of thousands of client-days).
 */
export async function getSalesPerClient(db: DbOrTx, salonId: number, from: string, to: string): Promise<SalesPerClient> {
  const { rows } = await sql<{
    client_id: number;
    first_name: string | null;
    last_name: string | null;
    gender: 'MALE' | 'FEMALE' | null;
    revenue: number;
    services: number;
    products: number;
    visits: number;
    last_visit: string;
    last_appointment_id: number | null;
  }>`
    WITH per_client AS (
      SELECT client_id, sum(revenue_cents) AS revenue, sum(service_revenue_cents) AS services,
        sum(product_revenue_cents) AS products, sum(appointments) AS visits, max(day) AS last_visit,
        (array_agg(last_appointment_id ORDER BY day DESC) FILTER (WHERE last_appointment_id IS NOT NULL))[1] AS last_appointment_id
      FROM client_days
      WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY client_id
    )
    SELECT p.client_id, c.first_name, c.last_name, c.gender, p.revenue, p.services, p.products, p.visits,
      p.last_visit::text AS last_visit, p.last_appointment_id
    FROM per_client p
    LEFT JOIN clients c ON c.salon_id = ${salonId} AND c.id = p.client_id
    ORDER BY p.revenue DESC, p.client_id
  `.execute(db);
  const withoutClient = await sql<{ cents: number | null }>`
    SELECT sum(paid_amount_cents) AS cents FROM sale_lines
    WHERE salon_id = ${salonId} AND client_id IS NULL AND day BETWEEN ${from}::date AND ${to}::date`.execute(db);
  let revenue = 0;
  let visits = 0;
  const out = rows.map((r) => {
    const v = Number(r.visits);
    revenue += Number(r.revenue);
    visits += v;
    return {
      clientId: Number(r.client_id),
      firstName: r.first_name ?? '',
      lastName: r.last_name ?? '',
      gender: r.gender ?? ('UNKNOWN' as const),
      revenue: euros(r.revenue),
      servicesRevenue: euros(r.services),
      productsRevenue: euros(r.products),
      visits: v,
      averageTicket: v > 0 ? ratio2(Number(r.revenue) / 100, v) : euros(r.revenue),
      lastVisit: r.last_visit,
      lastAppointmentId: r.last_appointment_id === null ? null : Number(r.last_appointment_id),
    };
  });
  return {
    salonId,
    fromDate: from,
    toDate: to,
    rows: out,
    totals: { clients: out.length, revenue: euros(revenue), withoutClientRevenue: euros(withoutClient.rows[0]?.cents), visits },
  };
}
