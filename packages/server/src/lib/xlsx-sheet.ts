import type ExcelJS from 'exceljs';
import { type ExportHeading, type ExportLanguage, exportHeadingRows, headingRowCount } from './export-heading.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel number formats per kind of value, the same the screens' own exports use; percentages are written as fractions (42.5 % -> 0.425). */
export const XLSX_FORMATS = {
  money: '#,##0.00 "€"',
  number: '#,##0.##',
  integer: '#,##0',
  percent: '0.0%',
  // Excel shows a date cell in this order whatever its own locale.
  date: 'dd/mm/yyyy',
} as const;

/** What a value is, for its cell's format. */
export type XlsxKind = keyof typeof XLSX_FORMATS | 'text';

/** A sheet of either writer (a Workbook's or the streaming one's): rows are added, then committed (a no-op outside streaming). */
interface SheetWriter {
  addRow(values: unknown[]): ExcelJS.Row;
}

/** One figure of a report's KPI cards: its label, its value as the API answers it, and its kind. */
export interface XlsxKpi {
  label: string;
  value: number | string | null;
  kind: XlsxKind;
}

/**
 * A salon's calendar day (YYYY-MM-DD, already the salon's wall clock) as the Date ExcelJS writes as
 * that day's serial: midnight UTC, since ExcelJS converts through UTC and a local midnight could move the day.
 */
export function excelDate(day: string | null | undefined): Date | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A value as its cell holds it: days as dates, percentages as fractions, the rest as is. */
export function xlsxValue(value: number | string | null | undefined, kind: XlsxKind): number | string | Date | null {
  if (value === null || value === undefined) return null;
  if (kind === 'date' && typeof value === 'string') return excelDate(value) ?? value;
  // Rounded so 66.67 % is the fraction 0.6667, not the 0.6667000000000001 a plain division leaves.
  if (kind === 'percent' && typeof value === 'number') return Math.round(value * 1e8) / 1e10;
  return value;
}

/** Writes a row of values of the given kinds, each cell with its number format; answers the row (committed). */
export function addTypedRow(
  sheet: SheetWriter,
  cells: readonly (readonly [value: number | string | null | undefined, kind: XlsxKind])[],
  options: { isBold?: boolean; isLabelBold?: boolean } = {},
): ExcelJS.Row {
  const row = sheet.addRow(cells.map(([value, kind]) => xlsxValue(value, kind)));
  cells.forEach(([value, kind], index) => {
    if (kind !== 'text' && value !== null && value !== undefined) row.getCell(index + 1).numFmt = XLSX_FORMATS[kind];
  });
  if (options.isBold) row.font = { bold: true };
  else if (options.isLabelBold) row.getCell(1).font = { bold: true };
  row.commit();
  return row;
}

/** Writes the file's heading at the top of a sheet (title, salon, period, details), then an empty row; answers the rows it took. */
export function addSheetHeading(sheet: SheetWriter, heading: ExportHeading, language: ExportLanguage): number {
  exportHeadingRows(heading, language).forEach((cells, index) => {
    const row = sheet.addRow(cells);
    if (index === 0) row.font = { bold: true, size: 14 };
    else row.getCell(1).font = { bold: true };
    row.commit();
  });
  sheet.addRow([]).commit();
  return headingRowCount(heading);
}

/** Writes the screen's KPI cards as label / value rows (each value in its format), then an empty row; answers the rows it took. */
export function addKpiRows(sheet: SheetWriter, kpis: readonly XlsxKpi[]): number {
  for (const kpi of kpis) {
    addTypedRow(
      sheet,
      [
        [kpi.label, 'text'],
        [kpi.value, kpi.kind],
      ],
      { isLabelBold: true },
    );
  }
  sheet.addRow([]).commit();
  return kpis.length + 1;
}
