import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** The one screen of every report route whose screen is not built yet: says so, shows no data. */
export default function ReportUnavailableScreen() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Paper
        sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}
        data-testid="report-unavailable"
      >
        <ConstructionIcon fontSize="large" color="action" aria-hidden />
        <Typography component="h1" variant="h5">
          {t('reportUnavailable.title')}
        </Typography>
        <Typography color="text.secondary">{t('reportUnavailable.text', { path: pathname })}</Typography>
      </Paper>
    </Box>
  );
}
