import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../lib/auth';

/** A menu page the caller may open: its navigation id (the label's key) and address. */
export interface HomePage {
  id: string;
  url?: string;
}

/**
 * The consultant's landing on / lists what they can open, instead of a blank page; the app
 * passes the pages of the caller's menu, so a feature never reads the app's navigation.
 */
export default function HomeScreen({ pages }: { pages: readonly HomePage[] }) {
  const { t } = useTranslation(['common', 'navigation']);
  const { user } = useAuth();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Paper sx={{ p: 3 }} data-testid="home-screen">
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {t('home.welcome', { name: user?.firstName ?? '' })}
        </Typography>
        {pages.length === 0 ? (
          <Typography color="text.secondary">{t('home.nothing')}</Typography>
        ) : (
          <>
            <Typography color="text.secondary">{t('home.intro')}</Typography>
            <List>
              {pages.map((page) => (
                <ListItemButton key={page.id} component={RouterLink} to={page.url ?? '/'}>
                  <ListItemText primary={t(`navigation:${page.id}`)} />
                </ListItemButton>
              ))}
            </List>
          </>
        )}
      </Paper>
    </Box>
  );
}
