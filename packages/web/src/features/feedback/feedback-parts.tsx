import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { visuallyHidden } from '../../components/a11y/visually-hidden';
import { formatValue } from '../../components/format/number-format';
import { KpiGrid } from '../../components/report-frame/report-parts';
import type { FeedbackStats } from './api/use-feedback';
import { distributionSegments, formatAverage, SCORE_COLOURS, SCORES } from './feedback-stats';

/** The text a distribution reads as (screen readers, filters, exports): every score's count. */
export function useDistributionText() {
  const { t } = useTranslation('feedback');
  return (distribution: readonly number[]) =>
    t('distribution.text', {
      s1: distribution[0] ?? 0,
      s2: distribution[1] ?? 0,
      s3: distribution[2] ?? 0,
      s4: distribution[3] ?? 0,
      s5: distribution[4] ?? 0,
    });
}

/** A row's 1..5 distribution as a small stacked bar (red 1 .. green 5); its text is read out instead of the bar. */
export function DistributionBar({ distribution }: { distribution: readonly number[] }) {
  const { t, i18n } = useTranslation('feedback');
  const text = useDistributionText()(distribution);
  const segments = distributionSegments(distribution);
  return (
    // Relative: the hidden text is placed inside the cell, not at the page's edge where it would widen a phone's page.
    <Box sx={{ position: 'relative', display: 'inline-flex', alignItems: 'center' }} data-testid="distribution">
      <Box sx={visuallyHidden}>{text}</Box>
      <Box
        aria-hidden
        title={segments
          .map((s) =>
            t('distribution.segment', { score: s.score, count: s.count, percent: formatValue(s.percent, 'percent', i18n.language) }),
          )
          .join('\n')}
        sx={{ display: 'flex', width: 140, height: 12, borderRadius: 0.5, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        {segments.map((s) =>
          s.count > 0 ? <Box key={s.score} sx={{ width: `${s.percent}%`, bgcolor: SCORE_COLOURS[s.score - 1] }} /> : null,
        )}
      </Box>
    </Box>
  );
}

/** An average score as a number with a bar out of 5 beside it (the bar is decoration; the number says it). */
export function AverageCell({ average }: { average: number | null }) {
  const { i18n } = useTranslation('feedback');
  if (average === null) return <>–</>;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box aria-hidden sx={{ width: 56, height: 8, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}>
        <Box
          sx={{
            width: `${(average / 5) * 100}%`,
            height: '100%',
            bgcolor: SCORE_COLOURS[Math.min(4, Math.max(0, Math.round(average) - 1))],
          }}
        />
      </Box>
      <Box component="span" sx={{ minWidth: '2.5em', textAlign: 'right' }}>
        {formatAverage(average, i18n.language)}
      </Box>
    </Box>
  );
}

/** A score 1..5 as five stars, with the words for screen readers. */
export function ScoreStars({ score }: { score: number }) {
  const { t } = useTranslation('feedback');
  return (
    <Box component="span" sx={{ position: 'relative', whiteSpace: 'nowrap' }}>
      <Box component="span" aria-hidden sx={{ color: SCORE_COLOURS[score - 1], letterSpacing: '0.05em' }}>
        {'★'.repeat(score)}
        <Box component="span" sx={{ color: 'text.disabled' }}>
          {'★'.repeat(5 - score)}
        </Box>
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {t('scoreOutOf', { score })}
      </Box>
    </Box>
  );
}

/** The four KPI cards of a set of feedback: responses, average, share of 5s, share of 1-2s, each with its definition. */
export function FeedbackKpis({ stats }: { stats: FeedbackStats }) {
  const { t, i18n } = useTranslation('feedback');
  return (
    <KpiGrid
      size={{ xs: 6, md: 3 }}
      items={[
        { id: 'count', label: t('kpi.count'), value: stats.count, format: 'integer', definition: t('definitions.count') },
        {
          id: 'average',
          label: t('kpi.average'),
          value: formatAverage(stats.average, i18n.language),
          format: 'text',
          definition: t('definitions.average'),
        },
        {
          id: 'shareOfFives',
          label: t('kpi.shareOfFives'),
          value: stats.shareOfFives,
          format: 'percent',
          definition: t('definitions.shareOfFives'),
        },
        {
          id: 'shareOfLow',
          label: t('kpi.shareOfLow'),
          value: stats.shareOfLow,
          format: 'percent',
          definition: t('definitions.shareOfLow'),
        },
      ]}
    />
  );
}

/** The chart of a distribution: how many gave each score, one colour per score. */
export function scoreChartOption(
  distribution: readonly number[],
  labels: { score: (score: number) => string; series: string },
  language: string,
): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: unknown) => formatValue(value, 'integer', language),
    },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: SCORES.map(labels.score) },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => formatValue(value, 'integer', language) } },
    series: [
      {
        type: 'bar',
        name: labels.series,
        data: SCORES.map((score) => ({ value: distribution[score - 1] ?? 0, itemStyle: { color: SCORE_COLOURS[score - 1] } })),
        label: { show: true, position: 'top', formatter: (p: { value: number }) => formatValue(p.value, 'integer', language) },
      },
    ],
  };
}

export const FEEDBACK_LISTS = [
  { key: 'staff', path: '/feedback-staff-data' },
  { key: 'customers', path: '/feedback-customers-data' },
  { key: 'services', path: '/feedback-services-data' },
] as const;

/** Tabs between the three feedback lists, keeping the salon and range of the URL. */
export function FeedbackListTabs() {
  const { t } = useTranslation('feedback');
  const location = useLocation();
  const current = FEEDBACK_LISTS.findIndex((list) => list.path === location.pathname);
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
      <Tabs value={current === -1 ? false : current} aria-label={t('lists.label')} variant="scrollable" allowScrollButtonsMobile>
        {FEEDBACK_LISTS.map((list) => (
          <Tab key={list.key} label={t(`lists.${list.key}`)} component={RouterLink} to={`${list.path}${location.search}`} />
        ))}
      </Tabs>
    </Box>
  );
}
