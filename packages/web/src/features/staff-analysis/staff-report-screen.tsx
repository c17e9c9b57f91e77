import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  getStaffDailyDetailsAnalysisReport,
  getStaffDataAnalysisByNameReport,
  getStaffItems,
  getStaffWeeklyDetailsAnalysisReport,
  type ResponseOf,
} from '@salon/contracts';
import type { PaginationState } from '@tanstack/react-table';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { valueAxisLabel } from '../../components/chart/axis-label';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatAxisDay, formatDay, monthName, monthOf } from '../../components/format/dates';
import { formatValue, type ValueKind } from '../../components/format/number-format';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { KpiGrid, Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { callApi, MESSAGES } from '../../lib/api-client';
import { useGenderReportQuery, useReportQuery } from '../../lib/use-report-query';
import type { StaffRow } from './merge-staff';
import { PERSON_KPIS, personRowOf, salonAverages } from './staff-report';

type StaffItem = ResponseOf<typeof getStaffItems>['items'][number];

/** A day or a week of the person: the period and their row. */
interface PeriodRow {
  id: string;
  label: string;
  row: StaffRow;
}

const PERIOD_FIGURES: readonly (readonly [string, (row: StaffRow) => number | null, ValueKind])[] = [
  ['totalEarned', (row) => row.totalEarned, 'money'],
  ['previousYearEarned', (row) => row.previousYear.totalEarned, 'money'],
  ['service_TotalEarned', (row) => row.service_TotalEarned, 'money'],
  ['product_TotalEarned', (row) => row.product_TotalEarned, 'money'],
  ['totalRecommended', (row) => row.totalRecommended, 'money'],
  ['totalNumberOfClient', (row) => row.totalNumberOfClient, 'integer'],
  ['visits', (row) => row.visits, 'integer'],
  ['totalShiftHours', (row) => row.totalShiftHours, 'number'],
  ['totalWorkingHours', (row) => row.totalWorkingHours, 'number'],
  ['hourlyEarned', (row) => row.hourlyEarned, 'money'],
  ['utilisation', (row) => row.utilisation, 'percent'],
  ['averageFeedback', (row) => row.averageFeedback, 'number'],
];

type DailyDetails = ResponseOf<typeof getStaffDailyDetailsAnalysisReport.all>;

/** The person's row of each day that has one. */
const personDays = (days: DailyDetails['days'], staffId: number): PeriodRow[] =>
  days.flatMap((day) => {
    const row = personRowOf(day.staffDataAnalysis, staffId);
    return row ? [{ id: day.day, label: day.day, row }] : [];
  });

/** The daily table's first page: the days come from the server a page at a time, in day order. */
const FIRST_DAYS_PAGE: PaginationState = { pageIndex: 0, pageSize: 25 };
const DAY_ORDER = [{ id: 'day', desc: false }];

const positiveInt = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /staff-data-analysis-report: one person over a range against the salon's average person, day by day, week by week, and what they sold. */
export default function StaffReportScreen() {
  const { t, i18n } = useTranslation('staff-analysis');
  const language = i18n.language;
  const filters = useReportFilters();
  const [params, setParams] = useSearchParams();
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();
  const staffParam = positiveInt(params.get('staffId'));
  const month = positiveInt(params.get('month')) ?? (filters.today ? monthOf(filters.today) : 1);
  const setParam = useCallback(
    (key: 'staffId' | 'month', value: number) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set(key, String(value));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const { salonId, fromDate, toDate, isRangeValid, today } = filters;
  const salon = useGenderReportQuery(
    getStaffDataAnalysisByNameReport,
    gender,
    { params: { salonId, fromDate, toDate } },
    { isEnabled: isRangeValid },
  );
  const people = salon.data?.staffDataAnalysis ?? [];
  const person = staffParam === null ? null : personRowOf(people, staffParam);
  const staffId = person?.staffId ?? null;
  // The salon's days a page at a time (a year is ~2.4 MB in one answer); a new range, gender or person starts on the first page.
  const [dayPage, setDayPage] = useState<PaginationState>(FIRST_DAYS_PAGE);
  const dayPageKey = `${salonId}|${fromDate}|${toDate}|${gender}|${staffId}`;
  const [lastDayPageKey, setLastDayPageKey] = useState(dayPageKey);
  if (dayPageKey !== lastDayPageKey) {
    setLastDayPageKey(dayPageKey);
    setDayPage((previous) => ({ ...previous, pageIndex: 0 }));
  }
  const daily = useGenderReportQuery(
    getStaffDailyDetailsAnalysisReport,
    gender,
    { params: { salonId, fromDate, toDate }, query: { limit: dayPage.pageSize, offset: dayPage.pageIndex * dayPage.pageSize } },
    { isEnabled: isRangeValid && staffId !== null },
  );
  // The exports write every day: one unpaged call when asked.
  const loadDays = useCallback(async (): Promise<PeriodRow[]> => {
    if (salonId === null || staffId === null) return [];
    const params = { salonId, fromDate, toDate };
    const answer =
      gender === 'ALL'
        ? await callApi(getStaffDailyDetailsAnalysisReport.all, { params })
        : await callApi(getStaffDailyDetailsAnalysisReport.byGender, { params: { ...params, gender } });
    return personDays(answer.days, staffId);
  }, [salonId, fromDate, toDate, gender, staffId]);
  const weekly = useGenderReportQuery(
    getStaffWeeklyDetailsAnalysisReport,
    gender,
    { params: { salonId, meamberId: staffId ?? 0, month } },
    { isEnabled: staffId !== null },
  );
  const items = useReportQuery(
    getStaffItems,
    { params: { salonId, fromDate, toDate, meamberId: staffId ?? 0 } },
    { isEnabled: isRangeValid && staffId !== null },
  );

  const averages = useMemo(() => (salon.data ? salonAverages(salon.data) : {}), [salon.data]);
  const days = useMemo<PeriodRow[]>(() => (staffId === null ? [] : personDays(daily.data?.days ?? [], staffId)), [daily.data, staffId]);
  const weeks = useMemo<PeriodRow[]>(() => {
    if (staffId === null) return [];
    // A week that has not begun is not shown as a week of zeros.
    const begun = (weekly.data?.weeks ?? []).filter((week) => !today || week.fromDate <= today);
    return begun.flatMap((week) => {
      const row = personRowOf(week.staffDataAnalysis, staffId);
      return row ? [{ id: week.weekStart, label: `${formatDay(week.fromDate, language)} – ${formatDay(week.toDate, language)}`, row }] : [];
    });
  }, [weekly.data, staffId, language, today]);

  const figureColumns = useMemo(
    () =>
      PERIOD_FIGURES.map(([key, value, kind]) => ({
        id: key,
        header: t(`column.${key}`),
        value: (period: PeriodRow) => value(period.row),
        kind,
      })),
    [t],
  );
  const dayColumns = useMemo<DataTableColumn<PeriodRow>[]>(
    // Sorted by day on the server, as it pages.
    () =>
      [
        { id: 'day', header: t('report.column.day'), value: (period: PeriodRow) => period.label, kind: 'date' as const },
        ...figureColumns,
      ].map((column) => ({ ...column, isSortable: false })),
    [t, figureColumns],
  );
  const weekColumns = useMemo<DataTableColumn<PeriodRow>[]>(
    () => [{ id: 'week', header: t('report.column.week'), value: (period) => period.id, text: (period) => period.label }, ...figureColumns],
    [t, figureColumns],
  );
  const itemColumns = useMemo<DataTableColumn<StaffItem>[]>(
    () => [
      { id: 'kind', header: t('report.column.kind'), value: (item) => item.kind, text: (item) => t(`report.column.${item.kind}`) },
      { id: 'item', header: t('report.column.item'), value: (item) => item.name },
      { id: 'quantity', header: t('report.column.quantity'), value: (item) => item.quantity, kind: 'integer' },
      { id: 'revenue', header: t('report.column.revenue'), value: (item) => item.revenue, kind: 'money' },
      {
        id: 'recommendedQuantity',
        header: t('report.column.recommendedQuantity'),
        value: (item) => item.recommendedQuantity,
        kind: 'integer',
      },
      { id: 'recommendedRevenue', header: t('report.column.recommendedRevenue'), value: (item) => item.recommendedRevenue, kind: 'money' },
    ],
    [t],
  );
  const { table, tableProps } = useReportTable({
    name: 'staff-data-analysis-report',
    columns: dayColumns,
    details: [[t('report.person'), person?.name ?? ''], genderDetail],
    loadRows: loadDays,
  });

  const dailyChart = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => formatValue(value, 'money', language) },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((day) => formatAxisDay(day.id, language)) },
      yAxis: { type: 'value', axisLabel: valueAxisLabel(language) },
      series: [
        { name: t('column.totalEarned'), type: 'bar', data: days.map((day) => day.row.totalEarned) },
        { name: t('column.totalRecommended'), type: 'line', data: days.map((day) => day.row.totalRecommended) },
      ],
    }),
    [days, language, t],
  );

  const sectionState = (query: { isPending: boolean; isError: boolean }, isEmpty: boolean, emptyText: string, content: ReactNode) => {
    if (query.isError) return <Alert severity="error">{t('report.sectionFailed')}</Alert>;
    if (query.isPending) return <Typography color="text.secondary">{t('report.loading')}</Typography>;
    if (isEmpty) return <Alert severity="info">{emptyText}</Alert>;
    return content;
  };

  const picker = (
    <TextField
      select
      size="small"
      label={t('report.person')}
      value={staffId === null ? '' : String(staffId)}
      onChange={(event) => setParam('staffId', Number(event.target.value))}
      sx={{ minWidth: 220 }}
      slotProps={{ select: { inputProps: { 'data-testid': 'staff-picker' } } }}
      disabled={people.length === 0}
    >
      {people.map((row) => (
        <MenuItem key={row.staffId} value={String(row.staffId)}>
          {row.name}
        </MenuItem>
      ))}
    </TextField>
  );
  const backParams = new URLSearchParams(params);
  backParams.delete('staffId');
  backParams.delete('month');

  return (
    <ReportFrame
      title={person ? `${t('report.title')}: ${person.name}` : t('report.title')}
      filters={filters}
      {...reportStateOf(salon, () => false)}
      errorFallback={MESSAGES.staffFailure}
      table={person ? table : undefined}
      extraFilters={
        <>
          {picker}
          {genderFilter}
          <Button component={RouterLink} to={`/staff-data-analysis?${backParams.toString()}`} startIcon={<ArrowBack />}>
            {t('report.back')}
          </Button>
        </>
      }
    >
      {person === null ? (
        <Alert severity="info" data-testid="choose-person">
          {t('report.choosePerson')}
        </Alert>
      ) : (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {t('report.kpiTitle')}
          </Typography>
          <KpiGrid
            size={{ xs: 6, sm: 4, md: 3 }}
            items={PERSON_KPIS.map((kpi) => ({
              id: kpi.key,
              label: t(`column.${kpi.key}`),
              value: kpi.value(person),
              format: kpi.format,
              definition: t(`columnDefinition.${kpi.key}`),
              secondary: t('report.salonAverage', { value: formatValue(averages[kpi.key] ?? null, kpi.format, language) }),
            }))}
          />
          <Panel title={t('report.daily')}>
            {sectionState(
              daily,
              (daily.data?.total ?? 0) === 0,
              t('report.noDays'),
              <>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('report.dailyPaged')}
                </Typography>
                <Chart option={dailyChart} label={t('report.dailyChart')} height={280} />
                <DataTable
                  {...tableProps}
                  label={t('report.dailyTable')}
                  data={days}
                  getRowId={(day) => day.id}
                  server={{
                    rowCount: daily.data?.total ?? 0,
                    pagination: dayPage,
                    onPaginationChange: setDayPage,
                    sorting: DAY_ORDER,
                    onSortingChange: () => undefined,
                  }}
                />
              </>,
            )}
          </Panel>
          <Panel title={t('report.weekly')}>
            <TextField
              select
              size="small"
              label={t('report.month')}
              value={month}
              onChange={(event) => setParam('month', Number(event.target.value))}
              sx={{ minWidth: 180, mb: 2 }}
              slotProps={{ select: { inputProps: { 'data-testid': 'month-picker' } } }}
            >
              {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                <MenuItem key={m} value={m}>
                  {today ? `${monthName(m, language)} ${today.slice(0, 4)}` : monthName(m, language)}
                </MenuItem>
              ))}
            </TextField>
            {sectionState(
              weekly,
              weeks.length === 0,
              t('report.noWeeks'),
              <DataTable columns={weekColumns} label={t('report.weeklyTable')} data={weeks} getRowId={(week) => week.id} pageSize={0} />,
            )}
          </Panel>
          <Panel title={t('report.items')}>
            {gender !== 'ALL' ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('report.itemsAllClients')}
              </Typography>
            ) : null}
            {sectionState(
              items,
              (items.data?.items.length ?? 0) === 0,
              t('report.noItems'),
              <DataTable
                columns={itemColumns}
                label={t('report.itemsTable')}
                data={items.data?.items ?? []}
                getRowId={(item) => `${item.kind}-${item.itemId}`}
                pageSize={0}
              />,
            )}
          </Panel>
        </>
      )}
    </ReportFrame>
  );
}
