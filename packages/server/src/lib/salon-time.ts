/**
 * Salon-local calendar and wall-clock helpers shared by features (a feature never imports
 * another feature's files). Days are 'YYYY-MM-DD' strings; times 'HH:MM'; instants Dates.
 * Wall-clock → instant goes through Intl (the salon's IANA zone), so a series at 09:00 stays at
 * 09:00 local across a daylight-saving change.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { type ClosedDay, closedDayOf, type SalonHolidaySettings } from './holidays.js';
import { HttpError } from './http-error.js';
import { type Clock, dateInZone, salonToday } from './today.js';

const DAY_MS = 86_400_000;

export interface SalonCalendar {
  salonId: number;
  timeZone: string;
  /** Weekday names ('monday'..) explicitly closed in opening_hours (null); a missing weekday counts as open. */
  closedWeekdays: Set<string>;
  openingHours: Record<string, [string, string] | null>;
  /** Its closures and patron-saint day (the national holidays are computed). */
  holidays: SalonHolidaySettings;
}

/** The salon's time zone, opening hours, closures and patron-saint day; 404 naming `parameter` when there is no such salon. */
export async function salonCalendar(db: DbOrTx, salonId: number, parameter = 'salonId'): Promise<SalonCalendar> {
  const row = await db
    .selectFrom('salons')
    .select(['time_zone', 'opening_hours'])
    .select(
      sql<SalonHolidaySettings['closures'] | null>`(
        SELECT json_agg(json_build_object('id', c.id, 'startDay', c.start_day, 'endDay', c.end_day, 'label', c.label) ORDER BY c.start_day)
        FROM salon_closures c WHERE c.salon_id = salons.id)`.as('closures'),
    )
    .select(
      sql<SalonHolidaySettings['patronDay']>`(
        SELECT json_build_object('month', p.month, 'day', p.day, 'label', p.label)
        FROM salon_patron_days p WHERE p.salon_id = salons.id)`.as('patron_day'),
    )
    .where('id', '=', salonId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, `Salon ${salonId} does not exist`, parameter);
  const openingHours = (row.opening_hours ?? {}) as Record<string, [string, string] | null>;
  const closedWeekdays = new Set(Object.entries(openingHours).flatMap(([day, hours]) => (hours === null ? [day] : [])));
  const holidays = { closures: row.closures ?? [], patronDay: row.patron_day ?? null };
  return { salonId, timeZone: row.time_zone, closedWeekdays, openingHours, holidays };
}

/** Today in the salon (the pinned demo day when the clock has one). */
export function calendarToday(calendar: SalonCalendar, clock: Clock): string {
  return salonToday(calendar.timeZone, clock);
}

export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** Whether a real calendar date YYYY-MM-DD. */
export function isRealDate(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/** 400 naming the parameter unless a real calendar date. */
export function assertRealDate(day: string, parameter: string): void {
  if (!isRealDate(day))
    throw new HttpError(400, `Invalid date '${parameter}': expected a real calendar date YYYY-MM-DD, got '${day}'`, parameter);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** ISO weekday, 1 Monday .. 7 Sunday. */
export function isoWeekday(day: string): number {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return dow === 0 ? 7 : dow;
}

export function weekdayName(day: string): (typeof WEEKDAY_NAMES)[number] {
  return WEEKDAY_NAMES[new Date(`${day}T00:00:00Z`).getUTCDay()] as (typeof WEEKDAY_NAMES)[number];
}

/** Whether the salon opens on that date's weekday (opening_hours; a weekday not listed counts as open). */
export function isOpenOn(calendar: SalonCalendar, day: string): boolean {
  return !calendar.closedWeekdays.has(weekdayName(day));
}

/** The holiday or closure that closes the salon on a day, or null. */
export function holidayOn(calendar: SalonCalendar, day: string): ClosedDay | null {
  return closedDayOf(calendar.holidays, day);
}

/** Whether a day is a working day of the salon: open that weekday, and no holiday or closure. */
export function isWorkingDay(calendar: SalonCalendar, day: string): boolean {
  return isOpenOn(calendar, day) && holidayOn(calendar, day) === null;
}

/** Every day from..to inclusive. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in milliseconds (local = UTC + offset). */
function offsetAt(ms: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(ms))) parts[part.type] = part.value;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant of a salon-local wall-clock time. A time skipped by the spring change (02:30 on
 * the last Sunday of March in Rome) moves forward by the gap (03:30), as PostgreSQL does; a time
 * that occurs twice in autumn is the later one (standard time).
 */
export function localToInstant(day: string, time: string, timeZone: string): Date {
  const [hh, mm, ss] = time.split(':').map(Number);
  const wall = Date.parse(`${day}T00:00:00Z`) + ((hh ?? 0) * 3600 + (mm ?? 0) * 60 + (ss ?? 0)) * 1000;
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

/** The salon-local day and 'HH:MM' of an instant. */
export function instantToLocal(instant: Date, timeZone: string): { day: string; time: string } {
  const local = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  const iso = local.toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}

export { dateInZone };

const WITH_OFFSET = /(Z|[+-]\d{2}:\d{2})$/;

/**
 * A client's moment (contracts' LocalDateTime): with an offset, that instant; without, the
 * salon's wall-clock time. 400 naming the parameter when it is not a real date and time.
 */
export function parseMoment(value: string, timeZone: string, parameter: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?/.exec(value);
  const bad = () => new HttpError(400, `Invalid date and time '${parameter}': '${value}'`, parameter);
  if (!match) throw bad();
  const [, day, hh, mm, ss] = match;
  if (!isRealDate(day as string) || Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) throw bad();
  if (WITH_OFFSET.test(value)) {
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) throw bad();
    return new Date(ms);
  }
  return localToInstant(day as string, `${hh}:${mm}:${ss ?? '00'}`, timeZone);
}
