import RestartAlt from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { countFormatter, valueAxisLabel } from '../../components/chart/axis-label';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { addDays, daysBetween, formatAxisDay, formatDay } from '../../components/format/dates';
import { useFormatValue } from '../../components/format/number-format';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel, KpiGrid } from '../../components/report-frame/report-parts';
import type { ReportStatus } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { salonRecapQueryKey, useSalonRecapSet } from './api/use-salon-recap';
import {
  COMPARISONS,
  type Comparison,
  changePercent,
  comparisonRange,
  dayRevenue,
  type RecapDay,
  type RecapRow,
  type RecapTotals,
  recapTotalsOf,
  rowOf,
} from './merge-recap';

const comparisonOf = (value: string | null): Comparison =>
  (COMPARISONS as readonly string[]).includes(value ?? '') ? (value as Comparison) : 'none';

type KpiKey =
  | 'totalAmount'
  | 'servicesAmount'
  | 'productsAmount'
  | 'recommendedSharePercent'
  | 'appointmentCount'
  | 'newClientCount'
  | 'balanceClientCount'
  | 'lostClientCount'
  | 'appointmentsDiscount';

const KPIS: { key: KpiKey; format: 'money' | 'integer' | 'percent' }[] = [
  { key: 'totalAmount', format: 'money' },
  { key: 'servicesAmount', format: 'money' },
  { key: 'productsAmount', format: 'money' },
  { key: 'recommendedSharePercent', format: 'percent' },
  { key: 'appointmentCount', format: 'integer' },
  { key: 'newClientCount', format: 'integer' },
  { key: 'balanceClientCount', format: 'integer' },
  { key: 'lostClientCount', format: 'integer' },
  { key: 'appointmentsDiscount', format: 'money' },
];

