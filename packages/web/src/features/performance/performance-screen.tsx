import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatDay } from '../../components/format/dates';
import { KpiLabel } from '../../components/kpi-card/kpi-label';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { KpiGrid, Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { type PerformanceReport, type PerformanceSalon, useChainPerformance } from './api/use-performance';
import { CampaignProgress } from './campaign-progress';
import { ChangeIndicator } from './change-indicator';
import { rankByRevenue, type SpanKey, signedPercent } from './performance-shaping';
import { TrendChart } from './trend-chart';
import { DayPicker, usePerformanceDay } from './use-performance-day';

type Row = PerformanceSalon & { rank: number };

/** The span shown, kept in the URL (?span=monthToDate) so a shared link shows the same table. */
function useSpan(): [SpanKey, (span: SpanKey) => void] {
  const [params, setParams] = useSearchParams();
  const span: SpanKey = params.get('span') === 'monthToDate' ? 'monthToDate' : 'day';
  const setSpan = (next: SpanKey) =>
    setParams(
      (previous) => {
        const changed = new URLSearchParams(previous);
        if (next === 'day') changed.delete('span');
        else changed.set('span', next);
        return changed;
      },
      { replace: true },
    );
  return [span, setSpan];
}

/** /Performance (superadmin): every salon of the chain ranked by revenue for the day or the month to date, against last year. */
export default function PerformanceScreen() {
  const { t, i18n } = useTranslation('performance');
  const language = i18n.language;
  const { day, filters } = usePerformanceDay({ isChainWide: true });
  const [span, setSpan] = useSpan();
  const report = useChainPerformance(day, filters.isRangeValid);
  const data = report.data;

  const rows = useMemo<Row[]>(() => {
    if (!data) return [];
    const ranks = rankByRevenue(data.salons, span);
    return data.salons.map((salon) => ({ ...salon, rank: ranks.get(salon.salonId) ?? 0 }));
  }, [data, span]);

  const columns = useMemo<DataTableColumn<Row>[]>(() => {
    const detailUrl = (row: Row) => `/PerformanceSalon?salonId=${row.salonId}&fromDate=${day}&toDate=${day}`;
    const spanOf = (row: Row) => row[span];
    return [
      {
        id: 'salon',
        header: t('columns.salon'),
        value: (row) => row.name,
        text: (row) => `${row.name} (${row.city})`,
        cell: (row) => (
          <Box>
            <Link component={RouterLink} to={detailUrl(row)} data-testid={`salon-link-${row.salonId}`} sx={{ fontWeight: 500 }}>
              {row.name}
            </Link>
            <Typography variant="caption" color="text.secondary" component="div">
              {row.city}
            </Typography>
          </Box>
        ),
      },
      { id: 'rank', header: t('columns.rank'), value: (row) => row.rank, kind: 'integer' },
      { id: 'revenue', header: t('kpi.revenue'), value: (row) => spanOf(row).current.revenue, kind: 'money' },
      {
        id: 'revenueChange',
        header: t('kpi.revenueChange'),
        value: (row) => spanOf(row).revenueChange,
        kind: 'percent',
        cell: (row) => <ChangeIndicator change={spanOf(row).revenueChange} />,
      },
      {
        id: 'trend',
        header: t('columns.trend'),
        value: () => null,
        isSortable: false,
        isFilterable: false,
        isExportable: false,
        cell: (row) => <TrendChart trend={row.trend} label={t('trend.sparklineLabel', { salon: row.name })} isSparkline />,
      },
      { id: 'lastYearRevenue', header: t('columns.lastYearRevenue'), value: (row) => spanOf(row).lastYear.revenue, kind: 'money' },
      { id: 'appointments', header: t('kpi.appointments'), value: (row) => spanOf(row).current.appointments, kind: 'integer' },
      { id: 'averageTicket', header: t('kpi.averageTicket'), value: (row) => spanOf(row).current.averageTicket, kind: 'money' },
      { id: 'utilisation', header: t('kpi.utilisation'), value: (row) => spanOf(row).current.utilisation, kind: 'percent' },
      { id: 'newClients', header: t('kpi.newClients'), value: (row) => spanOf(row).current.newClients, kind: 'integer' },
      { id: 'rebookingRate', header: t('kpi.rebookingRate'), value: (row) => spanOf(row).current.rebookingRate, kind: 'percent' },
      {
        id: 'campaign',
        header: t('columns.campaign'),
        value: (row) => row.campaign?.achieved ?? null,
        kind: 'percent',
        text: (row) => row.campaign?.name ?? t('campaign.none'),
        cell: (row) => <CampaignProgress campaign={row.campaign} isCompact />,
      },
    ];
  }, [t, span, day]);

  const median = data?.chainMedian[span];
  return (
    <ReportFrame
      title={t('chain.title')}
      filters={filters}
      {...reportStateOf(report, (answer: PerformanceReport) => answer.salons.length === 0)}
      showDates={false}
      isChainWide
      extraFilters={
        <>
          <DayPicker filters={filters} />
          <ToggleButtonGroup
            exclusive
            size="small"
            value={span}
            onChange={(_event, next: SpanKey | null) => next && setSpan(next)}
            aria-label={t('span.label')}
            color="primary"
            sx={{ mt: 0.25, bgcolor: 'background.paper', '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
          >
            <ToggleButton value="day" data-testid="span-day">
              {t('span.day')}
            </ToggleButton>
            <ToggleButton value="monthToDate" data-testid="span-monthToDate">
              {t('span.monthToDate')}
            </ToggleButton>
          </ToggleButtonGroup>
        </>
      }
    >
      {data && median ? (
        <>
          <Typography variant="body1" component="p" sx={{ mb: 2 }} data-testid="span-description">
            {span === 'day'
              ? t('chain.dayDescription', {
                  day: formatDay(day, language, 'long'),
                  lastYear: formatDay(data.salons[0]?.day.lastYear.fromDate ?? day, language, 'long'),
                })
              : t('chain.monthDescription', {
                  from: formatDay(data.salons[0]?.monthToDate.current.fromDate ?? day, language),
                  to: formatDay(day, language),
                  lastFrom: formatDay(data.salons[0]?.monthToDate.lastYear.fromDate ?? day, language),
                  lastTo: formatDay(data.salons[0]?.monthToDate.lastYear.toDate ?? day, language),
                })}
          </Typography>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t('chain.medianHeading', { count: data.chainMedian.salons })}
          </Typography>
          <KpiGrid
            size={{ xs: 6, sm: 4, md: 'grow' }}
            items={(['revenue', 'revenueChange', 'averageTicket', 'utilisation', 'rebookingRate'] as const).map((id) => ({
              id,
              label: t(`kpi.${id}`),
              // The change carries its sign, as in the table (+9.6%, -2%).
              value: id === 'revenueChange' ? signedPercent(median[id], language) : median[id],
              format: id === 'revenue' || id === 'averageTicket' ? 'money' : id === 'revenueChange' ? 'text' : 'percent',
              definition: `${t(`definition.${id}`)} ${t('definition.median', { count: data.chainMedian.salons })}`,
            }))}
          />
          <Panel title={t('chain.tableHeading')}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('chain.tableHint')}
            </Typography>
            <DefinitionsLine />
            <DataTable
              columns={columns}
              data={rows}
              label={t('chain.tableLabel', { span: t(`span.${span}`) })}
              getRowId={(row) => String(row.salonId)}
              initialSorting={[{ id: 'rank', desc: false }]}
              pageSize={0}
            />
          </Panel>
        </>
      ) : null}
    </ReportFrame>
  );
}

/** Each column's definition, as the KPI cards give theirs: the table's headers stay sort buttons. */
function DefinitionsLine() {
  const { t } = useTranslation('performance');
  const ids = [
    'rank',
    'revenue',
    'revenueChange',
    'trend',
    'lastYearRevenue',
    'appointments',
    'averageTicket',
    'utilisation',
    'newClients',
    'rebookingRate',
    'campaign',
  ] as const;
  return (
    <Box
      component="ul"
      aria-label={t('chain.definitionsLabel')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0, mb: 1 }}
    >
      {ids.map((id) => (
        <Box component="li" key={id} sx={{ typography: 'caption', color: 'text.secondary' }}>
          <KpiLabel
            label={id === 'rank' || id === 'lastYearRevenue' || id === 'campaign' || id === 'trend' ? t(`columns.${id}`) : t(`kpi.${id}`)}
            definition={t(`definition.${id}`)}
          />
        </Box>
      ))}
    </Box>
  );
}
