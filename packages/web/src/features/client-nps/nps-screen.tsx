import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { EChartsCoreOption } from 'echarts/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { countFormatter, valueAxisLabel } from '../../components/chart/axis-label';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatDay, isIsoDate, monthName, monthOf, yearOf } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { DateField } from '../../components/report-frame/date-field';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { KpiGrid, Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { errorMessageOf } from '../../lib/api-client';
import { translateMessage } from '../../lib/i18n';
import {
  downloadNpsXlsx,
  type NpsAnswer,
  type NpsDetractor,
  type NpsMonth,
  type NpsYear,
  useNpsDay,
  useNpsDetractors,
  useNpsYear,
} from './api/use-nps';
import { daysOfMonth, intParam, latestMonthWithAnswers, npsChartSeries, yearsOffered } from './nps-shaping';

const COLORS = { promoters: '#2e7d32', passives: '#9e9e9e', detractors: '#d32f2f', nps: '#1565c0' };

type Category = NpsAnswer['category'];
const CATEGORY_COLOR: Record<Category, 'success' | 'default' | 'error'> = { PROMOTER: 'success', PASSIVE: 'default', DETRACTOR: 'error' };

type FollowUpStatus = NpsDetractor['status'];
const STATUS_COLOR: Record<FollowUpStatus, 'warning' | 'error' | 'success' | 'default'> = {
  AT_RISK: 'warning',
  LOST: 'error',
  ACTIVE: 'success',
  NO_VISIT: 'default',
};

