import type { DayOffPart, DayOffType, Db, DbOrTx, RequestKind } from '../../db/database.js';
import { addDays, instantToLocal, parseMoment, type SalonCalendar, salonCalendar as salonCalendarOf } from '../../lib/salon-time.js';
import { HttpError } from '../../plugins/errors.js';
import { type AppointmentSummary, bookedAppointmentsOf } from './appointments.query.js';
import { dayOffRowsOfRequest, deleteDayOffRow, updateDayOffRow } from './days-off.query.js';
import {
  decideRequest,
  findRequestRow,
  markRequestCancelled,
  type RequestRow,
  type RequestValues,
  type ShiftRequest,
  toShiftRequest,
} from './requests.query.js';
import { findShift, listShiftsOf } from './shifts.query.js';
import {
  assertNoDayOffClash,
  assertShiftLength,
  type DayOffShape,
  normaliseDayOff,
  periodOf,
  staffError,
  workingDays,
  writeDayOff,
  writeShifts,
} from './staff.service.js';
import { assertManagesSalon, type Caller, isStaffManager } from './staff-access.js';

/** A request body as the contracts define it (create and update). */
export interface RequestInput {
  kind: RequestKind;
  type?: DayOffType | null | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  part?: DayOffPart | null | undefined;
  startTime?: string | null | undefined;
  endTime?: string | null | undefined;
  wantedStart?: string | null | undefined;
  wantedEnd?: string | null | undefined;
  userTimeframeId?: number | null | undefined;
  note?: string | undefined;
}

const present = (value: unknown) => value !== undefined && value !== null;

/**
 * Checks a request's fields for its kind (400 naming the field) and returns what is stored. A
 * SHIFT_CHANGE's day is the salon-local day of its wanted start; the shift it replaces must be
 * one of the person's.
 */
export async function normaliseRequest(db: DbOrTx, userId: number, calendar: SalonCalendar, input: RequestInput): Promise<RequestValues> {
  const note = input.note ?? '';
  if (input.kind === 'DAY_OFF') {
    for (const field of ['wantedStart', 'wantedEnd', 'userTimeframeId'] as const) {
      if (present(input[field])) throw new HttpError(400, `${field} is only for a SHIFT_CHANGE request`, field);
    }
    if (!present(input.type)) throw new HttpError(400, 'A DAY_OFF request needs its type (HOLIDAY, SICK or PERMIT)', 'type');
    if (!present(input.startDate)) throw new HttpError(400, 'A DAY_OFF request needs its startDate', 'startDate');
    const shape = normaliseDayOff({
      startDate: input.startDate as string,
      endDate: input.endDate,
      type: input.type as DayOffType,
      part: input.part,
      startTime: input.startTime,
      endTime: input.endTime,
    });
    return { kind: 'DAY_OFF', ...shape, wantedStart: null, wantedEnd: null, userTimeframeId: null, note };
  }
  for (const field of ['type', 'part', 'startTime', 'endTime'] as const) {
    if (present(input[field])) throw new HttpError(400, `${field} is only for a DAY_OFF request`, field);
  }
  if (!present(input.wantedStart)) throw new HttpError(400, 'A SHIFT_CHANGE request needs wantedStart', 'wantedStart');
  if (!present(input.wantedEnd)) throw new HttpError(400, 'A SHIFT_CHANGE request needs wantedEnd', 'wantedEnd');
  const wantedStart = parseMoment(input.wantedStart as string, calendar.timeZone, 'wantedStart');
  const wantedEnd = parseMoment(input.wantedEnd as string, calendar.timeZone, 'wantedEnd');
  assertShiftLength(wantedStart, wantedEnd, 'wantedEnd');
  const day = instantToLocal(wantedStart, calendar.timeZone).day;
  let userTimeframeId = input.userTimeframeId ?? null;
  if (userTimeframeId === null) {
    userTimeframeId = await shiftOfTheDay(db, calendar.salonId, userId, day, wantedStart, wantedEnd);
  } else {
    const shift = await findShift(db, userTimeframeId);
    if (!shift || shift.userId !== userId) {
      throw new HttpError(400, `Shift ${userTimeframeId} is not one of the shifts of user ${userId}`, 'userTimeframeId');
    }
  }
  return {
    kind: 'SHIFT_CHANGE',
    type: null,
    startDay: day,
    endDay: day,
    part: null,
    startTime: null,
    endTime: null,
    wantedStart,
    wantedEnd,
    userTimeframeId,
    note,
  };
}

