import type { ShiftDTO } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx, RecurrenceKind } from '../../db/database.js';

export type Shift = Static<typeof ShiftDTO>;

interface ShiftRow {
  id: number;
  salon_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  day_start: Date;
  day_end: Date;
  note: string;
  recurrence_id: string | null;
  recurrence_kind: RecurrenceKind | null;
  day: string;
  start_time: string;
  end_time: string;
  ends_next_day: boolean;
  hours: number;
}

/** The columns of a ShiftDTO, local parts in the salon's zone (alias t = user_timeframes, s = salons, u = users). */
const SHIFT_COLUMNS = sql`
  t.id, t.salon_id, t.user_id, u.first_name, u.last_name, t.day_start, t.day_end, t.note, t.recurrence_id, t.recurrence_kind,
  to_char(t.day_start AT TIME ZONE s.time_zone, 'YYYY-MM-DD') AS day,
  to_char(t.day_start AT TIME ZONE s.time_zone, 'HH24:MI') AS start_time,
  to_char(t.day_end AT TIME ZONE s.time_zone, 'HH24:MI') AS end_time,
  (t.day_end AT TIME ZONE s.time_zone)::date > (t.day_start AT TIME ZONE s.time_zone)::date AS ends_next_day,
  round(extract(epoch FROM t.day_end - t.day_start) / 3600.0, 2)::float8 AS hours`;

export function toShift(row: ShiftRow): Shift {
  return {
    userTimeframeId: row.id,
    salonId: row.salon_id,
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    dayStart: row.day_start.toISOString(),
    dayEnd: row.day_end.toISOString(),
    day: row.day,
    startTime: row.start_time,
    endTime: row.end_time,
    endsNextDay: row.ends_next_day,
    hours: Number(row.hours),
    note: row.note,
    recurrenceId: row.recurrence_id,
    recurrenceKind: row.recurrence_kind,
  };
}

export interface ShiftFilter {
  salonId: number;
  /** First and last salon-local day (inclusive) the shifts belong to (the day they start). */
  fromDay: string;
  toDay: string;
  userId?: number;
}

/**
 * Shifts of a salon whose day (the salon-local day they start) is within fromDay..toDay, by
 * start: the bounds are turned into instants in the salon's zone once, so the
 * (salon_id, day_start) index answers.
 */
export async function listShiftsOf(db: DbOrTx, filter: ShiftFilter): Promise<Shift[]> {
  const { rows } = await sql<ShiftRow>`
    SELECT ${SHIFT_COLUMNS}
    FROM salons s
    JOIN user_timeframes t ON t.salon_id = s.id
      AND t.day_start >= (${filter.fromDay}::date::timestamp AT TIME ZONE s.time_zone)
      AND t.day_start < ((${filter.toDay}::date + 1)::timestamp AT TIME ZONE s.time_zone)
    JOIN users u ON u.id = t.user_id
    WHERE s.id = ${filter.salonId} ${filter.userId !== undefined ? sql`AND t.user_id = ${filter.userId}` : sql``}
    ORDER BY t.day_start, u.last_name, u.first_name, t.id
  `.execute(db);
  return rows.map(toShift);
}

/** One person's shifts in every salon whose day is within fromDay..toDay (in each shift's salon zone). */
export async function listShiftsOfUser(db: DbOrTx, userId: number, fromDay: string, toDay: string): Promise<Shift[]> {
  const { rows } = await sql<ShiftRow>`
    SELECT ${SHIFT_COLUMNS}
    FROM user_timeframes t
    JOIN salons s ON s.id = t.salon_id
    JOIN users u ON u.id = t.user_id
    WHERE t.user_id = ${userId}
      AND t.day_start >= (${fromDay}::date::timestamp AT TIME ZONE s.time_zone)
      AND t.day_start < ((${toDay}::date + 1)::timestamp AT TIME ZONE s.time_zone)
    ORDER BY t.day_start, t.id
  `.execute(db);
  return rows.map(toShift);
}

export async function shiftsByIds(db: DbOrTx, ids: readonly number[]): Promise<Shift[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ShiftRow>`
    SELECT ${SHIFT_COLUMNS}
    FROM user_timeframes t JOIN salons s ON s.id = t.salon_id JOIN users u ON u.id = t.user_id
    WHERE t.id = ANY(${sql.val(ids)}::bigint[])
    ORDER BY t.day_start, t.id
  `.execute(db);
  return rows.map(toShift);
}

