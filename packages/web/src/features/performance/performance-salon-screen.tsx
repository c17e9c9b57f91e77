import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragHandle from '@mui/icons-material/DragHandle';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { KpiLabel } from '../../components/kpi-card/kpi-label';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { KpiGrid, Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { type PerformanceMedian, type PerformanceReport, type PerformanceSpan, useSalonPerformance } from './api/use-performance';
import { CampaignProgress } from './campaign-progress';
import { ChangeIndicator } from './change-indicator';
import { compareWithMedian, formatKpi, type MedianComparison, PERFORMANCE_KPIS, type SpanKey } from './performance-shaping';
import { TrendChart } from './trend-chart';
import { DayPicker, usePerformanceDay } from './use-performance-day';

/** /PerformanceSalon (admin and above): the current salon for the day and the month to date, against the chain's median and last year. */
export default function PerformanceSalonScreen() {
  const { t, i18n } = useTranslation('performance');
  const language = i18n.language;
  const { day, filters } = usePerformanceDay({ isChainWide: false });
  const report = useSalonPerformance(filters.salonId, day, filters.isRangeValid);
  const data = report.data;
  const salon = data?.salons[0];

  return (
    <ReportFrame
      title={salon ? t('salon.titleOf', { salon: salon.name }) : t('salon.title')}
      filters={filters}
      {...reportStateOf(report, (answer: PerformanceReport) => answer.salons.length === 0)}
      showDates={false}
      extraFilters={<DayPicker filters={filters} />}
    >
      {data && salon ? (
        <>
          <KpiGrid
            items={[
              {
                id: 'monthRevenue',
                label: t('salon.monthRevenue'),
                value: salon.monthToDate.current.revenue,
                format: 'money',
                definition: t('definition.revenue'),
                secondary: (
                  <>
                    <ChangeIndicator change={salon.monthToDate.revenueChange} />{' '}
                    {t('salon.lastYearWas', { value: formatValue(salon.monthToDate.lastYear.revenue, 'money', language) })}
                  </>
                ),
              },
              {
                id: 'dayRevenue',
                label: t('salon.dayRevenue'),
                value: salon.day.current.revenue,
                format: 'money',
                definition: t('definition.revenue'),
                secondary: (
                  <>
                    <ChangeIndicator change={salon.day.revenueChange} />{' '}
                    {t('salon.lastYearWas', { value: formatValue(salon.day.lastYear.revenue, 'money', language) })}
                  </>
                ),
              },
              {
                id: 'monthUtilisation',
                label: t('salon.monthUtilisation'),
                value: salon.monthToDate.current.utilisation,
                format: 'percent',
                definition: t('definition.utilisation'),
                secondary: t('salon.hours', {
                  booked: formatValue(salon.monthToDate.current.bookedHours, 'number', language),
                  shifts: formatValue(salon.monthToDate.current.shiftHours, 'number', language),
                }),
              },
              {
                id: 'campaign',
                label: t('columns.campaign'),
                value: salon.campaign ? salon.campaign.achieved : t('campaign.none'),
                format: salon.campaign ? 'percent' : 'text',
                definition: t('definition.campaign'),
                secondary: salon.campaign ? salon.campaign.name : undefined,
              },
            ]}
          />
          <Grid container spacing={2} sx={{ mb: 3 }}>
            {(['day', 'monthToDate'] as const).map((span) => (
              <Grid key={span} size={{ xs: 12, xl: 6 }}>
                <Panel title={spanTitle(t, span, salon[span], language)} isFilling>
                  <ComparisonTable span={salon[span]} median={data.chainMedian[span]} spanKey={span} salons={data.chainMedian.salons} />
                </Panel>
              </Grid>
            ))}
          </Grid>
          <Panel title={t('salon.trendHeading')}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              <KpiLabel label={t('columns.trend')} definition={t('definition.trend')} />
            </Typography>
            <TrendChart trend={salon.trend} label={t('trend.chartLabel', { salon: salon.name })} />
          </Panel>
          {salon.campaign ? (
            <Panel title={t('salon.campaignHeading')}>
              <CampaignProgress campaign={salon.campaign} />
            </Panel>
          ) : null}
        </>
      ) : null}
    </ReportFrame>
  );
}

type Translate = ReturnType<typeof useTranslation<'performance'>>['t'];

function spanTitle(t: Translate, key: SpanKey, span: PerformanceSpan, language: string): string {
  const { fromDate, toDate } = span.current;
  return key === 'day'
    ? t('salon.dayHeading', { day: formatDay(toDate, language) })
    : t('salon.monthHeading', { from: formatDay(fromDate, language), to: formatDay(toDate, language) });
}

const COMPARISON_ICONS = { better: ArrowUpward, worse: ArrowDownward, equal: DragHandle } as const;
const COMPARISON_COLOURS = { better: 'success.main', worse: 'error.main', equal: 'text.secondary', none: 'text.secondary' } as const;

/** How the salon stands against the median: an arrow and the word, coloured (never colour alone). */
function MedianVerdict({ comparison }: { comparison: MedianComparison }) {
  const { t } = useTranslation('performance');
  const Icon = comparison === 'none' ? null : COMPARISON_ICONS[comparison];
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: COMPARISON_COLOURS[comparison], fontWeight: 600 }}
      data-testid="median-verdict"
      data-comparison={comparison}
    >
      {Icon ? <Icon sx={{ fontSize: '1rem' }} aria-hidden /> : null}
      {t(`median.${comparison}`)}
    </Box>
  );
}

