import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GROWTH_CATEGORIES, type GrowthCategory, SALON_CONFIG_DEFAULTS } from '@salon/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { valueAxisLabel } from '../../components/chart/axis-label';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatAxisDay, formatDay, monthName, monthOf, monthRange, yearOf } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { KpiCard } from '../../components/kpi-card/kpi-card';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel, KpiGrid } from '../../components/report-frame/report-parts';
import type { ReportStatus } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { errorMessageOf } from '../../lib/api-client';
import { translateMessage } from '../../lib/i18n';
import { downloadGrowthPdf } from './api/export-growth-pdf';
import { type DayReport, useDayReport } from './api/use-day-report';
import { DAILY_TYPE_OF, useGrowthDaily } from './api/use-growth-daily';
import { type GrowthRecapCategory, useGrowthRecap } from './api/use-growth-recap';
import { type GrowthMonth, useGrowthReport } from './api/use-growth-report';
import { useSalonConfigs } from './api/use-salon-configs';

const categoryOf = (value: string | null): GrowthCategory =>
  (GROWTH_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as GrowthCategory) : 'TREATMENT';
const monthsOf = (value: string | null): number | undefined => {
  const months = Number(value);
  return Number.isInteger(months) && months >= 1 && months <= 36 ? months : undefined;
};

const pct = (value: number | null | undefined, language: string) => formatValue(value ?? null, 'percent', language);
/** A gap in percentage points, signed. */
const points = (value: number | null | undefined, language: string) =>
  value === null || value === undefined ? '–' : `${value > 0 ? '+' : ''}${formatValue(value, 'number', language)} pt`;

