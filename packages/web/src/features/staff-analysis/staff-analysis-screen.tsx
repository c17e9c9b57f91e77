import ExpandMore from '@mui/icons-material/ExpandMore';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import { Fragment, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { valueAxisLabel } from '../../components/chart/axis-label';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatDay } from '../../components/format/dates';
import { formatValue, type ValueKind } from '../../components/format/number-format';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel, KpiGrid } from '../../components/report-frame/report-parts';
import type { ReportStatus } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { MESSAGES } from '../../lib/api-client';
import { staffAnalysisQueryKey, useStaffAnalysisSet } from './api/use-staff-analysis';
import { changePercent, type StaffRow, totalsOf } from './merge-staff';

/** The columns of the staff table: key in the locale, value, format. */
const COLUMNS: readonly (readonly [string, (row: StaffRow) => number | null, ValueKind])[] = [
  ['totalEarned', (row) => row.totalEarned, 'money'],
  ['previousYearEarned', (row) => row.previousYear.totalEarned, 'money'],
  ['earnedChange', (row) => changePercent(row.totalEarned, row.previousYear.totalEarned), 'percent'],
  ['service_TotalEarned', (row) => row.service_TotalEarned, 'money'],
  ['product_TotalEarned', (row) => row.product_TotalEarned, 'money'],
  ['totalRecommended', (row) => row.totalRecommended, 'money'],
  ['service_RETotalEarned', (row) => row.service_RETotalEarned, 'money'],
  ['product_RETotalEarned', (row) => row.product_RETotalEarned, 'money'],
  ['perOnStaffTotal', (row) => row.perOnStaffTotal, 'percent'],
  ['perOnStaffRecommendedTotal', (row) => row.perOnStaffRecommendedTotal, 'percent'],
  ['hourlyEarned', (row) => row.hourlyEarned, 'money'],
  ['hourlyRecommended', (row) => row.hourlyRecommended, 'money'],
  ['totalNumberOfClient', (row) => row.totalNumberOfClient, 'integer'],
  ['newClientsServed', (row) => row.newClientsServed, 'integer'],
  ['visits', (row) => row.visits, 'integer'],
  ['rebookingRate', (row) => row.rebookingRate, 'percent'],
  ['retailAttachRate', (row) => row.retailAttachRate, 'percent'],
  ['averageFeedback', (row) => row.averageFeedback, 'number'],
  ['staffWorkingDays', (row) => row.staffWorkingDays, 'integer'],
  ['totalShiftHours', (row) => row.totalShiftHours, 'number'],
  ['totalWorkingHours', (row) => row.totalWorkingHours, 'number'],
  ['bookedServiceHours', (row) => row.bookedServiceHours, 'number'],
  ['utilisation', (row) => row.utilisation, 'percent'],
  ['previousYearUtilisation', (row) => row.previousYear.utilisation, 'percent'],
  ['intervalCount', (row) => row.intervalCount, 'integer'],
];

/** The person's report for the same salon and range. */
export function staffReportLink(staffId: number, salonId: number | null, fromDate: string, toDate: string): string {
  const params = new URLSearchParams({ staffId: String(staffId), fromDate, toDate });
  if (salonId !== null) params.set('salonId', String(salonId));
  return `/staff-data-analysis-report?${params.toString()}`;
}

