import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import NoRolesScreen from '../../features/home/no-roles-screen';
import { errorMessageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { translateMessage } from '../../lib/i18n';
import { salonsQuery } from '../../lib/salon-today';
import { showMessage } from '../../lib/snackbar';
import { rememberRedirect } from '../redirect';
import { SplashScreen } from '../splash-screen';
import { ShellLayout } from './shell-layout';

/**
 * Everything inside the shell needs a signed-in user with a role. A non-superadmin
 * with a salonId loads the salon settings before the layout renders (until the SalonConfig
 * endpoints exist, the salon itself is that step).
 */
export default function ShellGate() {
  const { t } = useTranslation('common');
  const { status, user, roles, isSuperadmin } = useAuth();
  const location = useLocation();
  const needsSalon = status === 'signedIn' && !isSuperadmin && roles.length > 0 && user?.salonId != null;
  const salon = useQuery({ ...salonsQuery, enabled: needsSalon });
  const failure = salon.isError ? errorMessageOf(salon.error) : null;

  useEffect(() => {
    if (failure) showMessage(failure, 'error');
  }, [failure]);

  if (status !== 'signedIn') {
    rememberRedirect(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/login" replace />;
  }
  if (roles.length === 0) return <NoRolesScreen />;
  if (needsSalon && salon.isPending) return <SplashScreen />;
  if (failure) {
    return (
      <Box component="main" sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Alert severity="error" data-testid="salon-settings-error">
          {translateMessage(failure)}
        </Alert>
        <Button variant="contained" color="secondary" onClick={() => void salon.refetch()}>
          {t('retry')}
        </Button>
      </Box>
    );
  }
  return <ShellLayout />;
}
