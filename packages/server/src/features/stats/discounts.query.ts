import type { discountsPerAppointment, discountsPerDay, ResponseOf } from '@salon/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { euros } from '../../lib/report-range.js';

type PerDay = ResponseOf<typeof discountsPerDay>;
type PerAppointment = ResponseOf<typeof discountsPerAppointment>;

interface SplitCents {
  s_list: number | null;
  s_paid: number | null;
  s_disc: number | null;
  s_lines: number | null;
  p_list: number | null;
  p_paid: number | null;
  p_disc: number | null;
  p_lines: number | null;
}

function block(list: number | null, paid: number | null, disc: number | null, lines: number | null) {
  return { listAmount: euros(list), paidAmount: euros(paid), discount: euros(disc), lines: Number(lines ?? 0) };
}

function split(r: SplitCents) {
  const n = (v: number | null) => Number(v ?? 0);
  return {
    services: block(r.s_list, r.s_paid, r.s_disc, r.s_lines),
    products: block(r.p_list, r.p_paid, r.p_disc, r.p_lines),
    total: block(n(r.s_list) + n(r.p_list), n(r.s_paid) + n(r.p_paid), n(r.s_disc) + n(r.p_disc), n(r.s_lines) + n(r.p_lines)),
  };
}

const SPLIT_COLUMNS = (list: string, paid: string, disc: string, lines: string) =>
  sql.raw(`
  sum(${list}) FILTER (WHERE kind = 'SERVICE') AS s_list, sum(${paid}) FILTER (WHERE kind = 'SERVICE') AS s_paid,
  sum(${disc}) FILTER (WHERE kind = 'SERVICE') AS s_disc, sum(${lines}) FILTER (WHERE kind = 'SERVICE') AS s_lines,
  sum(${list}) FILTER (WHERE kind = 'PRODUCT') AS p_list, sum(${paid}) FILTER (WHERE kind = 'PRODUCT') AS p_paid,
  sum(${disc}) FILTER (WHERE kind = 'PRODUCT') AS p_disc, sum(${lines}) FILTER (WHERE kind = 'PRODUCT') AS p_lines`);

/** Discounts per day (all lines, walk-ins included), from sales_daily. */
export async function getDiscountsPerDay(db: DbOrTx, salonId: number, from: string, to: string): Promise<PerDay> {
  const { rows } = await sql<SplitCents & { day: string | null }>`
    SELECT day::text AS day, ${SPLIT_COLUMNS('list_cents', 'revenue_cents', 'discount_cents', 'line_count')}
    FROM sales_daily
    WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
    GROUP BY GROUPING SETS ((day), ())
    ORDER BY day NULLS LAST
  `.execute(db);
  const totalRow = rows.find((r) => r.day === null);
  return {
    salonId,
    fromDate: from,
    toDate: to,
    rows: rows.filter((r) => r.day !== null).map((r) => ({ day: r.day as string, ...split(r) })),
    totals: totalRow ? split(totalRow) : split({} as SplitCents),
  };
}

/** Discounts per appointment: the discounted appointments (discounted_appointments), totals from the rollups. */
export async function getDiscountsPerAppointment(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  limit = 500,
  offset = 0,
): Promise<PerAppointment> {
  const [perAppointment, totals, counts] = await Promise.all([
    sql<
      SplitCents & {
        appointment_id: number;
        day: string;
        client_id: number | null;
        first_name: string | null;
        last_name: string | null;
        total_rows: number;
      }
    >`
      -- discounted_appointments holds, per day, the appointments with a positive discount in total: one
      -- page of them in key order, then the names of that page's clients.
      SELECT d.appointment_id, d.day::text AS day, d.client_id, d.s_list, d.s_paid, d.s_disc, d.s_lines, d.p_list, d.p_paid, d.p_disc,
        d.p_lines, c.first_name, c.last_name,
        (SELECT count(*) FROM discounted_appointments
         WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date) AS total_rows
      FROM (
        SELECT * FROM discounted_appointments
        WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
        ORDER BY day, appointment_id
        LIMIT ${limit} OFFSET ${offset}
      ) d
      LEFT JOIN clients c ON c.salon_id = ${salonId} AND c.id = d.client_id
      ORDER BY d.day, d.appointment_id
    `.execute(db),
    sql<SplitCents>`
      SELECT ${SPLIT_COLUMNS('list_cents', 'revenue_cents', 'discount_cents', 'line_count')}
      FROM sales_daily
      WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date AND NOT is_walk_in
    `.execute(db),
    sql<{ appointments: number | null }>`
      SELECT sum(appointments) AS appointments FROM appointments_daily
      WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
    `.execute(db),
  ]);
  const rows = perAppointment.rows.map((r) => ({
    appointmentId: Number(r.appointment_id),
    day: r.day,
    clientId: r.client_id === null ? null : Number(r.client_id),
    clientName: [r.first_name, r.last_name].filter(Boolean).join(' '),
    ...split(r),
  }));
  return {
    salonId,
    fromDate: from,
    toDate: to,
    rows,
    appointments: Number(counts.rows[0]?.appointments ?? 0),
    discountedAppointments: Number(perAppointment.rows[0]?.total_rows ?? (offset > 0 ? await countDiscounted(db, salonId, from, to) : 0)),
    limit,
    offset,
    totals: split(totals.rows[0] ?? ({} as SplitCents)),
  };
}

async function countDiscounted(db: DbOrTx, salonId: number, from: string, to: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(DISTINCT appointment_id) AS n FROM sale_lines
    WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date AND appointment_id IS NOT NULL AND discount_cents > 0`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}
