import { saveBlob } from '../../lib/api-client';
import type { DataTableColumn } from '../data-table/data-table';
import { formatDateInput } from '../format/dates';
import type { ValueKind } from '../format/number-format';
import { decimalSeparatorOf } from '../format/number-format';
import { type ExportExtras, type ExportHeading, type ExportTotals, kpiValues } from './export-to-xlsx';

/** The field separator a spreadsheet of the language expects: ';' where the decimal separator is a comma (Italian). */
function csvSeparatorOf(language: string): ';' | ',' {
  return decimalSeparatorOf(language) === ',' ? ';' : ',';
}

function numberText(value: number, decimals: number | undefined, decimalSeparator: '.' | ','): string {
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  return decimalSeparator === ',' ? text.replace('.', ',') : text;
}

/** A cell as CSV text: numbers without grouping and with the language's decimal separator, dates dd/mm/yyyy, shown text where a column shows one. */
function cellText<T>(column: DataTableColumn<T>, row: T, language: string): string {
  if (column.text) return column.text(row);
  const value = column.value(row);
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const decimals = column.kind === 'money' ? 2 : column.kind === 'integer' ? 0 : undefined;
    return numberText(value, decimals, decimalSeparatorOf(language));
  }
  if (column.kind === 'date') return formatDateInput(value) || value;
  return value;
}

/** A KPI's value as CSV text, written like a table cell of its kind. */
function kpiText(value: number | string | null, kind: ValueKind, language: string): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return numberText(value, kind === 'money' ? 2 : kind === 'integer' ? 0 : undefined, decimalSeparatorOf(language));
  }
  return kind === 'date' ? formatDateInput(value) || value : value;
}

function quoted(text: string, separator: string): string {
  return text.includes(separator) || /["\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The rows as CSV text for a spreadsheet of the interface language: the heading when given (the
 * title, then label / value lines for the salon, the period and the filters, then an empty line),
 * the screen's KPIs as label / value lines when given, a header line, then one line per row (and the
 * totals line when given), then each further table after an empty line and its title. Italian uses
 * ';' between fields and a decimal comma; English ',' and a decimal point. Lines end with CRLF. No
 * BOM (exportToCsv adds it).
 */
export function buildCsv<T>(
  columns: readonly DataTableColumn<T>[],
  rows: readonly T[],
  language: string,
  totals?: ExportTotals<T>,
  heading?: ExportHeading,
  extras?: ExportExtras,
): string {
  const separator = csvSeparatorOf(language);
  const line = (cells: string[]) => cells.map((cell) => quoted(cell, separator)).join(separator);
  const lines = heading ? [line([heading.title]), ...heading.lines.map(([label, value]) => line([label, value])), ''] : [];
  if (extras?.kpis?.length) {
    if (extras.kpiHeaders) lines.push(line([...extras.kpiHeaders]));
    for (const kpi of extras.kpis) {
      lines.push(line([kpi.label, ...kpiValues(kpi).map(([value, kind]) => kpiText(value, kind, language))]));
    }
    lines.push('');
  }
  const writeTable = <R>(
    tableColumns: readonly DataTableColumn<R>[],
    tableRows: readonly R[],
    tableTotals?: ExportTotals<R>,
    title?: string,
  ) => {
    const exported = tableColumns.filter((column) => column.isExportable ?? true);
    if (title) lines.push(line([title]));
    lines.push(line(exported.map((column) => column.header)));
    for (const row of tableRows) lines.push(line(exported.map((column) => cellText(column, row, language))));
    if (tableTotals) {
      lines.push(line(exported.map((column, index) => (index === 0 ? tableTotals.label : cellText(column, tableTotals.row, language)))));
    }
  };
  writeTable(columns, rows, totals, extras?.sections?.length ? extras.tableTitle : undefined);
  for (const section of extras?.sections ?? []) {
    lines.push('');
    writeTable(section.columns, section.rows, section.totals, section.title);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Downloads rows as a UTF-8 CSV file with a byte order mark (so Excel reads accents right), under the heading when given, with the screen's KPIs and other tables when given. */
export function exportToCsv<T>(
  filename: string,
  columns: readonly DataTableColumn<T>[],
  rows: readonly T[],
  language: string,
  totals?: ExportTotals<T>,
  heading?: ExportHeading,
  extras?: ExportExtras,
): void {
  const text = `\uFEFF${buildCsv(columns, rows, language, totals, heading, extras)}`;
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), filename.endsWith('.csv') ? filename : `${filename}.csv`);
}