/** The NPS filters kept in the URL: ?year, the month of the drill-down (?month) and the day opened (?day). */
function useNpsParams(thisYear: number) {
  const [params, setParams] = useSearchParams();
  const year = intParam(params.get('year'), 2000, 2100) ?? thisYear;
  const month = intParam(params.get('month'), 1, 12);
  const dayParam = params.get('day');
  const day = isIsoDate(dayParam) ? dayParam : null;
  const set = useCallback(
    (change: { year?: number; month?: number | null; day?: string | null }) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(change)) {
            if (value === null || value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { year, month, day, set };
}

/** /NPS: a year's Net Promoter Score per month (promoters, passives, detractors), its totals, a day's answers and Nps.xlsx. */
export default function NpsScreen() {
  const { t, i18n } = useTranslation('client-nps');
  const language = i18n.language;
  const filters = useReportFilters();
  // The salon's current year (its today, not the device's); 0 until that is known.
  const thisYear = filters.today ? yearOf(filters.today) : 0;
  const { year, month: monthParam, day, set } = useNpsParams(thisYear);
  const npsYear = useNpsYear(filters.salonId, year);
  const data = npsYear.data;
  const month = monthParam ?? (data ? latestMonthWithAnswers(data.months) : null);
  const years = yearsOffered(thisYear, year);

  const xlsx = async () => {
    if (filters.salonId !== null && year > 0) await downloadNpsXlsx(filters.salonId, year, language);
  };

  return (
    <ReportFrame
      title={t('title')}
      filters={filters}
      {...reportStateOf(npsYear)}
      showDates={false}
      exports={{ xlsx }}
      extraFilters={
        <TextField
          select
          size="small"
          label={t('filters.year')}
          value={year > 0 ? year : ''}
          onChange={(event) => set({ year: Number(event.target.value), month: null, day: null })}
          sx={{ minWidth: 120 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'year-filter' } } }}
        >
          {years.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {data ? (
        <>
          <NpsKpis data={data} />
          <MonthsChart data={data} onMonth={(picked) => set({ month: picked, day: null })} />
          <MonthsTable data={data} selected={month} onMonth={(picked) => set({ month: picked, day: null })} />
          <DayDrillDown
            data={data}
            salonId={filters.salonId}
            month={month}
            day={day}
            onMonth={(picked) => set({ month: picked, day: null })}
            onDay={(picked) => set({ year: yearOf(picked), month: monthOf(picked), day: picked })}
          />
          <FollowUp salonId={filters.salonId} year={data.year} />
        </>
      ) : null}
    </ReportFrame>
  );
}

function NpsKpis({ data }: { data: NpsYear }) {
  const { t, i18n } = useTranslation('client-nps');
  const { totals } = data;
  const answers = (count: number) => t('kpi.answers', { count, formatted: formatValue(count, 'integer', i18n.language) });
  return (
    <KpiGrid
      size={{ xs: 6, sm: 4, md: 2 }}
      items={[
        { id: 'nps', label: t('kpi.nps'), value: totals.nps, format: 'number', definition: t('definition.nps') },
        { id: 'responses', label: t('kpi.responses'), value: totals.responses, format: 'integer', definition: t('definition.responses') },
        {
          id: 'promoters',
          label: t('kpi.promoters'),
          value: totals.promotersPercent,
          format: 'percent',
          definition: t('definition.promoters'),
          secondary: answers(totals.promoters),
        },
        {
          id: 'passives',
          label: t('kpi.passives'),
          value: totals.passivesPercent,
          format: 'percent',
          definition: t('definition.passives'),
          secondary: answers(totals.passives),
        },
        {
          id: 'detractors',
          label: t('kpi.detractors'),
          value: totals.detractorsPercent,
          format: 'percent',
          definition: t('definition.detractors'),
          secondary: answers(totals.detractors),
        },
        {
          id: 'averageScore',
          label: t('kpi.averageScore'),
          value: totals.averageScore,
          format: 'number',
          definition: t('definition.averageScore'),
        },
      ]}
    />
  );
}

function MonthsChart({ data, onMonth }: { data: NpsYear; onMonth: (month: number) => void }) {
  const { t, i18n } = useTranslation('client-nps');
  const language = i18n.language;
  const isWide = useMediaQuery(useTheme().breakpoints.up('sm'));
  const option = useMemo<EChartsCoreOption>(() => {
    const series = npsChartSeries(data.months);
    const bars = (key: 'promoters' | 'passives' | 'detractors') => ({
      name: t(`series.${key}`),
      type: 'bar',
      stack: 'answers',
      yAxisIndex: 0,
      itemStyle: { color: COLORS[key] },
      data: series[key],
      emphasis: { focus: 'series' },
    });
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: countFormatter(language) },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: isWide ? 40 : 64, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: data.months.map((month) => monthName(month.month, language, 'short')) },
      yAxis: [
        { type: 'value', name: t('axis.answers'), axisLabel: valueAxisLabel(language), minInterval: 1 },
        {
          type: 'value',
          name: t('axis.nps'),
          min: -100,
          max: 100,
          interval: 50,
          splitLine: { show: false },
          axisLabel: valueAxisLabel(language),
        },
      ],
      series: [
        bars('promoters'),
        bars('passives'),
        bars('detractors'),
        {
          name: t('series.nps'),
          type: 'line',
          yAxisIndex: 1,
          data: series.nps,
          itemStyle: { color: COLORS.nps },
          lineStyle: { width: 3 },
          symbolSize: 8,
          connectNulls: false,
        },
      ],
    };
  }, [data.months, t, language, isWide]);
  const onEvents = useMemo(
    () => ({
      click: (params: unknown) => {
        const index = (params as { dataIndex?: number }).dataIndex;
        if (typeof index === 'number') onMonth(index + 1);
      },
    }),
    [onMonth],
  );
  const summary = data.months
    .filter((month) => month.responses > 0)
    .map((month) =>
      t('chart.summaryMonth', {
        month: monthName(month.month, language),
        nps: formatValue(month.nps, 'number', language),
        responses: month.responses,
      }),
    )
    .join('; ');
  return (
    <Panel title={t('chart.title', { year: data.year })}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('chart.help')}
      </Typography>
      <Chart option={option} label={t('chart.title', { year: data.year })} summary={summary} onEvents={onEvents} height={340} />
    </Panel>
  );
}

