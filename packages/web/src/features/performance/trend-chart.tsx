import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/chart/chart';
import { formatAxisDay, formatDay } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import type { PerformanceTrendDay } from './api/use-performance';
import { trendFactsOf } from './performance-shaping';

/** The text alternative of a trend: its span, best, worst and last day, in words. */
export function useTrendSummary(trend: readonly PerformanceTrendDay[]): string {
  const { t, i18n } = useTranslation('performance');
  const language = i18n.language;
  const facts = trendFactsOf(trend);
  if (!facts) return t('trend.empty');
  const money = (value: number) => formatValue(value, 'money', language);
  return t('trend.summary', {
    from: formatDay(facts.fromDay, language),
    to: formatDay(facts.toDay, language),
    best: money(facts.best.revenue),
    bestDay: formatDay(facts.best.day, language),
    worst: money(facts.worst.revenue),
    worstDay: formatDay(facts.worst.day, language),
    last: money(facts.last.revenue),
    lastYear: money(facts.last.lastYearRevenue),
  });
}

/** A salon's revenue per day of the month to date, with the same weekdays last year dashed: a sparkline or the full chart. */
export function TrendChart({
  trend,
  label,
  isSparkline = false,
}: {
  trend: readonly PerformanceTrendDay[];
  label: string;
  isSparkline?: boolean;
}) {
  const { t, i18n } = useTranslation('performance');
  const theme = useTheme();
  const language = i18n.language;
  const summary = useTrendSummary(trend);
  const option = useMemo<EChartsCoreOption>(() => {
    const money = (value: unknown) => formatValue(Number(value), 'money', language);
    const thisYear = { name: t('trend.thisYear'), type: 'line', data: trend.map((d) => d.revenue), color: theme.palette.primary.main };
    const lastYear = {
      name: t('trend.lastYear'),
      type: 'line',
      data: trend.map((d) => d.lastYearRevenue),
      color: theme.palette.grey[500],
      lineStyle: { type: 'dashed' },
    };
    if (isSparkline) {
      return {
        animation: false,
        grid: { left: 2, right: 2, top: 4, bottom: 4 },
        xAxis: { type: 'category', show: false, data: trend.map((d) => d.day), boundaryGap: false },
        yAxis: { type: 'value', show: false, min: 0 },
        series: [
          { ...lastYear, showSymbol: false, lineStyle: { type: 'dashed', width: 1 } },
          { ...thisYear, showSymbol: false, lineStyle: { width: 2 } },
        ],
      };
    }
    return {
      tooltip: { trigger: 'axis', valueFormatter: money },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: trend.map((d) => formatAxisDay(d.day, language)), boundaryGap: false },
      yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatValue(value, 'integer', language) } },
      series: [
        { ...thisYear, showSymbol: trend.length <= 31, areaStyle: { opacity: 0.08 } },
        { ...lastYear, showSymbol: false },
      ],
    };
  }, [trend, isSparkline, language, t, theme]);
  if (isSparkline) {
    return (
      // Relative, so the chart's hidden summary stays inside the table's scrolling box.
      <Box sx={{ width: 120, position: 'relative' }} data-testid="sparkline">
        <Chart option={option} label={label} summary={summary} height={36} />
      </Box>
    );
  }
  return <Chart option={option} label={label} summary={summary} height={300} />;
}
