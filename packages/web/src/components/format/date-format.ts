import { localeOf } from './number-format';

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
 * THE place where dates are written, so every screen, chart, table, KPI card and export writes
 * them alike, per interface language:
 * - shown (tables, cards, titles): formatDay, 5 Mar 2026 / 5 mar 2026 (and what a date column's filter matches);
 * - chart day axes: formatAxisDay, 5 Mar / 5 mar;
 * - typed in a field: formatDateInput / parseDateInput, 05/03/2026 in both languages.
 */

/** A YYYY-MM-DD calendar date in the interface language: 'medium' = 5 Mar 2026 / 5 mar 2026, 'short' = 05/03/2026. */
export function formatDay(isoDate: string, language: string, style: 'medium' | 'short' = 'medium'): string {
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

/**
 * The one way a date is typed and shown in a field or a chart axis, in both languages:
 * dd/mm/yyyy (Italian and English alike, as en-GB writes it).
 */
export const DATE_INPUT_PATTERN = 'dd/mm/yyyy';

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

/** A YYYY-MM month on a chart axis or in a table: Nov 2026 / nov 2026. */
export function formatMonth(isoMonth: string, language: string, width: 'long' | 'short' = 'short'): string {
  const date = new Date(`${isoMonth.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoMonth;
  return dateFormat(language, { month: width, year: 'numeric' }).format(date);
}

/**
 * Reads a date typed as dd/mm/yyyy (also with '.' or '-' between the parts, one-digit day and
 * month, or 8 digits ddmmyyyy) into YYYY-MM-DD; null when it is not complete or not a real date
 * (31/02/2026). The year must have four digits, so a half-typed year is never taken.
 */
export function parseDateInput(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A YYYY-MM-DD date as an Excel cell wants it: midnight UTC of that day (ExcelJS writes dates in UTC). */
export function excelDateOf(isoDate: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return null;
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