/**
 * The shift a change request without one moves: the person's only shift that day in the salon,
 * or among several the one the wanted hours overlap; null (an extra shift) when there is none.
 */
async function shiftOfTheDay(db: DbOrTx, salonId: number, userId: number, day: string, start: Date, end: Date): Promise<number | null> {
  const shifts = await listShiftsOf(db, { salonId, userId, fromDay: day, toDay: day });
  if (shifts.length === 1) return (shifts[0] as (typeof shifts)[number]).userTimeframeId;
  const overlapping = shifts.filter((s) => Date.parse(s.dayStart) < end.getTime() && Date.parse(s.dayEnd) > start.getTime());
  return overlapping.length === 1 ? (overlapping[0] as (typeof shifts)[number]).userTimeframeId : null;
}

export function shapeOfRequest(row: Pick<RequestRow, 'type' | 'start_day' | 'end_day' | 'part' | 'start_time' | 'end_time'>): DayOffShape {
  return {
    startDay: row.start_day,
    endDay: row.end_day,
    type: (row.type ?? 'HOLIDAY') as DayOffType,
    part: row.part ?? 'FULL_DAY',
    startTime: row.start_time === null ? null : row.start_time.slice(0, 5),
    endTime: row.end_time === null ? null : row.end_time.slice(0, 5),
  };
}

/** A stored request as the API answers it (its working days counted on the salon's calendar). */
export function requestDto(row: RequestRow, calendar: SalonCalendar): ShiftRequest {
  return toShiftRequest(row, row.kind === 'DAY_OFF' ? workingDays(calendar, shapeOfRequest(row)) : 0);
}

/** A DAY_OFF request may not overlap a day off the person already has (409 DAY_OFF_CLASH). */
export async function assertRequestFits(db: DbOrTx, userId: number, values: RequestValues): Promise<void> {
  if (values.kind !== 'DAY_OFF') return;
  await assertNoDayOffClash(db, userId, {
    startDay: values.startDay,
    endDay: values.endDay,
    type: values.type as DayOffType,
    part: values.part as DayOffPart,
    startTime: values.startTime,
    endTime: values.endTime,
  });
}

/** The request, locked, and still PENDING; 404 / 409 ALREADY_DECIDED otherwise. */
export async function pendingRequest(tx: DbOrTx, id: number): Promise<RequestRow> {
  const row = await findRequestRow(tx, id, true);
  if (!row) throw new HttpError(404, `Request ${id} does not exist`, 'id');
  return row;
}

export function assertPending(row: RequestRow): void {
  if (row.status !== 'PENDING') {
    throw staffError(409, 'ALREADY_DECIDED', `Request ${row.id} was already ${row.status.toLowerCase()}: it cannot change any more`);
  }
}

/** 403/409 unless the caller may decide this request: a manager of its salon, not its author, while PENDING. */
export function assertCanDecide(caller: Caller, row: RequestRow): void {
  assertManagesSalon(caller, row.salon_id);
  if (row.user_id === caller.userId) throw staffError(403, 'OWN_REQUEST', 'Nobody approves or rejects their own request');
  assertPending(row);
}

/**
 * The appointments an approval touches: a DAY_OFF's BOOKED appointments of the person in its
 * period; a SHIFT_CHANGE's BOOKED appointments that day outside the wanted shift.
 */
export async function requestConflicts(db: DbOrTx, row: RequestRow, calendar: SalonCalendar): Promise<AppointmentSummary[]> {
  if (row.kind === 'DAY_OFF') {
    return bookedAppointmentsOf(db, row.salon_id, row.user_id, periodOf(shapeOfRequest(row), calendar.timeZone));
  }
  const day = periodOf({ ...shapeOfRequest(row), part: 'FULL_DAY' }, calendar.timeZone);
  const start = (row.wanted_start as Date).getTime();
  const end = (row.wanted_end as Date).getTime();
  const all = await bookedAppointmentsOf(db, row.salon_id, row.user_id, day);
  return all.filter((a) => Date.parse(a.start) < start || Date.parse(a.end) > end);
}

