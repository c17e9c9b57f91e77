import type { ShiftRequestDTO } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DayOffPart, DayOffType, DbOrTx, RequestKind, RequestStatus } from '../../db/database.js';

export type ShiftRequest = Static<typeof ShiftRequestDTO>;

export interface RequestRow {
  id: number;
  salon_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  kind: RequestKind;
  type: DayOffType | null;
  start_day: string;
  end_day: string;
  part: DayOffPart | null;
  start_time: string | null;
  end_time: string | null;
  wanted_start: Date | null;
  wanted_end: Date | null;
  wanted_start_time: string | null;
  wanted_end_time: string | null;
  user_timeframe_id: number | null;
  note: string;
  status: RequestStatus;
  created_at: Date;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  reject_reason: string;
  cancelled_by: number | null;
  cancelled_by_name: string | null;
  cancelled_at: Date | null;
}

const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));

export function toShiftRequest(row: RequestRow, days: number): ShiftRequest {
  return {
    userShiftRequestId: row.id,
    salonId: row.salon_id,
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    kind: row.kind,
    type: row.type,
    startDate: row.start_day,
    endDate: row.end_day,
    part: row.part,
    startTime: hhmm(row.start_time),
    endTime: hhmm(row.end_time),
    wantedStart: row.wanted_start?.toISOString() ?? null,
    wantedEnd: row.wanted_end?.toISOString() ?? null,
    wantedStartTime: row.wanted_start_time,
    wantedEndTime: row.wanted_end_time,
    userTimeframeId: row.user_timeframe_id,
    note: row.note,
    days,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    decidedBy: row.decided_by,
    decidedByName: row.decided_by_name,
    decidedAt: row.decided_at?.toISOString() ?? null,
    rejectReason: row.reject_reason,
    cancelledBy: row.cancelled_by,
    cancelledByName: row.cancelled_by_name,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
  };
}

const REQUEST_COLUMNS = sql`r.id, r.salon_id, r.user_id, u.first_name, u.last_name, r.kind, r.type, r.start_day, r.end_day, r.part,
  r.start_time::text AS start_time, r.end_time::text AS end_time, r.wanted_start, r.wanted_end,
  to_char(r.wanted_start AT TIME ZONE s.time_zone, 'HH24:MI') AS wanted_start_time,
  to_char(r.wanted_end AT TIME ZONE s.time_zone, 'HH24:MI') AS wanted_end_time,
  r.user_timeframe_id, r.note, r.status, r.created_at, r.decided_by,
  CASE WHEN d.id IS NULL THEN NULL ELSE trim(d.first_name || ' ' || d.last_name) END AS decided_by_name, r.decided_at, r.reject_reason,
  r.cancelled_by, CASE WHEN c.id IS NULL THEN NULL ELSE trim(c.first_name || ' ' || c.last_name) END AS cancelled_by_name, r.cancelled_at`;
const REQUEST_FROM = sql`user_shift_requests r JOIN users u ON u.id = r.user_id JOIN salons s ON s.id = r.salon_id
  LEFT JOIN users d ON d.id = r.decided_by LEFT JOIN users c ON c.id = r.cancelled_by`;

export interface RequestFilter {
  salonId?: number;
  userId?: number;
  fromDay?: string;
  toDay?: string;
  status?: RequestStatus;
  kind?: RequestKind;
}

/** PENDING first, by the days they ask for (then oldest first), then decided ones (latest decision first). */
export async function listRequestRows(db: DbOrTx, filter: RequestFilter): Promise<RequestRow[]> {
  const { rows } = await sql<RequestRow>`
    SELECT ${REQUEST_COLUMNS}
    FROM ${REQUEST_FROM}
    WHERE true
      ${filter.salonId !== undefined ? sql`AND r.salon_id = ${filter.salonId}` : sql``}
      ${filter.userId !== undefined ? sql`AND r.user_id = ${filter.userId}` : sql``}
      ${filter.fromDay !== undefined ? sql`AND r.end_day >= ${filter.fromDay}::date` : sql``}
      ${filter.toDay !== undefined ? sql`AND r.start_day <= ${filter.toDay}::date` : sql``}
      ${filter.status !== undefined ? sql`AND r.status = ${filter.status}` : sql``}
      ${filter.kind !== undefined ? sql`AND r.kind = ${filter.kind}` : sql``}
    ORDER BY (r.status = 'PENDING') DESC,
      CASE WHEN r.status = 'PENDING' THEN r.start_day END ASC,
      CASE WHEN r.status = 'PENDING' THEN r.created_at END ASC,
      coalesce(r.cancelled_at, r.decided_at) DESC, r.id
  `.execute(db);
  return rows;
}

/** One request; with `forUpdate` its row stays locked for the transaction. */
export async function findRequestRow(db: DbOrTx, id: number, forUpdate = false): Promise<RequestRow | undefined> {
  if (forUpdate) await sql`SELECT 1 FROM user_shift_requests WHERE id = ${id} FOR UPDATE`.execute(db);
  const { rows } = await sql<RequestRow>`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = ${id}`.execute(db);
  return rows[0];
}

export interface RequestValues {
  kind: RequestKind;
  type: DayOffType | null;
  startDay: string;
  endDay: string;
  part: DayOffPart | null;
  startTime: string | null;
  endTime: string | null;
  wantedStart: Date | null;
  wantedEnd: Date | null;
  userTimeframeId: number | null;
  note: string;
}

function columnsOf(values: RequestValues) {
  return {
    kind: values.kind,
    type: values.type,
    start_day: values.startDay,
    end_day: values.endDay,
    part: values.part,
    start_time: values.startTime,
    end_time: values.endTime,
    wanted_start: values.wantedStart,
    wanted_end: values.wantedEnd,
    user_timeframe_id: values.userTimeframeId,
    note: values.note,
  };
}

export async function insertRequest(db: DbOrTx, salonId: number, userId: number, values: RequestValues): Promise<number> {
  const row = await db
    .insertInto('user_shift_requests')
    .values({ salon_id: salonId, user_id: userId, ...columnsOf(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRequestRow(db: DbOrTx, id: number, values: RequestValues): Promise<void> {
  await db.updateTable('user_shift_requests').set(columnsOf(values)).where('id', '=', id).where('status', '=', 'PENDING').execute();
}

export async function deleteRequestRow(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('user_shift_requests').where('id', '=', id).where('status', '=', 'PENDING').execute();
}

export async function decideRequest(
  db: DbOrTx,
  id: number,
  status: 'APPROVED' | 'REJECTED',
  deciderId: number,
  rejectReason = '',
): Promise<void> {
  await db
    .updateTable('user_shift_requests')
    .set({ status, decided_by: deciderId, decided_at: new Date(), reject_reason: rejectReason })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

export async function markRequestCancelled(db: DbOrTx, id: number, cancellerId: number): Promise<void> {
  await db
    .updateTable('user_shift_requests')
    .set({ status: 'CANCELLED', cancelled_by: cancellerId, cancelled_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'APPROVED')
    .execute();
}
