import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countFormatter, valueAxisLabel } from '../../components/chart/axis-label';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { type ExportExtras, exportSection } from '../../components/export/export-to-xlsx';
import { formatDay, formatMonth } from '../../components/format/dates';
import { formatValue, type ValueKind } from '../../components/format/number-format';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { KpiGrid, Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type CustomerKpis, type CustomerMonth, type CustomerOverview, useCustomerOverview } from './api/use-customer-analysis';
import { CohortMatrix } from './cohort-matrix';
import { changePercent, cohortColumns, lastTwelveMonths } from './customer-shaping';

const KPIS: readonly { key: keyof CustomerKpis; format: ValueKind }[] = [
  { key: 'clientsSeen', format: 'integer' },
  { key: 'newClients', format: 'integer' },
  { key: 'returningClients', format: 'integer' },
  { key: 'firstVisitRetention', format: 'percent' },
  { key: 'averageVisitsPerClient', format: 'number' },
  { key: 'averageSpendPerClient', format: 'money' },
  { key: 'visits', format: 'integer' },
  { key: 'revenue', format: 'money' },
];

const NEW_COLOUR = '#ad1457';
const RETURNING_COLOUR = '#546e7a';

/** Horizontal bars of client counts, each labelled with its share. */
function sharesOption(labels: string[], clients: number[], shares: (number | null)[], language: string): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (items: { dataIndex: number }[]) => {
        const index = items[0]?.dataIndex ?? 0;
        return `${labels[index]}: ${formatValue(clients[index], 'integer', language)} (${formatValue(shares[index], 'percent', language)})`;
      },
    },
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, axisLabel: valueAxisLabel(language) },
    yAxis: { type: 'category', data: labels, inverse: true },
    series: [
      {
        type: 'bar',
        color: NEW_COLOUR,
        data: clients,
        label: {
          show: true,
          position: 'right',
          formatter: ({ dataIndex }: { dataIndex: number }) => formatValue(shares[dataIndex], 'percent', language),
        },
      },
    ],
  };
}

