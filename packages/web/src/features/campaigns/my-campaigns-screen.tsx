import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { yearOf } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { KpiGrid } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { type MyCampaign, type MyCampaignItem, useMyCampaigns } from './api/use-campaigns';
import { periodText } from './campaign-text';
import { NextTierLine, ruleSummary, TierExplanation } from './components/bonus-scheme';
import { ProgressLine } from './components/progress-line';
import { FrozenBadge, StatusChip } from './components/status-chip';
import type { TierMode } from './tiers';
import { useCampaignFilters } from './use-campaign-filters';

/** /IncentiveChild (every user): my campaigns of a year, my progress against my target, my bonus so far and the tiers ahead. */
export default function MyCampaignsScreen() {
  const { t, i18n } = useTranslation('campaigns');
  const filters = useCampaignFilters({ isChainWide: true });
  const [params, setParams] = useSearchParams();
  const thisYear = filters.today ? yearOf(filters.today) : 0;
  const yearParam = Number(params.get('year'));
  const year = Number.isInteger(yearParam) && yearParam >= 2000 && yearParam <= 2100 ? yearParam : thisYear;
  const mine = useMyCampaigns(year);
  const campaigns = mine.data?.campaigns ?? [];
  const years = thisYear > 0 ? [thisYear + 1, thisYear, thisYear - 1, thisYear - 2] : [];

  return (
    <ReportFrame
      title={t('mine.title')}
      filters={filters}
      isChainWide
      {...reportStateOf(mine, () => false)}
      showDates={false}
      extraFilters={
        <TextField
          select
          size="small"
          label={t('month.year')}
          value={year > 0 ? year : ''}
          onChange={(event) => setParams({ year: String(event.target.value) }, { replace: true })}
          sx={{ minWidth: 110 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'year-select' } } }}
        >
          {(years.includes(year) || year === 0 ? years : [...years, year]).map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {campaigns.length === 0 ? (
        <Alert severity="info" data-testid="my-campaigns-empty">
          {t('mine.empty', { year })}
        </Alert>
      ) : (
        campaigns.map((campaign) => (
          <MyCampaignCard key={`${campaign.campaign.campaignId}-${campaign.salonId}`} data={campaign} language={i18n.language} />
        ))
      )}
    </ReportFrame>
  );
}

function MyCampaignCard({ data, language }: { data: MyCampaign; language: string }) {
  const { t } = useTranslation('campaigns');
  const { campaign, me, teamLeader } = data;
  const mode = campaign.tierMode as TierMode;
  return (
    <Paper variant="outlined" component="article" aria-label={campaign.name} sx={{ p: 2, mb: 3 }} data-testid="my-campaign">
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="campaign-name">
            {campaign.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {data.salonName} · {periodText(t, campaign, language)}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1 }}>
          <StatusChip status={campaign.status} />
          {data.frozen ? <FrozenBadge /> : null}
        </Stack>
      </Stack>
      <KpiGrid
        size={{ xs: 6, sm: 4, md: 'grow' }}
        items={[
          ...(me
            ? [
                {
                  id: 'target',
                  label: t('kpi.myTarget'),
                  value: me.target,
                  format: 'money' as const,
                  definition: t('definition.personTarget'),
                },
                {
                  id: 'revenue',
                  label: t('kpi.myRevenue'),
                  value: me.revenue,
                  format: 'money' as const,
                  definition: t('definition.personRevenue'),
                  secondary: (
                    <ProgressLine
                      revenue={me.revenue}
                      target={me.target}
                      achieved={me.achieved}
                      label={t('progress.myLabel', { name: campaign.name })}
                    />
                  ),
                },
                {
                  id: 'units',
                  label: t('kpi.myUnits'),
                  value: me.units,
                  format: 'integer' as const,
                  definition: t('definition.personUnits'),
                },
              ]
            : []),
          ...(teamLeader
            ? [
                {
                  id: 'leader',
                  label: t('kpi.myLeaderBonus'),
                  value: teamLeader.bonus,
                  format: 'money' as const,
                  definition: t('definition.leaderBonus'),
                  secondary: t('mine.leaderOf', {
                    percent: formatValue(teamLeader.bonusPercent, 'percent', language),
                    revenue: formatValue(teamLeader.teamRevenue, 'money', language),
                  }),
                },
              ]
            : []),
          { id: 'bonus', label: t('kpi.myBonus'), value: data.bonusTotal, format: 'money', definition: t('definition.myBonus') },
        ]}
      />
      {me?.feedback ? (
        <Alert severity="info" icon={false} sx={{ mb: 2 }} data-testid="my-feedback">
          <strong>{t('mine.feedback')}</strong> {me.feedback}
        </Alert>
      ) : null}
      {/* What counts is open for the campaigns still running or ahead; a past one keeps it folded. */}
      <Box component="details" open={campaign.status === 'RUNNING' || campaign.status === 'UPCOMING'}>
        <Box component="summary" sx={{ cursor: 'pointer', typography: 'subtitle2', mb: 1 }}>
          {t('mine.itemsTitle')}
        </Box>
        {data.items.length === 0 ? (
          <Typography variant="body2">{t('mine.allCount')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.items.map((item) => (
              <MyItem key={item.itemRowId} item={item} mode={mode} language={language} />
            ))}
          </Box>
        )}
      </Box>
    </Paper>
  );
}

function MyItem({ item, mode, language }: { item: MyCampaignItem; mode: TierMode; language: string }) {
  const { t } = useTranslation('campaigns');
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }} data-testid="my-item">
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {item.name}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            ({t(`itemKind.${item.kind}`)})
          </Typography>
        </Typography>
        <Typography variant="body2" data-testid="my-item-figures">
          {t('mine.itemFigures', {
            units: formatValue(item.units, 'integer', language),
            revenue: formatValue(item.revenue, 'money', language),
            bonus: formatValue(item.bonus, 'money', language),
          })}
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p">
        {ruleSummary(t, item, mode, language)}
      </Typography>
      {item.bonusKind === 'TIERS' ? (
        <>
          <TierExplanation tiers={item.tiers} mode={mode} showExamples={false} />
          <NextTierLine tiers={item.tiers} mode={mode} units={item.units} />
        </>
      ) : null}
    </Box>
  );
}