/** One span's figures side by side: this salon, the chain's median, better or worse, and the same span last year. */
function ComparisonTable({
  span,
  median,
  spanKey,
  salons,
}: {
  span: PerformanceSpan;
  median: PerformanceMedian;
  spanKey: SpanKey;
  salons: number;
}) {
  const { t, i18n } = useTranslation('performance');
  const language = i18n.language;
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const shownValue = (kpi: (typeof PERFORMANCE_KPIS)[number]) =>
    kpi.id === 'revenueChange' ? <ChangeIndicator change={kpi.valueOf(span)} /> : formatValue(kpi.valueOf(span), kpi.kind, language);
  if (isPhone) {
    // A phone has no room for five columns: each figure on two lines, the comparisons under its value.
    return (
      <Box
        component="ul"
        aria-label={t('salon.comparisonLabel', { span: t(`span.${spanKey}`) })}
        data-testid={`comparison-${spanKey}`}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {PERFORMANCE_KPIS.map((kpi) => (
          <Box component="li" key={kpi.id} data-testid={`kpi-row-${kpi.id}`} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" component="span">
                <KpiLabel label={t(`kpi.${kpi.id}`)} definition={t(`definition.${kpi.id}`)} />
              </Typography>
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }} data-testid="salon-value">
                {shownValue(kpi)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, typography: 'caption', color: 'text.secondary' }}>
              <span>
                {t('salon.columns.median')}: <span data-testid="median-value">{formatKpi(kpi, median[kpi.id], language)}</span>
              </span>
              <MedianVerdict comparison={compareWithMedian(kpi.valueOf(span), median[kpi.id])} />
              {kpi.id === 'revenueChange' ? null : (
                <span>
                  {t('salon.columns.lastYear')}:{' '}
                  <span data-testid="last-year-value">{formatValue(kpi.lastYearOf(span), kpi.kind, language)}</span>
                </span>
              )}
            </Box>
          </Box>
        ))}
        <Typography variant="caption" color="text.secondary" component="li" sx={{ pt: 1 }}>
          {t('definition.median', { count: salons })}{' '}
          {t('definition.lastYearSpan', {
            from: formatDay(span.lastYear.fromDate, language),
            to: formatDay(span.lastYear.toDate, language),
          })}
        </Typography>
      </Box>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('salon.comparisonLabel', { span: t(`span.${spanKey}`) })} data-testid={`comparison-${spanKey}`}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{t('salon.columns.kpi')}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {t('salon.columns.salon')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              <KpiLabel label={t('salon.columns.median')} definition={t('definition.median', { count: salons })} />
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{t('salon.columns.verdict')}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              <KpiLabel
                label={t('salon.columns.lastYear')}
                definition={t('definition.lastYearSpan', {
                  from: formatDay(span.lastYear.fromDate, language),
                  to: formatDay(span.lastYear.toDate, language),
                })}
              />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {PERFORMANCE_KPIS.map((kpi) => {
            const value = kpi.valueOf(span);
            return (
              <TableRow key={kpi.id} data-testid={`kpi-row-${kpi.id}`}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  <KpiLabel label={t(`kpi.${kpi.id}`)} definition={t(`definition.${kpi.id}`)} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }} data-testid="salon-value">
                  {shownValue(kpi)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="median-value">
                  {formatKpi(kpi, median[kpi.id], language)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <MedianVerdict comparison={compareWithMedian(value, median[kpi.id])} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="last-year-value">
                  {kpi.id === 'revenueChange' ? '' : formatValue(kpi.lastYearOf(span), kpi.kind, language)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
