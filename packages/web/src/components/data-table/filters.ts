import { parseDateInput } from '../format/dates';

/** The per-column text filter modes. */
export const FILTER_MODES = ['contains', 'startsWith', 'endsWith', 'matches', 'greaterThan', 'lessThan'] as const;
export type FilterMode = (typeof FILTER_MODES)[number];

export interface TextFilter {
  mode: FilterMode;
  text: string;
}

/** Why a filter cannot be applied; the table shows it and keeps every row. */
type FilterError = 'invalidRegex' | 'notANumber';

/** A filter ready to run on many rows: parsed once, then tested per cell. */
export interface CompiledFilter {
  /** True when a cell passes. A cell is tested through its candidate texts (raw value, shown text or texts). */
  test: (value: unknown, shownText?: string | readonly string[]) => boolean;
  error?: FilterError;
}

const passAll: CompiledFilter = { test: () => true };

const DATE_LIKE = /^\d{4}-\d{2}(-\d{2})?$/;

/**
 * Reads a number the way a user types it: '1234.5', '1,234.50', '1.234,50', '1234,5', '€ 12',
 * '45%', '-3'. A lone separator followed by exactly three digits ('1.234', '1,234') is read by
 * the interface language: a thousands group when it is not that language's decimal separator
 * (Italian '1.234' = 1234, English '1,234' = 1234), a decimal otherwise. Null when not a number.
 */
export function parseNumber(text: string, decimalSeparator: '.' | ',' = '.'): number | null {
  let cleaned = text.replace(/[\s\u00a0€%]/g, '');
  if (cleaned === '' || !/^[+-]?[\d.,]+$/.test(cleaned)) return null;
  const dots = (cleaned.match(/\./g) ?? []).length;
  const commas = (cleaned.match(/,/g) ?? []).length;
  if (dots > 0 && commas > 0) {
    // Both separators: the last one is the decimal separator, the other groups thousands.
    const decimal = cleaned.lastIndexOf('.') > cleaned.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    if (cleaned.split(decimal).length > 2) return null;
    cleaned = cleaned.split(group).join('').replace(decimal, '.');
  } else if (dots + commas > 0) {
    const separator = dots > 0 ? '.' : ',';
    const isGrouping = new RegExp(`^[+-]?\\d{1,3}(\\${separator}\\d{3})+$`).test(cleaned);
    if (dots + commas > 1 || (isGrouping && separator !== decimalSeparator)) {
      if (!isGrouping) return null;
      cleaned = cleaned.split(separator).join('');
    } else {
      cleaned = cleaned.replace(separator, '.');
    }
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** A cell's value as a number: numbers as they are, text parsed as a user would type it. */
function numberOf(value: unknown, decimalSeparator: '.' | ','): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return parseNumber(value, decimalSeparator);
  return null;
}

function textsOf(value: unknown, shownText: string | readonly string[] | undefined): string[] {
  const texts: string[] = [];
  if (value !== null && value !== undefined) texts.push(String(value));
  for (const shown of typeof shownText === 'string' ? [shownText] : (shownText ?? [])) if (!texts.includes(shown)) texts.push(shown);
  return texts;
}

/**
 * Compiles a column filter. Text modes ignore case and pass when the raw value or the text
 * shown in the cell passes (so '1234' and '1.234' both find € 1.234,00). Greater / less than
 * compare numbers (money columns by their amount); with a date typed (dd/mm/yyyy as in the date
 * fields, or YYYY-MM-DD) they compare dates (cells hold YYYY-MM-DD). An empty filter passes every row; a filter that cannot be read (a broken
 * regular expression, a non-number in a numeric mode) passes every row and reports an error.
 */
export function compileFilter(filter: TextFilter | undefined | null, decimalSeparator: '.' | ',' = '.'): CompiledFilter {
  if (!filter) return passAll;
  const text = filter.text.trim();
  if (text === '') return passAll;
  const needle = text.toLocaleLowerCase();
  switch (filter.mode) {
    case 'contains':
      return { test: (value, shown) => textsOf(value, shown).some((t) => t.toLocaleLowerCase().includes(needle)) };
    case 'startsWith':
      return { test: (value, shown) => textsOf(value, shown).some((t) => t.toLocaleLowerCase().startsWith(needle)) };
    case 'endsWith':
      return { test: (value, shown) => textsOf(value, shown).some((t) => t.toLocaleLowerCase().endsWith(needle)) };
    case 'matches': {
      let pattern: RegExp;
      try {
        pattern = new RegExp(text, 'i');
      } catch {
        return { ...passAll, error: 'invalidRegex' };
      }
      return { test: (value, shown) => textsOf(value, shown).some((t) => pattern.test(t)) };
    }
    case 'greaterThan':
    case 'lessThan': {
      const isGreater = filter.mode === 'greaterThan';
      const limit = parseNumber(text, decimalSeparator);
      if (limit !== null) {
        return {
          test: (value) => {
            const n = numberOf(value, decimalSeparator);
            if (n === null) return false;
            return isGreater ? n > limit : n < limit;
          },
        };
      }
      const limitDate = parseDateInput(text) ?? (DATE_LIKE.test(text) ? text : null);
      if (limitDate !== null) {
        return {
          test: (value) => {
            if (typeof value !== 'string' || !DATE_LIKE.test(value.slice(0, limitDate.length))) return false;
            const cell = value.slice(0, limitDate.length);
            return isGreater ? cell > limitDate : cell < limitDate;
          },
        };
      }
      return { ...passAll, error: 'notANumber' };
    }
  }
}

/** True when a filter holds no text and can be dropped from the table state. */
export function isEmptyFilter(filter: TextFilter | undefined | null): boolean {
  return !filter || filter.text.trim() === '';
}
