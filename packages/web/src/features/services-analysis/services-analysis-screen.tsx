import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { exportToXlsx } from '../../components/export/export-to-xlsx';
import { formatValue } from '../../components/format/number-format';
import { KpiCard } from '../../components/kpi-card/kpi-card';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { reportStatusOf } from '../../components/report-frame/report-status';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type ServiceAnalysis, type ServiceAnalysisRow, useServiceAnalysis } from './api/use-service-analysis';
import { topByRevenue } from './top-items';

/** /services-data-analysis: every service performed in the range with its count, revenue, clients and top staff. */
export default function ServicesAnalysisScreen() {
  const { t, i18n } = useTranslation('reports');
  const filters = useReportFilters();
  const report = useServiceAnalysis({ ...filters, isEnabled: filters.isRangeValid });
  const status = reportStatusOf(report, (data: ServiceAnalysis) => data.rows.length === 0);
  const [shownRows, setShownRows] = useState<ServiceAnalysisRow[]>([]);
  const language = i18n.language;

  const columns = useMemo<DataTableColumn<ServiceAnalysisRow>[]>(
    () => [
      { id: 'name', header: t('services.columns.name'), value: (row) => row.name },
      {
        id: 'category',
        header: t('services.columns.category'),
        value: (row) => t(`categories.${row.category}`, { defaultValue: row.category }),
      },
      { id: 'count', header: t('services.columns.count'), value: (row) => row.count, kind: 'integer' },
      { id: 'revenue', header: t('services.columns.revenue'), value: (row) => row.revenue, kind: 'money' },
      { id: 'averagePrice', header: t('services.columns.averagePrice'), value: (row) => row.averagePrice, kind: 'money' },
      { id: 'discount', header: t('services.columns.discount'), value: (row) => row.discount, kind: 'money' },
      { id: 'distinctClients', header: t('services.columns.distinctClients'), value: (row) => row.distinctClients, kind: 'integer' },
      { id: 'recommendedCount', header: t('services.columns.recommendedCount'), value: (row) => row.recommendedCount, kind: 'integer' },
      { id: 'share', header: t('services.columns.share'), value: (row) => row.sharePercent, kind: 'percent' },
      { id: 'topStaff', header: t('services.columns.topStaff'), value: (row) => row.topStaff?.name ?? null },
    ],
    [t],
  );

  const option = useMemo<EChartsCoreOption>(() => {
    const top = topByRevenue(report.data?.rows ?? []).reverse();
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatValue(value, 'integer', language), hideOverlap: true } },
      yAxis: { type: 'category', data: top.map((row) => row.name), axisLabel: { width: 120, overflow: 'truncate' } },
      series: [
        {
          name: t('services.columns.revenue'),
          type: 'bar',
          data: top.map((row) => row.revenue),
          tooltip: { valueFormatter: (value: unknown) => formatValue(Number(value), 'money', language) },
        },
      ],
    };
  }, [report.data, t, language]);

  const data = report.data;
  return (
    <ReportFrame
      title={t('services.title')}
      filters={filters}
      status={status}
      error={report.error}
      onRetry={() => void report.refetch()}
      exports={{ xlsx: () => exportToXlsx(`services-${filters.fromDate}-${filters.toDate}.xlsx`, t('services.title'), columns, shownRows) }}
    >
      {data ? (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            {(
              [
                ['servicesRevenue', data.totals.revenue, 'money'],
                ['servicesCount', data.totals.count, 'integer'],
                ['servicesAveragePrice', data.totals.averagePrice, 'money'],
                ['servicesDiscount', data.totals.discount, 'money'],
                ['servicesClients', data.totals.distinctClients, 'integer'],
              ] as const
            ).map(([key, value, format]) => (
              <Grid key={key} size={{ xs: 6, sm: 4, md: 'grow' }}>
                <KpiCard label={t(`kpi.${key}`)} value={value} format={format} definition={t(`definitions.${key}`)} />
              </Grid>
            ))}
          </Grid>
          <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              {t('services.chart')}
            </Typography>
            <Chart option={option} label={t('services.chart')} height={340} />
          </Paper>
          <DataTable
            label={t('services.table')}
            columns={columns}
            data={data.rows}
            getRowId={(row) => String(row.serviceId)}
            initialSorting={[{ id: 'revenue', desc: true }]}
            onVisibleRowsChange={setShownRows}
          />
        </>
      ) : null}
    </ReportFrame>
  );
}
