import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/logo/logo';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** The splash screen: logo and spinner, shown while the session is checked and settings load. */
export function SplashScreen() {
  const { t } = useTranslation('shell');
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={t('loading')}
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
      <Logo size={96} />
      {/* A CSS spinner: the splash is in the initial bundle, MUI's progress component need not be. */}
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          border: '3px solid rgba(255,255,255,0.25)',
          borderTopColor: '#fff',
          animation: `${spin} 0.9s linear infinite`,
        }}
      />
    </Box>
  );
}