/** /customer-analysis-overview: who the salon's clients were in the range, against last year, with cohort retention. */
export default function CustomerOverviewScreen() {
  const { t, i18n } = useTranslation('customer-analysis');
  const language = i18n.language;
  const filters = useReportFilters();
  const overview = useCustomerOverview({ ...filters, isEnabled: filters.isRangeValid });
  const data = overview.data;

  const monthColumns = useMemo<DataTableColumn<CustomerMonth>[]>(
    () => [
      { id: 'month', header: t('months.month'), value: (row) => row.month, text: (row) => formatMonth(row.month, language) },
      { id: 'clientsSeen', header: t('kpi.clientsSeen'), value: (row) => row.clientsSeen, kind: 'integer' },
      { id: 'newClients', header: t('kpi.newClients'), value: (row) => row.newClients, kind: 'integer' },
      { id: 'returningClients', header: t('kpi.returningClients'), value: (row) => row.returningClients, kind: 'integer' },
    ],
    [t, language],
  );
  const extras = useOverviewExports(data);
  const lastYearSpan = data?.lastYear
    ? `${formatDay(data.lastYear.fromDate, language)} – ${formatDay(data.lastYear.toDate, language)}`
    : null;
  const details = useMemo(() => (lastYearSpan ? [[t('export.lastYearSpan'), lastYearSpan] as const] : undefined), [lastYearSpan, t]);
  const { table, tableProps } = useReportTable({ name: 'customer-overview', columns: monthColumns, details, extras });

  const monthsOption = useMemo<EChartsCoreOption>(() => {
    const months = data?.months ?? [];
    return {
      tooltip: { trigger: 'axis', valueFormatter: countFormatter(language) },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: months.map((row) => formatMonth(row.month, language)) },
      yAxis: { type: 'value', minInterval: 1, axisLabel: valueAxisLabel(language) },
      series: [
        { name: t('kpi.newClients'), type: 'bar', stack: 'clients', color: NEW_COLOUR, data: months.map((row) => row.newClients) },
        {
          name: t('kpi.returningClients'),
          type: 'bar',
          stack: 'clients',
          color: RETURNING_COLOUR,
          data: months.map((row) => row.returningClients),
        },
      ],
    };
  }, [data, t, language]);

  const genderOption = useMemo(
    () =>
      sharesOption(
        (data?.genders ?? []).map((row) => t(`gender.${row.gender}`)),
        (data?.genders ?? []).map((row) => row.clients),
        (data?.genders ?? []).map((row) => row.sharePercent),
        language,
      ),
    [data, language, t],
  );
  const ageOption = useMemo(
    () =>
      sharesOption(
        (data?.ageBands ?? []).map((row) => (row.band === 'UNKNOWN' ? t('age.UNKNOWN') : row.band)),
        (data?.ageBands ?? []).map((row) => row.clients),
        (data?.ageBands ?? []).map((row) => row.sharePercent),
        language,
      ),
    [data, language, t],
  );

  const setLastTwelveMonths = () => {
    if (filters.toDate) filters.setFilters(lastTwelveMonths(filters.toDate));
  };

  return (
    <ReportFrame
      title={t('overview.title')}
      filters={filters}
      {...reportStateOf(overview, () => false)}
      table={table}
      extraFilters={
        <Button variant="outlined" onClick={setLastTwelveMonths} disabled={!filters.toDate} sx={{ mt: 1 }} data-testid="last-12-months">
          {t('overview.lastTwelveMonths')}
        </Button>
      }
    >
      {data ? <OverviewBody data={data} /> : null}
      {data ? (
        <>
          <Panel title={t('months.title')}>
            <Chart option={monthsOption} label={t('months.chartLabel')} height={300} />
            <DataTable {...tableProps} label={t('months.tableLabel')} data={data.months} getRowId={(row) => row.month} pageSize={0} />
          </Panel>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Panel title={t('gender.title')} isFilling>
                <Chart
                  option={genderOption}
                  label={t('gender.title')}
                  height={180}
                  summary={data.genders
                    .map((row) => `${t(`gender.${row.gender}`)}: ${formatValue(row.sharePercent, 'percent', language)}`)
                    .join('; ')}
                />
              </Panel>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Panel title={t('age.title')} isFilling>
                <Chart
                  option={ageOption}
                  label={t('age.title')}
                  height={260}
                  summary={data.ageBands
                    .map(
                      (row) => `${row.band === 'UNKNOWN' ? t('age.UNKNOWN') : row.band}: ${formatValue(row.clients, 'integer', language)}`,
                    )
                    .join('; ')}
                />
              </Panel>
            </Grid>
          </Grid>
          <Panel title={t('cohorts.title')}>
            <CohortMatrix cohorts={data.cohorts} />
          </Panel>
        </>
      ) : null}
    </ReportFrame>
  );
}

type GenderShare = CustomerOverview['genders'][number];
type AgeShare = CustomerOverview['ageBands'][number];
type Cohort = CustomerOverview['cohorts'][number];

