import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { EChartsCoreOption } from 'echarts/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatValue } from '../../components/format/number-format';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel, KpiGrid, Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type ReportData, useReportData } from './api/use-report-data';
import { type ItemTableRow, itemTotalsOf } from './item-totals';

/** /service-product: revenue, quantity and share of every category, service and product of the range. */
export default function ServiceProductScreen() {
  const { t, i18n } = useTranslation('reports');
  const filters = useReportFilters();
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();
  const report = useReportData({ ...filters, gender, isEnabled: filters.isRangeValid });
  const language = i18n.language;
  const category = (code: string) => t(`categories.${code}`, { defaultValue: code });

  const columns = useMemo<DataTableColumn<ItemTableRow>[]>(
    () => [
      { id: 'name', header: t('serviceProduct.columns.name'), value: (row) => row.name },
      { id: 'kind', header: t('serviceProduct.columns.kind'), value: (row) => (row.kind ? t(`kinds.${row.kind}`) : null) },
      {
        id: 'category',
        header: t('serviceProduct.columns.category'),
        value: (row) => (row.category ? t(`categories.${row.category}`, { defaultValue: row.category }) : null),
      },
      { id: 'revenue', header: t('serviceProduct.columns.revenue'), value: (row) => row.revenue, kind: 'money' },
      { id: 'quantity', header: t('serviceProduct.columns.quantity'), value: (row) => row.quantity, kind: 'integer' },
      { id: 'averagePrice', header: t('serviceProduct.columns.averagePrice'), value: (row) => row.averagePrice, kind: 'money' },
      { id: 'discount', header: t('serviceProduct.columns.discount'), value: (row) => row.discount, kind: 'money' },
      { id: 'share', header: t('serviceProduct.columns.share'), value: (row) => row.sharePercent, kind: 'percent' },
      {
        id: 'shareOfCategory',
        header: t('serviceProduct.columns.shareOfCategory'),
        value: (row) => row.shareOfCategoryPercent,
        kind: 'percent',
      },
    ],
    [t],
  );

  const option = useMemo<EChartsCoreOption>(() => {
    const categories = report.data?.categories ?? [];
    return {
      tooltip: { trigger: 'item', valueFormatter: (value: unknown) => formatValue(Number(value), 'money', language) },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          center: ['50%', '45%'],
          data: categories.map((row) => ({ name: t(`categories.${row.category}`, { defaultValue: row.category }), value: row.revenue })),
          label: { formatter: (params: { percent?: number }) => formatValue(params.percent ?? 0, 'percent', language) },
        },
      ],
    };
  }, [report.data, t, language]);

  const data = report.data;
  const rangeRevenue = data?.totalRevenue ?? 0;
  const totals = useCallback((rows: readonly ItemTableRow[]) => itemTotalsOf(rows, rangeRevenue), [rangeRevenue]);
  const { table, tableProps } = useReportTable({ name: 'service-product', columns, totals, details: [genderDetail] });
  return (
    <ReportFrame
      title={t('serviceProduct.title')}
      filters={filters}
      {...reportStateOf(report, (data: ReportData) => data.items.length === 0)}
      extraFilters={genderFilter}
      table={table}
    >
      {data ? (
        <>
          <KpiGrid
            size={{ xs: 6, sm: 4, md: 'grow' }}
            items={(
              [
                ['totalRevenue', data.totalRevenue, 'money'],
                ['servicesRevenue', data.servicesRevenue, 'money'],
                ['productsRevenue', data.productsRevenue, 'money'],
                ['servicesQuantity', data.servicesQuantity, 'integer'],
                ['productsQuantity', data.productsQuantity, 'integer'],
              ] as const
            ).map(([key, value, format]) => ({ id: key, label: t(`kpi.${key}`), value, format, definition: t(`definitions.${key}`) }))}
          />
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, md: 5 }}>
              <ChartPanel title={t('serviceProduct.chart')} option={option} height={280} isFilling />
            </Grid>
            <Grid size={{ xs: 12, md: 7 }} sx={{ minWidth: 0 }}>
              <Panel title={t('serviceProduct.categories')} isFilling>
                <Grid container spacing={1} data-testid="category-list">
                  {data.categories.map((row) => (
                    <Grid key={`${row.kind}-${row.category}`} size={{ xs: 12, sm: 6 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {category(row.category)} · {t(`kinds.${row.kind}`)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t('serviceProduct.categoryLine', {
                          revenue: formatValue(row.revenue, 'money', language),
                          quantity: formatValue(row.quantity, 'integer', language),
                          share: formatValue(row.sharePercent, 'percent', language),
                        })}
                      </Typography>
                    </Grid>
                  ))}
                </Grid>
              </Panel>
            </Grid>
          </Grid>
          <DataTable
            {...tableProps}
            label={t('serviceProduct.table')}
            data={data.items}
            getRowId={(row) => `${row.kind}-${row.itemId}`}
            initialSorting={[{ id: 'revenue', desc: true }]}
          />
        </>
      ) : null}
    </ReportFrame>
  );
}
