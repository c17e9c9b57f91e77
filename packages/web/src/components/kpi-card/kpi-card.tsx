import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatValue, type ValueKind } from '../format/number-format';

export interface KpiCardProps {
  /** The KPI's name, already translated. */
  label: string;
  /** The value; null or undefined shows a placeholder while loading. */
  value: number | string | null | undefined;
  /** money (euros), number, integer, percent (given in per cent) or text. */
  format?: ValueKind;
  /** How the KPI is computed, already translated: shown as a tooltip (every KPI carries its definition). */
  definition: string;
  /** A line under the value (a comparison, a target). */
  secondary?: ReactNode;
  isLoading?: boolean;
}

/** One KPI: its name, its formatted value and an info button whose tooltip gives the definition. */
export function KpiCard({ label, value, format = 'number', definition, secondary, isLoading = false }: KpiCardProps) {
  const { t, i18n } = useTranslation('components');
  const labelId = useId();
  return (
    // A group, not a landmark: a report shows many KPIs and landmarks are for page regions.
    <Card variant="outlined" role="group" aria-labelledby={labelId} sx={{ height: '100%' }} data-testid="kpi-card">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography
          id={labelId}
          variant="body2"
          color="text.secondary"
          component="h2"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 500 }}
        >
          {label}
          <Tooltip title={definition} enterTouchDelay={0} leaveTouchDelay={5000} describeChild>
            <IconButton size="small" aria-label={t('kpiCard.definitionOf', { label })} sx={{ p: 0.25 }}>
              <InfoOutlined fontSize="inherit" />
            </IconButton>
          </Tooltip>
        </Typography>
        <Typography variant="h5" component="p" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="kpi-value">
          {isLoading || value === undefined ? <Skeleton width="60%" /> : formatValue(value, format, i18n.language)}
        </Typography>
        {secondary ? (
          <Typography variant="caption" color="text.secondary" component="div">
            {secondary}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
