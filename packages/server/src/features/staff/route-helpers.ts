import { ROLE_GROUPS, STAFF_LIMITS } from '@salon/contracts';
import type { DbOrTx } from '../../db/database.js';
import { addDays, assertRealDate, daysBetween, type SalonCalendar, salonCalendar } from '../../lib/salon-time.js';
import { HttpError } from '../../plugins/errors.js';
import { type DayOff, type DayOffRow, toDayOff } from './days-off.query.js';
import { userSalon } from './planner.query.js';
import { type Calendars, workingDays } from './staff.service.js';

/** Every role: routes open to all signed-in staff, which narrow what they answer by the caller. */
export const ANY_ROLE = [...ROLE_GROUPS.all];

/** fromDate..toDate with defaults (today, from + defaultDays), checked: real dates, in order, at most maxRangeDays. */
export function rangeOf(query: { fromDate?: string | undefined; toDate?: string | undefined }, today: string, defaultDays = 6) {
  const from = query.fromDate ?? today;
  assertRealDate(from, 'fromDate');
  const to = query.toDate ?? addDays(from, defaultDays);
  assertRealDate(to, 'toDate');
  if (to < from) throw new HttpError(400, `toDate (${to}) is before fromDate (${from})`, 'toDate');
  if (daysBetween(from, to) + 1 > STAFF_LIMITS.maxRangeDays) {
    throw new HttpError(400, `The range is longer than ${STAFF_LIMITS.maxRangeDays} days`, 'toDate');
  }
  return { from, to };
}

/** Days off as the contract answers them, each with its working days counted on its salon's calendar. */
export async function dayOffDtos(calendars: Calendars, rows: readonly DayOffRow[]): Promise<DayOff[]> {
  const out: DayOff[] = [];
  for (const row of rows) out.push(toDayOff(row, workingDays(await calendars.of(row.salon_id), { ...row, ...shapeOf(row) })));
  return out;
}

function shapeOf(row: DayOffRow) {
  return {
    startDay: row.start_day,
    endDay: row.end_day,
    type: row.type,
    part: row.part,
    startTime: row.start_time?.slice(0, 5) ?? null,
    endTime: row.end_time?.slice(0, 5) ?? null,
  };
}

/** The calendar of the salon a person works in (404 when no such person; 400 for a chain-level one). */
export async function calendarOfUser(db: DbOrTx, userId: number): Promise<SalonCalendar> {
  const salonId = await userSalon(db, userId);
  if (salonId === undefined) throw new HttpError(404, `User ${userId} does not exist`, 'userId');
  if (salonId === null) throw new HttpError(400, `User ${userId} belongs to no salon`, 'userId');
  return salonCalendar(db, salonId);
}
