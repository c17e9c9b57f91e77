import ArrowBack from '@mui/icons-material/ArrowBack';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { valueAxisLabel } from '../../components/chart/axis-label';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatDay, monthOf, yearOf } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { KpiGrid, Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { errorMessageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { translateMessage } from '../../lib/i18n';
import {
  type CampaignItemRow,
  type CampaignStaffRow,
  type CampaignStats,
  type CampaignTeamLeaderRow,
  useCampaignStats,
  useCloseCampaign,
} from './api/use-campaigns';
import { periodText } from './campaign-text';
import { ruleSummary, TierExplanation } from './components/bonus-scheme';
import { Definitions } from './components/definitions';
import { ProgressLine } from './components/progress-line';
import { FrozenBadge, StatusChip } from './components/status-chip';
import type { TierMode } from './tiers';
import { useCampaignFilters } from './use-campaign-filters';

const personName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

/** /Incentive-Campaigs-Details?campaignId&salonId: one salon's stats of a campaign, a chart of progress per person, the close. */
export default function CampaignDetailsScreen() {
  const { t } = useTranslation('campaigns');
  const filters = useCampaignFilters({ isChainWide: false });
  const [params] = useSearchParams();
  const idParam = Number(params.get('campaignId'));
  const campaignId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const stats = useCampaignStats(filters.salonId, campaignId);
  const data = stats.data;

  return (
    <ReportFrame
      title={data ? data.campaign.name : t('details.title')}
      filters={filters}
      {...(campaignId === null ? { status: 'error' as const, error: undefined } : reportStateOf(stats, () => false))}
      errorFallback={campaignId === null ? t('details.noCampaign') : undefined}
      showDates={false}
    >
      {data ? <CampaignStatsView data={data} /> : null}
    </ReportFrame>
  );
}

function CampaignStatsView({ data }: { data: CampaignStats }) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const { campaign, salon } = data;
  const mode = campaign.tierMode as TierMode;
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button
          component={RouterLink}
          to={`/Incentive-Campaigs?month=${monthOf(campaign.fromDate)}&year=${yearOf(campaign.fromDate)}`}
          size="small"
          startIcon={<ArrowBack />}
        >
          {t('details.back')}
        </Button>
        <StatusChip status={campaign.status} />
        {data.frozen ? <FrozenBadge /> : null}
        {data.items.some((item) => item.bonusKind === 'TIERS') ? (
          <Chip size="small" variant="outlined" label={t(`tierMode.${mode}`)} title={t(`scheme.explain.${mode}`)} />
        ) : null}
      </Stack>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {salon.salonName} · {periodText(t, campaign, language)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }} data-testid="as-of">
        {data.frozen && salon.closedAt
          ? t('details.frozenAt', { day: formatDay(salon.closedAt.slice(0, 10), language), name: salon.closedBy ?? '' })
          : campaign.status === 'UPCOMING'
            ? t('details.upcoming', { day: formatDay(campaign.fromDate, language) })
            : t('details.asOf', { day: formatDay(data.asOf, language) })}
      </Typography>
      {campaign.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {campaign.description}
        </Typography>
      ) : null}
      <CloseAction data={data} />
      <KpiGrid
        items={[
          { id: 'target', label: t('kpi.target'), value: salon.target, format: 'money', definition: t('definition.salonTarget') },
          {
            id: 'revenue',
            label: t('kpi.revenue'),
            value: salon.revenue,
            format: 'money',
            definition: t('definition.salonRevenue'),
            secondary: (
              <ProgressLine
                revenue={salon.revenue}
                target={salon.target}
                achieved={salon.achieved}
                label={t('progress.salonLabel', { salon: salon.salonName })}
              />
            ),
          },
          { id: 'achieved', label: t('kpi.achieved'), value: salon.achieved, format: 'percent', definition: t('definition.achieved') },
          { id: 'units', label: t('kpi.units'), value: salon.units, format: 'integer', definition: t('definition.salonUnits') },
          {
            id: 'teamRevenue',
            label: t('kpi.teamRevenue'),
            value: salon.teamRevenue,
            format: 'money',
            definition: t('definition.teamRevenue'),
          },
          {
            id: 'staffBonus',
            label: t('kpi.staffBonus'),
            value: salon.staffBonus,
            format: 'money',
            definition: t('definition.staffBonus'),
          },
          {
            id: 'teamLeaderBonus',
            label: t('kpi.teamLeaderBonus'),
            value: salon.teamLeaderBonus,
            format: 'money',
            definition: t('definition.teamLeaderBonus'),
          },
          {
            id: 'bonusTotal',
            label: t('kpi.bonusTotal'),
            value: salon.bonusTotal,
            format: 'money',
            definition: t('definition.bonusTotal'),
          },
        ]}
      />
      <ProgressChart staff={data.staff} />
      <StaffTable staff={data.staff} />
      <TeamLeadersTable leaders={data.teamLeaders} />
      <ItemsTable items={data.items} mode={mode} />
    </>
  );
}

