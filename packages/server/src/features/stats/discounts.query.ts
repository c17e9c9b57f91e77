import type { discountsPerAppointment, discountsPerDay, ResponseOf } from '@salon/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
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

/** A row of the per-appointment statement: a page row ('P'), or the totals row ('T', with the counts). */
interface PerAppointmentRow extends SplitCents {
  row: 'P' | 'T';
  appointment_id: number | null;
  day: string | null;
  client_id: number | null;
  first_name: string | null;
  last_name: string | null;
  total_rows: number | null;
  appointments: number | null;
}

/**
 * Discounts per appointment: a page of the discounted appointments (discounted_appointments), totals from the rollups.
 * One prepared statement: the page's rows, each client's name looked up by key (a page names ~500 of the salon's
 * clients: a merge join read every client record of the salon up to the last one), then one row of the totals of
 * non-walk-in lines (sales_daily), the range's appointments (appointments_daily) and its discounted appointments.
 */
export async function getDiscountsPerAppointment(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  limit = 500,
  offset = 0,
): Promise<PerAppointment> {
  const { rows: all } = await prepared(
    'discounts-per-appointment',
    sql<PerAppointmentRow>`
    SELECT * FROM (
      SELECT 'P' AS row, d.appointment_id, d.day::text AS day, d.client_id, d.s_list, d.s_paid, d.s_disc, d.s_lines, d.p_list, d.p_paid,
        d.p_disc, d.p_lines, c.first_name, c.last_name, NULL::bigint AS total_rows, NULL::bigint AS appointments
      FROM (
        SELECT * FROM discounted_appointments
        WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
        ORDER BY day, appointment_id
        LIMIT ${limit} OFFSET ${offset}
      ) d
      -- LIMIT 1 (one row by key anyway) keeps the lookup a lateral probe: not pulled up into a merge join.
      LEFT JOIN LATERAL (
        SELECT n.first_name, n.last_name FROM clients n WHERE n.salon_id = ${salonId} AND n.id = d.client_id LIMIT 1
      ) c ON true
    ) page
    UNION ALL
    SELECT 'T', NULL, NULL, NULL, ${SPLIT_COLUMNS('list_cents', 'revenue_cents', 'discount_cents', 'line_count')}, NULL, NULL,
      (SELECT count(*) FROM discounted_appointments WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date),
      (SELECT sum(appointments) FROM appointments_daily WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date)
    FROM sales_daily
    WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date AND NOT is_walk_in
    ORDER BY 1, 3, 2
  `,
  ).execute(db);
  const last = all[all.length - 1];
  const totals = last?.row === 'T' ? last : ({} as Partial<PerAppointmentRow>);
  const page = last?.row === 'T' ? all.slice(0, -1) : all;
  const rows = page.map((r) => ({
    appointmentId: Number(r.appointment_id),
    day: r.day as string,
    clientId: r.client_id === null ? null : Number(r.client_id),
    clientName: [r.first_name, r.last_name].filter(Boolean).join(' '),
    ...split(r),
  }));
  return {
    salonId,
    fromDate: from,
    toDate: to,
    rows,
    appointments: Number(totals.appointments ?? 0),
    discountedAppointments:
      page.length > 0 ? Number(totals.total_rows ?? 0) : offset > 0 ? await countDiscounted(db, salonId, from, to) : 0,
    limit,
    offset,
    totals: split(totals as SplitCents),
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
