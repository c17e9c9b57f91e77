import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from './auth-card';

/** /forgot-password: there is no mail server, so the salon administrator resets passwords. */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('forgot.title')}>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="forgot-password-notice">
        {t('forgot.noMail')}
      </Alert>
      <Typography sx={{ mb: 3 }}>{t('forgot.askAdmin')}</Typography>
      <Button component={RouterLink} to="/login" variant="contained" color="secondary" fullWidth>
        {t('forgot.back')}
      </Button>
    </AuthCard>
  );
}
