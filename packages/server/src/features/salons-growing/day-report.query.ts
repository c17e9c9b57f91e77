import type { DayReport } from '@salon/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { addDays } from '../../lib/months.js';
import { type Clock, salonToday } from '../../lib/today.js';

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
  const { appointments, items } = await readDay(db, salonId, sql`${date}::date`);
  return buildDayReport(salonId, date, appointments, items);
}

/**
 * The report of a salon's today (daysAhead 0) or tomorrow (1) as the clock gives it in the salon's time zone, in one
 * round trip: both statements work the day out from the salon's row (the pinned day, or the clock's instant AT TIME
 * ZONE the salon's) instead of reading the salon first. The day PostgreSQL's time-zone data gives is checked against
 * lib/today.ts's (Intl's); should they ever differ, the report is read again for the latter. Undefined: no such salon.
 */
export async function getDayReportOfSalon(
  db: DbOrTx,
  clock: Clock,
  salonId: number,
  daysAhead: number,
): Promise<DayReportData | undefined> {
  const instant = clock.now().toISOString();
  const day = sql`(SELECT COALESCE(${clock.pinnedToday ?? null}::date, (${instant}::timestamptz AT TIME ZONE time_zone)::date) + ${daysAhead}::int
    FROM salons WHERE id = ${salonId})`;
  const { salon, appointments, items } = await readDay(db, salonId, day);
  if (!salon) return undefined;
  const date = addDays(salonToday(salon.timeZone, clock), daysAhead);
  if (date !== salon.day) return getDayReport(db, salonId, date);
  return buildDayReport(salonId, date, appointments, items);
}

/**
 * The day's appointments (with the salon's time zone and the day, on a row of their own when there is none) and their
 * items: two prepared statements at once on the pool.
 */
async function readDay(db: DbOrTx, salonId: number, day: RawBuilder<unknown>) {
  const [{ rows }, { rows: items }] = await Promise.all([
    prepared(
      'day-report-appointments',
      sql<AppointmentRow & { timeZone: string; day: string }>`
    WITH d AS (SELECT s.id, s.time_zone, ${day} AS day FROM salons s WHERE s.id = ${salonId})
    SELECT d.time_zone AS "timeZone", d.day::text AS day, a.id AS "appointmentId", a.status,
      to_char(a.start_at AT TIME ZONE d.time_zone, 'HH24:MI') AS "startTime",
      to_char(a.end_at AT TIME ZONE d.time_zone, 'HH24:MI') AS "endTime",
      a.client_id AS "clientId",
      trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) AS "clientName",
      a.staff_id AS "staffId",
      trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS "staffName"
    FROM d
    LEFT JOIN appointments a ON a.salon_id = d.id AND a.day = d.day AND a.status IN ('BOOKED', 'DONE')
    LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
    LEFT JOIN users u ON u.id = a.staff_id
    ORDER BY a.start_at, a.id`,
    ).execute(db),
    prepared(
      'day-report-items',
      sql<ItemRow>`
    WITH d AS (SELECT s.id, ${day} AS day FROM salons s WHERE s.id = ${salonId})
    SELECT l.appointment_id AS "appointmentId", l.kind, coalesce(sv.name, p.name, '') AS name, l.category,
      l.paid_amount_cents AS "amountCents"
    FROM d
    JOIN appointments a ON a.salon_id = d.id AND a.day = d.day AND a.status = 'DONE'
    JOIN sale_lines l ON l.salon_id = a.salon_id AND l.appointment_id = a.id
    LEFT JOIN services sv ON sv.id = l.service_id
    LEFT JOIN products p ON p.id = l.product_id
    UNION ALL
    SELECT b.appointment_id, 'SERVICE', sv.name, sv.category, b.list_price_cents
    FROM d
    JOIN appointments a ON a.salon_id = d.id AND a.day = d.day AND a.status = 'BOOKED'
    JOIN appointment_services b ON b.salon_id = a.salon_id AND b.appointment_id = a.id
    JOIN services sv ON sv.id = b.service_id
    ORDER BY 1, 2 DESC, 3`,
    ).execute(db),
  ]);
  const first = rows[0];
  return {
    salon: first ? { timeZone: first.timeZone, day: first.day } : undefined,
    appointments: rows
      .filter((row) => row.appointmentId !== null)
      .map(({ timeZone: _zone, day: _day, ...appointment }): AppointmentRow => appointment),
    items,
  };
}

function buildDayReport(salonId: number, date: string, appointments: AppointmentRow[], items: ItemRow[]): DayReportData {
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
