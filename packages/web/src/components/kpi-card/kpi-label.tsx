import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** A KPI's name with an info button whose tooltip gives its definition, for tables and headers. */
export function KpiLabel({ label, definition }: { label: string; definition: string }) {
  const { t } = useTranslation('components');
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
      {label}
      <Tooltip title={definition} enterTouchDelay={0} leaveTouchDelay={5000} describeChild>
        <IconButton size="small" aria-label={t('kpiCard.definitionOf', { label })} sx={{ p: 0.25 }} data-testid="kpi-definition">
          <InfoOutlined fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
