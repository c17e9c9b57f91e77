import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { monthName } from '../../components/format/dates';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useCampaignsByMonth } from './api/use-campaigns';
import { CampaignCard } from './components/campaign-card';
import { MonthPicker, useMonthParams } from './components/month-picker';
import { useCampaignFilters } from './use-campaign-filters';

/** /Incentive-Campaigs (admin): the salon's campaigns of a month, with status, target and progress; create, duplicate, open. */
export default function CampaignsScreen() {
  const { t, i18n } = useTranslation('campaigns');
  const filters = useCampaignFilters({ isChainWide: false });
  const { month, year, setMonth } = useMonthParams(filters.today);
  const list = useCampaignsByMonth(month, year, filters.salonId, filters.salonId !== null);
  const campaigns = list.data?.campaigns ?? [];

  return (
    <ReportFrame
      title={t('list.title')}
      filters={filters}
      {...reportStateOf(list, () => false)}
      showDates={false}
      extraFilters={<MonthPicker value={{ month, year }} today={filters.today} onChange={setMonth} />}
    >
      <Box sx={{ mb: 2 }}>
        <Button component={RouterLink} to="/Incentive-New-Campaigs" variant="contained" startIcon={<Add />} data-testid="new-campaign">
          {t('list.new')}
        </Button>
      </Box>
      {campaigns.length === 0 ? (
        <Alert severity="info" data-testid="campaigns-empty">
          {t('list.empty', { month: month > 0 ? `${monthName(month, i18n.language)} ${year}` : '' })}
        </Alert>
      ) : (
        <Box data-testid="campaign-list">
          {campaigns.map((campaign) => (
            <CampaignCard key={campaign.campaignId} campaign={campaign} canDuplicate />
          ))}
        </Box>
      )}
    </ReportFrame>
  );
}
