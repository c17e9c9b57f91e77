import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The countdown ticks every second and ends 15 days ahead unless told otherwise. */
const COUNTDOWN_TICK_MS = 1000;
const COUNTDOWN_DEFAULT_DAYS = 15;

interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function remainingUntil(end: Date, now: Date): Remaining {
  const total = Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export function defaultCountdownEnd(now = new Date()): Date {
  return new Date(now.getTime() + COUNTDOWN_DEFAULT_DAYS * 86_400_000);
}

/** Days, hours, minutes and seconds left until `end`; calls onComplete once when it reaches zero. */
export function Countdown({ end, onComplete }: { end?: Date; onComplete?: () => void }) {
  const { t } = useTranslation('shell');
  const [target] = useState(() => end ?? defaultCountdownEnd());
  const [now, setNow] = useState(() => new Date());
  const left = remainingUntil(end ?? target, now);
  const done = left.days + left.hours + left.minutes + left.seconds === 0;

  useEffect(() => {
    if (done) {
      onComplete?.();
      return;
    }
    const timer = setInterval(() => setNow(new Date()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [done, onComplete]);

  const parts: [number, string][] = [
    [left.days, t('countdown.days')],
    [left.hours, t('countdown.hours')],
    [left.minutes, t('countdown.minutes')],
    [left.seconds, t('countdown.seconds')],
  ];
  return (
    <Box sx={{ display: 'flex', gap: 1.5 }} role="timer" aria-live="off" data-testid="countdown">
      {parts.map(([value, label]) => (
        <Box key={label} sx={{ textAlign: 'center', minWidth: 40 }}>
          <Typography sx={{ fontSize: 20, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {String(value).padStart(2, '0')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