export interface Approval {
  dayOffId: number | null;
  shiftId: number | null;
  removedShiftIds: number[];
}

/**
 * Approves in the caller's transaction: the day off (or the shift) under the same rules as a
 * direct write, then the decision (who, when). The request row is locked throughout.
 */
export async function approveRequest(tx: Db | DbOrTx, caller: Caller, row: RequestRow): Promise<Approval> {
  assertCanDecide(caller, row);
  let result: Approval;
  if (row.kind === 'DAY_OFF') {
    const written = await writeDayOff(
      tx,
      { salonId: row.salon_id, userId: row.user_id },
      { ...shapeOfRequest(row), type: row.type as DayOffType, note: row.note, requestId: row.id },
    );
    result = { dayOffId: written.id, shiftId: null, removedShiftIds: written.removedShiftIds };
  } else {
    const candidate = {
      salonId: row.salon_id,
      userId: row.user_id,
      start: row.wanted_start as Date,
      end: row.wanted_end as Date,
      note: row.note,
      recurrenceId: null,
      recurrenceKind: null,
      index: 0,
    };
    const calendar = await salonCalendarOf(tx, row.salon_id);
    const day = instantToLocal(candidate.start, calendar.timeZone).day;
    const replacing = row.user_timeframe_id ?? (await shiftOfTheDay(tx, row.salon_id, row.user_id, day, candidate.start, candidate.end));
    if (replacing !== null) {
      const shift = await findShift(tx, replacing);
      if (!shift || shift.userId !== row.user_id) {
        throw staffError(409, 'SHIFT_GONE', `Shift ${replacing}, which the request would change, no longer exists`);
      }
      await writeShifts(tx, [candidate], { replacingId: shift.id });
      result = { dayOffId: null, shiftId: shift.id, removedShiftIds: [] };
    } else {
      const [id] = await writeShifts(tx, [candidate]);
      result = { dayOffId: null, shiftId: id ?? null, removedShiftIds: [] };
    }
  }
  await decideRequest(tx, row.id, 'APPROVED', caller.userId);
  return result;
}

export interface Cancellation {
  removedDayOffIds: number[];
  shortenedDayOffId: number | null;
}

/**
 * Cancels an approved DAY_OFF request in the caller's transaction (its row locked): the person
 * may cancel their own before its first day, a manager of the salon anyone else's until it is
 * over. Its day off goes; when a manager cancels one already begun, the days before today stay.
 */
export async function cancelRequest(tx: DbOrTx, caller: Caller, row: RequestRow, today: string): Promise<Cancellation> {
  if (row.user_id === caller.userId) {
    if (today >= row.start_day) {
      throw new HttpError(403, `Your day off started on ${row.start_day}: only a manager of the salon can cancel it now`);
    }
  } else if (!isStaffManager(caller)) {
    throw new HttpError(403, 'You may only cancel your own requests');
  } else {
    assertManagesSalon(caller, row.salon_id);
  }
  if (row.kind !== 'DAY_OFF' || row.status !== 'APPROVED') {
    throw staffError(
      409,
      'NOT_CANCELLABLE',
      `Request ${row.id} is ${row.kind === 'DAY_OFF' ? row.status.toLowerCase() : 'a shift change'}: only an approved day off can be cancelled`,
    );
  }
  const daysOff = await dayOffRowsOfRequest(tx, row.id);
  const lastDay = daysOff.reduce((last, d) => (d.end_day > last ? d.end_day : last), row.end_day);
  if (lastDay < today)
    throw staffError(409, 'NOT_CANCELLABLE', `Request ${row.id} ended on ${lastDay}: a day off already taken cannot be cancelled`);
  const result: Cancellation = { removedDayOffIds: [], shortenedDayOffId: null };
  for (const d of daysOff) {
    if (d.start_day < today) {
      await updateDayOffRow(tx, d.id, { ...shapeOfRequest(d), type: d.type, endDay: addDays(today, -1), note: d.note });
      result.shortenedDayOffId = d.id;
    } else {
      await deleteDayOffRow(tx, d.id);
      result.removedDayOffIds.push(d.id);
    }
  }
  await markRequestCancelled(tx, row.id, caller.userId);
  return result;
}
