import { easterSunday } from '../lib/holidays.js';

/** Days are counted as whole days since 1970-01-01 (UTC calendar arithmetic, no time zone shifts). */
const MS_PER_DAY = 86_400_000;

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export function dayFromIso(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);
}

export function isoFromDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday .. 6 = Saturday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Calendar parts of a day: year, month 1..12, day of month 1..31. */
export function partsOf(day: number): { year: number; month: number; dayOfMonth: number } {
  const date = new Date(day * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, dayOfMonth: date.getUTCDate() };
}

export function dayOf(year: number, month: number, dayOfMonth: number): number {
  return Math.round(Date.UTC(year, month - 1, dayOfMonth) / MS_PER_DAY);
}

/** Easter Sunday as a day number (the computus of lib/holidays.ts). */
function easterSundayDay(year: number): number {
  const [, month, dayOfMonth] = easterSunday(year).split('-').map(Number) as [number, number, number];
  return dayOf(year, month, dayOfMonth);
}

const FIXED_HOLIDAYS = ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-25', '12-26'];

/** Italian public holidays (salons close); 8 December stays open for the Christmas trade. */
export function isPublicHoliday(day: number): boolean {
  const iso = isoFromDay(day);
  if (FIXED_HOLIDAYS.includes(iso.slice(5))) return true;
  return day === easterSundayDay(partsOf(day).year) + 1;
}

const CLOCK = Array.from({ length: 1440 }, (_, minute) => {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}`;
});

/** Minutes after midnight to 'HH:MM'. */
export function clockOf(minute: number): string {
  return CLOCK[Math.max(0, Math.min(1439, minute))]!;
}

/** A local timestamp 'YYYY-MM-DD HH:MM:SS' (the loading session runs in the salons' time zone). */
export function localTimestamp(iso: string, minute: number, second = 0): string {
  return `${iso} ${clockOf(minute)}:${second < 10 ? '0' : ''}${second}`;
}
