import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatValue, type ValueKind } from '../../components/format/number-format';
import { KpiCard } from '../../components/kpi-card/kpi-card';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { reportStatusOf } from '../../components/report-frame/report-status';
import { reportTable } from '../../components/report-frame/report-table-export';
import type { ReportFilters } from '../../components/report-frame/use-report-filters';
import { topByRevenue } from './top-items';

interface ItemRow {
  name: string;
  revenue: number;
}

export interface ItemAnalysisReportProps<Row extends ItemRow, Data extends { rows: Row[] }> {
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
  const status = reportStatusOf(report, (data: Data) => data.rows.length === 0);
  const [shownRows, setShownRows] = useState<Row[]>([]);
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
    <ReportFrame
      title={title}
      filters={filters}
      status={status}
      error={report.error}
      onRetry={() => void report.refetch()}
      table={reportTable({ name: section, columns, rows: shownRows })}
    >
      {data ? (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            {kpisOf(data).map(([key, value, format]) => (
              <Grid key={key} size={{ xs: 6, sm: 4, md: 'grow' }}>
                <KpiCard label={t(`kpi.${key}`)} value={value} format={format} definition={t(`definitions.${key}`)} />
              </Grid>
            ))}
          </Grid>
          <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              {t(`${section}.chart`)}
            </Typography>
            <Chart option={option} label={t(`${section}.chart`)} height={340} />
          </Paper>
          <DataTable
            label={t(`${section}.table`)}
            columns={columns}
            data={data.rows}
            getRowId={rowIdOf}
            initialSorting={[{ id: 'revenue', desc: true }]}
            onVisibleRowsChange={setShownRows}
          />
        </>
      ) : null}
    </ReportFrame>
  );
}