function MonthsTable({ data, selected, onMonth }: { data: NpsYear; selected: number | null; onMonth: (month: number) => void }) {
  const { t, i18n } = useTranslation('client-nps');
  const language = i18n.language;
  const columns = useMemo<DataTableColumn<NpsMonth>[]>(
    () => [
      { id: 'month', header: t('column.month'), value: (row) => row.month, text: (row) => monthName(row.month, language) },
      {
        id: 'responses',
        header: t('column.responses'),
        value: (row) => (row.isFuture ? null : row.responses),
        kind: 'integer',
        cell: (row) => (row.isFuture ? t('notYet') : formatValue(row.responses, 'integer', language)),
      },
      { id: 'promoters', header: t('series.promoters'), value: (row) => (row.isFuture ? null : row.promoters), kind: 'integer' },
      { id: 'passives', header: t('series.passives'), value: (row) => (row.isFuture ? null : row.passives), kind: 'integer' },
      { id: 'detractors', header: t('series.detractors'), value: (row) => (row.isFuture ? null : row.detractors), kind: 'integer' },
      { id: 'nps', header: t('series.nps'), value: (row) => row.nps, kind: 'number' },
      { id: 'averageScore', header: t('kpi.averageScore'), value: (row) => row.averageScore, kind: 'number' },
      {
        id: 'open',
        header: t('column.days'),
        value: () => null,
        isSortable: false,
        isFilterable: false,
        isExportable: false,
        cell: (row) =>
          row.responses > 0 ? (
            <Button
              size="small"
              variant={row.month === selected ? 'contained' : 'text'}
              onClick={() => onMonth(row.month)}
              aria-pressed={row.month === selected}
              aria-label={t('openMonth', { month: monthName(row.month, language) })}
              data-testid={`open-month-${row.month}`}
            >
              {t('open')}
            </Button>
          ) : null,
      },
    ],
    [t, language, selected, onMonth],
  );
  return (
    <Box sx={{ mb: 3 }}>
      <DataTable
        columns={columns}
        data={data.months}
        label={t('table.months', { year: data.year })}
        getRowId={(row) => String(row.month)}
        pageSize={0}
      />
    </Box>
  );
}

interface DayDrillDownProps {
  data: NpsYear;
  salonId: number | null;
  month: number | null;
  day: string | null;
  onMonth: (month: number) => void;
  onDay: (day: string) => void;
}

/** Pick a month, then one of its days with answers (or type any day): that day's answers with the client and the comment. */
function DayDrillDown({ data, salonId, month, day, onMonth, onDay }: DayDrillDownProps) {
  const { t, i18n } = useTranslation('client-nps');
  const language = i18n.language;
  const days = month === null ? [] : daysOfMonth(data.days, month);
  return (
    <Panel title={t('drill.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('drill.help')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={t('drill.month')}
          value={month ?? ''}
          onChange={(event) => onMonth(Number(event.target.value))}
          sx={{ minWidth: 160 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'month-filter' } } }}
        >
          {data.months.map((row) => (
            <MenuItem key={row.month} value={row.month} disabled={row.responses === 0}>
              {monthName(row.month, language)}
            </MenuItem>
          ))}
        </TextField>
        <DateField label={t('drill.day')} value={day ?? ''} onChange={onDay} testId="day-field" />
      </Box>
      {month === null ? (
        <Alert severity="info">{t('drill.noAnswersInYear', { year: data.year })}</Alert>
      ) : days.length === 0 ? (
        <Alert severity="info">{t('drill.noAnswersInMonth', { month: monthName(month, language) })}</Alert>
      ) : (
        <Box
          role="group"
          aria-label={t('drill.daysOf', { month: monthName(month, language) })}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
          data-testid="answer-days"
        >
          {days.map((summary) => (
            <Chip
              key={summary.date}
              clickable
              color={summary.date === day ? 'primary' : 'default'}
              variant={summary.date === day ? 'filled' : 'outlined'}
              onClick={() => onDay(summary.date)}
              aria-pressed={summary.date === day}
              data-testid={`day-${summary.date}`}
              label={t('drill.dayChip', {
                day: formatDay(summary.date, language),
                count: summary.responses,
                nps: formatValue(summary.nps, 'number', language),
              })}
            />
          ))}
        </Box>
      )}
      {day !== null ? <DayAnswers salonId={salonId} day={day} /> : null}
    </Panel>
  );
}

