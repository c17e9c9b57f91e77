import type { AppointmentSummaryDTO } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { AppointmentStatus, DbOrTx } from '../../db/database.js';

export type AppointmentSummary = Static<typeof AppointmentSummaryDTO>;

interface AppointmentRow {
  id: number;
  salon_id: number;
  client_id: number | null;
  client_name: string | null;
  staff_id: number | null;
  start_at: Date;
  end_at: Date;
  day: string;
  start_time: string;
  end_time: string;
  status: AppointmentStatus;
  services: { serviceId: number; name: string; staffId: number | null }[] | null;
}

const APPOINTMENT_COLUMNS = sql`a.id, a.salon_id, a.client_id, trim(c.first_name || ' ' || c.last_name) AS client_name, a.staff_id,
  a.start_at, a.end_at, to_char(a.start_at AT TIME ZONE s.time_zone, 'YYYY-MM-DD') AS day,
  to_char(a.start_at AT TIME ZONE s.time_zone, 'HH24:MI') AS start_time, to_char(a.end_at AT TIME ZONE s.time_zone, 'HH24:MI') AS end_time,
  a.status,
  (SELECT json_agg(json_build_object('serviceId', x.service_id, 'name', sv.name, 'staffId', x.staff_id) ORDER BY x.id)
     FROM appointment_services x JOIN services sv ON sv.id = x.service_id
     WHERE x.salon_id = a.salon_id AND x.appointment_id = a.id) AS services`;
const APPOINTMENT_FROM = sql`appointments a JOIN salons s ON s.id = a.salon_id
  LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id`;

function toSummary(row: AppointmentRow): AppointmentSummary {
  return {
    appointmentId: row.id,
    salonId: row.salon_id,
    clientId: row.client_id,
    clientName: row.client_name ?? '',
    staffId: row.staff_id,
    start: row.start_at.toISOString(),
    end: row.end_at.toISOString(),
    day: row.day,
    startTime: row.start_time,
    endTime: row.end_time,
    status: row.status,
    services: row.services ?? [],
  };
}

/**
 * A person's BOOKED appointments (booked with them, or with one of their services assigned to
 * them) overlapping [from, to). The salon-local days bound the search on the day index.
 */
export async function bookedAppointmentsOf(
  db: DbOrTx,
  salonId: number,
  userId: number,
  range: { from: Date; to: Date; fromDay: string; toDay: string },
): Promise<AppointmentSummary[]> {
  const { rows } = await sql<AppointmentRow>`
    SELECT ${APPOINTMENT_COLUMNS}
    FROM ${APPOINTMENT_FROM}
    WHERE a.salon_id = ${salonId} AND a.status = 'BOOKED'
      AND a.day BETWEEN ${range.fromDay}::date - 1 AND ${range.toDay}::date + 1
      AND a.start_at < ${range.to} AND a.end_at > ${range.from}
      AND (a.staff_id = ${userId} OR EXISTS (
        SELECT 1 FROM appointment_services x WHERE x.salon_id = a.salon_id AND x.appointment_id = a.id AND x.staff_id = ${userId}))
    ORDER BY a.start_at, a.id
  `.execute(db);
  return rows.map(toSummary);
}

/** The client's salon, or undefined when there is no such client. */
export async function clientSalon(db: DbOrTx, clientId: number): Promise<number | undefined> {
  const row = await db.selectFrom('clients').select('salon_id').where('id', '=', clientId).executeTakeFirst();
  return row?.salon_id;
}

/** The client's first BOOKED appointment starting after the salon-local day `afterDay`. */
export async function nextBookedAppointment(
  db: DbOrTx,
  salonId: number,
  clientId: number,
  afterDay: string,
): Promise<AppointmentSummary | null> {
  const { rows } = await sql<AppointmentRow>`
    SELECT ${APPOINTMENT_COLUMNS}
    FROM ${APPOINTMENT_FROM}
    WHERE a.salon_id = ${salonId} AND a.client_id = ${clientId} AND a.status = 'BOOKED'
      AND a.day >= ${afterDay}::date AND a.start_at >= ((${afterDay}::date + 1)::timestamp AT TIME ZONE s.time_zone)
    ORDER BY a.start_at, a.id
    LIMIT 1
  `.execute(db);
  return rows[0] ? toSummary(rows[0]) : null;
}

/** The client's last DONE appointment. */
export async function lastDoneAppointment(db: DbOrTx, salonId: number, clientId: number): Promise<AppointmentSummary | null> {
  const { rows } = await sql<AppointmentRow>`
    SELECT ${APPOINTMENT_COLUMNS}
    FROM ${APPOINTMENT_FROM}
    WHERE a.salon_id = ${salonId} AND a.client_id = ${clientId} AND a.status = 'DONE'
    ORDER BY a.day DESC, a.start_at DESC, a.id DESC
    LIMIT 1
  `.execute(db);
  return rows[0] ? toSummary(rows[0]) : null;
}

export async function findService(db: DbOrTx, serviceId: number): Promise<{ name: string; durationMinutes: number } | undefined> {
  const row = await db.selectFrom('services').select(['name', 'duration_minutes']).where('id', '=', serviceId).executeTakeFirst();
  return row ? { name: row.name, durationMinutes: row.duration_minutes } : undefined;
}

export interface ServiceStaffRow {
  user_id: number;
  first_name: string;
  last_name: string;
  services_done: number;
  last_done: string;
}

/** The salon's current staff who performed the service (their sale lines of it in the year up to the day), with how often and when last. */
export async function staffPerformingService(db: DbOrTx, salonId: number, serviceId: number, day: string): Promise<ServiceStaffRow[]> {
  const { rows } = await sql<ServiceStaffRow>`
    SELECT u.id AS user_id, u.first_name, u.last_name, done.n::integer AS services_done, done.last_day::text AS last_done
    FROM users u
    CROSS JOIN LATERAL (
      SELECT count(*) AS n, max(l.day) AS last_day
      FROM sale_lines l
      WHERE l.salon_id = ${salonId} AND l.staff_id = u.id AND l.service_id = ${serviceId}
        AND l.day BETWEEN ${day}::date - 365 AND ${day}::date
    ) done
    WHERE u.salon_id = ${salonId} AND done.n > 0
      AND (u.employment_start IS NULL OR u.employment_start <= ${day}::date)
      AND (u.employment_end IS NULL OR u.employment_end >= ${day}::date)
  `.execute(db);
  return rows;
}

export interface BusyInterval {
  userId: number;
  start: Date;
  end: Date;
}

/** Appointments BOOKED or DONE with these people overlapping [from, to). */
export async function appointmentIntervals(
  db: DbOrTx,
  salonId: number,
  userIds: readonly number[],
  range: { from: Date; to: Date; fromDay: string; toDay: string },
): Promise<BusyInterval[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<{ user_id: number; start_at: Date; end_at: Date }>`
    SELECT DISTINCT coalesce(x.staff_id, a.staff_id) AS user_id, a.start_at, a.end_at
    FROM appointments a
    LEFT JOIN appointment_services x ON x.salon_id = a.salon_id AND x.appointment_id = a.id
    WHERE a.salon_id = ${salonId} AND a.status IN ('BOOKED', 'DONE')
      AND a.day BETWEEN ${range.fromDay}::date - 1 AND ${range.toDay}::date + 1
      AND a.start_at < ${range.to} AND a.end_at > ${range.from}
      AND coalesce(x.staff_id, a.staff_id) = ANY(${sql.val([...userIds])}::integer[])
    ORDER BY 2
  `.execute(db);
  return rows.map((row) => ({ userId: row.user_id, start: row.start_at, end: row.end_at }));
}
