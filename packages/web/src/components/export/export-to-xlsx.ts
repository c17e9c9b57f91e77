import { saveBlob } from '../../lib/api-client';
import type { DataTableColumn } from '../data-table/data-table';
import { excelDateOf } from '../format/dates';
import type { ValueKind } from '../format/number-format';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A percentage as the fraction Excel formats (42.5 -> 0.425), rounded so 82.35 is 0.8235 and not 0.8234999999999999. */
function fractionOf(percent: number): number {
  return Math.round(percent * 1e8) / 1e10;
}

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

/** A figure of the screen's KPI cards, written above the tables: its label, its value as the API answers it, and its kind. */
export interface ExportKpi {
  label: string;
  value: number | string | null;
  kind: ValueKind;
  /** The card's second figure (last year's value, the visits of the busiest hour), written beside it; of the KPI's kind unless given. */
  secondary?: { value: number | string | null; kind?: ValueKind };
}

/** A further table the screen shows, written under the main one after its title. */
export interface ExportSection<T> {
  title: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  totals?: ExportTotals<T>;
}

/** What a screen shows besides its main table: its KPI cards, the main table's title, and its other tables. */
export interface ExportExtras {
  kpis?: readonly ExportKpi[];
  /** A header row over the KPIs (measure, value, second figure) when they carry a second figure. */
  kpiHeaders?: readonly string[];
  /** Written above the main table when the file holds several. */
  tableTitle?: string;
  sections?: readonly ExportSection<unknown>[];
}

/** A section of any row type, for ExportExtras (a file does not care about the row type). */
export function exportSection<T>(section: ExportSection<T>): ExportSection<unknown> {
  return section as unknown as ExportSection<unknown>;
}

/** Whether the file holds more than one table or KPIs, so its parts carry titles. */
export function hasExtras(extras: ExportExtras | undefined): extras is ExportExtras {
  return Boolean(extras && ((extras.kpis?.length ?? 0) > 0 || (extras.sections?.length ?? 0) > 0));
}

/** A KPI's figures with their kinds: its value, then its second figure when it has one. */
export function kpiValues(kpi: ExportKpi): [number | string | null, ValueKind][] {
  const figures: [number | string | null, ValueKind][] = [[kpi.value, kpi.kind]];
  if (kpi.secondary) figures.push([kpi.secondary.value, kpi.secondary.kind ?? kpi.kind]);
  return figures;
}

/** A KPI's value as its cell holds it: percentages as fractions, the rest as is. */
function kpiCellValue(value: number | string | null, kind: ValueKind): string | number | Date | null {
  if (value === null) return null;
  if (kind === 'percent' && typeof value === 'number') return fractionOf(value);
  if (kind === 'date' && typeof value === 'string') return excelDateOf(value) ?? value;
  return value;
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
  if (column.kind === 'percent' && typeof value === 'number') return fractionOf(value);
  return value;
}

/**
 * Builds the workbook: the heading (title, salon, period, filters) when given, an empty row, the
 * screen's KPIs when given, the column headers, then one row per data row (and the totals row when
 * given), then each further table under its title: numbers kept as numbers and dates as real Excel
 * dates, each with its number format.
 */
export async function buildXlsx<T>(
  sheetName: string,
  columns: readonly DataTableColumn<T>[],
  rows: readonly T[],
  heading?: ExportHeading,
  totals?: ExportTotals<T>,
  extras?: ExportExtras,
): Promise<ArrayBuffer> {
  // ExcelJS is large: it is fetched only when someone exports.
  const module = await import('exceljs');
  const ExcelJS = ('default' in module ? module.default : module) as typeof module;
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const isSeveral = hasExtras(extras);
  const headingRows = heading ? heading.lines.length + 2 : 0;
  // One table: its header stays in view; several: nothing is frozen, the parts scroll together.
  const sheet = workbook.addWorksheet(safeSheetName(sheetName), isSeveral ? {} : { views: [{ state: 'frozen', ySplit: headingRows + 1 }] });
  if (heading) {
    sheet.addRow([heading.title]).font = { bold: true, size: 14 };
    for (const [label, value] of heading.lines) sheet.addRow([label, value]).getCell(1).font = { bold: true };
    sheet.addRow([]);
  }
  if (extras?.kpis?.length) {
    if (extras.kpiHeaders) sheet.addRow([...extras.kpiHeaders]).font = { bold: true };
    for (const kpi of extras.kpis) {
      const values = kpiValues(kpi);
      const row = sheet.addRow([kpi.label, ...values.map(([value, kind]) => kpiCellValue(value, kind))]);
      row.getCell(1).font = { bold: true };
      values.forEach(([value, kind], index) => {
        if (kind !== 'text' && value !== null) row.getCell(index + 2).numFmt = NUMBER_FORMATS[kind];
      });
    }
    sheet.addRow([]);
  }
  const widths: number[] = [];
  const writeTable = <R>(
    tableColumns: readonly DataTableColumn<R>[],
    tableRows: readonly R[],
    tableTotals?: ExportTotals<R>,
    title?: string,
  ) => {
    if (title) sheet.addRow([title]).font = { bold: true, size: 12 };
    const exported = tableColumns.filter((column) => column.isExportable ?? true);
    sheet.addRow(exported.map((column) => column.header)).font = { bold: true };
    exported.forEach((column, index) => {
      widths[index] = Math.max(widths[index] ?? 0, Math.min(40, Math.max(12, column.header.length + 2)));
    });
    const addDataRow = (row: R, totalLabel?: string) => {
      const added = sheet.addRow(exported.map((column, index) => (index === 0 && totalLabel ? totalLabel : exportValueOf(column, row))));
      exported.forEach((column, index) => {
        const kind = column.kind ?? 'text';
        if (column.text || kind === 'text' || (index === 0 && totalLabel)) return;
        added.getCell(index + 1).numFmt = NUMBER_FORMATS[kind];
      });
      if (totalLabel) added.font = { bold: true };
    };
    for (const row of tableRows) addDataRow(row);
    if (tableTotals) addDataRow(tableTotals.row, tableTotals.label);
  };
  writeTable(columns, rows, totals, isSeveral && extras.sections?.length ? extras.tableTitle : undefined);
  for (const section of extras?.sections ?? []) {
    sheet.addRow([]);
    writeTable(section.columns, section.rows, section.totals, section.title);
  }
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = width;
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return buffer as ArrayBuffer;
}

/**
 * Downloads rows as an XLSX workbook named `filename`: exactly the rows given (pass the rows a
 * DataTable shows after its filters, via onVisibleRowsChange) and the exportable columns, under
 * the heading when given, with the screen's KPIs and other tables when given.
 */
export async function exportToXlsx<T>(
  filename: string,
  sheetName: string,
  columns: readonly DataTableColumn<T>[],
  rows: readonly T[],
  heading?: ExportHeading,
  totals?: ExportTotals<T>,
  extras?: ExportExtras,
) {
  const buffer = await buildXlsx(sheetName, columns, rows, heading, totals, extras);
  saveBlob(new Blob([buffer], { type: XLSX_TYPE }), filename.endsWith('.xlsx') ? filename : `${filename}.xlsx`);
}