/** The shift's salon, person and series, or undefined. */
export async function findShift(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; salonId: number; userId: number; dayStart: Date; dayEnd: Date; recurrenceId: string | null } | undefined> {
  const row = await db
    .selectFrom('user_timeframes')
    .select(['id', 'salon_id', 'user_id', 'day_start', 'day_end', 'recurrence_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        salonId: row.salon_id,
        userId: row.user_id,
        dayStart: row.day_start,
        dayEnd: row.day_end,
        recurrenceId: row.recurrence_id,
      }
    : undefined;
}

export interface LockedUser {
  id: number;
  salonId: number | null;
  employmentStart: string | null;
  employmentEnd: string | null;
}

/**
 * Locks the users' rows (in id order, so two writers never deadlock) for the rest of the
 * transaction: every write of a person's shifts and days off takes this lock first, so the
 * checks below and the write are one step for that person.
 */
export async function lockUsers(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, LockedUser>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'salon_id', 'employment_start', 'employment_end'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, salonId: row.salon_id, employmentStart: row.employment_start, employmentEnd: row.employment_end },
    ]),
  );
}

export interface StoredInterval {
  id: number;
  userId: number;
  start: Date;
  end: Date;
}

/** The people's stored shifts overlapping [from, to), any salon. */
export async function shiftsOverlapping(db: DbOrTx, userIds: readonly number[], from: Date, to: Date): Promise<StoredInterval[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('user_timeframes')
    .select(['id', 'user_id', 'day_start', 'day_end'])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('day_start', '<', to)
    .where('day_end', '>', from)
    .orderBy('day_start')
    .execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id, start: row.day_start, end: row.day_end }));
}

export interface NewShiftRow {
  salonId: number;
  userId: number;
  start: Date;
  end: Date;
  note: string;
  recurrenceId: string | null;
  recurrenceKind: RecurrenceKind | null;
}

/** Inserts shifts in the given order; returns their ids in that order. */
export async function insertShiftRows(db: DbOrTx, shifts: readonly NewShiftRow[]): Promise<number[]> {
  if (shifts.length === 0) return [];
  const rows = await db
    .insertInto('user_timeframes')
    .values(
      shifts.map((shift) => ({
        salon_id: shift.salonId,
        user_id: shift.userId,
        day_start: shift.start,
        day_end: shift.end,
        note: shift.note,
        recurrence_id: shift.recurrenceId,
        recurrence_kind: shift.recurrenceKind,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Moves a shift to new times (and a new note when given); it leaves its series (its times no longer follow the pattern). */
export async function moveShift(db: DbOrTx, id: number, start: Date, end: Date, note?: string): Promise<void> {
  await db
    .updateTable('user_timeframes')
    .set({ day_start: start, day_end: end, recurrence_id: null, recurrence_kind: null, ...(note === undefined ? {} : { note }) })
    .where('id', '=', id)
    .execute();
}

/** Deletes one shift, or it and the later shifts of its series; returns the ids deleted in date order. */
export async function deleteShiftRows(
  db: DbOrTx,
  shift: { id: number; salonId: number; dayStart: Date; recurrenceId: string | null },
  following: boolean,
): Promise<number[]> {
  let query = db.deleteFrom('user_timeframes').where('salon_id', '=', shift.salonId);
  query =
    following && shift.recurrenceId !== null
      ? query.where('recurrence_id', '=', shift.recurrenceId).where('day_start', '>=', shift.dayStart)
      : query.where('id', '=', shift.id);
  const rows = await query.returning(['id', 'day_start']).execute();
  return rows.sort((a, b) => a.day_start.getTime() - b.day_start.getTime() || a.id - b.id).map((row) => row.id);
}

/** Deletes the person's shifts whose salon-local day is within fromDay..toDay; returns their ids. */
export async function deleteShiftsOnDays(db: DbOrTx, userId: number, fromDay: string, toDay: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    DELETE FROM user_timeframes t USING salons s
    WHERE s.id = t.salon_id AND t.user_id = ${userId}
      AND t.day_start >= (${fromDay}::date::timestamp AT TIME ZONE s.time_zone)
      AND t.day_start < ((${toDay}::date + 1)::timestamp AT TIME ZONE s.time_zone)
    RETURNING t.id
  `.execute(db);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
