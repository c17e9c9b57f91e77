import { saveBlob } from '../../lib/api-client';
import type { DataTableColumn } from '../data-table/data-table';
import { excelDateOf } from '../format/dates';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel number formats per kind; percentages are written as fractions (42.5 % -> 0.425). */
const NUMBER_FORMATS = {
  money: '#,##0.00 "€"',
  number: '#,##0.##',
  integer: '#,##0',
  percent: '0.0%',
  // Excel shows a date cell in this order whatever its own locale: the order of the date fields.
  date: 'dd/mm/yyyy',
} as const;

/** What a file says above its table: the report, the salon, the period and the filters, already translated. */
export interface ExportHeading {
  /** The report's title (first row, bold). */
  title: string;
  /** Label / value lines under the title: salon, period, then each filter (gender, year...). */
  lines: readonly (readonly [label: string, value: string])[];
}

/** The totals row written after the rows: its values, and the label that replaces its first column. */
export interface ExportTotals<T> {
  row: T;
  label: string;
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
export function safeSheetName(name: string): string {
  const cleaned = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned || 'Sheet1';
}

/** A cell's value as exported: the shown text for columns that show one (month names), dates as dates, percentages as fractions. */
function exportValueOf<T>(column: DataTableColumn<T>, row: T): string | number | Date | null {
  if (column.text) return column.text(row);
  const value = column.value(row);
  if (value === undefined || value === null) return null;
  if (column.kind === 'date' && typeof value === 'string') return excelDateOf(value) ?? value;
  if (column.kind === 'percent' && typeof value === 'number') return value / 100;
  return value;
}

/**
 * Builds the workbook: the heading (title, salon, period, filters) when given, an empty row, the
 * column headers, then one row per data row (and the totals row when given): numbers kept as
 * numbers and dates as real Excel dates, each with its number format.
 */
export async function buildXlsx<T>(
  sheetName: string,
  columns: readonly DataTableColumn<T>[],
  rows: readonly T[],
  heading?: ExportHeading,
  totals?: ExportTotals<T>,
): Promise<ArrayBuffer> {
  // ExcelJS is large: it is fetched only when someone exports.
  const module = await import('exceljs');
  const ExcelJS = ('default' in module ? module.default : module) as typeof module;
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const headingRows = heading ? heading.lines.length + 2 : 0;
  const headerRow = headingRows + 1;
  const sheet = workbook.addWorksheet(safeSheetName(sheetName), { views: [{ state: 'frozen', ySplit: headerRow }] });
  const exported = columns.filter((column) => column.isExportable ?? true);
  if (heading) {
    sheet.addRow([heading.title]).font = { bold: true, size: 14 };
    for (const [label, value] of heading.lines) sheet.addRow([label, value]).getCell(1).font = { bold: true };
    sheet.addRow([]);
  }
  sheet.addRow(exported.map((column) => column.header)).font = { bold: true };
  exported.forEach((column, index) => {
    sheet.getColumn(index + 1).width = Math.min(40, Math.max(12, column.header.length + 2));
  });
  const addDataRow = (row: T, totalLabel?: string) => {
    const added = sheet.addRow(exported.map((column, index) => (index === 0 && totalLabel ? totalLabel : exportValueOf(column, row))));
    exported.forEach((column, index) => {
      const kind = column.kind ?? 'text';
      if (column.text || kind === 'text' || (index === 0 && totalLabel)) return;
      added.getCell(index + 1).numFmt = NUMBER_FORMATS[kind];
    });
    if (totalLabel) added.font = { bold: true };
  };
  for (const row of rows) addDataRow(row);
  if (totals) addDataRow(totals.row, totals.label);
  const buffer = await workbook.xlsx.writeBuffer();
  return buffer as ArrayBuffer;
}

/**
 * Downloads rows as an XLSX workbook named `filename`: exactly the rows given (pass the rows a
 * DataTable shows after its filters, via onVisibleRowsChange) and the exportable columns, under
 * the heading when given.
 */
export async function exportToXlsx<T>(
  filename: string,
  sheetName: string,
  columns: readonly DataTableColumn<T>[],
  rows: readonly T[],
  heading?: ExportHeading,
  totals?: ExportTotals<T>,
) {
  const buffer = await buildXlsx(sheetName, columns, rows, heading, totals);
  saveBlob(new Blob([buffer], { type: XLSX_TYPE }), filename.endsWith('.xlsx') ? filename : `${filename}.xlsx`);
}
