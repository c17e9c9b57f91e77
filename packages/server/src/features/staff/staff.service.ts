import { randomUUID } from 'node:crypto';
import { MIDDAY, STAFF_LIMITS, type StaffErrorReason } from '@salon/contracts';
import type { DayOffPart, DayOffType, Db, DbOrTx, RecurrenceKind } from '../../db/database.js';
import {
  addDays,
  assertRealDate,
  daysBetween,
  daysOf,
  instantToLocal,
  isWorkingDay,
  localToInstant,
  parseMoment,
  type SalonCalendar,
  salonCalendar,
} from '../../lib/salon-time.js';
import { HttpError } from '../../plugins/errors.js';
import { type DayOffExtent, dayOffExtents, insertDayOff, updateDayOffRow } from './days-off.query.js';
import {
  deleteShiftsOnDays,
  insertShiftRows,
  type LockedUser,
  lockUsers,
  moveShift,
  type NewShiftRow,
  shiftsOverlapping,
} from './shifts.query.js';

/** A refusal of the staff rules: status, message, and the machine-readable reason (contracts' StaffErrorResponse). */
export function staffError(status: number, reason: StaffErrorReason, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, message, undefined, { reason, ...extra });
}

const HOUR_MS = 3_600_000;

// ---------------------------------------------------------------------------------------------
// Calendars

/** Salon calendars of one call, each read once. */
export class Calendars {
  private readonly cache = new Map<number, Promise<SalonCalendar>>();
  constructor(private readonly db: DbOrTx) {}
  of(salonId: number): Promise<SalonCalendar> {
    let calendar = this.cache.get(salonId);
    if (!calendar) {
      calendar = salonCalendar(this.db, salonId);
      this.cache.set(salonId, calendar);
    }
    return calendar;
  }
}

// ---------------------------------------------------------------------------------------------
// Shifts

/** A shift about to be written. `index` is its place in the call (list index or occurrence). */
export interface ShiftCandidate extends NewShiftRow {
  index: number;
}

/** 400 unless a shift's times make sense: end after start, at most maxShiftHours. */
export function assertShiftLength(start: Date, end: Date, parameter = 'dayEnd'): void {
  if (end.getTime() <= start.getTime()) throw new HttpError(400, `${parameter} must be after the start`, parameter);
  if (end.getTime() - start.getTime() > STAFF_LIMITS.maxShiftHours * HOUR_MS) {
    throw new HttpError(400, `A shift lasts at most ${STAFF_LIMITS.maxShiftHours} hours`, parameter);
  }
}

function describe(start: Date, end: Date, timeZone: string): { day: string; startTime: string; endTime: string; text: string } {
  const a = instantToLocal(start, timeZone);
  const b = instantToLocal(end, timeZone);
  return { day: a.day, startTime: a.time, endTime: b.time, text: `${a.day} ${a.time}–${b.time}` };
}

function clashError(candidate: ShiftCandidate, other: { id: number | null; userId: number; start: Date; end: Date }, timeZone: string) {
  const mine = describe(candidate.start, candidate.end, timeZone);
  const theirs = describe(other.start, other.end, timeZone);
  const what = other.id === null ? 'another shift of the same call' : `shift ${other.id}`;
  return staffError(
    409,
    'SHIFT_CLASH',
    `The shift of user ${candidate.userId} on ${mine.text} overlaps ${what} (${theirs.text}); one person's shifts may touch but never overlap`,
    {
      clash: {
        userTimeframeId: other.id,
        userId: other.userId,
        dayStart: other.start.toISOString(),
        dayEnd: other.end.toISOString(),
        day: theirs.day,
        startTime: theirs.startTime,
        endTime: theirs.endTime,
        inputIndex: candidate.index,
      },
    },
  );
}

function assertUserFits(user: LockedUser | undefined, candidate: ShiftCandidate, day: string): asserts user is LockedUser {
  if (!user) throw new HttpError(404, `User ${candidate.userId} does not exist`, 'userId');
  if (user.salonId !== candidate.salonId) {
    throw new HttpError(400, `User ${candidate.userId} does not work in salon ${candidate.salonId}`, 'userId');
  }
  if ((user.employmentStart !== null && day < user.employmentStart) || (user.employmentEnd !== null && day > user.employmentEnd)) {
    throw staffError(
      409,
      'OUTSIDE_EMPLOYMENT',
      `The shift on ${day} is outside the employment of user ${user.id} (${user.employmentStart ?? '…'} – ${user.employmentEnd ?? '…'})`,
    );
  }
}

