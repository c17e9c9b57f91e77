import { HttpError } from './http-error.js';
import { isCalendarDate } from './months.js';

/** Which clients a report counts: everyone, or one client gender (the contracts' Gender). */
export type { Gender as GenderScope } from '@salon/contracts';

/** Longest range a report accepts (days): five years. */
export const MAX_RANGE_DAYS = 1830;

const DAY_MS = 86_400_000;

function parseDay(value: string, name: string): number {
  if (!isCalendarDate(value)) {
    throw new HttpError(400, `Invalid date '${name}': expected a real calendar date YYYY-MM-DD, got '${value}'`, name);
  }
  return Date.parse(`${value}T00:00:00Z`);
}

/** Checks a report range (real dates, from <= to, at most MAX_RANGE_DAYS); 400 naming the parameter otherwise. */
export function assertRange(from: string, to: string, names: [string, string] = ['fromDate', 'toDate']): void {
  const a = parseDay(from, names[0]);
  const b = parseDay(to, names[1]);
  if (a > b) throw new HttpError(400, `${names[0]} (${from}) is after ${names[1]} (${to})`, names[0]);
  if ((b - a) / DAY_MS + 1 > MAX_RANGE_DAYS) throw new HttpError(400, `The range is longer than ${MAX_RANGE_DAYS} days`, names[0]);
}

/** Every day from..to inclusive, as YYYY-MM-DD. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); ms <= end; ms += DAY_MS) {
    out.push(new Date(ms).toISOString().slice(0, 10));
  }
  return out;
}

/** A YYYY-MM-DD day moved by a number of days (negative: back): one definition, in months.ts. */
export { addDays } from './months.js';

/** The same calendar date one year before (28 February for a 29 February). */
export function sameDateLastYear(day: string): string {
  const year = String(Number(day.slice(0, 4)) - 1).padStart(4, '0');
  const monthDay = day.slice(5);
  return `${year}-${monthDay === '02-29' ? '02-28' : monthDay}`;
}

/** Days back to the same weekday one year before: 52 weeks. */
export const SAME_WEEKDAY_DAYS_BACK = 364;

/** ISO weekday (1 Monday .. 7 Sunday) of a YYYY-MM-DD day. */
export function isoWeekday(day: string): number {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return dow === 0 ? 7 : dow;
}

/** First and last day of a month (1..12). */
export function monthRange(year: number, month: number): { from: string; to: string } {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** Integer cents to euros with 2 decimals. */
export function euros(cents: number | null | undefined): number {
  return Math.round(Number(cents ?? 0)) / 100;
}

/** a / b x 100 with 2 decimals, or null when b is 0. */
export function percent(a: number, b: number): number | null {
  if (!b) return null;
  return Math.round((a / b) * 10_000) / 100;
}

/** A ratio rounded to 2 decimals (0 when the denominator is 0). */
export function ratio2(a: number, b: number): number {
  if (!b) return 0;
  return Math.round((a / b) * 100) / 100;
}