/** What the files carry besides the month table: the KPI cards with last year's values, the gender and age shares, the cohorts. */
function useOverviewExports(data: CustomerOverview | undefined): ExportExtras | undefined {
  const { t, i18n } = useTranslation('customer-analysis');
  const language = i18n.language;
  return useMemo(() => {
    if (!data) return undefined;
    const hasLastYear = data.lastYear !== null;
    const share = (row: { sharePercent: number | null }) => row.sharePercent;
    const genderColumns: DataTableColumn<GenderShare>[] = [
      { id: 'gender', header: t('export.gender'), value: (row) => t(`gender.${row.gender}`) },
      { id: 'clients', header: t('export.clients'), value: (row) => row.clients, kind: 'integer' },
      { id: 'share', header: t('export.share'), value: share, kind: 'percent' },
    ];
    const ageColumns: DataTableColumn<AgeShare>[] = [
      { id: 'band', header: t('export.ageBand'), value: (row) => (row.band === 'UNKNOWN' ? t('age.UNKNOWN') : row.band) },
      { id: 'clients', header: t('export.clients'), value: (row) => row.clients, kind: 'integer' },
      { id: 'share', header: t('export.share'), value: share, kind: 'percent' },
    ];
    const cohortColumnsOf: DataTableColumn<Cohort>[] = [
      {
        id: 'month',
        header: t('cohorts.firstVisitMonth'),
        value: (row) => row.month,
        text: (row) => formatMonth(row.month, language),
      },
      { id: 'clients', header: t('cohorts.clients'), value: (row) => row.clients, kind: 'integer' },
      ...Array.from({ length: cohortColumns(data.cohorts) }, (_, index) => ({
        id: `after-${index + 1}`,
        header: t('cohorts.monthsAfter', { count: index + 1 }),
        value: (row: Cohort) => row.retention[index]?.sharePercent ?? null,
        kind: 'percent' as const,
      })),
    ];
    return {
      kpiHeaders: hasLastYear ? [t('export.measure'), t('export.value'), t('export.lastYear')] : undefined,
      kpis: KPIS.map(({ key, format }) => ({
        label: t(`kpi.${key}`),
        value: data.kpis[key],
        kind: format,
        ...(data.lastYear ? { secondary: { value: data.lastYear.kpis[key] } } : {}),
      })),
      tableTitle: t('months.title'),
      sections: [
        exportSection({ title: t('gender.title'), columns: genderColumns, rows: data.genders }),
        exportSection({ title: t('age.title'), columns: ageColumns, rows: data.ageBands }),
        exportSection({ title: t('cohorts.title'), columns: cohortColumnsOf, rows: data.cohorts }),
      ],
    };
  }, [data, t, language]);
}

/** The KPI cards, each with its definition and last year's value over the same span. */
function OverviewBody({ data }: { data: CustomerOverview }) {
  const { t, i18n } = useTranslation('customer-analysis');
  const language = i18n.language;
  const lastYear = data.lastYear;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="last-year-span">
        {lastYear
          ? t('overview.comparedWith', {
              from: formatDay(lastYear.fromDate, language),
              to: formatDay(lastYear.toDate, language),
            })
          : t('overview.noLastYear')}
      </Typography>
      <KpiGrid
        items={KPIS.map(({ key, format }) => {
          const value = data.kpis[key];
          const before = lastYear ? lastYear.kpis[key] : null;
          const change = format === 'percent' ? null : changePercent(value, before);
          const points = format === 'percent' && value !== null && before !== null ? Math.round((value - before) * 10) / 10 : null;
          const definition =
            key === 'firstVisitRetention'
              ? t(`definition.${key}`, { pending: formatValue(data.kpis.pendingClients, 'integer', language) })
              : t(`definition.${key}`);
          return {
            id: key,
            label: t(`kpi.${key}`),
            value,
            format,
            definition,
            secondary: (
              <>
                {key === 'firstVisitRetention' && value === null && data.kpis.pendingClients > 0 ? (
                  <span data-testid="retention-pending" style={{ display: 'block' }}>
                    {t('overview.retentionPending', {
                      count: data.kpis.pendingClients,
                      value: formatValue(data.kpis.pendingClients, 'integer', language),
                    })}
                  </span>
                ) : null}
                {lastYear ? (
                  <span data-testid={`last-year-${key}`}>
                    {t('overview.lastYearValue', { value: formatValue(before, format, language) })}
                    {change !== null ? ` (${change > 0 ? '+' : ''}${formatValue(change, 'percent', language)})` : ''}
                    {points !== null
                      ? ` (${t('overview.points', { value: `${points > 0 ? '+' : ''}${formatValue(points, 'number', language)}` })})`
                      : ''}
                  </span>
                ) : (
                  <span>{t('overview.notYetCome')}</span>
                )}
              </>
            ),
          };
        })}
      />
    </>
  );
}