/**
 * Checks and writes shifts in the caller's transaction, all or none: each person's row is
 * locked first (so two concurrent writes for one person run one after the other), then every
 * rule: the person works in the shift's salon, the shift's day is within their employment and
 * not on a whole day off, and it overlaps neither another new shift nor a stored one (except
 * `replacingId`, the shift being moved). The exclusion constraint of migration 008 backs this
 * up for writers that skip the lock. Returns the new ids in candidate order (or [] when moving).
 */
export async function writeShifts(
  tx: DbOrTx,
  candidates: readonly ShiftCandidate[],
  options: { replacingId?: number; replacingNote?: string } = {},
): Promise<number[]> {
  if (candidates.length === 0) return [];
  const calendars = new Calendars(tx);
  const users = await lockUsers(
    tx,
    candidates.map((c) => c.userId),
  );
  const days: string[] = [];
  for (const candidate of candidates) {
    assertShiftLength(candidate.start, candidate.end);
    const calendar = await calendars.of(candidate.salonId);
    const day = instantToLocal(candidate.start, calendar.timeZone).day;
    days.push(day);
    assertUserFits(users.get(candidate.userId), candidate, day);
  }
  // New shifts against each other, per person.
  const sorted = [...candidates].sort((a, b) => a.userId - b.userId || a.start.getTime() - b.start.getTime());
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1] as ShiftCandidate;
    const current = sorted[i] as ShiftCandidate;
    if (previous.userId === current.userId && previous.end.getTime() > current.start.getTime()) {
      const later = previous.index > current.index ? previous : current;
      const earlier = later === previous ? current : previous;
      throw clashError(
        later,
        { id: null, userId: earlier.userId, start: earlier.start, end: earlier.end },
        (await calendars.of(later.salonId)).timeZone,
      );
    }
  }
  const userIds = [...new Set(candidates.map((c) => c.userId))];
  const firstDay = days.reduce((a, b) => (a < b ? a : b));
  const lastDay = days.reduce((a, b) => (a > b ? a : b));
  // Whole days off.
  const daysOff = (await dayOffExtents(tx, userIds, firstDay, lastDay)).filter((d) => d.part === 'FULL_DAY');
  for (const [i, candidate] of candidates.entries()) {
    const day = days[i] as string;
    const off = daysOff.find((d) => d.userId === candidate.userId && d.startDay <= day && d.endDay >= day);
    if (off) {
      throw staffError(
        409,
        'ON_DAY_OFF',
        `User ${candidate.userId} has a whole day off (${off.type}, ${off.startDay} – ${off.endDay}) on ${day}: no shift that day`,
        { dayOffId: off.id },
      );
    }
  }
  // Stored shifts.
  const from = new Date(Math.min(...candidates.map((c) => c.start.getTime())));
  const to = new Date(Math.max(...candidates.map((c) => c.end.getTime())));
  const stored = (await shiftsOverlapping(tx, userIds, from, to)).filter((s) => s.id !== options.replacingId);
  for (const candidate of candidates) {
    const other = stored.find(
      (s) => s.userId === candidate.userId && s.start.getTime() < candidate.end.getTime() && s.end.getTime() > candidate.start.getTime(),
    );
    if (other) throw clashError(candidate, other, (await calendars.of(candidate.salonId)).timeZone);
  }
  if (options.replacingId !== undefined) {
    const only = candidates[0] as ShiftCandidate;
    await moveShift(tx, options.replacingId, only.start, only.end, options.replacingNote);
    return [];
  }
  return insertShiftRows(tx, candidates);
}

/**
 * The occurrences of a series: dayStart's weekday and wall-clock times every `everyDays` days
 * from dayStart's date until dayEnd's date, each computed in the salon's zone (so 09:00 stays
 * 09:00 across the daylight-saving change). An end time not after the start time ends the next day.
 */
