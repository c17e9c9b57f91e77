import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { listShifts, listUserShifts, STAFF_MESSAGES } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../../components/format/dates';
import { STAFF_QUERY_KEY } from '../../components/staff/staff-queries';
import { callApi } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useCurrentSalon } from '../../lib/current-salon';
import { translateMessage } from '../../lib/i18n';
import { salonsQuery } from '../../lib/salon-today';
import { addDays, shiftStateAt, wallClockMinutes } from '../../lib/staff-time';

/** How many of the caller's next shifts the panel lists (from the next two weeks). */
const NEXT_SHIFTS = 5;

/**
 * The quick panel's staff part: who works today (working now, then next, then those whose shift
 * has ended) and the caller's next shifts. Times are the salon's wall clock on the salon's today.
 */
export function QuickPanelShifts({ onNavigate }: { onNavigate: () => void }) {
  const { t, i18n } = useTranslation('shell');
  const { user } = useAuth();
  const { salonId } = useCurrentSalon();
  const salons = useQuery({ ...salonsQuery, enabled: salonId !== null });
  const salon = salons.data?.find((item) => item.id === salonId);
  const today = salon?.today;
  const todayShifts = useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'shifts', 'today', salonId, today],
    enabled: salonId !== null && today !== undefined,
    queryFn: ({ signal }) => callApi(listShifts, { query: { salonId: salonId as number, fromDate: today, toDate: today } }, { signal }),
  });
  const myShifts = useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'shifts', 'user', user?.userId, 'next', today],
    enabled: user !== null && today !== undefined && user.salonId !== null,
    queryFn: ({ signal }) =>
      callApi(
        listUserShifts,
        { params: { userId: user?.userId as number }, query: { fromDate: today, toDate: addDays(today ?? '', 13) } },
        { signal },
      ),
  });
  const minutes = salon ? wallClockMinutes(salon.timeZone) : 0;
  const order = { now: 0, next: 1, ended: 2 } as const;
  const working = (todayShifts.data ?? [])
    .map((shift) => ({ shift, state: shiftStateAt(shift, minutes) }))
    .sort((a, b) => order[a.state] - order[b.state] || a.shift.startTime.localeCompare(b.shift.startTime));
  const next = (myShifts.data ?? [])
    .filter((shift) => shift.day !== today || shiftStateAt(shift, minutes) !== 'ended')
    .slice(0, NEXT_SHIFTS);

  return (
    <>
      <Box sx={{ p: 2.5 }} data-testid="quick-panel-today-shifts">
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="overline" component="h2" color="text.secondary">
            {t('quickPanel.workingToday')}
          </Typography>
          <Link component={RouterLink} to="/staff-shifts" onClick={onNavigate} variant="body2" data-testid="quick-panel-planner-link">
            {t('quickPanel.planner')}
          </Link>
        </Box>
        {salonId === null ? (
          <Typography color="text.secondary">{t('quickPanel.chooseSalon')}</Typography>
        ) : todayShifts.isError ? (
          <Typography color="error" role="alert">
            {translateMessage(STAFF_MESSAGES.getShifts)}
          </Typography>
        ) : !todayShifts.data ? (
          <CircularProgress size={18} aria-label={t('quickPanel.loading')} />
        ) : working.length === 0 ? (
          <Typography color="text.secondary" data-testid="quick-panel-nobody">
            {t('quickPanel.nobodyWorking')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {working.map(({ shift, state }) => (
              <ListItem key={shift.userTimeframeId} disableGutters data-testid="quick-panel-working" data-state={state}>
                <ListItemText primary={`${shift.firstName} ${shift.lastName}`.trim()} secondary={`${shift.startTime}–${shift.endTime}`} />
                <Chip
                  size="small"
                  color={state === 'now' ? 'success' : 'default'}
                  variant={state === 'ended' ? 'outlined' : 'filled'}
                  label={t(`quickPanel.state.${state}`)}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Box sx={{ p: 2.5, pt: 0 }} data-testid="quick-panel-my-shifts">
        <Typography variant="overline" component="h2" color="text.secondary">
          {t('quickPanel.shifts')}
        </Typography>
        {myShifts.isError ? (
          <Typography color="error" role="alert">
            {translateMessage(STAFF_MESSAGES.getShifts)}
          </Typography>
        ) : user?.salonId === null ? (
          <Typography color="text.secondary">{t('quickPanel.noOwnShifts')}</Typography>
        ) : !myShifts.data ? (
          <CircularProgress size={18} aria-label={t('quickPanel.loading')} />
        ) : next.length === 0 ? (
          <Typography color="text.secondary" data-testid="quick-panel-no-shifts">
            {t('quickPanel.noNextShifts')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {next.map((shift) => (
              <ListItem key={shift.userTimeframeId} disableGutters data-testid="quick-panel-next-shift">
                <ListItemText
                  primary={shift.day === today ? t('quickPanel.todayShort') : formatDay(shift.day, i18n.language)}
                  secondary={`${shift.startTime}–${shift.endTime}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </>
  );
}
