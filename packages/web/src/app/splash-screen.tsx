import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** The splash screen: logo and spinner, shown while the session is checked and settings load. */
export function SplashScreen() {
  const { t } = useTranslation('shell');
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="splash-screen"
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: '#1e2125',
        color: '#fff',
        zIndex: 2000,
      }}
    >
      <img src="/logo.svg" alt="" width={96} height={96} />
      <CircularProgress color="inherit" size={36} aria-label={t('loading')} />
    </Box>
  );
}
