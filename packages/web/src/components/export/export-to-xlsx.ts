import { saveBlob } from '../../lib/api-client';
import type { DataTableColumn } from '../data-table/data-table';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel number formats per kind; percentages are written as fractions (42.5 % -> 0.425). */
const NUMBER_FORMATS = {
  money: '#,##0.00 "€"',
  number: '#,##0.##',
  integer: '#,##0',
  percent: '0.0%',
} as const;

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
export function safeSheetName(name: string): string {
  const cleaned = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned || 'Sheet1';
}

/** Builds the workbook: one header row, then one row per data row, numbers kept as numbers. */
export async function buildXlsx<T>(sheetName: string, columns: readonly DataTableColumn<T>[], rows: readonly T[]): Promise<ArrayBuffer> {
  // ExcelJS is large: it is fetched only when someone exports.
  const module = await import('exceljs');
  const ExcelJS = ('default' in module ? module.default : module) as typeof module;
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(safeSheetName(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  const exported = columns.filter((column) => column.isExportable ?? true);
  sheet.columns = exported.map((column) => {
    const kind = column.kind ?? 'text';
    return {
      header: column.header,
      key: column.id,
      width: Math.min(40, Math.max(12, column.header.length + 2)),
      style: kind === 'text' ? {} : { numFmt: NUMBER_FORMATS[kind] },
    };
  });
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const values: Record<string, string | number | null> = {};
    for (const column of exported) {
      const value = column.value(row);
      values[column.id] = value === undefined ? null : column.kind === 'percent' && typeof value === 'number' ? value / 100 : value;
    }
    sheet.addRow(values);
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return buffer as ArrayBuffer;
}

/**
 * Downloads rows as an XLSX workbook named `filename`: exactly the rows given (pass the rows a
 * DataTable shows after its filters, via onVisibleRowsChange) and the exportable columns.
 */
export async function exportToXlsx<T>(filename: string, sheetName: string, columns: readonly DataTableColumn<T>[], rows: readonly T[]) {
  const buffer = await buildXlsx(sheetName, columns, rows);
  saveBlob(new Blob([buffer], { type: XLSX_TYPE }), filename.endsWith('.xlsx') ? filename : `${filename}.xlsx`);
}
