import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import type { PerformanceSalon } from './api/use-performance';
import { progressValueOf } from './performance-shaping';

/** The campaign running for the salon on the day: its target, the revenue so far and the share achieved, as a bar and in words. */
export function CampaignProgress({ campaign, isCompact = false }: { campaign: PerformanceSalon['campaign']; isCompact?: boolean }) {
  const { t, i18n } = useTranslation('performance');
  const language = i18n.language;
  if (!campaign) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('campaign.none')}
      </Typography>
    );
  }
  const achieved = formatValue(campaign.achieved, 'percent', language);
  const words = t('campaign.progress', {
    revenue: formatValue(campaign.revenueToDate, 'money', language),
    target: formatValue(campaign.target, 'money', language),
    achieved,
  });
  return (
    <Box sx={{ minWidth: isCompact ? 160 : undefined }} data-testid="campaign-progress">
      <Typography variant="body2" component="div" sx={{ whiteSpace: isCompact ? 'nowrap' : 'normal', fontWeight: 500 }}>
        {campaign.name}
      </Typography>
      {isCompact ? null : (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('campaign.dates', { from: formatDay(campaign.fromDate, language), to: formatDay(campaign.toDate, language) })}
        </Typography>
      )}
      <LinearProgress
        variant="determinate"
        value={progressValueOf(campaign.achieved)}
        aria-label={t('campaign.progressLabel', { name: campaign.name })}
        aria-valuetext={words}
        color={(campaign.achieved ?? 0) >= 100 ? 'success' : 'primary'}
        sx={{ my: 0.5, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" component="div" sx={{ whiteSpace: isCompact ? 'nowrap' : 'normal' }}>
        {words}
      </Typography>
    </Box>
  );
}
