import type { ClientHistoryResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { euros } from '../../lib/report-range.js';

export interface AppointmentRef {
  salonId: number;
  appointmentId: number;
  day: string;
  clientId: number | null;
  clientName: string;
}

/**
 * Finds an appointment for a caller: in their salon (salonId given), or in any salon (null,
 * a superadmin). `exists` tells a 403 (it is in another salon) from a 404 (no such appointment).
 */
export async function findAppointment(
  db: DbOrTx,
  appointmentId: number,
  salonId: number | null,
): Promise<{ found: AppointmentRef | null; exists: boolean }> {
  // Appointments are keyed (salon_id, id): probe the key salon by salon, never scan by id alone.
  const lookup = (onlySalon: number | null) =>
    sql<{ salon_id: number; day: string; client_id: number | null; first_name: string | null; last_name: string | null }>`
      SELECT a.salon_id, a.day::text AS day, a.client_id, c.first_name, c.last_name
      FROM salons s
      JOIN appointments a ON a.salon_id = s.id AND a.id = ${appointmentId}
      LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
      WHERE ${onlySalon === null ? sql`true` : sql`s.id = ${onlySalon}`}
      ORDER BY a.salon_id
    `.execute(db);
  let { rows } = await lookup(salonId);
  if (rows.length === 0 && salonId !== null) rows = (await lookup(null)).rows;
  const mine = rows.find((r) => salonId === null || r.salon_id === salonId);
  if (!mine) return { found: null, exists: rows.length > 0 };
  return {
    exists: true,
    found: {
      salonId: mine.salon_id,
      appointmentId,
      day: mine.day,
      clientId: mine.client_id === null ? null : Number(mine.client_id),
      clientName: [mine.first_name, mine.last_name].filter(Boolean).join(' '),
    },
  };
}

/**
 * The service (or product) lines of an appointment's client in the appointment's salon, or of
 * the appointment alone (onlyWithAppointment, or when the appointment has no client).
 */
export async function getClientHistory(
  db: DbOrTx,
  ref: AppointmentRef,
  kind: 'SERVICE' | 'PRODUCT',
  onlyWithAppointment: boolean,
): Promise<Static<typeof ClientHistoryResponse>> {
  const only = onlyWithAppointment || ref.clientId === null;
  const which = only ? sql`sl.appointment_id = ${ref.appointmentId}` : sql`sl.client_id = ${ref.clientId}`;
  const item = kind === 'SERVICE' ? sql`LEFT JOIN services i ON i.id = sl.service_id` : sql`LEFT JOIN products i ON i.id = sl.product_id`;
  const { rows } = await sql<{
    id: number;
    appointment_id: number | null;
    day: string;
    item_id: number;
    item_name: string | null;
    category: string;
    staff_id: number | null;
    staff_first: string | null;
    staff_last: string | null;
    quantity: number;
    list_amount_cents: number;
    paid_amount_cents: number;
    discount_cents: number;
    recommended: boolean;
  }>`
    SELECT sl.id, sl.appointment_id, sl.day::text AS day, COALESCE(sl.service_id, sl.product_id) AS item_id, i.name AS item_name,
      sl.category, sl.staff_id, u.first_name AS staff_first, u.last_name AS staff_last, sl.quantity, sl.list_amount_cents,
      sl.paid_amount_cents, sl.discount_cents, sl.recommended
    FROM sale_lines sl
    ${item}
    LEFT JOIN users u ON u.id = sl.staff_id
    WHERE sl.salon_id = ${ref.salonId} AND sl.kind = ${kind} AND ${which}
    ORDER BY sl.day DESC, sl.id DESC
  `.execute(db);
  const totals = {
    lines: rows.length,
    quantity: 0,
    listAmount: 0,
    paidAmount: 0,
    discount: 0,
    visits: new Set(rows.map((r) => r.day)).size,
  };
  let list = 0;
  let paid = 0;
  let disc = 0;
  const out = rows.map((r) => {
    totals.quantity += r.quantity;
    list += r.list_amount_cents;
    paid += r.paid_amount_cents;
    disc += r.discount_cents;
    return {
      saleLineId: Number(r.id),
      appointmentId: r.appointment_id === null ? null : Number(r.appointment_id),
      day: r.day,
      itemId: r.item_id,
      itemName: r.item_name ?? '',
      category: r.category,
      staffId: r.staff_id,
      staffName: [r.staff_first, r.staff_last].filter(Boolean).join(' '),
      quantity: r.quantity,
      listAmount: euros(r.list_amount_cents),
      paidAmount: euros(r.paid_amount_cents),
      discount: euros(r.discount_cents),
      recommended: r.recommended,
    };
  });
  return {
    appointmentId: ref.appointmentId,
    appointmentDay: ref.day,
    clientId: ref.clientId,
    clientName: ref.clientName,
    onlyWithAppointment: only,
    rows: out,
    totals: { ...totals, listAmount: euros(list), paidAmount: euros(paid), discount: euros(disc) },
  };
}
