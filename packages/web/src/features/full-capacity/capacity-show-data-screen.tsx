import TrendingDown from '@mui/icons-material/TrendingDown';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { UTILISATION_THRESHOLDS } from '@salon/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatValue } from '../../components/format/number-format';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type CapacitySetting, useCapacity, useCapacitySetting, useUtilisationGrid } from './api/use-capacity';
import { CapacityColumns } from './capacity-columns';
import { buildSuggestions, type Suggestion, suggestionText } from './suggestions';
import { UtilisationGridTable } from './utilisation-grid-table';

/** /capacity-showData: last week, this week and the chosen range costed with the saved settings, the weekday x hour grid and what it suggests. */
export default function CapacityShowDataScreen() {
  const { t } = useTranslation('full-capacity');
  const filters = useReportFilters();
  const setting = useCapacitySetting(filters.salonId);
  const range = { salonId: filters.salonId, fromDate: filters.fromDate, toDate: filters.toDate, enabled: filters.isRangeValid };
  const capacity = useCapacity({ ...range, setting: setting.data });
  const grid = useUtilisationGrid(range);

  // One state for the frame: the three answers together.
  const queries = [setting, capacity, grid];
  const failed = queries.find((query) => query.isError);
  const combined = {
    isPending: queries.some((query) => query.isPending),
    isError: failed !== undefined,
    error: failed?.error ?? null,
    data: setting.data && capacity.data && grid.data ? { setting: setting.data, capacity: capacity.data, grid: grid.data } : undefined,
    refetch: () => {
      for (const query of queries) void query.refetch();
    },
  };
  const data = combined.data;
  const suggestions = useMemo(() => (data ? buildSuggestions(data.grid.cells) : []), [data]);
  const hasShifts = (data?.grid.cells ?? []).some((cell) => cell.shiftHours > 0);

  return (
    <ReportFrame title={t('report.title')} filters={filters} {...reportStateOf(combined, () => false)}>
      {data ? (
        <>
          <SettingsLine setting={data.setting} />
          <CapacityColumns result={data.capacity} averageHourly={data.setting.averageHourly} />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('report.weekNote')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 7 }}>
              <Panel title={t('grid.title')} isFilling>
                {data.grid.cells.length ? <UtilisationGridTable grid={data.grid} /> : <Alert severity="info">{t('grid.empty')}</Alert>}
              </Panel>
            </Grid>
            <Grid size={{ xs: 12, lg: 5 }}>
              <Panel title={t('suggestions.title')} isFilling>
                {hasShifts ? <Suggestions suggestions={suggestions} /> : <Alert severity="info">{t('suggestions.noShifts')}</Alert>}
              </Panel>
            </Grid>
          </Grid>
        </>
      ) : null}
    </ReportFrame>
  );
}

function SettingsLine({ setting }: { setting: CapacitySetting }) {
  const { t, i18n } = useTranslation('full-capacity');
  if (setting.isDefault) {
    return (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        data-testid="capacity-no-settings"
        action={
          <Link component={RouterLink} to="/full-capacity-setting" color="inherit" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
            {t('report.setSettings')}
          </Link>
        }
      >
        {t('report.noSettings')}
      </Alert>
    );
  }
  return (
    <Typography variant="body2" sx={{ mb: 2 }} data-testid="capacity-settings-line">
      {t('report.settingsLine', {
        hourly: formatValue(setting.averageHourly, 'money', i18n.language),
        people: setting.numberOfPeople > 0 ? t('report.people', { count: setting.numberOfPeople }) : t('report.noCap'),
      })}{' '}
      <Link component={RouterLink} to="/full-capacity-setting">
        {t('report.changeSettings')}
      </Link>
    </Typography>
  );
}

function Suggestions({ suggestions }: { suggestions: Suggestion[] }) {
  const { t, i18n } = useTranslation('full-capacity');
  const language = i18n.language;
  const translate = (key: string, values: Record<string, string>) => t(key, values);
  const groups = [
    {
      kind: 'over',
      title: t('suggestions.busy'),
      none: t('suggestions.noBusy', { value: formatValue(UTILISATION_THRESHOLDS.over, 'percent', language) }),
      Icon: TrendingUp,
    },
    {
      kind: 'under',
      title: t('suggestions.quiet'),
      none: t('suggestions.noQuiet', { value: formatValue(UTILISATION_THRESHOLDS.under, 'percent', language) }),
      Icon: TrendingDown,
    },
  ] as const;
  return groups.map(({ kind, title, none, Icon }) => {
    const items = suggestions.filter((suggestion) => suggestion.kind === kind);
    return (
      <section key={kind} aria-labelledby={`suggestions-${kind}`}>
        <Typography id={`suggestions-${kind}`} variant="subtitle2" component="h3" sx={{ mt: kind === 'under' ? 2 : 0 }}>
          {title}
        </Typography>
        {items.length ? (
          <List dense disablePadding>
            {items.map((suggestion) => (
              <ListItem key={`${suggestion.weekday}-${suggestion.fromHour}`} disableGutters data-testid={`suggestion-${kind}`}>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <Icon fontSize="small" color={kind === 'over' ? 'error' : 'info'} />
                </ListItemIcon>
                <ListItemText primary={suggestionText(suggestion, language, translate)} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {none}
          </Typography>
        )}
      </section>
    );
  });
}