/** /Salon-Recap: per day, checked-out vs recommended, with a second period and a gender set to compare. */
export default function SalonRecapScreen() {
  const { t, i18n } = useTranslation('recap');
  const format = useFormatValue();
  const queryClient = useQueryClient();
  const filters = useReportFilters();
  const [params, setParams] = useSearchParams();
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();
  const comparison = comparisonOf(params.get('compare'));

  const range = useMemo(
    () => (filters.isRangeValid ? { fromDate: filters.fromDate, toDate: filters.toDate } : null),
    [filters.isRangeValid, filters.fromDate, filters.toDate],
  );
  const secondRange = useMemo(() => (range ? comparisonRange(range, comparison) : null), [range, comparison]);
  const primary = useSalonRecapSet({ set: 'primary', salonId: filters.salonId, range });
  const second = useSalonRecapSet({ set: 'second', salonId: filters.salonId, range: secondRange });
  const genderSet = useSalonRecapSet({
    set: 'gender',
    salonId: filters.salonId,
    range: gender === 'ALL' ? null : range,
    gender: gender === 'ALL' ? null : gender,
  });

  const setComparison = useCallback(
    (next: Comparison) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next === 'none') updated.delete('compare');
          else updated.set('compare', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Reset: the comparison sets are dropped from the URL first; once they are gone (the URL changes in a
  // transition, a render later), every recap result and counter is cleared and only the primary range is asked again.
  const [isResetPending, setIsResetPending] = useState(false);
  const reset = useCallback(() => {
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.delete('compare');
        updated.delete('gender');
        return updated;
      },
      { replace: true },
    );
    setIsResetPending(true);
  }, [setParams]);
  useEffect(() => {
    if (!isResetPending || comparison !== 'none' || gender !== 'ALL') return;
    setIsResetPending(false);
    void queryClient.resetQueries({ queryKey: salonRecapQueryKey });
  }, [isResetPending, comparison, gender, queryClient]);

  const rows = useMemo(() => [...primary.data.days].sort((a, b) => (a.day < b.day ? -1 : 1)).map(rowOf), [primary.data.days]);

  let status: ReportStatus;
  if (primary.isError) status = 'error';
  else if (primary.data.loaded === 0) status = 'loading';
  else if (!primary.isPending && rows.length === 0) status = 'empty';
  else status = 'ready';

  const columns = useMemo<DataTableColumn<RecapRow>[]>(
    () => [
      { id: 'day', header: t('column.day'), value: (row) => row.day, kind: 'date' },
      { id: 'revenue', header: t('column.revenue'), value: (row) => row.revenue, kind: 'money' },
      { id: 'services', header: t('column.services'), value: (row) => row.services, kind: 'money' },
      { id: 'servicesRecommended', header: t('column.servicesRecommended'), value: (row) => row.servicesRecommended, kind: 'money' },
      { id: 'products', header: t('column.products'), value: (row) => row.products, kind: 'money' },
      { id: 'productsRecommended', header: t('column.productsRecommended'), value: (row) => row.productsRecommended, kind: 'money' },
      { id: 'serviceAppointments', header: t('column.serviceAppointments'), value: (row) => row.serviceAppointments, kind: 'integer' },
      { id: 'productQuantity', header: t('column.productQuantity'), value: (row) => row.productQuantity, kind: 'integer' },
      { id: 'newClients', header: t('column.newClients'), value: (row) => row.newClients, kind: 'integer' },
      { id: 'balanceClients', header: t('column.balanceClients'), value: (row) => row.balanceClients, kind: 'integer' },
      { id: 'lostClients', header: t('column.lostClients'), value: (row) => row.lostClients, kind: 'integer' },
      { id: 'discount', header: t('column.discount'), value: (row) => row.discount, kind: 'money' },
    ],
    [t],
  );

  const { table, tableProps } = useReportTable({ name: 'Salon-Recap', columns, totals: recapTotalsOf, details: [genderDetail] });

  const chartOption = useMemo<EChartsCoreOption>(() => {
    if (!range) return {};
    const length = daysBetween(range.fromDate, range.toDate) + 1;
    const dates = Array.from({ length }, (_, i) => addDays(range.fromDate, i));
    const revenueByDay = (days: readonly RecapDay[]) => new Map(days.map((day) => [day.day, dayRevenue(day)]));
    const primaryByDay = revenueByDay(primary.data.days);
    const series: object[] = [{ name: t('chart.primary'), type: 'bar', data: dates.map((date) => primaryByDay.get(date) ?? 0) }];
    if (secondRange && second.data.loaded > 0) {
      // The second period is drawn day for day under the primary one: its n-th day beside the primary's n-th day.
      const secondByDay = revenueByDay(second.data.days);
      series.push({
        name: t('chart.second'),
        type: 'line',
        data: dates.map((_, i) => secondByDay.get(addDays(secondRange.fromDate, i)) ?? 0),
      });
    }
    if (gender !== 'ALL' && genderSet.data.loaded > 0) {
      const genderByDay = revenueByDay(genderSet.data.days);
      series.push({ name: t(`chart.gender.${gender}`), type: 'line', data: dates.map((date) => genderByDay.get(date) ?? 0) });
    }
    return {
      tooltip: { trigger: 'axis', valueFormatter: countFormatter(i18n.language) },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: dates.map((date) => formatAxisDay(date, i18n.language)) },
      yAxis: { type: 'value', axisLabel: valueAxisLabel(i18n.language) },
      series,
    };
  }, [
    range,
    secondRange,
    gender,
    primary.data.days,
    second.data.days,
    second.data.loaded,
    genderSet.data.days,
    genderSet.data.loaded,
    t,
    i18n.language,
  ]);

  const compareLine = (key: KpiKey, kind: 'money' | 'integer' | 'percent'): ReactNode => {
    const lines: string[] = [];
    const current = primary.data.totals?.[key];
    const base = second.data.totals?.[key];
    if (secondRange && typeof base === 'number' && second.data.loaded === second.total) {
      const change = typeof current === 'number' ? changePercent(current, base) : null;
      lines.push(
        t('kpi.compare', {
          value: format(base, kind),
          change: change === null ? '–' : `${change > 0 ? '+' : ''}${format(change, 'number')} %`,
        }),
      );
    }
    const genderValue: RecapTotals[KpiKey] | undefined = genderSet.data.totals?.[key];
    if (gender !== 'ALL' && genderValue !== undefined && genderSet.data.loaded === genderSet.total) {
      lines.push(t(`kpi.gender.${gender}`, { value: format(genderValue, kind) }));
    }
    return lines.length ? lines.map((line) => <div key={line}>{line}</div>) : undefined;
  };

  const isLoadingMore = primary.isPending || second.isPending || genderSet.isPending;
  const loaded = primary.data.loaded + second.data.loaded + genderSet.data.loaded;
  const total = primary.total + (secondRange ? second.total : 0) + (gender === 'ALL' ? 0 : genderSet.total);

  return (
    <ReportFrame
      title={t('title')}
      filters={filters}
      status={status}
      error={primary.error}
      onRetry={primary.refetch}
      table={table}
      extraFilters={
        <>
          <TextField
            select
            size="small"
            label={t('compare.label')}
            value={comparison}
            onChange={(event) => setComparison(comparisonOf(event.target.value))}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { inputProps: { 'data-testid': 'compare-filter' } } }}
          >
            {COMPARISONS.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {t(`compare.${choice}`)}
              </MenuItem>
            ))}
          </TextField>
          {genderFilter}
          <Button variant="text" startIcon={<RestartAlt />} onClick={reset} data-testid="recap-reset">
            {t('reset')}
          </Button>
        </>
      }
    >
      <Box sx={{ mb: 2 }} aria-live="polite">
        {isLoadingMore ? (
          <>
            <Typography variant="body2" color="text.secondary" data-testid="recap-progress">
              {t('progress', { loaded, total })}
            </Typography>
            <LinearProgress variant="determinate" value={total ? (loaded / total) * 100 : 0} aria-label={t('progressLabel')} />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="recap-loaded">
            {t('loaded', { count: primary.data.loaded })}
            {secondRange
              ? ` · ${t('secondRange', { from: formatDay(secondRange.fromDate, i18n.language), to: formatDay(secondRange.toDate, i18n.language) })}`
              : ''}
          </Typography>
        )}
        {second.isError || genderSet.isError ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('compareFailed')}
          </Alert>
        ) : null}
      </Box>
      <KpiGrid
        size={{ xs: 6, md: 4 }}
        items={KPIS.map(({ key, format: kind }) => ({
          id: key,
          label: t(`kpi.${key}`),
          value: primary.data.totals?.[key] ?? null,
          format: kind,
          definition: t(`definition.${key}`),
          secondary: compareLine(key, kind),
        }))}
      />
      <ChartPanel title={t('chart.title')} label={t('chart.label')} option={chartOption} height={300} />
      <DataTable
        {...tableProps}
        label={t('tableLabel')}
        data={rows}
        getRowId={(row) => row.day}
        initialSorting={[{ id: 'day', desc: false }]}
      />
    </ReportFrame>
  );
}