/** /show-report: per category the monthly penetration against the straight-line path to the target, the recap, today and tomorrow. */
export default function ShowReportScreen() {
  const { t, i18n } = useTranslation('salons-growing');
  const language = i18n.language;
  const filters = useReportFilters();
  const [params, setParams] = useSearchParams();
  const category = categoryOf(params.get('category'));
  // The salon's today (not the device's): the end of the actuals and the default month of the daily data.
  const { today } = filters;
  const month =
    Number(params.get('month')) >= 1 && Number(params.get('month')) <= 12 ? Number(params.get('month')) : today ? monthOf(today) : 1;
  const urlReach = monthsOf(params.get('reachTargetMonths'));
  const urlTargetMonths = monthsOf(params.get('targetMonths'));
  const configs = useSalonConfigs(filters.salonId);
  const savedSetting = configs.data?.find((row) => row.category === category);
  // One set of months for the KPI cards, the recap, the daily view and the PDF (the URL's, else the
  // saved setting's), and every on-track judgement against the saved target: they all agree.
  const recapMonths = {
    reachTargetMonths: urlReach ?? savedSetting?.reachTargetMonths ?? SALON_CONFIG_DEFAULTS.reachTargetMonths,
    targetMonths: urlTargetMonths ?? savedSetting?.targetMonths ?? SALON_CONFIG_DEFAULTS.targetMonths,
  };

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (value === null || value === '') updated.delete(key);
          else updated.set(key, value);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setting = savedSetting && { ...savedSetting, ...recapMonths };
  const report = useGrowthReport(filters.salonId, category, setting, today);
  const recap = useGrowthRecap(filters.salonId, recapMonths.reachTargetMonths, recapMonths.targetMonths);
  const dailyType = DAILY_TYPE_OF[category];
  const dailyRange = useMemo(() => (today ? monthRange(yearOf(today), month, today) : undefined), [today, month]);
  const daily = useGrowthDaily(filters.salonId, dailyType, recapMonths, dailyRange);
  const todayReport = useDayReport(filters.salonId, 'today');
  const tomorrowReport = useDayReport(filters.salonId, 'tomorrow');

  let status: ReportStatus;
  if (configs.isError || report.isError) status = 'error';
  else if (!report.data) status = 'loading';
  else status = report.data.months.length === 0 ? 'empty' : 'ready';

  const categoryName = t(`category.${category}`);
  const columns = useMemo<DataTableColumn<GrowthMonth>[]>(
    () => [
      { id: 'month', header: t('report.column.month'), value: (row) => row.month },
      { id: 'phase', header: t('report.column.phase'), value: (row) => t(`report.phase.${row.phase}`) },
      { id: 'appointments', header: t('report.column.appointments'), value: (row) => row.appointments, kind: 'integer' },
      { id: 'withCategory', header: t('report.column.withCategory'), value: (row) => row.appointmentsWithCategory, kind: 'integer' },
      { id: 'actual', header: t('report.column.actual'), value: (row) => row.actualPercent, kind: 'percent' },
      { id: 'path', header: t('report.column.path'), value: (row) => row.pathPercent, kind: 'percent' },
      {
        id: 'gap',
        header: t('report.column.gap'),
        value: (row) => row.gapPercent,
        kind: 'number',
        cell: (row) => points(row.gapPercent, language),
      },
      { id: 'rolling', header: t('report.column.rolling'), value: (row) => row.rollingAveragePercent, kind: 'percent' },
    ],
    [t, language],
  );

  // The export's period is the months its table holds (baseline to the period's end), not the day of the export.
  const firstMonth = report.data?.months[0]?.month;
  const periodEnd = report.data?.periodEndDate;
  const period = useMemo(
    () =>
      firstMonth && periodEnd
        ? {
            label: `${formatDay(`${firstMonth}-01`, language)} – ${formatDay(periodEnd, language)}`,
            file: `${firstMonth}-01_${periodEnd}`,
          }
        : undefined,
    [firstMonth, periodEnd, language],
  );
  const { table, tableProps } = useReportTable({
    name: `Salon-Growth-${category}`,
    columns,
    period,
    details: [
      [t('report.category'), categoryName],
      ...(today ? [[t('report.figuresUpTo'), formatDay(today, language)] as [string, string]] : []),
    ],
  });

  const chartOption = useMemo<EChartsCoreOption>(() => {
    const months = report.data?.months ?? [];
    return {
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => (typeof value === 'number' ? `${value} %` : '–') },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: months.map((row) => row.month) },
      yAxis: { type: 'value', min: 0, max: 100, axisLabel: valueAxisLabel(language, ' %') },
      series: [
        { name: t('report.column.actual'), type: 'bar', data: months.map((row) => row.actualPercent) },
        {
          name: t('report.column.path'),
          type: 'line',
          data: months.map((row) => row.pathPercent),
          markLine: {
            symbol: 'none',
            lineStyle: { type: 'dotted' },
            data: [{ yAxis: report.data?.target ?? 0 }],
            label: { formatter: t('report.target'), position: 'insideEndTop' },
          },
        },
        {
          name: t('report.column.rolling'),
          type: 'line',
          lineStyle: { type: 'dashed' },
          data: months.map((row) => row.rollingAveragePercent),
        },
      ],
    };
  }, [report.data, t, language]);

  const data = report.data;
  return (
    <ReportFrame
      title={t('report.title')}
      filters={filters}
      status={status}
      error={configs.error ?? report.error}
      onRetry={() => {
        configs.refetch();
        void report.refetch();
      }}
      showDates={false}
      table={table}
      exports={{
        pdf: () =>
          downloadGrowthPdf(filters.salonId as number, `Salon-Growth-${filters.salonId}-${today}.pdf`, {
            reachTargetMonth: recapMonths.reachTargetMonths,
            targetMonth: recapMonths.targetMonths,
          }),
      }}
      extraFilters={
        <>
          <TextField
            select
            size="small"
            label={t('report.category')}
            value={category}
            onChange={(event) => setParam('category', event.target.value)}
            sx={{ minWidth: 170 }}
            slotProps={{ select: { inputProps: { 'data-testid': 'category-filter' } } }}
          >
            {GROWTH_CATEGORIES.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {t(`category.${choice}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('report.dailyMonth')}
            value={month}
            onChange={(event) => setParam('month', event.target.value)}
            sx={{ minWidth: 210 }}
          >
            {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
              <MenuItem key={m} value={m}>
                {monthName(m, language)}
              </MenuItem>
            ))}
          </TextField>
          {(['reachTargetMonths', 'targetMonths'] as const).map((key) => (
            <TextField
              key={key}
              select
              size="small"
              label={t(`report.months.${key}`)}
              value={recapMonths[key]}
              onChange={(event) => setParam(key, event.target.value)}
              sx={{ minWidth: 200 }}
            >
              {Array.from({ length: 36 }, (_, i) => i + 1).map((m) => (
                <MenuItem key={m} value={m}>
                  {m}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </>
      }
    >
      {data ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="growth-period">
            {t('report.period', {
              salon: data.salonName,
              category: categoryName,
              from: formatDay(data.periodStartDate, language),
              to: formatDay(data.periodEndDate, language),
              target: formatValue(data.target, 'percent', language),
            })}
          </Typography>
          <KpiGrid
            size={{ xs: 12, sm: 6, md: 4 }}
            items={[
              {
                id: 'current',
                label: t('report.kpi.current'),
                value: data.currentAveragePercent,
                format: 'percent',
                definition: t('report.definition.current', { months: data.targetMonths }),
              },
              {
                id: 'path',
                label: t('report.kpi.path'),
                value: data.currentPathPercent,
                format: 'percent',
                definition: t('report.definition.path'),
              },
              {
                id: 'target',
                label: t('report.kpi.target'),
                value: data.target,
                format: 'percent',
                definition: t('report.definition.target', { months: data.reachTargetMonths }),
              },
              {
                id: 'gapToPath',
                label: t('report.kpi.gapToPath'),
                value: points(data.gapToPathPercent, language),
                format: 'text',
                definition: t('report.definition.gapToPath'),
                secondary: <OnTrack isOnTrack={data.isOnTrack} />,
              },
              {
                id: 'gapToTarget',
                label: t('report.kpi.gapToTarget'),
                value: points(data.gapToTargetPercent, language),
                format: 'text',
                definition: t('report.definition.gapToTarget'),
              },
              {
                id: 'monthsLeft',
                label: t('report.kpi.monthsLeft'),
                value: data.monthsLeft,
                format: 'integer',
                definition: t('report.definition.monthsLeft'),
                secondary: t('report.start', {
                  value: pct(data.startPercent, language),
                  source: t(`report.startSource.${data.startSource}`),
                }),
              },
            ]}
          />
          <ChartPanel
            title={t('report.chartTitle', { category: categoryName })}
            label={t('report.chartLabel', { category: categoryName })}
            option={chartOption}
            height={320}
          />
          <DataTable
            {...tableProps}
            label={t('report.tableLabel', { category: categoryName })}
            data={data.months}
            getRowId={(row) => row.month}
            pageSize={0}
          />
        </>
      ) : null}
      <RecapSection
        recap={recap.data?.categories}
        isPending={recap.isPending}
        error={recap.error}
        onTrackCount={recap.data?.onTrackCount}
      />
      <DailySection category={category} hasType={dailyType !== null} daily={daily.data} isPending={daily.isPending} error={daily.error} />
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <DayReportCard day="today" report={todayReport.data} isPending={todayReport.isPending} error={todayReport.error} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DayReportCard day="tomorrow" report={tomorrowReport.data} isPending={tomorrowReport.isPending} error={tomorrowReport.error} />
        </Grid>
      </Grid>
    </ReportFrame>
  );
}

function OnTrack({ isOnTrack }: { isOnTrack: boolean }) {
  const { t } = useTranslation('salons-growing');
  return (
    <Chip
      size="small"
      sx={{ mt: 0.5 }}
      color={isOnTrack ? 'success' : 'error'}
      label={isOnTrack ? t('report.onTrack') : t('report.offTrack')}
      data-testid={isOnTrack ? 'on-track' : 'off-track'}
    />
  );
}

function SectionState({ isPending, error, children }: { isPending: boolean; error: unknown; children: ReactNode }) {
  if (error) return <Alert severity="warning">{translateMessage(errorMessageOf(error))}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={120} />;
  return children;
}

function RecapSection({
  recap,
  isPending,
  error,
  onTrackCount,
}: {
  recap: GrowthRecapCategory[] | undefined;
  isPending: boolean;
  error: unknown;
  onTrackCount: number | undefined;
}) {
  const { t, i18n } = useTranslation('salons-growing');
  const language = i18n.language;
  const columns = useMemo<DataTableColumn<GrowthRecapCategory>[]>(
    () => [
      { id: 'category', header: t('report.column.category'), value: (row) => t(`category.${row.category}`) },
      { id: 'lastMonth', header: t('report.column.lastMonth'), value: (row) => row.lastMonthPercent, kind: 'percent' },
      { id: 'current', header: t('report.kpi.current'), value: (row) => row.currentAveragePercent, kind: 'percent' },
      { id: 'path', header: t('report.kpi.path'), value: (row) => row.currentPathPercent, kind: 'percent' },
      { id: 'target', header: t('report.kpi.target'), value: (row) => row.target, kind: 'percent' },
      {
        id: 'gapToTarget',
        header: t('report.kpi.gapToTarget'),
        value: (row) => row.gapToTargetPercent,
        kind: 'number',
        cell: (row) => points(row.gapToTargetPercent, language),
      },
      {
        id: 'onTrack',
        header: t('report.column.onTrack'),
        value: (row) => (row.isOnTrack ? t('report.onTrack') : t('report.offTrack')),
        cell: (row) => <OnTrack isOnTrack={row.isOnTrack} />,
      },
      { id: 'monthsLeft', header: t('report.kpi.monthsLeft'), value: (row) => row.monthsLeft, kind: 'integer' },
    ],
    [t, language],
  );
  return (
    <Box component="section" aria-labelledby="growth-recap-title" sx={{ mt: 4 }}>
      <Typography id="growth-recap-title" variant="h6" component="h2">
        {t('report.recapTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {onTrackCount === undefined
          ? t('report.recapHelp')
          : `${t('report.recapOnTrack', { count: onTrackCount })} ${t('report.recapHelp')}`}
      </Typography>
      <SectionState isPending={isPending} error={error}>
        <DataTable label={t('report.recapTitle')} columns={columns} data={recap ?? []} getRowId={(row) => row.category} pageSize={0} />
      </SectionState>
    </Box>
  );
}

function DailySection({
  category,
  hasType,
  daily,
  isPending,
  error,
}: {
  category: GrowthCategory;
  hasType: boolean;
  daily: ReturnType<typeof useGrowthDaily>['data'];
  isPending: boolean;
  error: unknown;
}) {
  const { t, i18n } = useTranslation('salons-growing');
  const categoryName = t(`category.${category}`);
  const option = useMemo<EChartsCoreOption>(() => {
    const days = daily?.days ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((day) => formatAxisDay(day.date, i18n.language)) },
      yAxis: { type: 'value', min: 0, max: 100, axisLabel: valueAxisLabel(i18n.language, ' %') },
      series: [
        { name: t('daily.percent'), type: 'bar', data: days.map((day) => day.percent) },
        { name: t('daily.cumulative'), type: 'line', data: days.map((day) => day.cumulativePercent) },
        { name: t('report.column.path'), type: 'line', lineStyle: { type: 'dashed' }, data: days.map((day) => day.pathPercent) },
      ],
    };
  }, [daily, t, i18n.language]);
  return (
    <Box component="section" aria-labelledby="growth-daily-title" sx={{ mt: 4 }}>
      <Typography id="growth-daily-title" variant="h6" component="h2">
        {t('daily.title', { category: categoryName })}
      </Typography>
      {!hasType ? (
        <Alert severity="info">{t('daily.noType')}</Alert>
      ) : (
        <SectionState isPending={isPending} error={error}>
          {daily ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="daily-summary">
                {t('daily.summary', {
                  from: formatDay(daily.dateFrom, i18n.language),
                  to: formatDay(daily.dateTo, i18n.language),
                  percent: formatValue(daily.percent, 'percent', i18n.language),
                  appointments: daily.appointments,
                  withCategory: daily.appointmentsWithCategory,
                })}
              </Typography>
              <Chart option={option} label={t('daily.chartLabel', { category: categoryName })} height={260} />
            </>
          ) : null}
        </SectionState>
      )}
    </Box>
  );
}

function DayReportCard({
  day,
  report,
  isPending,
  error,
}: {
  day: 'today' | 'tomorrow';
  report: DayReport | undefined;
  isPending: boolean;
  error: unknown;
}) {
  const { t, i18n } = useTranslation('salons-growing');
  const language = i18n.language;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`day-${day}`}
      sx={{ p: 2, height: '100%' }}
      data-testid={`day-report-${day}`}
    >
      <Typography id={`day-${day}`} variant="h6" component="h2">
        {t(`day.${day}`)}
        {report ? ` · ${formatDay(report.date, language)}` : ''}
      </Typography>
      <SectionState isPending={isPending} error={error}>
        {report ? (
          <>
            <Grid container spacing={1} sx={{ my: 1 }}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <KpiCard
                  label={t('day.appointments')}
                  value={report.appointmentCount}
                  format="integer"
                  definition={t('day.definition.appointments')}
                  secondary={t('day.done', { count: report.doneCount })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <KpiCard
                  label={t('day.expectedRevenue')}
                  value={report.expectedRevenue}
                  format="money"
                  definition={t('day.definition.expectedRevenue')}
                />
              </Grid>
            </Grid>
            {report.categories.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('day.none')}
              </Typography>
            ) : (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {report.categories.map((row) => (
                  <Chip
                    key={row.category}
                    variant="outlined"
                    label={t('day.category', {
                      category: t(`category.${row.category}`, { defaultValue: row.category }),
                      appointments: row.appointments,
                      revenue: formatValue(row.expectedRevenue, 'money', language),
                    })}
                  />
                ))}
              </Stack>
            )}
          </>
        ) : null}
      </SectionState>
    </Paper>
  );
}
