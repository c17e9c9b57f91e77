import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';

/** A user with no roles sees only Logout. */
export default function NoRolesScreen() {
  const { t } = useTranslation('common');
  const { signOut } = useAuth();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 440, textAlign: 'center' }} data-testid="no-roles-screen">
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {t('noRoles.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('noRoles.text')}
        </Typography>
        <Button variant="contained" color="secondary" startIcon={<LogoutIcon />} onClick={() => void signOut()}>
          {t('logout')}
        </Button>
      </Paper>
    </Box>
  );
}
