import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { salonsQuery } from '../../lib/salon-today';
import type { DataTableColumn } from '../data-table/data-table';
import { exportToCsv } from '../export/export-to-csv';
import { type ExportExtras, type ExportHeading, exportToXlsx } from '../export/export-to-xlsx';
import { formatDay } from '../format/dates';
import type { ReportFilters } from './use-report-filters';

/** The table a report shows, as the frame exports it (XLSX and CSV). */
export interface ReportTable<T> {
  /** The start of the file names (sales-days): the salon and the period follow. */
  name: string;
  columns: readonly DataTableColumn<T>[];
  /** The rows the table shows after its filters (DataTable's onVisibleRowsChange). */
  rows: readonly T[];
  /** The same totals function the DataTable gets: the files end with the same totals row. */
  totals?: (rows: readonly T[]) => T;
  /** The period when it is not the From/To range (a month, a year): its label and its part of the file name; null for none (settings). */
  period?: { label: string; file: string } | null;
  /** The report's own filters (gender, product line...), already translated: label, value. */
  details?: readonly (readonly [string, string])[];
  /** A table the server pages: every row it matches (all pages), which the exports write instead of `rows`. */
  loadRows?: () => Promise<readonly T[]>;
  /**
   * What else the screen shows, so the files carry it too: its KPI cards (written above the
   * table), the table's own title and the screen's other tables (written under it). Memoise it.
   */
  extras?: ExportExtras;
}

/** A report's table for the frame's `table` prop (the frame does not care about the row type). */
function reportTable<T>(table: ReportTable<T>): ReportTable<unknown> {
  return table as unknown as ReportTable<unknown>;
}

/** A piece of a file name: letters and digits kept (accents too), anything else one '-'. */
function fileNamePart(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

/** What an export writes above the table and how its file is named, from the frame's filters. */
export function exportDescription(
  table: Pick<ReportTable<unknown>, 'name' | 'period' | 'details'>,
  context: {
    title: string;
    salonName: string;
    fromDate: string;
    toDate: string;
    language: string;
    labels: { salon: string; period: string };
  },
): { heading: ExportHeading; fileName: string } {
  const { title, salonName, fromDate, toDate, language, labels } = context;
  const period =
    table.period === null
      ? null
      : (table.period ?? {
          label: fromDate === toDate ? formatDay(fromDate, language) : `${formatDay(fromDate, language)} – ${formatDay(toDate, language)}`,
          file: fromDate === toDate ? fromDate : `${fromDate}_${toDate}`,
        });
  const heading: ExportHeading = {
    title,
    lines: [[labels.salon, salonName], ...(period ? [[labels.period, period.label] as const] : []), ...(table.details ?? [])],
  };
  const fileName = [table.name, fileNamePart(salonName), period?.file ?? ''].filter((part) => part !== '').join('_');
  return { heading, fileName };
}

/** The XLSX and CSV exports of a report's table, with the report's heading and a file name saying the salon and the period. */
export function useReportTableExports(title: string, filters: ReportFilters, table: ReportTable<unknown> | undefined) {
  const { t, i18n } = useTranslation('components');
  const salons = useQuery({ ...salonsQuery, enabled: table !== undefined && filters.salonId !== null });
  if (!table) return null;
  const salonName = salons.data?.find((salon) => salon.id === filters.salonId)?.name ?? String(filters.salonId ?? '');
  const describe = () =>
    exportDescription(table, {
      title,
      salonName,
      fromDate: filters.fromDate,
      toDate: filters.toDate,
      language: i18n.language,
      labels: { salon: t('export.salon'), period: t('export.period') },
    });
  const totalsOf = (rows: readonly unknown[]) =>
    table.totals && rows.length > 0 ? { row: table.totals(rows), label: t('dataTable.total') } : undefined;
  const rowsToWrite = () => (table.loadRows ? table.loadRows() : Promise.resolve(table.rows));
  return {
    xlsx: async () => {
      const { heading, fileName } = describe();
      const rows = await rowsToWrite();
      return exportToXlsx(`${fileName}.xlsx`, title, table.columns, rows, heading, totalsOf(rows), table.extras);
    },
    csv: async () => {
      const { heading, fileName } = describe();
      const rows = await rowsToWrite();
      exportToCsv(`${fileName}.csv`, table.columns, rows, i18n.language, totalsOf(rows), heading, table.extras);
    },
  };
}

/**
 * A report's table wired to its export: spread `tableProps` into the DataTable (the shown rows
 * come back through onVisibleRowsChange) and give `table` to the frame, which exports those rows.
 */
export function useReportTable<T>(spec: Omit<ReportTable<T>, 'rows'>) {
  const [shownRows, setShownRows] = useState<T[]>([]);
  const { name, columns, totals, period, details, loadRows, extras } = spec;
  const table = useMemo(
    () => reportTable({ name, columns, totals, period, details, loadRows, extras, rows: shownRows }),
    [name, columns, totals, period, details, loadRows, extras, shownRows],
  );
  return { table, shownRows, tableProps: { columns, totals, onVisibleRowsChange: setShownRows } };
}
