import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import type { CapacityBlock, CapacityResult } from './api/use-capacity';

export type ColumnKey = 'lastWeek' | 'actualWeek' | 'customCapacity';
const COLUMNS: ColumnKey[] = ['lastWeek', 'actualWeek', 'customCapacity'];
type Kpi = 'shiftHours' | 'bookedServiceHours' | 'utilisation' | 'capacityRevenue' | 'actualRevenue' | 'ratio';
const KPIS: Kpi[] = ['shiftHours', 'bookedServiceHours', 'utilisation', 'capacityRevenue', 'actualRevenue', 'ratio'];

/** Last week, this week and the chosen range side by side, each with the six capacity KPIs. */
export function CapacityColumns({ result, averageHourly }: { result: CapacityResult; averageHourly: number }) {
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {COLUMNS.map((key) => (
        <Grid key={key} size={{ xs: 12, md: 4 }}>
          <CapacityCard column={key} block={result[key]} averageHourly={averageHourly} />
        </Grid>
      ))}
    </Grid>
  );
}

function CapacityCard({ column, block, averageHourly }: { column: ColumnKey; block: CapacityBlock | null; averageHourly: number }) {
  const { t, i18n } = useTranslation('full-capacity');
  const language = i18n.language;
  const titleId = `capacity-${column}-title`;
  const hours = (value: number) => t('unit.hours', { value: formatValue(value, 'number', language) });
  const shownValue = (kpi: Kpi): string => {
    if (!block) return formatValue(null, 'number', language);
    if (kpi === 'shiftHours' || kpi === 'bookedServiceHours') return hours(block[kpi]);
    if (kpi === 'capacityRevenue' || kpi === 'actualRevenue') return formatValue(block[kpi], 'money', language);
    return formatValue(block[kpi], 'percent', language);
  };
  const detailOf = (kpi: Kpi): ReactNode =>
    block && kpi === 'capacityRevenue'
      ? t('report.capacityLine', {
          hours: formatValue(block.capacityHours, 'number', language),
          rate: formatValue(averageHourly, 'money', language),
        })
      : null;

  return (
    <Card variant="outlined" role="group" aria-labelledby={titleId} sx={{ height: '100%' }} data-testid={`capacity-${column}`}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t(`column.${column}`)}
        </Typography>
        {block ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="capacity-period">
            {`${formatDay(block.fromDate, language)} – ${formatDay(block.toDate, language)} · ${t('report.headCount', { count: block.headCount })}`}
          </Typography>
        ) : null}
        <Box component="dl" sx={{ m: 0 }}>
          {KPIS.map((kpi) => (
            <Box
              key={kpi}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'baseline',
                gap: 1,
                py: 0.75,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Box component="dt" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', typography: 'body2' }}>
                {t(`kpi.${kpi}`)}
                <Tooltip title={t(`definition.${kpi}`)} enterTouchDelay={0} leaveTouchDelay={5000} describeChild>
                  <IconButton size="small" aria-label={t('definitionOf', { label: t(`kpi.${kpi}`) })} sx={{ p: 0.25 }}>
                    <InfoOutlined fontSize="inherit" />
                  </IconButton>
                </Tooltip>
              </Box>
              <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                <Typography component="span" variant="body1" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid={`value-${kpi}`}>
                  {shownValue(kpi)}
                </Typography>
                {detailOf(kpi) ? (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {detailOf(kpi)}
                  </Typography>
                ) : null}
              </Box>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
