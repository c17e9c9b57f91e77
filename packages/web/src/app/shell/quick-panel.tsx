import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, toIsoDate } from '../../components/format/dates';
import { useAuth } from '../../lib/auth';
import { useCurrentSalon } from '../../lib/current-salon';
import { useSalonToday } from '../../lib/salon-today';
import { WIDTHS } from '../settings';
import { Countdown } from './countdown';
import { QuickPanelShifts } from './quick-panel-shifts';
import { useShellState } from './shell-state';

// The news and the clock button load with the panel's first opening, not with the app.
const NewsQuickPanel = lazy(() => import('../../features/news/news-quick-panel'));
const ClockQuickPanel = lazy(() => import('../../features/staff-attendance/clock-quick-panel'));

/**
 * The quick panel (280 px): today's date, the time left in this session, the clock in / clock out
 * button, the latest news with the unread count, who works today and the caller's next shifts.
 */
export function QuickPanel() {
  const { t, i18n } = useTranslation('shell');
  const { sessionEnds, user } = useAuth();
  const { quickPanelOpen, setQuickPanelOpen } = useShellState();
  // The current salon's today, as the reports count it; the device's date when no salon is chosen.
  const salonToday = useSalonToday(useCurrentSalon().salonId);
  const today = new Date(`${salonToday ?? toIsoDate(new Date())}T00:00:00Z`);
  return (
    <Drawer
      anchor="right"
      open={quickPanelOpen}
      onClose={() => setQuickPanelOpen(false)}
      slotProps={{ paper: { sx: { width: WIDTHS.quickPanel } } }}
    >
      <Box sx={{ p: 2.5 }} data-testid="quick-panel">
        <Typography variant="overline" component="h2" color="text.secondary">
          {t('quickPanel.today')}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 300 }}>
          {today.toLocaleDateString(i18n.language, { weekday: 'long', timeZone: 'UTC' })}
        </Typography>
        <Typography variant="h6" component="p">
          {formatDay(toIsoDate(today), i18n.language, 'long')}
        </Typography>
      </Box>
      {sessionEnds && (
        <>
          <Divider />
          <Box sx={{ p: 2.5 }}>
            <Typography variant="overline" component="h2" color="text.secondary">
              {t('quickPanel.sessionEnds')}
            </Typography>
            <Countdown end={new Date(sessionEnds)} />
          </Box>
        </>
      )}
      {quickPanelOpen && user?.salonId != null && (
        <>
          <Divider />
          <Box sx={{ p: 2.5 }}>
            <Suspense fallback={null}>
              <ClockQuickPanel />
            </Suspense>
          </Box>
        </>
      )}
      <Divider />
      <Box sx={{ p: 2.5 }}>
        {quickPanelOpen && (
          <Suspense fallback={<Typography color="text.secondary">{t('quickPanel.news')}</Typography>}>
            <NewsQuickPanel onNavigate={() => setQuickPanelOpen(false)} />
          </Suspense>
        )}
      </Box>
      <Divider />
      <QuickPanelShifts onNavigate={() => setQuickPanelOpen(false)} />
    </Drawer>
  );
}
