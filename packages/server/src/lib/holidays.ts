/**
 * The Italian national holidays of a year and a salon's closed days (national holidays, its
 * patron-saint day and its closures). Days are 'YYYY-MM-DD' strings.
 */
import type { NATIONAL_HOLIDAYS } from '@salon/contracts';

export type NationalHoliday = (typeof NATIONAL_HOLIDAYS)[number];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const FIXED: readonly [string, NationalHoliday, string][] = [
  ['01-01', 'NEW_YEAR', "New Year's Day"],
  ['01-06', 'EPIPHANY', 'Epiphany'],
  ['04-25', 'LIBERATION_DAY', 'Liberation Day'],
  ['05-01', 'LABOUR_DAY', 'Labour Day'],
  ['06-02', 'REPUBLIC_DAY', 'Republic Day'],
  ['08-15', 'ASSUMPTION', 'Assumption'],
  ['11-01', 'ALL_SAINTS', "All Saints' Day"],
  ['12-08', 'IMMACULATE_CONCEPTION', 'Immaculate Conception'],
  ['12-25', 'CHRISTMAS', 'Christmas Day'],
  ['12-26', 'ST_STEPHEN', "St Stephen's Day"],
];

/** The national holidays of a year, by date. */
export function nationalHolidays(year: number): { date: string; holiday: NationalHoliday; label: string }[] {
  const easter = Date.parse(`${easterSunday(year)}T00:00:00Z`);
  const easterMonday = new Date(easter + 86_400_000).toISOString().slice(0, 10);
  return [
    ...FIXED.map(([monthDay, holiday, label]) => ({ date: `${year}-${monthDay}`, holiday, label })),
    { date: easterMonday, holiday: 'EASTER_MONDAY' as const, label: 'Easter Monday' },
  ].sort((x, y) => x.date.localeCompare(y.date));
}

/** What a salon sets: its closures and its patron-saint day. */
export interface SalonHolidaySettings {
  closures: readonly { id: number; startDay: string; endDay: string; label: string }[];
  patronDay: { month: number; day: number; label: string } | null;
}

export interface ClosedDay {
  date: string;
  kind: 'NATIONAL' | 'PATRON' | 'CLOSURE';
  holiday: NationalHoliday | null;
  label: string;
  closureId: number | null;
}

const nationalByYear = new Map<number, Map<string, { holiday: NationalHoliday; label: string }>>();
function nationalOf(year: number) {
  let byDate = nationalByYear.get(year);
  if (!byDate) {
    byDate = new Map(nationalHolidays(year).map(({ date, holiday, label }) => [date, { holiday, label }]));
    nationalByYear.set(year, byDate);
  }
  return byDate;
}

/**
 * Why the salon is closed on a day for a holiday, or null: a closure first (the manager's own
 * label), then the patron-saint day, then a national holiday.
 */
export function closedDayOf(settings: SalonHolidaySettings, day: string): ClosedDay | null {
  const closure = settings.closures.find((c) => c.startDay <= day && c.endDay >= day);
  if (closure) return { date: day, kind: 'CLOSURE', holiday: null, label: closure.label, closureId: closure.id };
  const patron = settings.patronDay;
  if (patron && day.slice(5) === `${pad(patron.month)}-${pad(patron.day)}`) {
    return { date: day, kind: 'PATRON', holiday: null, label: patron.label, closureId: null };
  }
  const national = nationalOf(Number(day.slice(0, 4))).get(day);
  return national ? { date: day, kind: 'NATIONAL', holiday: national.holiday, label: national.label, closureId: null } : null;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
