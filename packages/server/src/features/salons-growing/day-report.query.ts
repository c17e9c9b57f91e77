import type { DayReport } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';

export type DayReportData = Static<typeof DayReport>;

interface AppointmentRow {
  appointmentId: number;
  status: 'BOOKED' | 'DONE';
  startTime: string;
  endTime: string;
  clientId: number | null;
  clientName: string;
  staffId: number | null;
  staffName: string;
}

interface ItemRow {
  appointmentId: number;
  kind: 'SERVICE' | 'PRODUCT';
  name: string;
  category: string;
  amountCents: number;
}

const euros = (cents: number) => Math.round(cents) / 100;

/**
 * The today / tomorrow report of one day: appointments BOOKED or DONE, each with its expected
 * revenue: a DONE appointment's checked-out lines at the paid amount, a BOOKED one's booked
 * services (appointment_services) at their list price. Nothing is estimated: an appointment with
 * neither counts 0 and is reported in appointmentsWithoutItems.
 */
export async function getDayReport(db: DbOrTx, salonId: number, date: string): Promise<DayReportData> {
  // The appointments and their items are independent statements: both at once on the pool.
  const [{ rows: appointments }, { rows: items }] = await Promise.all([
    sql<AppointmentRow>`
    SELECT a.id AS "appointmentId", a.status,
      to_char(a.start_at AT TIME ZONE s.time_zone, 'HH24:MI') AS "startTime",
      to_char(a.end_at AT TIME ZONE s.time_zone, 'HH24:MI') AS "endTime",
      a.client_id AS "clientId",
      trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) AS "clientName",
      a.staff_id AS "staffId",
      trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS "staffName"
    FROM appointments a
    JOIN salons s ON s.id = a.salon_id
    LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
    LEFT JOIN users u ON u.id = a.staff_id
    WHERE a.salon_id = ${salonId} AND a.day = ${date}::date AND a.status IN ('BOOKED', 'DONE')
    ORDER BY a.start_at, a.id`.execute(db),
    sql<ItemRow>`
    SELECT l.appointment_id AS "appointmentId", l.kind, coalesce(sv.name, p.name, '') AS name, l.category,
      l.paid_amount_cents AS "amountCents"
    FROM appointments a
    JOIN sale_lines l ON l.salon_id = a.salon_id AND l.appointment_id = a.id
    LEFT JOIN services sv ON sv.id = l.service_id
    LEFT JOIN products p ON p.id = l.product_id
    WHERE a.salon_id = ${salonId} AND a.day = ${date}::date AND a.status = 'DONE'
    UNION ALL
    SELECT b.appointment_id, 'SERVICE', sv.name, sv.category, b.list_price_cents
    FROM appointments a
    JOIN appointment_services b ON b.salon_id = a.salon_id AND b.appointment_id = a.id
    JOIN services sv ON sv.id = b.service_id
    WHERE a.salon_id = ${salonId} AND a.day = ${date}::date AND a.status = 'BOOKED'
    ORDER BY 1, 2 DESC, 3`.execute(db),
  ]);

  const itemsOf = new Map<number, ItemRow[]>();
  for (const item of items) {
    const list = itemsOf.get(item.appointmentId) ?? [];
    list.push(item);
    itemsOf.set(item.appointmentId, list);
  }

  const categories = new Map<string, { appointments: number; cents: number }>();
  let totalCents = 0;
  let withoutItems = 0;
  const result = appointments.map((appointment) => {
    const own = itemsOf.get(appointment.appointmentId) ?? [];
    const cents = own.reduce((sum, item) => sum + item.amountCents, 0);
    totalCents += cents;
    if (own.length === 0) withoutItems += 1;
    const ownCategories = [...new Set(own.map((item) => item.category))].sort();
    for (const category of ownCategories) {
      const entry = categories.get(category) ?? { appointments: 0, cents: 0 };
      entry.appointments += 1;
      entry.cents += own.filter((item) => item.category === category).reduce((sum, item) => sum + item.amountCents, 0);
      categories.set(category, entry);
    }
    return {
      ...appointment,
      revenueSource:
        own.length === 0 ? ('NONE' as const) : appointment.status === 'DONE' ? ('PAID_LINES' as const) : ('BOOKED_SERVICES' as const),
      expectedRevenue: euros(cents),
      categories: ownCategories,
      items: own.map((item) => ({ kind: item.kind, name: item.name, category: item.category, amount: euros(item.amountCents) })),
    };
  });

  return {
    salonId,
    date,
    appointmentCount: appointments.length,
    doneCount: appointments.filter((appointment) => appointment.status === 'DONE').length,
    expectedRevenue: euros(totalCents),
    appointmentsWithoutItems: withoutItems,
    categories: [...categories.entries()]
      .map(([category, entry]) => ({ category, appointments: entry.appointments, expectedRevenue: euros(entry.cents) }))
      .sort((a, b) => b.expectedRevenue - a.expectedRevenue || a.category.localeCompare(b.category)),
    appointments: result,
  };
}
