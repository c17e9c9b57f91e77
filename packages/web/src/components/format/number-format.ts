import { useTranslation } from 'react-i18next';
import { formatDay } from './dates';
import { localeOf } from './locale';

/**
 * How a value is shown: money in euros, a plain number, a percentage (given in per cent: 42.5 =
 * 42.5 %), a calendar date (given as YYYY-MM-DD, shown as format/dates.ts says), or text.
 */
export type ValueKind = 'money' | 'number' | 'integer' | 'percent' | 'date' | 'text';

/** The decimal separator users of a language type. */
export function decimalSeparatorOf(language: string): '.' | ',' {
  return language.startsWith('it') ? ',' : '.';
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, kind: ValueKind, minimumDecimals: number): Intl.NumberFormat {
  const key = `${locale}:${kind}:${minimumDecimals}`;
  let format = cache.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions =
      kind === 'money'
        ? { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }
        : kind === 'percent'
          ? { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 1 }
          : kind === 'integer'
            ? { maximumFractionDigits: 0 }
            : { minimumFractionDigits: minimumDecimals, maximumFractionDigits: 2 };
    // Italian CLDR leaves 4-digit amounts ungrouped (1234,50 €); group always so columns read alike.
    format = new Intl.NumberFormat(locale, { ...options, useGrouping: 'always' });
    cache.set(key, format);
  }
  return format;
}

/**
 * Formats a value for display in the given interface language; null and undefined show as an en dash.
 * `minimumDecimals` (kind 'number' only) lets a column show its values alike: 1.00 beside 0.99.
 */
export function formatValue(value: unknown, kind: ValueKind, language: string, minimumDecimals = 0): string {
  if (value === null || value === undefined || value === '') return '–';
  if (kind === 'date') return typeof value === 'string' ? formatDay(value, language) : String(value);
  if (kind === 'text' || typeof value !== 'number' || !Number.isFinite(value)) return String(value);
  const locale = localeOf(language);
  return numberFormat(locale, kind, kind === 'number' ? minimumDecimals : 0).format(kind === 'percent' ? value / 100 : value);
}

/** `formatValue` bound to the current interface language. */
export function useFormatValue(): (value: unknown, kind: ValueKind) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (value, kind) => formatValue(value, kind, language);
}

/** The decimals (0-2) a set of plain numbers needs so that all of them show with the same count. */
export function decimalsOf(values: Iterable<unknown>): number {
  let decimals = 0;
  for (const value of values) {
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const rounded = Math.round(value * 100);
    const needed = rounded % 100 === 0 ? 0 : rounded % 10 === 0 ? 1 : 2;
    if (needed > decimals) decimals = needed;
    if (decimals === 2) break;
  }
  return decimals;
}
