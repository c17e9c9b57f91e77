import type { UseQueryResult } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatValue, type ValueKind } from '../../components/format/number-format';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel, KpiGrid } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import type { ReportFilters } from '../../components/report-frame/use-report-filters';
import { topByRevenue } from './top-items';

interface ItemRow {
  name: string;
  revenue: number;
}

interface ItemAnalysisReportProps<Row extends ItemRow, Data extends { rows: Row[] }> {
  /** The translation section of the report ('services' or 'products' in the reports namespace). */
  section: 'services' | 'products';
  filters: ReportFilters;
  report: UseQueryResult<Data>;
  columns: DataTableColumn<Row>[];
  /** KPI cards: translation key (kpi.* and definitions.*), value and format. */
  kpisOf: (data: Data) => readonly (readonly [string, number, ValueKind])[];
  rowIdOf: (row: Row) => string;
}

/**
 * The services and products analyses: KPI cards, the top 10 items by revenue, and a filterable
 * table of every item whose shown rows are exported to xlsx. The screens give columns and KPIs.
 */
export function ItemAnalysisReport<Row extends ItemRow, Data extends { rows: Row[] }>(props: ItemAnalysisReportProps<Row, Data>) {
  const { section, filters, report, columns, kpisOf, rowIdOf } = props;
  const { t, i18n } = useTranslation('reports');
  const { table, tableProps } = useReportTable({ name: section, columns });
  const language = i18n.language;

  const option = useMemo<EChartsCoreOption>(() => {
    const top = topByRevenue(report.data?.rows ?? []).reverse();
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatValue(value, 'integer', language), hideOverlap: true } },
      yAxis: { type: 'category', data: top.map((row) => row.name), axisLabel: { width: 120, overflow: 'truncate' } },
      series: [
        {
          name: t(`${section}.columns.revenue`),
          type: 'bar',
          data: top.map((row) => row.revenue),
          tooltip: { valueFormatter: (value: unknown) => formatValue(Number(value), 'money', language) },
        },
      ],
    };
  }, [report.data, t, language, section]);

  const data = report.data;
  const title = t(`${section}.title`);
  return (
    <ReportFrame title={title} filters={filters} {...reportStateOf(report, (data: Data) => data.rows.length === 0)} table={table}>
      {data ? (
        <>
          <KpiGrid
            size={{ xs: 6, sm: 4, md: 'grow' }}
            items={kpisOf(data).map(([key, value, format]) => ({
              id: key,
              label: t(`kpi.${key}`),
              value,
              format,
              definition: t(`definitions.${key}`),
            }))}
          />
          <ChartPanel title={t(`${section}.chart`)} option={option} height={340} />
          <DataTable
            {...tableProps}
            label={t(`${section}.table`)}
            data={data.rows}
            getRowId={rowIdOf}
            initialSorting={[{ id: 'revenue', desc: true }]}
          />
        </>
      ) : null}
    </ReportFrame>
  );
}
