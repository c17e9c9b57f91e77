import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What a table's columns mean, under it: term and definition pairs (every KPI carries its definition). */
export function Definitions({ items }: { items: readonly { term: string; definition: string }[] }) {
  const { t } = useTranslation('campaigns');
  return (
    <Box component="details" sx={{ mt: 1, typography: 'caption', color: 'text.secondary' }}>
      <Box component="summary" sx={{ cursor: 'pointer', py: 0.5 }}>
        {t('definitions')}
      </Box>
      <Box component="dl" sx={{ m: 0 }}>
        {items.map((item) => (
          <Box key={item.term} sx={{ mb: 0.5 }}>
            <Typography component="dt" variant="caption" sx={{ fontWeight: 600 }}>
              {item.term}
            </Typography>
            <Typography component="dd" variant="caption" sx={{ m: 0 }}>
              {item.definition}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
