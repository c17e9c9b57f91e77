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
