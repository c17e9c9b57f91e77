import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** /error404, in the bare layout. */
export default function Error404Screen() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography component="h1" variant="h1" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h5" component="p" color="text.secondary">
        {t('notFound.text')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" color="secondary">
        {t('notFound.home')}
      </Button>
    </Box>
  );
}
