import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../../../components/format/dates';
import { formatValue } from '../../../components/format/number-format';
import { KpiLabel } from '../../../components/kpi-card/kpi-label';
import type { CampaignSalon, CampaignSummary } from '../api/use-campaigns';
import { periodText } from '../campaign-text';
import { ProgressLine } from './progress-line';
import { FrozenBadge, StatusChip } from './status-chip';

/** One figure of a card: its name with the definition, and the value. */
function Figure({ label, definition, value, testId }: { label: string; definition: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        <KpiLabel label={label} definition={definition} />
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** A salon's part of a campaign: target, counted revenue and progress, bonus so far, and whether it is closed. */
export function SalonProgress({ salon, showName }: { salon: CampaignSalon; showName: boolean }) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  return (
    <Box sx={{ py: 1, borderTop: 1, borderColor: 'divider' }} data-testid={`campaign-salon-${salon.salonId}`}>
      {showName || salon.closedAt ? (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
          {showName ? (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {salon.salonName}
            </Typography>
          ) : null}
          {salon.closedAt ? <FrozenBadge /> : null}
        </Stack>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5, mb: 1 }}>
        <Figure
          label={t('kpi.target')}
          definition={t('definition.salonTarget')}
          value={formatValue(salon.target, 'money', language)}
          testId="salon-target"
        />
        <Figure
          label={t('kpi.revenue')}
          definition={t('definition.salonRevenue')}
          value={formatValue(salon.revenue, 'money', language)}
          testId="salon-revenue"
        />
        <Figure
          label={t('kpi.units')}
          definition={t('definition.salonUnits')}
          value={formatValue(salon.units, 'integer', language)}
          testId="salon-units"
        />
        <Figure
          label={t('kpi.bonusTotal')}
          definition={t('definition.bonusTotal')}
          value={formatValue(salon.bonusTotal, 'money', language)}
          testId="salon-bonus"
        />
      </Box>
      <ProgressLine
        revenue={salon.revenue}
        target={salon.target}
        achieved={salon.achieved}
        label={t('progress.salonLabel', { salon: salon.salonName })}
      />
    </Box>
  );
}

/** A campaign of a list: name, status, period, each salon's progress, and the links to its details and a duplicate. */
export function CampaignCard({ campaign, canDuplicate }: { campaign: CampaignSummary; canDuplicate: boolean }) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const firstSalon = campaign.salons[0];
  return (
    <Paper variant="outlined" component="article" sx={{ p: 2, mb: 2 }} data-testid="campaign-card" aria-label={campaign.name}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="campaign-name">
            {campaign.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {periodText(t, campaign, language)} ·{' '}
            {t('card.createdBy', {
              name: campaign.createdBy || t('card.unknown'),
              day: formatDay(campaign.createdAt.slice(0, 10), language),
            })}
          </Typography>
        </Box>
        <StatusChip status={campaign.status} />
      </Stack>
      {campaign.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {campaign.description}
        </Typography>
      ) : null}
      {campaign.salons.map((salon) => (
        <SalonProgress key={salon.salonId} salon={salon} showName={campaign.salons.length > 1} />
      ))}
      <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
        {firstSalon ? (
          <Button
            component={RouterLink}
            to={`/Incentive-Campaigs-Details?campaignId=${campaign.campaignId}&salonId=${firstSalon.salonId}`}
            size="small"
            variant="outlined"
            data-testid="campaign-details"
          >
            {t('card.details')}
          </Button>
        ) : null}
        {canDuplicate ? (
          <Button
            component={RouterLink}
            to={`/Incentive-New-Campaigs?duplicateOf=${campaign.campaignId}`}
            size="small"
            data-testid="campaign-duplicate"
          >
            {t('card.duplicate')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
