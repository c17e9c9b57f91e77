import { localeOf } from './locale';

// lib/ needs it too and never imports components/, so it lives there.
export { toIsoDate } from '../../lib/iso-date';

const cache = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}:${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    // Report days are calendar dates, not instants: format them in UTC so no time zone shifts them.
    format = new Intl.DateTimeFormat(localeOf(language), { ...options, timeZone: 'UTC' });
    cache.set(key, format);
  }
  return format;
}

/**
 * THE place for dates: calendar arithmetic on YYYY-MM-DD strings (below) and how dates are written, so every screen, chart, table, KPI card and export writes
 * them alike, per interface language:
 * - shown (tables, cards, titles): formatDay, 5 Mar 2026 / 5 mar 2026 (and what a date column's filter matches);
 * - chart day axes: formatAxisDay, 5 Mar / 5 mar;
 * - typed in a field: formatDateInput / parseDateInput, 05/03/2026 in both languages;
 * - typed times: parseTimeInput (1400, 14.00, 9) / formatTimeInput, 14:00 in both languages.
 */

/** A YYYY-MM-DD calendar date in the interface language: 'medium' = 5 Mar 2026 / 5 mar 2026, 'short' = 05/03/2026, 'long' = 5 March 2026 / 5 marzo 2026. */
export function formatDay(isoDate: string, language: string, style: 'long' | 'medium' | 'short' = 'medium'): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateFormat(language, { dateStyle: style }).format(date);
}

/** The name of an ISO weekday (1 Monday .. 7 Sunday) in the interface language. */
export function weekdayName(isoWeekday: number, language: string, width: 'long' | 'short' = 'long'): string {
  // 1 January 2024 was a Monday.
  return dateFormat(language, { weekday: width }).format(new Date(Date.UTC(2024, 0, isoWeekday)));
}

/** The name of a month (1..12) in the interface language. */
export function monthName(month: number, language: string, width: 'long' | 'short' = 'long'): string {
  return dateFormat(language, { month: width }).format(new Date(Date.UTC(2024, month - 1, 1)));
}

/** A day of the year (a yearly date such as a patron-saint day) in the interface language: "7 December" / "7 dicembre". */
export function formatDayOfYear(month: number, day: number, language: string): string {
  return dateFormat(language, { day: 'numeric', month: 'long' }).format(new Date(Date.UTC(2001, month - 1, day)));
}