/** /staff-data-analysis: every person of the salon over the range, asked as one interval and kept in the staff analysis store. */
export default function StaffAnalysisScreen() {
  const { t, i18n } = useTranslation('staff-analysis');
  const language = i18n.language;
  const queryClient = useQueryClient();
  const filters = useReportFilters();
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();

  // Reset: every result and counter cleared, the intervals asked again from the first.
  // Dropped from the cache, then asked again under new keys, a few intervals at a time like the first time.
  const [generation, setGeneration] = useState(0);
  const reset = useCallback(() => {
    queryClient.removeQueries({ queryKey: staffAnalysisQueryKey });
    setGeneration((previous) => previous + 1);
  }, [queryClient]);

  const range = useMemo(
    () => (filters.isRangeValid ? { fromDate: filters.fromDate, toDate: filters.toDate } : null),
    [filters.isRangeValid, filters.fromDate, filters.toDate],
  );
  const primary = useStaffAnalysisSet({ set: 'primary', salonId: filters.salonId, range, generation });
  const genderSet = useStaffAnalysisSet({
    set: 'gender',
    salonId: filters.salonId,
    range: gender === 'ALL' ? null : range,
    gender: gender === 'ALL' ? null : gender,
    generation,
  });
  // The gender filter shows the gendered set (the *Gender twin), merged the same way.
  const shown = gender === 'ALL' ? primary : genderSet;
  const result = shown.data.result;
  const rows = useMemo(() => result?.staffDataAnalysis ?? [], [result]);

  let status: ReportStatus;
  if (shown.isError) status = 'error';
  else if (shown.data.loaded === 0) status = 'loading';
  else if (!shown.isPending && rows.length === 0) status = 'empty';
  else status = 'ready';

  const totals = useCallback(
    (visible: readonly StaffRow[]) =>
      totalsOf(visible, { sumOfTotalEarned: result?.sumOfTotalEarned ?? 0, sumOfTotalRecommended: result?.sumOfTotalRecommended ?? 0 }),
    [result],
  );

  const { fromDate, toDate, salonId } = filters;
  const columns = useMemo<DataTableColumn<StaffRow>[]>(
    () => [
      {
        id: 'name',
        header: t('column.name'),
        value: (row) => row.name,
        cell: (row) =>
          row.staffId ? (
            <Link component={RouterLink} to={staffReportLink(row.staffId, salonId, fromDate, toDate)} data-testid="staff-link">
              {row.name}
            </Link>
          ) : (
            row.name
          ),
      },
      ...COLUMNS.map(([key, value, kind]) => ({ id: key, header: t(`column.${key}`), value, kind })),
    ],
    [t, salonId, fromDate, toDate],
  );
  const { table, tableProps } = useReportTable({ name: 'staff-data-analysis', columns, totals, details: [genderDetail] });

  // The charts read highest earner first, whatever order the intervals arrived in; memoised so a render does not redraw them.
  const charts = useMemo(() => {
    const chartRows = [...rows].sort((a, b) => b.totalEarned - a.totalEarned);
    const names = chartRows.map((row) => row.name);
    const barChart = (series: { name: string; data: (number | null)[] }[], unit: ValueKind): EChartsCoreOption => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value: unknown) => formatValue(value, unit, language) },
      legend: series.length > 1 ? { top: 0 } : undefined,
      grid: { left: 8, right: 16, top: series.length > 1 ? 36 : 8, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: names, axisLabel: { rotate: 30, interval: 0, width: 90, overflow: 'truncate' } },
      yAxis: { type: 'value', axisLabel: valueAxisLabel(language, unit === 'percent' ? ' %' : '') },
      series: series.map((one) => ({ ...one, type: 'bar' })),
    });
    return {
      earned: barChart(
        [
          { name: t('column.totalEarned'), data: chartRows.map((row) => row.totalEarned) },
          { name: t('column.totalRecommended'), data: chartRows.map((row) => row.totalRecommended) },
        ],
        'money',
      ),
      hourly: barChart([{ name: t('column.hourlyEarned'), data: chartRows.map((row) => row.hourlyEarned) }], 'money'),
      utilisation: barChart([{ name: t('column.utilisation'), data: chartRows.map((row) => row.utilisation) }], 'percent'),
    };
  }, [rows, language, t]);

  const isLoadingMore = shown.isPending;
  const loaded = shown.data.loaded;
  const total = shown.total;
  const kpiChange = (current: number | undefined, base: number | undefined) => {
    if (current === undefined || base === undefined || isLoadingMore) return undefined;
    const change = changePercent(current, base);
    return t('kpi.previousYear', {
      value: formatValue(base, 'money', language),
      change: change === null ? '–' : `${change > 0 ? '+' : ''}${formatValue(change, 'number', language)} %`,
    });
  };
  const people = rows.length;

  return (
    <ReportFrame
      title={t('title')}
      filters={filters}
      status={status}
      error={shown.error}
      errorFallback={MESSAGES.staffFailure}
      onRetry={shown.refetch}
      table={table}
      extraFilters={
        <>
          {genderFilter}
          <Button variant="text" startIcon={<RestartAlt />} onClick={reset} data-testid="staff-reset">
            {t('reset')}
          </Button>
        </>
      }
    >
      <Box sx={{ mb: 2 }} aria-live="polite">
        <Typography variant="body2" color="text.secondary" data-testid="staff-progress">
          {t('progress', { loaded, total })}
          {!isLoadingMore && result
            ? ` · ${t('previousYearRange', { from: formatDay(result.previousYear.fromDate, language), to: formatDay(result.previousYear.toDate, language) })}`
            : ''}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={total ? (loaded / total) * 100 : 0}
          aria-label={t('progressLabel')}
          sx={{ mt: 0.5 }}
          data-testid="staff-progress-bar"
        />
      </Box>
      <KpiGrid
        size={{ xs: 6, md: 'grow' }}
        items={[
          {
            id: 'sumOfTotalEarned',
            label: t('kpi.sumOfTotalEarned'),
            value: result?.sumOfTotalEarned ?? null,
            format: 'money',
            definition: t('definition.sumOfTotalEarned'),
            secondary: kpiChange(result?.sumOfTotalEarned, result?.previousYear.sumOfTotalEarned),
          },
          {
            id: 'sumOfTotalRecommended',
            label: t('kpi.sumOfTotalRecommended'),
            value: result?.sumOfTotalRecommended ?? null,
            format: 'money',
            definition: t('definition.sumOfTotalRecommended'),
            secondary: kpiChange(result?.sumOfTotalRecommended, result?.previousYear.sumOfTotalRecommended),
          },
          {
            id: 'sumOfTotalDiscountValue',
            label: t('kpi.sumOfTotalDiscountValue'),
            value: result?.sumOfTotalDiscountValue ?? null,
            format: 'money',
            definition: t('definition.sumOfTotalDiscountValue'),
            secondary: t('kpi.discountRec', { value: formatValue(result?.sumOfTotalDiscountValueRec ?? 0, 'money', language) }),
          },
          {
            id: 'salonOpenDays',
            label: t('kpi.salonOpenDays'),
            value: result?.salonOpenDays ?? null,
            format: 'integer',
            definition: t('definition.salonOpenDays'),
          },
          {
            id: 'averagePerPerson',
            label: t('kpi.averagePerPerson'),
            value: result && people ? Math.round((result.sumOfTotalEarned / people) * 100) / 100 : null,
            format: 'money',
            definition: t('definition.averagePerPerson', { count: people }),
          },
        ]}
      />
      <ChartPanel title={t('chart.earned')} option={charts.earned} height={320} />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChartPanel title={t('chart.hourly')} option={charts.hourly} height={280} isFilling />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChartPanel title={t('chart.utilisation')} option={charts.utilisation} height={280} isFilling />
        </Grid>
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('tableHint')}
      </Typography>
      <DataTable
        {...tableProps}
        label={t('tableLabel')}
        data={rows}
        getRowId={(row) => String(row.staffId)}
        initialSorting={[{ id: 'totalEarned', desc: true }]}
        pageSize={0}
      />
      <Accordion variant="outlined" disableGutters sx={{ mt: 2 }}>
        <AccordionSummary expandIcon={<ExpandMore />}>
          <Typography variant="subtitle2" component="h2">
            {t('columnDefinition.title')}
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' },
              columnGap: 2,
              rowGap: 0.5,
            }}
          >
            {COLUMNS.map(([key]) => (
              <Fragment key={key}>
                <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`column.${key}`)}
                </Typography>
                <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
                  {t(`columnDefinition.${key}`)}
                </Typography>
              </Fragment>
            ))}
          </Box>
        </AccordionDetails>
      </Accordion>
    </ReportFrame>
  );
}
