import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHours } from '../../components/format/hours';
import { describeFailure } from '../../lib/failure';
import { showMessage } from '../../lib/snackbar';
import { useAttendanceMutations, useClockStatus } from './api/use-attendance';
import { clockTime } from './attendance-shaping';

/**
 * The signed-in person's clock in / clock out button with where they stand now; on the
 * attendance screen and in the quick panel. Nothing for someone who belongs to no salon.
 */
export function ClockCard({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('staff-attendance');
  const status = useClockStatus();
  const { clockIn, clockOut } = useAttendanceMutations();
  const [problem, setProblem] = useState<string | null>(null);

  if (status.isPending) return <Typography color="text.secondary">{t('loading')}</Typography>;
  if (status.isError) return <Typography color="error">{describeFailure(status.error, t('clock.statusFailed'))}</Typography>;
  if (!status.data.canClock) return <Typography color="text.secondary">{t('clock.noSalon')}</Typography>;

  const open = status.data.open;
  const since = open ? clockTime(open.clockIn, open.clockIn.slice(0, 10)) : '';
  const run = () => {
    setProblem(null);
    const mutation = open ? clockOut : clockIn;
    mutation.mutate(undefined, {
      onSuccess: (record) =>
        showMessage(
          open
            ? t('clock.doneOut', { time: clockTime(record.clockOut, record.clockOut?.slice(0, 10) ?? '') })
            : t('clock.doneIn', { time: clockTime(record.clockIn, record.clockIn.slice(0, 10)) }),
          'success',
        ),
      onError: (error) => setProblem(describeFailure(error, open ? t('clock.failedOut') : t('clock.failedIn'))),
    });
  };
  const today = status.data.today;

  return (
    <Box data-testid={compact ? 'quick-panel-clock' : 'clock-card'} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography data-testid="clock-status" sx={{ fontWeight: 500 }}>
        {open ? t('clock.inSince', { time: since }) : t('clock.out')}
      </Typography>
      {!compact && today && today.hoursWorked > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('clock.todayHours', { hours: formatHours(today.hoursWorked, i18n.language) })}
        </Typography>
      )}
      {problem && (
        <Alert severity="error" data-testid="clock-problem">
          {problem}
        </Alert>
      )}
      <Box>
        <Button
          variant="contained"
          color={open ? 'primary' : 'secondary'}
          startIcon={open ? <LogoutIcon /> : <LoginIcon />}
          onClick={run}
          disabled={clockIn.isPending || clockOut.isPending}
          data-testid={open ? 'clock-out' : 'clock-in'}
        >
          {open ? t('clock.clockOut') : t('clock.clockIn')}
        </Button>
      </Box>
    </Box>
  );
}