function DayAnswers({ salonId, day }: { salonId: number | null; day: string }) {
  const { t, i18n } = useTranslation('client-nps');
  const language = i18n.language;
  const answers = useNpsDay(salonId, day);
  const columns = useMemo<DataTableColumn<NpsAnswer>[]>(
    () => [
      { id: 'client', header: t('column.client'), value: (row) => row.clientName || t('unknownClient') },
      { id: 'score', header: t('column.score'), value: (row) => row.score, kind: 'integer' },
      {
        id: 'category',
        header: t('column.category'),
        value: (row) => t(`category.${row.category}`),
        cell: (row) => <Chip size="small" variant="outlined" color={CATEGORY_COLOR[row.category]} label={t(`category.${row.category}`)} />,
      },
      { id: 'comment', header: t('column.comment'), value: (row) => row.comment || '—' },
    ],
    [t],
  );
  const title = t('drill.answersOf', { day: formatDay(day, language, 'long') });
  if (answers.isError) {
    return <Alert severity="error">{translateMessage(errorMessageOf(answers.error))}</Alert>;
  }
  if (!answers.data) {
    return (
      <Typography variant="body2" color="text.secondary" aria-busy="true">
        {t('drill.loading')}
      </Typography>
    );
  }
  const { totals } = answers.data;
  return (
    <Box data-testid="day-answers">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {totals.responses === 0 ? (
        <Alert severity="info">{t('drill.noAnswersOnDay')}</Alert>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="day-summary">
            {t('drill.daySummary', {
              count: totals.responses,
              nps: formatValue(totals.nps, 'number', language),
              promoters: totals.promoters,
              passives: totals.passives,
              detractors: totals.detractors,
            })}
          </Typography>
          <DataTable columns={columns} data={answers.data.answers} label={title} getRowId={(row) => String(row.responseId)} pageSize={0} />
        </>
      )}
    </Box>
  );
}

/** The year's detractors with their status today, at risk first: whom to call back. */
function FollowUp({ salonId, year }: { salonId: number | null; year: number }) {
  const { t, i18n } = useTranslation('client-nps');
  const language = i18n.language;
  const detractors = useNpsDetractors(salonId, year);
  const columns = useMemo<DataTableColumn<NpsDetractor>[]>(
    () => [
      { id: 'client', header: t('column.client'), value: (row) => row.clientName || t('unknownClient') },
      {
        id: 'status',
        header: t('column.status'),
        value: (row) => t(`status.${row.status}`),
        cell: (row) => (
          <Chip
            size="small"
            variant="outlined"
            color={STATUS_COLOR[row.status]}
            label={t(`status.${row.status}`)}
            // The theme's orange outline text is too faint to read (WCAG contrast): dark text for "at risk".
            sx={row.status === 'AT_RISK' ? { color: 'rgba(0, 0, 0, 0.87)' } : undefined}
            data-testid={`follow-up-status-${row.status}`}
          />
        ),
      },
      { id: 'lastVisit', header: t('column.lastVisit'), value: (row) => row.lastVisit, kind: 'date' },
      { id: 'daysSinceLastVisit', header: t('column.daysSinceLastVisit'), value: (row) => row.daysSinceLastVisit, kind: 'integer' },
      { id: 'lastScore', header: t('column.lastScore'), value: (row) => row.lastScore, kind: 'integer' },
      { id: 'lastAnswerDay', header: t('column.lastAnswerDay'), value: (row) => row.lastAnswerDay, kind: 'date' },
      { id: 'lastComment', header: t('column.comment'), value: (row) => row.lastComment || '—' },
      { id: 'answers', header: t('column.detractorAnswers'), value: (row) => row.answers, kind: 'integer' },
    ],
    [t],
  );
  const data = detractors.data;
  return (
    <Panel title={t('followUp.title', { year })}>
      {detractors.isError ? (
        <Alert severity="error">{translateMessage(errorMessageOf(detractors.error))}</Alert>
      ) : !data ? (
        <Typography variant="body2" color="text.secondary" aria-busy="true">
          {t('followUp.loading')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('followUp.help', {
              year,
              today: formatDay(data.today, language),
              active: data.activeDays,
              lost: data.lostDays,
            })}
          </Typography>
          {data.rows.length === 0 ? (
            <Alert severity="success" data-testid="no-detractors">
              {t('followUp.none', { year })}
            </Alert>
          ) : (
            <Box data-testid="follow-up">
              <DataTable
                columns={columns}
                data={data.rows}
                label={t('followUp.title', { year })}
                getRowId={(row) => String(row.clientId)}
                pageSize={25}
              />
            </Box>
          )}
        </>
      )}
    </Panel>
  );
}
