/**
 * Reading one cell of an import file. Every reader answers `{ ok: true, value }` or the error
 * code of ImportRowErrorDTO (messages: import/messages.ts). Written for speed (a million rows
 * pass through here): regular expressions compiled once, no allocation beyond the result.
 */

export type CellResult<T> = { ok: true; value: T } | { ok: false; code: string; detail?: Record<string, string | number> };

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const fail = (code: string, detail?: Record<string, string | number>): CellResult<never> =>
  detail ? { ok: false, code, detail } : { ok: false, code };

const INTEGER = /^[+-]?\d{1,10}$/;
/** 1234.5 / 1234,5 / 1.234,50 / 1,234.50 / -0,5 */
const DECIMAL = /^[+-]?(\d{1,3}([.,' ]\d{3})+|\d+)?([.,]\d+)?$/;
/** Digits with at most one separator (a point or a comma), read as the decimal separator. */
const PLAIN_DECIMAL = /^[+-]?\d+([.,]\d+)?$/;

export function readInteger(raw: string, min: number, max: number): CellResult<number> {
  const text = raw.trim();
  if (!INTEGER.test(text)) {
    // Excel writes whole numbers of a numeric column as 12 or 12.0 / 12,0
    const asDecimal = parseDecimalText(text);
    if (asDecimal === null || !Number.isInteger(asDecimal)) return fail('INTEGER');
    return inRange(asDecimal, min, max);
  }
  return inRange(Number(text), min, max);
}

function inRange(value: number, min: number, max: number): CellResult<number> {
  if (value < min || value > max) return fail('RANGE', { min, max });
  return ok(value);
}

/**
 * A decimal with a point or a comma. When both appear, the last one is the decimal separator and
 * the other groups thousands; a single separator followed by exactly three digits and preceded
 * by at most three is ambiguous (1.234) and read as the decimal of the file's style: here always
 * as a decimal separator, as Excel in Italian writes 1234,5 without grouping.
 */
export function parseDecimalText(text: string): number | null {
  // The usual cell (38,50 / 38.50 / 1234): what the general reading below answers for it, without its passes.
  if (PLAIN_DECIMAL.test(text)) {
    const value = Number(text.replace(',', '.'));
    return Number.isFinite(value) ? value : null;
  }
  if (text === '' || !DECIMAL.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let normal: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalSep = lastDot > lastComma ? '.' : ',';
    const groupSep = decimalSep === '.' ? ',' : '.';
    normal = text.split(groupSep).join('').replace(decimalSep, '.');
  } else if (lastComma >= 0) {
    if (text.indexOf(',') !== lastComma) normal = text.split(',').join('');
    else normal = text.replace(',', '.');
  } else if (lastDot >= 0 && text.indexOf('.') !== lastDot) {
    normal = text.split('.').join('');
  } else {
    normal = text;
  }
  normal = normal.replace(/[' ]/g, '');
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}

export function readDecimal(raw: string, min: number, max: number): CellResult<number> {
  const value = parseDecimalText(raw.trim());
  if (value === null) return fail('DECIMAL');
  return inRange(value, min, max);
}

/** Euros (a leading or trailing € is allowed) to integer cents; at most 2 decimals. */
export function readMoney(raw: string, min: number, max: number): CellResult<number> {
  let text = raw.trim();
  if (text.startsWith('€')) text = text.slice(1).trim();
  else if (text.endsWith('€')) text = text.slice(0, -1).trim();
  const value = parseDecimalText(text);
  if (value === null) return fail('MONEY');
  const cents = Math.round(value * 100);
  if (Math.abs(cents - value * 100) > 1e-6 * Math.max(1, Math.abs(value))) return fail('MONEY');
  if (value < min || value > max) return fail('RANGE', { min, max });
  return ok(cents);
}

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const EU_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const SERIAL = /^\d{1,6}([.,]\d+)?$/;
const TIME = /^(\d{1,2})[:.](\d{2})(?:[:.](\d{2})(?:[.,]\d+)?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  if (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) return 29;
  return DAYS_IN_MONTH[month - 1] as number;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

function dayText(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** Excel's serial day (1900 system; 60 is Excel's non-existent 29/02/1900): days since 1899-12-30. */
function serialDay(serial: number): string | null {
  if (serial < 61 || serial > 150000) return null;
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86400000);
  return dayText(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function parseDay(text: string): string | null {
  let m = ISO_DAY.exec(text);
  if (m) return dayText(Number(m[1]), Number(m[2]), Number(m[3]));
  m = EU_DAY.exec(text);
  if (m) return dayText(Number(m[3]), Number(m[2]), Number(m[1]));
  if (SERIAL.test(text)) return serialDay(Number(text.replace(',', '.')));
  return null;
}

/** YYYY-MM-DD, DD/MM/YYYY (also with . or -) or an Excel serial day; answers YYYY-MM-DD. */
export function readDate(raw: string): CellResult<string> {
  const text = raw.trim();
  const day = parseDay(text);
  return day === null ? fail('DATE') : ok(day);
}

/**
 * A salon-local date and time: a date as readDate, then a space or T and HH:MM[:SS]; or an
 * Excel serial with a fraction of a day. Answers `YYYY-MM-DD HH:MM:SS` (no zone: the database
 * reads it in the salon's zone).
 */
export function readDateTime(raw: string): CellResult<string> {
  const text = raw.trim();
  if (SERIAL.test(text)) {
    const serial = Number(text.replace(',', '.'));
    const day = serialDay(serial);
    if (day === null) return fail('DATETIME');
    const seconds = Math.round((serial - Math.floor(serial)) * 86400);
    if (seconds >= 86400) return fail('DATETIME');
    return ok(`${day} ${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor((seconds % 3600) / 60))}:${pad2(seconds % 60)}`);
  }
  const split = text.search(/[ T]/);
  if (split < 0) return fail('DATETIME');
  const day = parseDay(text.slice(0, split));
  const time = TIME.exec(text.slice(split + 1).trim());
  if (day === null || !time) return fail('DATETIME');
  const h = Number(time[1]);
  const mi = Number(time[2]);
  const s = time[3] === undefined ? 0 : Number(time[3]);
  if (h > 23 || mi > 59 || s > 59) return fail('DATETIME');
  return ok(`${day} ${pad2(h)}:${pad2(mi)}:${pad2(s)}`);
}

const TRUE = new Set(['true', '1', 'yes', 'y', 'si', 'sì', 's', 'vero', 'x']);
const FALSE = new Set(['false', '0', 'no', 'n', 'falso']);

export function readBoolean(raw: string): CellResult<boolean> {
  const text = raw.trim().toLowerCase();
  if (TRUE.has(text)) return ok(true);
  if (FALSE.has(text)) return ok(false);
  return fail('BOOLEAN');
}

/** Gender spellings of Italian and English systems. */
const ENUM_ALIASES: Record<string, string> = { M: 'MALE', U: 'MALE', F: 'FEMALE', D: 'FEMALE' };

export function readEnum(raw: string, values: readonly string[]): CellResult<string> {
  const text = raw.trim().toUpperCase().replace(/[ -]/g, '_');
  if (values.includes(text)) return ok(text);
  const alias = ENUM_ALIASES[text];
  if (alias && values.includes(alias)) return ok(alias);
  return fail('ENUM', { values: values.join(', ') });
}

export function readText(raw: string, maxLength: number): CellResult<string> {
  const text = raw.trim();
  if (text.length > maxLength) return fail('TOO_LONG', { max: maxLength });
  return ok(text);
}

/**
 * A cell reader that remembers its answers (the same immutable result object) for the first `size`
 * distinct cells: dates, kinds and yes/no repeat on every row of a big file.
 */
export function memoised<T>(read: (raw: string) => CellResult<T>, size = 4096): (raw: string) => CellResult<T> {
  const seen = new Map<string, CellResult<T>>();
  return (raw) => {
    let result = seen.get(raw);
    if (result === undefined) {
      result = read(raw);
      if (seen.size < size) seen.set(raw, result);
    }
    return result;
  };
}
