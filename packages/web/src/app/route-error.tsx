import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

const RELOADED_KEY = 'reloaded_for_new_version';

const isChunkLoadFailure = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);

/**
 * What a route shows when its screen fails. A screen file missing after a new deployment is
 * fixed by one reload (once, so a real outage does not loop); anything else says so plainly.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const chunkFailure = isChunkLoadFailure(error);
  useEffect(() => {
    if (chunkFailure && !sessionStorage.getItem(RELOADED_KEY)) {
      sessionStorage.setItem(RELOADED_KEY, '1');
      window.location.reload();
    }
  }, [chunkFailure]);
  return (
    <Box component="main" role="alert" sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
      <Typography component="h1" variant="h5">
        {t('routeError.title')}
      </Typography>
      <Typography color="text.secondary">{chunkFailure ? t('routeError.newVersion') : t('routeError.text')}</Typography>
      <Button
        variant="contained"
        color="secondary"
        onClick={() => {
          sessionStorage.removeItem(RELOADED_KEY);
          window.location.reload();
        }}
      >
        {t('routeError.reload')}
      </Button>
    </Box>
  );
}
