import type { ResponseOf, salesPerClient } from '@salon/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { euros, ratio2 } from './report-range.js';

type SalesPerClient = ResponseOf<typeof salesPerClient>;

/** Sales per client over a range, from client_days (one row per client and day they bought). */
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
    appointment_ids: number[] | null;
  }>`
    SELECT cd.client_id, c.first_name, c.last_name, c.gender,
      sum(cd.revenue_cents) AS revenue, sum(cd.service_revenue_cents) AS services, sum(cd.product_revenue_cents) AS products,
      sum(cd.appointments) AS visits, max(cd.day)::text AS last_visit,
      json_agg(cd.last_appointment_id ORDER BY cd.day) FILTER (WHERE cd.last_appointment_id IS NOT NULL) AS appointment_ids
    FROM client_days cd
    LEFT JOIN clients c ON c.salon_id = cd.salon_id AND c.id = cd.client_id
    WHERE cd.salon_id = ${salonId} AND cd.day BETWEEN ${from}::date AND ${to}::date
    GROUP BY cd.client_id, c.first_name, c.last_name, c.gender
    ORDER BY revenue DESC, cd.client_id
  `.execute(db);
  let revenue = 0;
  let visits = 0;
  const out = rows.map((r) => {
    const ids = (r.appointment_ids ?? []).map(Number);
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
      lastAppointmentId: ids.length > 0 ? (ids[ids.length - 1] as number) : null,
      appointmentIds: ids,
    };
  });
  return { salonId, fromDate: from, toDate: to, rows: out, totals: { clients: out.length, revenue: euros(revenue), visits } };
}
