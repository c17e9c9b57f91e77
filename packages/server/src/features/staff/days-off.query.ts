import type { DayOffDTO } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DayOffPart, DayOffType, DbOrTx } from '../../db/database.js';

export type DayOff = Static<typeof DayOffDTO>;

/** A day off as stored, before its working days are counted (that needs the salon's calendar). */
export interface DayOffRow {
  id: number;
  salon_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  start_day: string;
  end_day: string;
  type: DayOffType;
  part: DayOffPart;
  start_time: string | null;
  end_time: string | null;
  note: string;
  user_shift_request_id: number | null;
}

const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));

export function toDayOff(row: DayOffRow, days: number): DayOff {
  return {
    userShiftId: row.id,
    salonId: row.salon_id,
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    startDate: row.start_day,
    endDate: row.end_day,
    type: row.type,
    part: row.part,
    startTime: hhmm(row.start_time),
    endTime: hhmm(row.end_time),
    note: row.note,
    days,
    userShiftRequestId: row.user_shift_request_id,
  };
}

const DAY_OFF_COLUMNS = sql`d.id, d.salon_id, d.user_id, u.first_name, u.last_name, d.start_day, d.end_day, d.type, d.part,
  d.start_time::text AS start_time, d.end_time::text AS end_time, d.note, d.user_shift_request_id`;

export interface DayOffFilter {
  salonId?: number;
  userId?: number;
  /** Days off overlapping fromDay..toDay. */
  fromDay: string;
  toDay: string;
  type?: DayOffType;
}

export async function listDayOffRows(db: DbOrTx, filter: DayOffFilter): Promise<DayOffRow[]> {
  const { rows } = await sql<DayOffRow>`
    SELECT ${DAY_OFF_COLUMNS}
    FROM user_shifts d JOIN users u ON u.id = d.user_id
    WHERE d.start_day <= ${filter.toDay}::date AND d.end_day >= ${filter.fromDay}::date
      ${filter.salonId !== undefined ? sql`AND d.salon_id = ${filter.salonId}` : sql``}
      ${filter.userId !== undefined ? sql`AND d.user_id = ${filter.userId}` : sql``}
      ${filter.type !== undefined ? sql`AND d.type = ${filter.type}` : sql``}
    ORDER BY d.start_day, u.last_name, u.first_name, d.id
  `.execute(db);
  return rows;
}

/** The days off an approved request wrote (still there, as they now read). */
export async function dayOffRowsOfRequest(db: DbOrTx, requestId: number): Promise<DayOffRow[]> {
  const { rows } = await sql<DayOffRow>`
    SELECT ${DAY_OFF_COLUMNS} FROM user_shifts d JOIN users u ON u.id = d.user_id
    WHERE d.user_shift_request_id = ${requestId} ORDER BY d.start_day, d.id
  `.execute(db);
  return rows;
}

export async function findDayOffRow(db: DbOrTx, id: number): Promise<DayOffRow | undefined> {
  const { rows } = await sql<DayOffRow>`
    SELECT ${DAY_OFF_COLUMNS} FROM user_shifts d JOIN users u ON u.id = d.user_id WHERE d.id = ${id}
  `.execute(db);
  return rows[0];
}

/** The stored fields of a day off, as written. */
export interface DayOffValues {
  salonId: number;
  userId: number;
  startDay: string;
  endDay: string;
  type: DayOffType;
  part: DayOffPart;
  startTime: string | null;
  endTime: string | null;
  note: string;
  requestId: number | null;
}

export async function insertDayOff(db: DbOrTx, values: DayOffValues): Promise<number> {
  const row = await db
    .insertInto('user_shifts')
    .values({
      salon_id: values.salonId,
      user_id: values.userId,
      start_day: values.startDay,
      end_day: values.endDay,
      type: values.type,
      part: values.part,
      start_time: values.startTime,
      end_time: values.endTime,
      note: values.note,
      user_shift_request_id: values.requestId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDayOffRow(
  db: DbOrTx,
  id: number,
  values: Omit<DayOffValues, 'salonId' | 'userId' | 'requestId'>,
): Promise<void> {
  await db
    .updateTable('user_shifts')
    .set({
      start_day: values.startDay,
      end_day: values.endDay,
      type: values.type,
      part: values.part,
      start_time: values.startTime,
      end_time: values.endTime,
      note: values.note,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteDayOffRow(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_shifts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A day off's extent, enough to test overlaps. */
export interface DayOffExtent {
  id: number;
  userId: number;
  startDay: string;
  endDay: string;
  type: DayOffType;
  part: DayOffPart;
  startTime: string | null;
  endTime: string | null;
}

/** The people's days off overlapping fromDay..toDay. */
export async function dayOffExtents(db: DbOrTx, userIds: readonly number[], fromDay: string, toDay: string): Promise<DayOffExtent[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('user_shifts')
    .select(['id', 'user_id', 'start_day', 'end_day', 'type', 'part', 'start_time', 'end_time'])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('start_day', '<=', toDay)
    .where('end_day', '>=', fromDay)
    .orderBy('start_day')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    startDay: row.start_day,
    endDay: row.end_day,
    type: row.type,
    part: row.part,
    startTime: hhmm(row.start_time),
    endTime: hhmm(row.end_time),
  }));
}

/** Approved HOLIDAY days off of one person overlapping a year. */
export async function holidaysOfYear(db: DbOrTx, userId: number, year: number): Promise<DayOffExtent[]> {
  return (await dayOffExtents(db, [userId], `${year}-01-01`, `${year}-12-31`)).filter((d) => d.type === 'HOLIDAY');
}
