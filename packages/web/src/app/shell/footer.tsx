import Box from '@mui/material/Box';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../settings';
import { getTheme } from '../theme';

/** The company of the copyright line, and the year the back-office went live. */
const COMPANY = 'Salon Chain S.r.l.';
const FIRST_YEAR = 2024;

export function yearRange(first: number, now = new Date()): string {
  const current = now.getFullYear();
  return current > first ? `${first}–${current}` : String(first);
}

/** The footer: the company's copyright line with a year range. */
export function Footer() {
  const { t } = useTranslation('shell');
  const { settings } = useSettings();
  if (!settings.layout.config.footer.display) return null;
  return (
    <ThemeProvider theme={getTheme(settings.theme.footer)}>
      <Box component="footer" sx={{ bgcolor: 'background.default', color: 'text.primary', px: 3, py: 1.5 }} data-testid="footer">
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('footer.copyright', { years: yearRange(FIRST_YEAR), company: COMPANY })}
        </Typography>
      </Box>
    </ThemeProvider>
  );
}
