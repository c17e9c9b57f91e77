/** Calendar arithmetic on salon-local YYYY-MM-DD strings (no time zones involved). */

/** Months since year 0 of a YYYY-MM or YYYY-MM-DD string: comparable and easy to step. */
export function monthIndexOf(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/** YYYY-MM of a month index. */
export function monthKeyOf(index: number): string {
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** First day of a month index, YYYY-MM-01. */
export function monthStartOf(index: number): string {
  return `${monthKeyOf(index)}-01`;
}

/** Last day of a month index, YYYY-MM-DD. */
export function monthEndOf(index: number): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${monthKeyOf(index)}-${String(days).padStart(2, '0')}`;
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the month n months after date's month (n may be negative). */
export function addMonths(date: string, n: number): string {
  return monthStartOf(monthIndexOf(date) + n);
}

export function addDays(date: string, n: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + n * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** True for a real calendar date in YYYY-MM-DD form (rejects 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
}

const monthNameCache = new Map<string, readonly string[]>();
/** The twelve month names of a language ('en' or 'it'), capitalised as a title: January / Gennaio. */
export function monthNamesOf(language: 'en' | 'it'): readonly string[] {
  let names = monthNameCache.get(language);
  if (!names) {
    const format = new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', { month: 'long', timeZone: 'UTC' });
    names = Array.from({ length: 12 }, (_, index) => {
      const name = format.format(new Date(Date.UTC(2000, index, 1)));
      return name.charAt(0).toUpperCase() + name.slice(1);
    });
    monthNameCache.set(language, names);
  }
  return names;
}