export function seriesOccurrences(
  input: { salonId: number; userId: number; dayStart: string; dayEnd: string; note?: string },
  calendar: SalonCalendar,
  kind: RecurrenceKind,
): ShiftCandidate[] {
  const first = parseMoment(input.dayStart, calendar.timeZone, 'dayStart');
  const last = parseMoment(input.dayEnd, calendar.timeZone, 'dayEnd');
  const start = instantToLocal(first, calendar.timeZone);
  const end = instantToLocal(last, calendar.timeZone);
  if (end.day < start.day) throw new HttpError(400, "dayEnd's date (the last day of the series) is before dayStart's date", 'dayEnd');
  if (daysBetween(start.day, end.day) > STAFF_LIMITS.maxSeriesDays) {
    throw new HttpError(400, `A series runs at most ${STAFF_LIMITS.maxSeriesDays} days`, 'dayEnd');
  }
  if (end.time === start.time) throw new HttpError(400, "dayEnd's time must differ from dayStart's time", 'dayEnd');
  const overnight = end.time < start.time;
  const step = kind === 'WEEKLY' ? 7 : 14;
  const recurrenceId = randomUUID();
  const out: ShiftCandidate[] = [];
  for (let day = start.day, index = 0; day <= end.day; day = addDays(day, step), index++) {
    const shiftStart = localToInstant(day, start.time, calendar.timeZone);
    const shiftEnd = localToInstant(overnight ? addDays(day, 1) : day, end.time, calendar.timeZone);
    assertShiftLength(shiftStart, shiftEnd);
    out.push({
      salonId: input.salonId,
      userId: input.userId,
      start: shiftStart,
      end: shiftEnd,
      note: input.note ?? '',
      recurrenceId,
      recurrenceKind: kind,
      index,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Days off

export interface DayOffShape {
  startDay: string;
  endDay: string;
  type: DayOffType;
  part: DayOffPart;
  startTime: string | null;
  endTime: string | null;
}

/** Checks a day off's dates, part and hours (400 naming the field) and fills the defaults. */
export function normaliseDayOff(input: {
  startDate: string;
  endDate?: string | undefined;
  type: DayOffType;
  part?: DayOffPart | null | undefined;
  startTime?: string | null | undefined;
  endTime?: string | null | undefined;
}): DayOffShape {
  const endDate = input.endDate ?? input.startDate;
  assertRealDate(input.startDate, 'startDate');
  assertRealDate(endDate, 'endDate');
  if (endDate < input.startDate) throw new HttpError(400, `endDate (${endDate}) is before startDate (${input.startDate})`, 'endDate');
  if (daysBetween(input.startDate, endDate) + 1 > STAFF_LIMITS.maxDayOffDays) {
    throw new HttpError(400, `A day off lasts at most ${STAFF_LIMITS.maxDayOffDays} days`, 'endDate');
  }
  const part = input.part ?? 'FULL_DAY';
  if (part !== 'FULL_DAY' && endDate !== input.startDate) {
    throw new HttpError(400, `A ${part} day off is one day: endDate must equal startDate`, 'endDate');
  }
  const startTime = input.startTime ?? null;
  const endTime = input.endTime ?? null;
  if (part === 'HOURS') {
    if (input.type !== 'PERMIT') throw new HttpError(400, 'Hours (part HOURS) are for a PERMIT only', 'part');
    if (startTime === null) throw new HttpError(400, 'A day off of part HOURS needs startTime', 'startTime');
    if (endTime === null) throw new HttpError(400, 'A day off of part HOURS needs endTime', 'endTime');
    if (endTime <= startTime) throw new HttpError(400, 'endTime must be after startTime', 'endTime');
  } else if (startTime !== null || endTime !== null) {
    throw new HttpError(400, 'startTime and endTime are only for part HOURS', startTime !== null ? 'startTime' : 'endTime');
  }
  return { startDay: input.startDate, endDay: endDate, type: input.type, part, startTime, endTime };
}

/** The minutes of the day a part covers (salon-local): a morning ends at MIDDAY, an afternoon starts there. */
function minutesOf(d: Pick<DayOffShape, 'part' | 'startTime' | 'endTime'>): [number, number] {
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  switch (d.part) {
    case 'MORNING':
      return [0, toMinutes(MIDDAY)];
    case 'AFTERNOON':
      return [toMinutes(MIDDAY), 24 * 60];
    case 'HOURS':
      return [toMinutes(d.startTime as string), toMinutes(d.endTime as string)];
    default:
      return [0, 24 * 60];
  }
}

/** Whether two days off of one person overlap: shared days, unless both are parts of one day that do not meet. */
export function daysOffOverlap(a: DayOffShape, b: DayOffShape): boolean {
  if (a.startDay > b.endDay || b.startDay > a.endDay) return false;
  if (a.part === 'FULL_DAY' || b.part === 'FULL_DAY') return true;
  const [a0, a1] = minutesOf(a);
  const [b0, b1] = minutesOf(b);
  return a0 < b1 && b0 < a1;
}

/**
 * Working days a day off covers within clipFrom..clipTo: days the salon opens, less its national
 * holidays, patron-saint day and closures; half a day 0.5; hours 0.
 */
export function workingDays(calendar: SalonCalendar | null, d: DayOffShape, clipFrom = d.startDay, clipTo = d.endDay): number {
  const from = d.startDay > clipFrom ? d.startDay : clipFrom;
  const to = d.endDay < clipTo ? d.endDay : clipTo;
  if (from > to || d.part === 'HOURS') return 0;
  const open = daysOf(from, to).filter((day) => calendar === null || isWorkingDay(calendar, day)).length;
  return d.part === 'FULL_DAY' ? open : open * 0.5;
}

/** 409 DAY_OFF_CLASH when the shape overlaps another stored day off of the person (except `exceptId`). */
export async function assertNoDayOffClash(db: DbOrTx, userId: number, shape: DayOffShape, exceptId?: number): Promise<void> {
  const others = (await dayOffExtents(db, [userId], shape.startDay, shape.endDay)).filter((d) => d.id !== exceptId);
  const clash = others.find((other: DayOffExtent) => daysOffOverlap(shape, other));
  if (clash) {
    throw staffError(
      409,
      'DAY_OFF_CLASH',
      `It overlaps day off ${clash.id} of user ${userId} (${clash.type}, ${clash.startDay} – ${clash.endDay}${clash.part === 'FULL_DAY' ? '' : `, ${clash.part}`})`,
      { dayOffId: clash.id },
    );
  }
}

/**
 * Writes a day off (new, or `replacingId` updated) in the caller's transaction: locks the
 * person, refuses an overlap with their other days off, and for a whole-day one removes their
 * shifts on those days. Returns the day off's id and the removed shifts.
 */
export async function writeDayOff(
  tx: DbOrTx,
  target: { salonId: number; userId: number },
  shape: DayOffShape & { note: string; requestId: number | null },
  replacingId?: number,
): Promise<{ id: number; removedShiftIds: number[] }> {
  const users = await lockUsers(tx, [target.userId]);
  const user = users.get(target.userId);
  if (!user) throw new HttpError(404, `User ${target.userId} does not exist`, 'userId');
  if (user.salonId !== target.salonId) throw new HttpError(400, `User ${target.userId} does not work in salon ${target.salonId}`, 'userId');
  await assertNoDayOffClash(tx, target.userId, shape, replacingId);
  const removedShiftIds = shape.part === 'FULL_DAY' ? await deleteShiftsOnDays(tx, target.userId, shape.startDay, shape.endDay) : [];
  if (replacingId !== undefined) {
    await updateDayOffRow(tx, replacingId, shape);
    return { id: replacingId, removedShiftIds };
  }
  const id = await insertDayOff(tx, { ...target, ...shape });
  return { id, removedShiftIds };
}

/** The instants a day off or a request covers, in the salon's zone, and the days that bound them. */
export function periodOf(shape: DayOffShape, timeZone: string): { from: Date; to: Date; fromDay: string; toDay: string } {
  const [m0, m1] = minutesOf(shape);
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const from = localToInstant(shape.startDay, clock(m0), timeZone);
  const to =
    m1 >= 24 * 60 ? localToInstant(addDays(shape.endDay, 1), '00:00', timeZone) : localToInstant(shape.endDay, clock(m1), timeZone);
  return { from, to, fromDay: shape.startDay, toDay: shape.endDay };
}

// ---------------------------------------------------------------------------------------------
// Remaining days

export interface RemainingDays {
  userId: number;
  year: number;
  allowanceDays: number;
  takenDays: number;
  pendingDays: number;
  remainingDays: number;
}

/**
 * Allowance minus the approved HOLIDAY days off of the calendar year on the salon's working days
 * (not its closed weekdays, holidays or closures; half a day 0.5, hours 0); pendingDays counts the PENDING HOLIDAY requests the same way.
 */
export async function remainingDays(db: Db, userId: number, year: number): Promise<RemainingDays> {
  const user = await db.selectFrom('users').select(['salon_id', 'annual_allowance_days']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new HttpError(404, `User ${userId} does not exist`, 'userId');
  const calendar = user.salon_id === null ? null : await salonCalendar(db, user.salon_id);
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const taken = (await dayOffExtents(db, [userId], from, to))
    .filter((d) => d.type === 'HOLIDAY')
    .reduce((sum, d) => sum + workingDays(calendar, d, from, to), 0);
  const pendingRows = await db
    .selectFrom('user_shift_requests')
    .select(['start_day', 'end_day', 'part', 'start_time', 'end_time'])
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .where('kind', '=', 'DAY_OFF')
    .where('type', '=', 'HOLIDAY')
    .where('start_day', '<=', to)
    .where('end_day', '>=', from)
    .execute();
  const pending = pendingRows.reduce(
    (sum, r) =>
      sum +
      workingDays(
        calendar,
        {
          startDay: r.start_day,
          endDay: r.end_day,
          type: 'HOLIDAY',
          part: r.part ?? 'FULL_DAY',
          startTime: r.start_time,
          endTime: r.end_time,
        },
        from,
        to,
      ),
    0,
  );
  const allowance = Number(user.annual_allowance_days);
  return { userId, year, allowanceDays: allowance, takenDays: taken, pendingDays: pending, remainingDays: allowance - taken };
}
