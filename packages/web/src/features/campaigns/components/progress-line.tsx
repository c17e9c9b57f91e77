import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../../components/format/number-format';

/** The bar's fill for a share achieved in per cent: 0..100, nothing for no target. */
export function progressValueOf(achieved: number | null): number {
  return achieved === null ? 0 : Math.max(0, Math.min(100, achieved));
}

/** Revenue against a target as a bar and in words ("€1,200.00 of €3,000.00 (40%)"); "no target" when there is none. */
export function ProgressLine({
  revenue,
  target,
  achieved,
  label,
}: {
  revenue: number;
  target: number;
  achieved: number | null;
  label: string;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const words =
    achieved === null
      ? t('progress.noTarget', { revenue: formatValue(revenue, 'money', language) })
      : t('progress.words', {
          revenue: formatValue(revenue, 'money', language),
          target: formatValue(target, 'money', language),
          achieved: formatValue(achieved, 'percent', language),
        });
  return (
    <Box sx={{ minWidth: 140 }} data-testid="progress-line">
      <LinearProgress
        variant="determinate"
        value={progressValueOf(achieved)}
        aria-label={label}
        aria-valuetext={words}
        color={(achieved ?? 0) >= 100 ? 'success' : 'primary'}
        sx={{ height: 6, borderRadius: 3, mb: 0.5 }}
      />
      <Typography variant="caption" component="div">
        {words}
      </Typography>
    </Box>
  );
}