/** Close the salon's part (ADMIN of the salon, SUPERADMIN) once the campaign has ended: the figures are frozen from then on. */
function CloseAction({ data }: { data: CampaignStats }) {
  const { t } = useTranslation('campaigns');
  const { roles } = useAuth();
  const close = useCloseCampaign();
  const [isOpen, setIsOpen] = useState(false);
  const canClose = roles.includes('ADMIN') || roles.includes('SUPERADMIN');
  if (data.frozen || data.campaign.status !== 'ENDED' || !canClose) return null;
  const confirm = () =>
    close.mutate({ salonId: data.salon.salonId, campaignId: data.campaign.campaignId }, { onSettled: () => setIsOpen(false) });
  return (
    <Box sx={{ mb: 2 }}>
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" startIcon={<LockOutlined />} onClick={() => setIsOpen(true)} data-testid="close-campaign">
            {t('close.action')}
          </Button>
        }
      >
        {t('close.hint')}
      </Alert>
      {close.isError ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="close-error">
          {translateMessage(errorMessageOf(close.error))}
        </Alert>
      ) : null}
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} aria-labelledby="close-campaign-title">
        <DialogTitle id="close-campaign-title">{t('close.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('close.body', { salon: data.salon.salonName, name: data.campaign.name })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsOpen(false)}>{t('close.cancel')}</Button>
          <Button onClick={confirm} variant="contained" disabled={close.isPending} data-testid="confirm-close">
            {t('close.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** Progress per person: achieved % of their target as horizontal bars, 100 % marked; people without a target are listed apart. */
function ProgressChart({ staff }: { staff: readonly CampaignStaffRow[] }) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const withTarget = staff.filter((row) => row.achieved !== null);
  const option = useMemo<EChartsCoreOption>(() => {
    // ECharts draws the first category at the bottom: reversed, the best is on top as in the table.
    const rows = [...withTarget].reverse();
    return {
      grid: { left: 8, right: 48, top: 8, bottom: 24, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (value: unknown) => formatValue(Number(value), 'percent', language),
      },
      // A phone has room for a few ticks only: overlapping labels are hidden.
      xAxis: { type: 'value', splitNumber: 4, axisLabel: { ...valueAxisLabel(language, ' %'), hideOverlap: true } },
      yAxis: { type: 'category', data: rows.map(personName), axisLabel: { width: 110, overflow: 'truncate' } },
      series: [
        {
          type: 'bar',
          name: t('kpi.achieved'),
          data: rows.map((row) => ({ value: row.achieved, itemStyle: { color: (row.achieved ?? 0) >= 100 ? '#2e7d32' : '#1565c0' } })),
          label: { show: true, position: 'right', formatter: (p: { value: number }) => formatValue(p.value, 'percent', language) },
          markLine: {
            symbol: 'none',
            data: [{ xAxis: 100 }],
            lineStyle: { color: '#d32f2f', type: 'dashed' },
            label: { formatter: '100 %' },
          },
        },
      ],
    };
  }, [withTarget, language, t]);
  if (staff.length === 0) return null;
  const noTarget = staff.filter((row) => row.achieved === null);
  return (
    <Panel title={t('details.chartTitle')}>
      {withTarget.length > 0 ? (
        <Chart
          option={option}
          label={t('details.chartLabel')}
          height={Math.max(160, withTarget.length * 34 + 40)}
          summary={withTarget.map((row) => `${personName(row)}: ${formatValue(row.achieved, 'percent', language)}`).join('; ')}
        />
      ) : null}
      {noTarget.length > 0 ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="no-target">
          {t('details.noTarget', { names: noTarget.map(personName).join(', ') })}
        </Typography>
      ) : null}
    </Panel>
  );
}

function StaffTable({ staff }: { staff: readonly CampaignStaffRow[] }) {
  const { t } = useTranslation('campaigns');
  const columns = useMemo<DataTableColumn<CampaignStaffRow>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.person'),
        value: personName,
        cell: (row) => (
          <>
            {personName(row)}
            {row.isTeamLeader ? <Chip size="small" label={t('columns.leaderBadge')} sx={{ ml: 0.5 }} /> : null}
          </>
        ),
      },
      { id: 'target', header: t('columns.target'), value: (row) => row.target, kind: 'money' },
      { id: 'units', header: t('columns.units'), value: (row) => row.units, kind: 'integer' },
      { id: 'revenue', header: t('columns.revenue'), value: (row) => row.revenue, kind: 'money' },
      { id: 'achieved', header: t('columns.achieved'), value: (row) => row.achieved, kind: 'percent' },
      { id: 'bonus', header: t('columns.bonus'), value: (row) => row.bonus, kind: 'money' },
      { id: 'feedback', header: t('columns.feedback'), value: (row) => row.feedback },
    ],
    [t],
  );
  const totals = (rows: readonly CampaignStaffRow[]): CampaignStaffRow => ({
    salonId: 0,
    userId: 0,
    firstName: '',
    lastName: '',
    target: sum(rows, (row) => row.target),
    feedback: '',
    units: rows.reduce((total, row) => total + row.units, 0),
    revenue: sum(rows, (row) => row.revenue),
    achieved: null,
    bonus: sum(rows, (row) => row.bonus),
    isTeamLeader: false,
  });
  return (
    <Panel title={t('details.staffTitle')}>
      {staff.length === 0 ? (
        <Typography variant="body2">{t('details.noStaff')}</Typography>
      ) : (
        <DataTable
          columns={columns}
          data={staff}
          label={t('details.staffTitle')}
          getRowId={(row) => String(row.userId)}
          pageSize={0}
          totals={totals}
        />
      )}
      <Definitions
        items={[
          { term: t('columns.target'), definition: t('definition.personTarget') },
          { term: t('columns.units'), definition: t('definition.personUnits') },
          { term: t('columns.revenue'), definition: t('definition.personRevenue') },
          { term: t('columns.achieved'), definition: t('definition.achieved') },
          { term: t('columns.bonus'), definition: t('definition.personBonus') },
        ]}
      />
    </Panel>
  );
}

