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
import { type ProductAnalysis, type ProductAnalysisRow, useProductAnalysis } from './api/use-product-analysis';
import { topByRevenue } from './top-items';

/** /product-data-analysis: every product sold in the range with its units, revenue, clients and top staff. */
export default function ProductsAnalysisScreen() {
  const { t, i18n } = useTranslation('reports');
  const filters = useReportFilters();
  const report = useProductAnalysis({ ...filters, isEnabled: filters.isRangeValid });
  const status = reportStatusOf(report, (data: ProductAnalysis) => data.rows.length === 0);
  const [shownRows, setShownRows] = useState<ProductAnalysisRow[]>([]);
  const language = i18n.language;

  const columns = useMemo<DataTableColumn<ProductAnalysisRow>[]>(
    () => [
      { id: 'name', header: t('products.columns.name'), value: (row) => row.name },
      { id: 'brand', header: t('products.columns.brand'), value: (row) => row.brand },
      {
        id: 'category',
        header: t('products.columns.category'),
        value: (row) => t(`categories.${row.category}`, { defaultValue: row.category }),
      },
      { id: 'quantity', header: t('products.columns.quantity'), value: (row) => row.quantity, kind: 'integer' },
      { id: 'revenue', header: t('products.columns.revenue'), value: (row) => row.revenue, kind: 'money' },
      { id: 'averagePrice', header: t('products.columns.averagePrice'), value: (row) => row.averagePrice, kind: 'money' },
      { id: 'discount', header: t('products.columns.discount'), value: (row) => row.discount, kind: 'money' },
      { id: 'distinctClients', header: t('products.columns.distinctClients'), value: (row) => row.distinctClients, kind: 'integer' },
      { id: 'walkInQuantity', header: t('products.columns.walkInQuantity'), value: (row) => row.walkInQuantity, kind: 'integer' },
      {
        id: 'recommendedQuantity',
        header: t('products.columns.recommendedQuantity'),
        value: (row) => row.recommendedQuantity,
        kind: 'integer',
      },
      { id: 'share', header: t('products.columns.share'), value: (row) => row.sharePercent, kind: 'percent' },
      { id: 'topStaff', header: t('products.columns.topStaff'), value: (row) => row.topStaff?.name ?? null },
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
          name: t('products.columns.revenue'),
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
      title={t('products.title')}
      filters={filters}
      status={status}
      error={report.error}
      onRetry={() => void report.refetch()}
      exports={{ xlsx: () => exportToXlsx(`products-${filters.fromDate}-${filters.toDate}.xlsx`, t('products.title'), columns, shownRows) }}
    >
      {data ? (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            {(
              [
                ['productsRevenue', data.totals.revenue, 'money'],
                ['productsQuantity', data.totals.quantity, 'integer'],
                ['productsAveragePrice', data.totals.averagePrice, 'money'],
                ['productsDiscount', data.totals.discount, 'money'],
                ['productsClients', data.totals.distinctClients, 'integer'],
              ] as const
            ).map(([key, value, format]) => (
              <Grid key={key} size={{ xs: 6, sm: 4, md: 'grow' }}>
                <KpiCard label={t(`kpi.${key}`)} value={value} format={format} definition={t(`definitions.${key}`)} />
              </Grid>
            ))}
          </Grid>
          <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              {t('products.chart')}
            </Typography>
            <Chart option={option} label={t('products.chart')} height={340} />
          </Paper>
          <DataTable
            label={t('products.table')}
            columns={columns}
            data={data.rows}
            getRowId={(row) => String(row.productId)}
            initialSorting={[{ id: 'revenue', desc: true }]}
            onVisibleRowsChange={setShownRows}
          />
        </>
      ) : null}
    </ReportFrame>
  );
}
