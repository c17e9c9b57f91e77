import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { KpiGrid, Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import {
  type CampaignSalon,
  type CampaignStatus,
  type CampaignSummary,
  downloadIncentivePdf,
  useCampaignsByMonth,
} from './api/use-campaigns';
import { periodText } from './campaign-text';
import { Definitions } from './components/definitions';
import { MonthPicker, useMonthParams } from './components/month-picker';
import { ProgressLine } from './components/progress-line';
import { StatusChip } from './components/status-chip';
import { useCampaignFilters } from './use-campaign-filters';

/** One row of the chain's table: a salon's part of a campaign. */
interface ChainRow {
  campaign: CampaignSummary;
  salon: CampaignSalon;
}

const STATUSES: readonly CampaignStatus[] = ['UPCOMING', 'RUNNING', 'ENDED', 'CLOSED'];

/** Money summed in cents. */
const sumMoney = (rows: readonly ChainRow[], amountOf: (row: ChainRow) => number) =>
  rows.reduce((total, row) => total + Math.round(amountOf(row) * 100), 0) / 100;

/** /Incentive (superadmin): every campaign of the chain overlapping a month, per salon, with filters and incentive.pdf. */
export default function ChainCampaignsScreen() {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const filters = useCampaignFilters({ isChainWide: true });
  const today = filters.today;
  const { month, year, setMonth } = useMonthParams(today);
  const [salonFilter, setSalonFilter] = useState<number | 0>(0);
  const [statusFilter, setStatusFilter] = useState<CampaignStatus | 'ALL'>('ALL');
  const list = useCampaignsByMonth(month, year, null, true);

  const rows = useMemo<ChainRow[]>(
    () =>
      (list.data?.campaigns ?? [])
        .filter((campaign) => statusFilter === 'ALL' || campaign.status === statusFilter)
        .flatMap((campaign) => campaign.salons.map((salon) => ({ campaign, salon })))
        .filter((row) => salonFilter === 0 || row.salon.salonId === salonFilter),
    [list.data, statusFilter, salonFilter],
  );
  const campaignCount = new Set(rows.map((row) => row.campaign.campaignId)).size;

  const columns = useMemo<DataTableColumn<ChainRow>[]>(
    () => [
      {
        id: 'campaign',
        header: t('columns.campaign'),
        value: (row) => row.campaign.name,
        cell: (row) => (
          <Link
            component={RouterLink}
            to={`/Incentive-Campaigs-Details?campaignId=${row.campaign.campaignId}&salonId=${row.salon.salonId}`}
            data-testid="chain-campaign-link"
          >
            {row.campaign.name}
          </Link>
        ),
      },
      { id: 'salon', header: t('columns.salon'), value: (row) => row.salon.salonName },
      { id: 'period', header: t('columns.period'), value: (row) => periodText(t, row.campaign, language) },
      {
        id: 'status',
        header: t('columns.status'),
        value: (row) => t(`status.${row.campaign.status}`),
        cell: (row) => <StatusChip status={row.campaign.status} />,
      },
      { id: 'target', header: t('columns.target'), value: (row) => row.salon.target, kind: 'money' },
      { id: 'revenue', header: t('columns.revenue'), value: (row) => row.salon.revenue, kind: 'money' },
      {
        id: 'achieved',
        header: t('columns.achieved'),
        value: (row) => row.salon.achieved,
        kind: 'percent',
        cell: (row) => (
          <ProgressLine
            revenue={row.salon.revenue}
            target={row.salon.target}
            achieved={row.salon.achieved}
            label={t('progress.salonLabel', { salon: row.salon.salonName })}
          />
        ),
      },
      { id: 'bonusTotal', header: t('columns.bonusTotal'), value: (row) => row.salon.bonusTotal, kind: 'money' },
    ],
    [t, language],
  );

  const salonOptions = useMemo(() => {
    const seen = new Map<number, string>();
    for (const campaign of list.data?.campaigns ?? []) for (const salon of campaign.salons) seen.set(salon.salonId, salon.salonName);
    return [...seen.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  }, [list.data]);

  return (
    <ReportFrame
      title={t('chain.title')}
      filters={filters}
      isChainWide
      {...reportStateOf(list, () => false)}
      showDates={false}
      exports={{ pdf: () => downloadIncentivePdf({ month, year }) }}
      extraFilters={
        <>
          <MonthPicker value={{ month, year }} today={today} onChange={setMonth} />
          <TextField
            select
            size="small"
            label={t('chain.salonFilter')}
            value={salonFilter}
            onChange={(event) => setSalonFilter(Number(event.target.value))}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { inputProps: { 'data-testid': 'chain-salon-filter' } } }}
          >
            <MenuItem value={0}>{t('chain.allSalons')}</MenuItem>
            {salonOptions.map(([id, name]) => (
              <MenuItem key={id} value={id}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('chain.statusFilter')}
            value={statusFilter}
            onChange={(event) => setStatusFilter(event.target.value as CampaignStatus | 'ALL')}
            sx={{ minWidth: 160 }}
            slotProps={{ select: { inputProps: { 'data-testid': 'chain-status-filter' } } }}
          >
            <MenuItem value="ALL">{t('chain.allStatuses')}</MenuItem>
            {STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`status.${status}`)}
              </MenuItem>
            ))}
          </TextField>
        </>
      }
    >
      <KpiGrid
        items={[
          { id: 'campaigns', label: t('kpi.campaigns'), value: campaignCount, format: 'integer', definition: t('definition.campaigns') },
          {
            id: 'target',
            label: t('kpi.target'),
            value: sumMoney(rows, (row) => row.salon.target),
            format: 'money',
            definition: t('definition.chainTarget'),
          },
          {
            id: 'revenue',
            label: t('kpi.revenue'),
            value: sumMoney(rows, (row) => row.salon.revenue),
            format: 'money',
            definition: t('definition.chainRevenue'),
          },
          {
            id: 'bonusTotal',
            label: t('kpi.bonusTotal'),
            value: sumMoney(rows, (row) => row.salon.bonusTotal),
            format: 'money',
            definition: t('definition.chainBonus'),
          },
        ]}
      />
      <Panel title={t('chain.tableTitle')}>
        <DataTable
          columns={columns}
          data={rows}
          label={t('chain.tableTitle')}
          getRowId={(row) => `${row.campaign.campaignId}-${row.salon.salonId}`}
          pageSize={50}
        />
        <Definitions
          items={[
            { term: t('columns.target'), definition: t('definition.salonTarget') },
            { term: t('columns.revenue'), definition: t('definition.salonRevenue') },
            { term: t('columns.achieved'), definition: t('definition.achieved') },
            { term: t('columns.bonusTotal'), definition: t('definition.bonusTotal') },
            { term: t('chain.pdf'), definition: t('chain.pdfDefinition') },
          ]}
        />
      </Panel>
    </ReportFrame>
  );
}