/** Money totals summed in cents, so 0.1 + 0.2 stays 0.3. */
function sum<T>(rows: readonly T[], amountOf: (row: T) => number): number {
  return rows.reduce((total, row) => total + Math.round(amountOf(row) * 100), 0) / 100;
}

function TeamLeadersTable({ leaders }: { leaders: readonly CampaignTeamLeaderRow[] }) {
  const { t } = useTranslation('campaigns');
  const columns = useMemo<DataTableColumn<CampaignTeamLeaderRow>[]>(
    () => [
      { id: 'name', header: t('columns.person'), value: personName },
      { id: 'bonusPercent', header: t('columns.bonusPercent'), value: (row) => row.bonusPercent, kind: 'percent' },
      { id: 'teamRevenue', header: t('columns.teamRevenue'), value: (row) => row.teamRevenue, kind: 'money' },
      { id: 'bonus', header: t('columns.bonus'), value: (row) => row.bonus, kind: 'money' },
    ],
    [t],
  );
  return (
    <Panel title={t('details.leadersTitle')}>
      {leaders.length === 0 ? (
        <Typography variant="body2">{t('details.noLeaders')}</Typography>
      ) : (
        <DataTable columns={columns} data={leaders} label={t('details.leadersTitle')} getRowId={(row) => String(row.userId)} pageSize={0} />
      )}
      <Definitions
        items={[
          { term: t('columns.bonusPercent'), definition: t('definition.leaderPercent') },
          { term: t('columns.teamRevenue'), definition: t('definition.teamRevenue') },
          { term: t('columns.bonus'), definition: t('definition.leaderBonus') },
        ]}
      />
    </Panel>
  );
}

function ItemsTable({ items, mode }: { items: readonly CampaignItemRow[]; mode: TierMode }) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const columns = useMemo<DataTableColumn<CampaignItemRow>[]>(
    () => [
      { id: 'name', header: t('columns.item'), value: (row) => row.name },
      { id: 'kind', header: t('columns.kind'), value: (row) => t(`itemKind.${row.kind}`) },
      {
        id: 'rule',
        header: t('columns.rule'),
        value: (row) => ruleSummary(t, row, mode, language),
        cell: (row) => (
          <Box sx={{ minWidth: 200 }}>
            {ruleSummary(t, row, mode, language)}
            {row.bonusKind === 'TIERS' ? <TierExplanation tiers={row.tiers} mode={mode} showExamples={false} /> : null}
          </Box>
        ),
      },
      { id: 'units', header: t('columns.units'), value: (row) => row.units, kind: 'integer' },
      { id: 'revenue', header: t('columns.revenue'), value: (row) => row.revenue, kind: 'money' },
      { id: 'bonus', header: t('columns.bonus'), value: (row) => row.bonus, kind: 'money' },
    ],
    [t, mode, language],
  );
  return (
    <Panel title={t('details.itemsTitle')}>
      {items.length === 0 ? (
        <Typography variant="body2">{t('details.noItems')}</Typography>
      ) : (
        <DataTable columns={columns} data={items} label={t('details.itemsTitle')} getRowId={(row) => String(row.itemRowId)} pageSize={0} />
      )}
      <Definitions
        items={[
          { term: t('columns.units'), definition: t('definition.itemUnits') },
          { term: t('columns.revenue'), definition: t('definition.itemRevenue') },
          { term: t('columns.bonus'), definition: t('definition.itemBonus') },
        ]}
      />
    </Panel>
  );
}