/** A month (YYYY-MM or any date in it) as shown: "Nov 2026" / "nov 2026" ('long': "November 2026"). */
export function formatMonth(isoMonth: string, language: string, width: 'long' | 'short' = 'short'): string {
  const date = new Date(`${isoMonth.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoMonth;
  return dateFormat(language, { month: width, year: 'numeric' }).format(date);
}

/** A YYYY-MM-DD date as typed in a date field: 05/03/2026. Empty for anything else. */
export function formatDateInput(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** A YYYY-MM-DD date on a chart's day axis: the shown date without its year (5 Mar / 5 mar). */
export function formatAxisDay(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateFormat(language, { day: 'numeric', month: 'short' }).format(date);
}

/** Where day, month and year stand in a language's numeric date (day, month, year in en-GB and it-IT). */
function datePartOrder(language: string): ('day' | 'month' | 'year')[] {
  const parts = dateFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(Date.UTC(2026, 2, 5)));
  return parts.flatMap((part) => (part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : []));
}

/**
 * Reads a date typed in the language's numeric format (dd/mm/yyyy in en and it; '.' or '-' may
 * stand for '/', day and month may have one digit) into YYYY-MM-DD. Null for anything else: a
 * half-typed or two-digit year, digits run together (03122026 could be read more than one way),
 * or a day the calendar lacks (31/02/2026).
 */
export function parseDateInput(text: string, language = 'en'): string | null {
  const match = /^(\d{1,4})([/.-])(\d{1,4})\2(\d{1,4})$/.exec(text.trim());
  if (!match) return null;
  const typed = [match[1], match[3], match[4]] as [string, string, string];
  const order = datePartOrder(language);
  const part = (name: 'day' | 'month' | 'year') => typed[order.indexOf(name)] ?? '';
  const [dayText, monthText, yearText] = [part('day'), part('month'), part('year')];
  if (dayText.length > 2 || monthText.length > 2 || yearText.length !== 4) return null;
  const [day, month, year] = [Number(dayText), Number(monthText), Number(yearText)];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * Reads a wall-clock time as people type it into HH:MM, or null when it is not a time of day:
 * 14:00, 14.00, 1400, 930 (09:30), 9 or 09 (09:00). Hours 0-23, minutes 0-59.
 */
export function parseTimeInput(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})(?:[:.](\d{2}))?$/.exec(trimmed) ?? /^(\d{1,2})(\d{2})$/.exec(trimmed);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

/** An HH:MM wall-clock time as the language writes it: 24-hour 14:00 in en (British) and it. */
export function formatTimeInput(time: string, language: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  return dateFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2]))),
  );
}

/** A YYYY-MM-DD date as an Excel cell wants it: midnight UTC of that day (ExcelJS writes dates in UTC). */
export function excelDateOf(isoDate: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return null;
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ---------- Calendar arithmetic on YYYY-MM-DD dates (report days are calendar dates, never instants) ----------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
const toUtc = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

/** An inclusive range of calendar dates. */
export interface DateRange {
  fromDate: string;
  toDate: string;
}

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(text: string | null | undefined): text is string {
  const match = text ? ISO_DATE.exec(text) : null;
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The year of a YYYY-MM-DD date. */
export function yearOf(isoDate: string): number {
  return Number(isoDate.slice(0, 4));
}

/** The month (1..12) of a YYYY-MM-DD date. */
export function monthOf(isoDate: string): number {
  return Number(isoDate.slice(5, 7));
}

/** A month (1..12) of a year as YYYY-MM. */
export function isoMonthOf(year: number, month: number): string {
  return `${year}-${pad(month)}`;
}

/** The day of the month (1..31) of a YYYY-MM-DD date. */
export function dayOf(isoDate: string): number {
  return Number(isoDate.slice(8, 10));
}

/** The first day of the month of a YYYY-MM-DD date. */
export function monthStartOf(isoDate: string): string {
  return `${isoDate.slice(0, 8)}01`;
}

/** The last day of a month (1..12) of a year, YYYY-MM-DD. */
export function monthEndOf(year: number, month: number): string {
  // Day 0 of the next month is the last day of this one.
  return fromUtc(Date.UTC(year, month, 0));
}

/** Adds whole days (negative: earlier) to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  return fromUtc(toUtc(isoDate) + days * DAY_MS);
}

/** Days from `from` to `to` (0 when equal, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** The same date a year earlier; 29 February becomes 28 February. */
export function yearEarlier(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return fromUtc(Date.UTC(year - 1, month - 1, Math.min(day, lastDay)));
}

/** The same calendar date a year before, or null when it did not exist (29 February of a leap year). */
export function sameDateYearBefore(isoDate: string): string | null {
  const date = `${yearOf(isoDate) - 1}${isoDate.slice(4)}`;
  return isIsoDate(date) ? date : null;
}

/** The first and last day of a month (1..12) of a year, the last capped at `cap` (today) when it falls in that month. */
export function monthRange(year: number, month: number, cap?: string): { dateFrom: string; dateTo: string } {
  const dateFrom = `${isoMonthOf(year, month)}-01`;
  const last = monthEndOf(year, month);
  return { dateFrom, dateTo: cap && cap < last && cap >= dateFrom ? cap : last };
}

/** The last day of a period of `months` months from the 1st of periodStartDate's month. */
export function periodEndOf(periodStartDate: string, months: number): string {
  return monthEndOf(yearOf(periodStartDate), monthOf(periodStartDate) - 1 + months);
}

/** An inclusive range cut into calendar-month pieces, in order (empty when reversed). */
export function splitRangeByMonth(fromDate: string, toDate: string): DateRange[] {
  if (fromDate > toDate) return [];
  const pieces: DateRange[] = [];
  let start = fromDate;
  while (start <= toDate) {
    const monthEnd = monthEndOf(yearOf(start), monthOf(start));
    const end = monthEnd < toDate ? monthEnd : toDate;
    pieces.push({ fromDate: start, toDate: end });
    start = addDays(end, 1);
  }
  return pieces;
}
