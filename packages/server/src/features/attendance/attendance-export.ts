import type { AttendancePersonDTO } from '@salon/contracts';
import type { Static } from 'typebox';
import { type ExportLanguage, exportHeadingRows } from '../../lib/export-heading.js';
import { buildXls, type XlsCell } from '../../lib/xls.js';

type PersonDto = Static<typeof AttendancePersonDTO>;

export type { ExportLanguage };

/** What an attendance file covers: the salon and the days, written above its table. */
export interface AttendanceFileScope {
  salonName: string;
  fromDate: string;
  toDate: string;
}

const HEADERS: Record<ExportLanguage, string[]> = {
  en: [
    'Last name',
    'First name',
    'Date',
    'Clock in',
    'Clock out',
    'Hours worked',
    'Shift hours',
    'Excused hours',
    'Difference',
    'Absence',
    'Forgotten clock-out',
    'Clock-in without shift',
    'Shift without clock-in',
    'Corrected',
  ],
  it: [
    'Cognome',
    'Nome',
    'Data',
    'Entrata',
    'Uscita',
    'Ore lavorate',
    'Ore turno',
    'Ore giustificate',
    'Differenza',
    'Assenza',
    'Uscita dimenticata',
    'Entrata senza turno',
    'Turno senza entrata',
    'Corretto',
  ],
};

const WORDS = {
  en: {
    stillIn: 'still in',
    total: 'Total',
    yes: 'yes',
    HOLIDAY: 'Holiday',
    SICK: 'Sick',
    PERMIT: 'Permit',
    sheet: 'Attendance',
    title: 'Attendance sheet',
  },
  it: {
    stillIn: 'ancora dentro',
    total: 'Totale',
    yes: 'sì',
    HOLIDAY: 'Ferie',
    SICK: 'Malattia',
    PERMIT: 'Permesso',
    sheet: 'Presenze',
    title: 'Foglio presenze',
  },
} as const;

/** The columns holding counts (the flags' and corrections' totals): no decimals. */
const COUNT_COLUMNS: ReadonlySet<number> = new Set([10, 11, 12, 13]);

/** A row of the export: text, a number (hours), a date, or empty. */
type Cell = string | number | { date: string } | null;

/** `2026-11-02T09:05` → `09:05`, with ` (+1)` when it falls after the row's day. */
function timeOf(value: string | null, day: string): string | null {
  if (!value) return null;
  const time = value.slice(11, 16);
  return value.slice(0, 10) > day ? `${time} (+1)` : time;
}

/** One row per person per day, then that person's totals row; the first row is the header. */
export function exportRows(people: PersonDto[], language: ExportLanguage): { rows: Cell[][]; totalRows: Set<number> } {
  const words = WORDS[language];
  const rows: Cell[][] = [HEADERS[language]];
  const totalRows = new Set<number>([0]);
  for (const person of people) {
    for (const day of person.days) {
      rows.push([
        person.lastName,
        person.firstName,
        { date: day.day },
        timeOf(day.clockIn, day.day),
        day.clockIn && !day.clockOut && !day.flags.forgottenClockOut ? words.stillIn : timeOf(day.clockOut, day.day),
        day.hoursWorked,
        day.shiftHours,
        day.excusedHours,
        day.difference,
        day.absenceCode ? words[day.absenceCode] : null,
        day.flags.forgottenClockOut ? words.yes : null,
        day.flags.clockInWithoutShift ? words.yes : null,
        day.flags.shiftWithoutClockIn ? words.yes : null,
        day.isCorrected ? words.yes : null,
      ]);
    }
    const t = person.totals;
    const absences = [
      t.holidayDays ? `${words.HOLIDAY} ${language === 'it' ? String(t.holidayDays).replace('.', ',') : t.holidayDays}` : '',
      t.sickDays ? `${words.SICK} ${t.sickDays}` : '',
      t.permitDays ? `${words.PERMIT} ${t.permitDays}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    totalRows.add(rows.length);
    rows.push([
      person.lastName,
      person.firstName,
      words.total,
      null,
      null,
      t.hoursWorked,
      t.shiftHours,
      t.excusedHours,
      t.difference,
      absences || null,
      t.forgottenClockOuts,
      t.clockInsWithoutShift,
      t.shiftsWithoutClockIn,
      t.correctedDays,
    ]);
  }
  return { rows, totalRows };
}

/** A text cell a spreadsheet would read as a formula (=, +, -, @ first) gets a leading apostrophe. */
function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * CSV for the payroll consultant: UTF-8 with BOM (Excel then reads the accents right), CRLF;
 * English `,` and decimal point, Italian `;` and decimal comma (what Excel expects in each).
 */
export function buildCsv(people: PersonDto[], scope: AttendanceFileScope, language: ExportLanguage): Buffer {
  const separator = language === 'it' ? ';' : ',';
  const formatNumber = (value: number, column: number) => {
    const text = value.toFixed(COUNT_COLUMNS.has(column) ? 0 : 2);
    return language === 'it' ? text.replace('.', ',') : text;
  };
  const formatDate = (day: string) => (language === 'it' ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : day);
  const quote = (text: string) => (/[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const { rows } = exportRows(people, language);
  const heading = headingOf(scope, language).map((cells) => cells.map((cell) => quote(safeText(cell))).join(separator));
  const table = rows.map((row) =>
    row
      .map((cell, column) => {
        if (cell === null) return '';
        if (typeof cell === 'number') return formatNumber(cell, column);
        if (typeof cell === 'object') return formatDate(cell.date);
        return quote(safeText(cell));
      })
      .join(separator),
  );
  const lines = [...heading, '', ...table];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

/** The file's heading rows: title, salon, period in words. */
function headingOf(scope: AttendanceFileScope, language: ExportLanguage): string[][] {
  return exportHeadingRows({ title: WORDS[language].title, ...scope }, language);
}

/** The same rows as a genuine .xls (BIFF8), under the same heading: hours as numbers with 2 decimals, days as dates. */
export function buildAttendanceXls(people: PersonDto[], scope: AttendanceFileScope, language: ExportLanguage): Buffer {
  const { rows, totalRows } = exportRows(people, language);
  const heading: Cell[][] = [...headingOf(scope, language), []];
  const offset = heading.length;
  return buildXls({
    name: WORDS[language].sheet,
    rows: [...heading, ...rows].map((row) => row.map((cell): XlsCell => (typeof cell === 'string' ? safeText(cell) : cell))),
    boldRows: new Set([0, offset, ...[...totalRows].map((row) => row + offset)]),
    dateFormat: language === 'it' ? 'dd/mm/yyyy' : 'yyyy-mm-dd',
    columnWidths: [18, 16, 12, 10, 10, 12, 12, 12, 12, 14, 12, 12, 12, 10],
    integerColumns: COUNT_COLUMNS,
  });
}

/** Presence-{YYYYMMDD}-{YYYYMMDD}.csv|.xls. */
export function exportFileName(from: string, to: string, extension: 'csv' | 'xls'): string {
  return `Presence-${from.replaceAll('-', '')}-${to.replaceAll('-', '')}.${extension}`;
}
