import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ClockCard } from './clock-card';

/** The quick panel's clock in / clock out (loaded with the panel, not with the app). */
export default function ClockQuickPanel() {
  const { t } = useTranslation('staff-attendance');
  return (
    <>
      <Typography variant="overline" component="h2" color="text.secondary">
        {t('clock.title')}
      </Typography>
      <ClockCard compact />
    </>
  );
}
