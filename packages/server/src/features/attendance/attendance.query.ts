import type { AttendanceCorrectionDTO, AttendanceDTO, AttendancePersonDTO } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';

type AttendanceDto = Static<typeof AttendanceDTO>;
type PersonDto = Static<typeof AttendancePersonDTO>;
type CorrectionDto = Static<typeof AttendanceCorrectionDTO>;

/** A record open longer than this is a forgotten clock-out (and no longer blocks clocking in). */
export const FORGOTTEN_AFTER_HOURS = 14;

export interface SalonInfo {
  id: number;
  /** The salon's name, as its exports are headed. */
  name: string;
  timeZone: string;
}

export async function findSalon(db: DbOrTx, salonId: number): Promise<SalonInfo | undefined> {
  const row = await db.selectFrom('salons').select(['id', 'name', 'time_zone']).where('id', '=', salonId).executeTakeFirst();
  return row ? { id: row.id, name: row.name, timeZone: row.time_zone } : undefined;
}

/** A salon-local wall-clock time, YYYY-MM-DDTHH:MM, of a timestamptz expression. */
const local = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE s.time_zone, 'YYYY-MM-DD"T"HH24:MI')`);

/** Whether the salon (`s`) is closed on a day: its weekday is null in opening_hours, as the allowance reads it. */
const closedOn = (day: ReturnType<typeof sql>) =>
  sql<boolean>`jsonb_typeof(s.opening_hours -> (ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow FROM ${day})::int]) = 'null'`;

/**
 * Whether a record is a forgotten clock-out at `now`: still open once the salon's day of its
 * clock-in is over (its local midnight), and at least 14 hours after it (a shift past midnight
 * is still under way). Until then the person is still in.
 */
const forgottenSql = (now: Date) => sql<boolean>`(a.clock_out IS NULL
    AND ${now}::timestamptz >= a.clock_in + make_interval(hours => ${FORGOTTEN_AFTER_HOURS})
    AND ${now}::timestamptz >= (((a.clock_in AT TIME ZONE s.time_zone)::date + 1)::timestamp AT TIME ZONE s.time_zone)
  )`;

/**
 * The attendance record columns in the contract's shape (AttendanceDTO), for `attendances a`
 * joined to `salons s`.
 */
const recordJson = (now: Date) => sql`json_build_object(
    'attendanceId', a.id,
    'salonId', a.salon_id,
    'userId', a.user_id,
    'day', to_char((a.clock_in AT TIME ZONE s.time_zone)::date, 'YYYY-MM-DD'),
    'clockIn', ${local('a.clock_in')},
    'clockOut', ${local('a.clock_out')},
    'hoursWorked', coalesce(round((extract(epoch FROM a.clock_out - a.clock_in) / 3600)::numeric, 2), 0),
    'source', a.source,
    'isCorrected', EXISTS (SELECT 1 FROM attendance_corrections c WHERE c.salon_id = a.salon_id AND c.attendance_id = a.id),
    'isForgottenClockOut', coalesce(${forgottenSql(now)}, false)
  )`;

export async function getAttendance(db: DbOrTx, salonId: number, attendanceId: number, now: Date): Promise<AttendanceDto | undefined> {
  const result = await sql<{ record: AttendanceDto }>`
    SELECT ${recordJson(now)} AS record
    FROM attendances a JOIN salons s ON s.id = a.salon_id
    WHERE a.salon_id = ${salonId} AND a.id = ${attendanceId}
  `.execute(db);
  return result.rows[0]?.record;
}

/** The raw row of a record, wherever it is (the id is unique across salons). */
export async function findAttendanceRow(db: DbOrTx, attendanceId: number) {
  return db
    .selectFrom('attendances')
    .select(['salon_id as salonId', 'id', 'user_id as userId', 'clock_in as clockIn', 'clock_out as clockOut'])
    .where('id', '=', attendanceId)
    .executeTakeFirst();
}

/** Serialises clock-ins and corrections of one person (row lock on the user until the transaction ends). */
export async function lockUser(tx: DbOrTx, userId: number): Promise<void> {
  await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(tx);
}

/** The person's latest open record in the salon, with whether it is recent enough (< 14 h) to be the current one. */
export async function findOpenRecord(db: DbOrTx, salonId: number, userId: number, now: Date) {
  const result = await sql<{ id: number; clock_in_local: string; is_current: boolean }>`
    SELECT a.id, ${local('a.clock_in')} AS clock_in_local,
           a.clock_in > ${now}::timestamptz - make_interval(hours => ${FORGOTTEN_AFTER_HOURS}) AS is_current
    FROM attendances a JOIN salons s ON s.id = a.salon_id
    WHERE a.salon_id = ${salonId} AND a.user_id = ${userId} AND a.clock_out IS NULL AND a.clock_in <= ${now}::timestamptz
    ORDER BY a.clock_in DESC
    LIMIT 1
  `.execute(db);
  const row = result.rows[0];
  return row ? { id: Number(row.id), clockInLocal: row.clock_in_local, isCurrent: row.is_current } : undefined;
}

export async function insertAttendance(
  tx: DbOrTx,
  values: { salonId: number; userId: number; clockIn: Date; clockOut: Date | null; source: 'APP' | 'ADMIN' },
): Promise<number> {
  const row = await tx
    .insertInto('attendances')
    .values({
      salon_id: values.salonId,
      user_id: values.userId,
      clock_in: values.clockIn,
      clock_out: values.clockOut,
      source: values.source,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function setClockOut(tx: DbOrTx, salonId: number, attendanceId: number, clockOut: Date): Promise<void> {
  await tx.updateTable('attendances').set({ clock_out: clockOut }).where('salon_id', '=', salonId).where('id', '=', attendanceId).execute();
}

export async function updateAttendanceTimes(
  tx: DbOrTx,
  salonId: number,
  attendanceId: number,
  times: { clockIn: Date; clockOut: Date | null },
): Promise<void> {
  await tx
    .updateTable('attendances')
    .set({ clock_in: times.clockIn, clock_out: times.clockOut })
    .where('salon_id', '=', salonId)
    .where('id', '=', attendanceId)
    .execute();
}

export async function deleteAttendanceRow(tx: DbOrTx, salonId: number, attendanceId: number): Promise<void> {
  await tx.deleteFrom('attendances').where('salon_id', '=', salonId).where('id', '=', attendanceId).execute();
}

/**
 * A wall-clock time in the salon's zone as an instant; null when the text is not a real time
 * (e.g. 2026-02-30T25:00).
 */
export async function localToInstant(db: DbOrTx, timeZone: string, text: string): Promise<Date | null> {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d || h > 23 || mi > 59) return null;
  const result = await sql<{ instant: Date }>`SELECT (${text}::timestamp AT TIME ZONE ${timeZone}) AS instant`.execute(db);
  const instant = result.rows[0]?.instant;
  return instant ? new Date(instant) : null;
}

/** Another record of the person overlapping [clockIn, clockOut) (open records reach to clockIn + 14 h), if any. */
export async function findOverlap(
  db: DbOrTx,
  salonId: number,
  userId: number,
  times: { clockIn: Date; clockOut: Date | null },
  exceptId?: number,
) {
  const result = await sql<{ id: number; clock_in_local: string; clock_out_local: string | null }>`
    SELECT a.id, ${local('a.clock_in')} AS clock_in_local, ${local('a.clock_out')} AS clock_out_local
    FROM attendances a JOIN salons s ON s.id = a.salon_id
    WHERE a.salon_id = ${salonId} AND a.user_id = ${userId}
      AND a.id <> ${exceptId ?? 0}
      AND tstzrange(a.clock_in, coalesce(a.clock_out, a.clock_in + make_interval(hours => ${FORGOTTEN_AFTER_HOURS})), '[)')
          && tstzrange(${times.clockIn}::timestamptz,
                       coalesce(${times.clockOut}::timestamptz, ${times.clockIn}::timestamptz + make_interval(hours => ${FORGOTTEN_AFTER_HOURS})), '[)')
    ORDER BY a.clock_in
    LIMIT 1
  `.execute(db);
  return result.rows[0];
}

export async function insertCorrection(
  tx: DbOrTx,
  values: {
    salonId: number;
    attendanceId: number;
    userId: number;
    action: 'ADD' | 'CHANGE' | 'DELETE';
    changedBy: number;
    old: { clockIn: Date; clockOut: Date | null } | null;
    new: { clockIn: Date; clockOut: Date | null } | null;
    reason: string;
  },
): Promise<void> {
  await tx
    .insertInto('attendance_corrections')
    .values({
      salon_id: values.salonId,
      attendance_id: values.attendanceId,
      user_id: values.userId,
      action: values.action,
      changed_by: values.changedBy,
      old_clock_in: values.old?.clockIn ?? null,
      old_clock_out: values.old?.clockOut ?? null,
      new_clock_in: values.new?.clockIn ?? null,
      new_clock_out: values.new?.clockOut ?? null,
      reason: values.reason,
    })
    .execute();
}

export interface SheetScope {
  salon: SalonInfo;
  from: string;
  to: string;
  /** Only these people; undefined = the salon's staff employed in the range or with records, shifts or days off in it. */
  userIds?: number[];
  now: Date;
}

/**
 * The attendance sheet: per person per day the clock-in and -out, hours worked, the shift's
 * hours, the difference, the absence code and the flags, and per person the totals, all
 * computed in SQL from attendances, user_timeframes (shifts) and user_shifts (approved days
 * off). Records and shifts count on the salon-local day they start.
 */
export async function getSheet(db: DbOrTx, scope: SheetScope): Promise<PersonDto[]> {
  const { salon, from, to, now } = scope;
  const userIds = scope.userIds ?? null;
  const result = await sql<{
    user_id: number;
    first_name: string;
    last_name: string;
    title: string;
    days: PersonDto['days'];
    days_worked: number;
    hours_worked: number;
    shift_hours: number;
    excused_hours: number;
    difference: number;
    holiday_days: number;
    sick_days: number;
    permit_days: number;
    forgotten: number;
    without_shift: number;
    without_clock_in: number;
    corrected_days: number;
  }>`
    WITH bounds AS (
      SELECT (${from}::date::timestamp AT TIME ZONE s.time_zone) AS t_from,
             ((${to}::date + 1)::timestamp AT TIME ZONE s.time_zone) AS t_to
      FROM salons s WHERE s.id = ${salon.id}
    ),
    att AS (
      SELECT a.user_id, (a.clock_in AT TIME ZONE s.time_zone)::date AS day, a.clock_in, a.clock_out,
             ${recordJson(now)} AS record,
             coalesce(${forgottenSql(now)}, false) AS is_forgotten,
             EXISTS (SELECT 1 FROM attendance_corrections c WHERE c.salon_id = a.salon_id AND c.attendance_id = a.id) AS is_corrected
      FROM attendances a JOIN salons s ON s.id = a.salon_id, bounds b
      WHERE a.salon_id = ${salon.id} AND a.clock_in >= b.t_from AND a.clock_in < b.t_to
        AND (${userIds}::int[] IS NULL OR a.user_id = ANY(${userIds}::int[]))
    ),
    att_days AS (
      SELECT user_id, day,
             min(clock_in) AS first_in,
             CASE WHEN bool_and(clock_out IS NOT NULL) THEN max(clock_out) END AS last_out,
             coalesce(sum(extract(epoch FROM clock_out - clock_in)) FILTER (WHERE clock_out IS NOT NULL), 0)::numeric AS seconds,
             bool_or(is_forgotten) AS forgotten,
             bool_or(clock_out IS NULL AND NOT is_forgotten) AS still_in,
             bool_or(is_corrected) AS corrected,
             json_agg(record ORDER BY clock_in) AS records
      FROM att GROUP BY user_id, day
    ),
    shift_rows AS (
      SELECT t.user_id, (t.day_start AT TIME ZONE s.time_zone)::date AS day, t.day_start, t.day_end
      FROM user_timeframes t JOIN salons s ON s.id = t.salon_id, bounds b
      WHERE t.salon_id = ${salon.id} AND t.day_start >= b.t_from AND t.day_start < b.t_to
        AND (${userIds}::int[] IS NULL OR t.user_id = ANY(${userIds}::int[]))
    ),
    shift_days AS (
      SELECT user_id, day, min(day_start) AS shift_start, max(day_end) AS shift_end,
             sum(extract(epoch FROM day_end - day_start))::numeric AS seconds,
             bool_or(day_start <= ${now}::timestamptz) AS has_started
      FROM shift_rows
      GROUP BY user_id, day
    ),
    absence_rows AS (
      -- Each approved day off on each of its days, with the part of the day it covers: the whole
      -- day, the morning or the afternoon (they meet at 13:00), or the hours of a PERMIT. A holiday
      -- takes only the days the salon opens, as the allowance counts it.
      SELECT us.user_id, g.day::date AS day, us.type, us.part,
             CASE us.part
               WHEN 'FULL_DAY' THEN tstzrange(NULL, NULL)
               WHEN 'MORNING' THEN tstzrange(NULL, (g.day::date + time '13:00') AT TIME ZONE s.time_zone)
               WHEN 'AFTERNOON' THEN tstzrange((g.day::date + time '13:00') AT TIME ZONE s.time_zone, NULL)
               ELSE tstzrange((g.day::date + us.start_time) AT TIME ZONE s.time_zone, (g.day::date + us.end_time) AT TIME ZONE s.time_zone)
             END AS covers
      FROM user_shifts us JOIN salons s ON s.id = us.salon_id,
           generate_series(greatest(us.start_day, ${from}::date), least(us.end_day, ${to}::date), interval '1 day') AS g(day)
      WHERE us.salon_id = ${salon.id} AND us.start_day <= ${to}::date AND us.end_day >= ${from}::date
        AND (${userIds}::int[] IS NULL OR us.user_id = ANY(${userIds}::int[]))
        AND NOT (us.type = 'HOLIDAY' AND ${closedOn(sql`g.day`)})
    ),
    holiday_totals AS (
      -- Holiday days as the allowance counts them: a whole day 1, a morning or an afternoon 0.5.
      SELECT user_id, sum(CASE part WHEN 'FULL_DAY' THEN 1 WHEN 'HOURS' THEN 0 ELSE 0.5 END) AS days
      FROM absence_rows WHERE type = 'HOLIDAY'
      GROUP BY user_id
    ),
    absence_days AS (
      SELECT DISTINCT ON (user_id, day) user_id, day, type
      FROM absence_rows
      ORDER BY user_id, day, (part = 'FULL_DAY') DESC, CASE type WHEN 'SICK' THEN 0 WHEN 'HOLIDAY' THEN 1 ELSE 2 END
    ),
    excused_days AS (
      -- The shift hours a day off excuses: the overlap of the day's shifts with what it covers.
      SELECT ar.user_id, ar.day, sum(extract(epoch FROM upper(x.r) - lower(x.r)))::numeric AS seconds
      FROM absence_rows ar
      JOIN shift_rows t ON t.user_id = ar.user_id AND t.day = ar.day
      CROSS JOIN LATERAL (SELECT tstzrange(t.day_start, t.day_end) * ar.covers AS r) x
      WHERE NOT isempty(x.r)
      GROUP BY ar.user_id, ar.day
    ),
    keys AS (
      SELECT user_id, day FROM att_days UNION SELECT user_id, day FROM shift_days UNION SELECT user_id, day FROM absence_days
    ),
    day_seconds AS (
      SELECT k.user_id, k.day,
             ad.first_in, ad.last_out, coalesce(ad.seconds, 0) AS worked_s,
             sd.shift_start, sd.shift_end, coalesce(sd.seconds, 0) AS shift_s,
             least(coalesce(ex.seconds, 0), coalesce(sd.seconds, 0)) AS excused_s,
             -- Shifts still to come (none started, nothing clocked) are not short hours yet, nor is a day
             -- someone is still in (its hours are not known until they clock out).
             CASE WHEN ad.user_id IS NULL AND sd.has_started IS NOT TRUE THEN 0
                  WHEN ad.still_in THEN 0
                  ELSE coalesce(ad.seconds, 0) - coalesce(sd.seconds, 0) + least(coalesce(ex.seconds, 0), coalesce(sd.seconds, 0))
             END AS difference_s,
             ab.type AS absence_code,
             coalesce(ad.forgotten, false) AS forgotten,
             (ad.user_id IS NOT NULL AND sd.user_id IS NULL) AS without_shift,
             (sd.has_started IS TRUE AND ad.user_id IS NULL AND coalesce(ex.seconds, 0) < sd.seconds) AS without_clock_in,
             coalesce(ad.corrected, false) AS corrected,
             coalesce(ad.records, '[]'::json) AS records,
             ad.user_id IS NOT NULL AS worked
      FROM keys k
      LEFT JOIN att_days ad ON ad.user_id = k.user_id AND ad.day = k.day
      LEFT JOIN shift_days sd ON sd.user_id = k.user_id AND sd.day = k.day
      LEFT JOIN absence_days ab ON ab.user_id = k.user_id AND ab.day = k.day
      LEFT JOIN excused_days ex ON ex.user_id = k.user_id AND ex.day = k.day
    ),
    days AS (
      -- A day's hours are rounded for the day only; totals add the seconds and round once.
      SELECT d.*, round(d.worked_s / 3600, 2) AS hours_worked, round(d.shift_s / 3600, 2) AS shift_hours,
             round(d.excused_s / 3600, 2) AS excused_hours, round(d.difference_s / 3600, 2) AS difference
      FROM day_seconds d
    ),
    people AS (
      SELECT u.id AS user_id, u.first_name, u.last_name, u.title
      FROM users u
      WHERE (${userIds}::int[] IS NOT NULL AND u.id = ANY(${userIds}::int[]))
         OR (${userIds}::int[] IS NULL AND (
              (u.salon_id = ${salon.id}
                AND (u.employment_start IS NULL OR u.employment_start <= ${to}::date)
                AND (u.employment_end IS NULL OR u.employment_end >= ${from}::date)
                AND NOT EXISTS (SELECT 1 FROM user_permissions up WHERE up.user_id = u.id AND up.permission_id = 1))
              OR u.id IN (SELECT user_id FROM keys)))
    )
    SELECT p.user_id, p.first_name, p.last_name, p.title,
           coalesce(json_agg(json_build_object(
             'day', to_char(d.day, 'YYYY-MM-DD'),
             'clockIn', to_char(d.first_in AT TIME ZONE s.time_zone, 'YYYY-MM-DD"T"HH24:MI'),
             'clockOut', to_char(d.last_out AT TIME ZONE s.time_zone, 'YYYY-MM-DD"T"HH24:MI'),
             'hoursWorked', d.hours_worked,
             'shiftStart', to_char(d.shift_start AT TIME ZONE s.time_zone, 'YYYY-MM-DD"T"HH24:MI'),
             'shiftEnd', to_char(d.shift_end AT TIME ZONE s.time_zone, 'YYYY-MM-DD"T"HH24:MI'),
             'shiftHours', d.shift_hours,
             'excusedHours', d.excused_hours,
             'difference', d.difference,
             'absenceCode', d.absence_code,
             'flags', json_build_object('forgottenClockOut', d.forgotten, 'clockInWithoutShift', d.without_shift,
                                        'shiftWithoutClockIn', d.without_clock_in),
             'isCorrected', d.corrected,
             'attendances', d.records
           ) ORDER BY d.day) FILTER (WHERE d.day IS NOT NULL), '[]'::json) AS days,
           count(d.day) FILTER (WHERE d.worked) AS days_worked,
           round(coalesce(sum(d.worked_s), 0) / 3600, 2) AS hours_worked,
           round(coalesce(sum(d.shift_s), 0) / 3600, 2) AS shift_hours,
           round(coalesce(sum(d.excused_s), 0) / 3600, 2) AS excused_hours,
           round(coalesce(sum(d.difference_s), 0) / 3600, 2) AS difference,
           coalesce(h.days, 0) AS holiday_days,
           count(d.day) FILTER (WHERE d.absence_code = 'SICK') AS sick_days,
           count(d.day) FILTER (WHERE d.absence_code = 'PERMIT') AS permit_days,
           count(d.day) FILTER (WHERE d.forgotten) AS forgotten,
           count(d.day) FILTER (WHERE d.without_shift) AS without_shift,
           count(d.day) FILTER (WHERE d.without_clock_in) AS without_clock_in,
           count(d.day) FILTER (WHERE d.corrected) AS corrected_days
    FROM people p
    CROSS JOIN salons s
    LEFT JOIN days d ON d.user_id = p.user_id
    LEFT JOIN holiday_totals h ON h.user_id = p.user_id
    WHERE s.id = ${salon.id}
    GROUP BY p.user_id, p.first_name, p.last_name, p.title, h.days
    ORDER BY p.last_name, p.first_name, p.user_id
  `.execute(db);
  return result.rows.map((row) => ({
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title,
    days: row.days,
    totals: {
      daysWorked: Number(row.days_worked),
      hoursWorked: Number(row.hours_worked),
      shiftHours: Number(row.shift_hours),
      excusedHours: Number(row.excused_hours),
      difference: Number(row.difference),
      holidayDays: Number(row.holiday_days),
      sickDays: Number(row.sick_days),
      permitDays: Number(row.permit_days),
      forgottenClockOuts: Number(row.forgotten),
      clockInsWithoutShift: Number(row.without_shift),
      shiftsWithoutClockIn: Number(row.without_clock_in),
      correctedDays: Number(row.corrected_days),
    },
  }));
}

/** Every correction of the person's records in the range (by the record's clock-in, old or new), newest first. */
export async function listCorrections(db: DbOrTx, salon: SalonInfo, userId: number, from: string, to: string): Promise<CorrectionDto[]> {
  const result = await sql<CorrectionDto>`
    SELECT c.id AS "correctionId", c.attendance_id AS "attendanceId", c.user_id AS "userId", c.action,
           c.changed_by AS "changedById",
           coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), '') AS "changedByName",
           to_char(c.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "changedAt",
           ${local('c.old_clock_in')} AS "oldClockIn", ${local('c.old_clock_out')} AS "oldClockOut",
           ${local('c.new_clock_in')} AS "newClockIn", ${local('c.new_clock_out')} AS "newClockOut",
           c.reason
    FROM attendance_corrections c
    JOIN salons s ON s.id = c.salon_id
    LEFT JOIN users u ON u.id = c.changed_by
    WHERE c.salon_id = ${salon.id} AND c.user_id = ${userId}
      AND coalesce(c.new_clock_in, c.old_clock_in) >= (${from}::date::timestamp AT TIME ZONE s.time_zone)
      AND coalesce(c.new_clock_in, c.old_clock_in) < ((${to}::date + 1)::timestamp AT TIME ZONE s.time_zone)
    ORDER BY c.changed_at DESC, c.id DESC
  `.execute(db);
  return result.rows.map((row) => ({ ...row, correctionId: Number(row.correctionId), attendanceId: Number(row.attendanceId) }));
}

/** The caller's stored interface language. */
export async function getUserLanguage(db: DbOrTx, userId: number): Promise<'en' | 'it'> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? 'en';
}

export async function findUserSalon(db: DbOrTx, userId: number): Promise<{ salonId: number | null } | undefined> {
  const row = await db.selectFrom('users').select('salon_id').where('id', '=', userId).executeTakeFirst();
  return row ? { salonId: row.salon_id } : undefined;
}
