import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, formatDay, formatMonth, isoMonthOf, monthOf, weekdayName, yearOf } from '../format/dates';

interface DateCalendarProps {
  /** The chosen day, YYYY-MM-DD, or '' for none. */
  value: string;
  /** The salon's today (its time zone, not the device's): marked, and the month shown when no day is chosen. */
  today: string;
  onPick: (isoDate: string) => void;
}

/** The ISO weekday (1 Monday .. 7 Sunday) of a YYYY-MM-DD day. */
function isoWeekdayOf(isoDate: string): number {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The 6 weeks (Monday first) that show a month, as YYYY-MM-DD days. */
export function monthGrid(year: number, month: number): string[][] {
  const first = `${isoMonthOf(year, month)}-01`;
  const start = addDays(first, 1 - isoWeekdayOf(first));
  return Array.from({ length: 6 }, (_, week) => Array.from({ length: 7 }, (_, day) => addDays(start, week * 7 + day)));
}

/**
 * A month of days to pick one from, in the interface language: weeks start on Monday (as in
 * both languages' calendars), weekday and month names come from the language, the salon's today
 * is outlined and the chosen day filled. Each day button is named by its full date for screen readers.
 */
export function DateCalendar({ value, today, onPick }: DateCalendarProps) {
  const { t, i18n } = useTranslation('components');
  const language = i18n.language;
  const shownFrom = value || today;
  const [shown, setShown] = useState({ year: yearOf(shownFrom), month: monthOf(shownFrom) });
  const move = (step: number) =>
    setShown(({ year, month }) => {
      const index = year * 12 + (month - 1) + step;
      return { year: Math.floor(index / 12), month: (index % 12) + 1 };
    });
  const weeks = monthGrid(shown.year, shown.month);
  const inMonth = isoMonthOf(shown.year, shown.month);

  return (
    <Box sx={{ p: 1.5, width: 300 }} data-testid="date-calendar">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton size="small" onClick={() => move(-1)} aria-label={t('dateField.previousMonth')}>
          <ChevronLeft />
        </IconButton>
        <Typography
          component="h2"
          variant="subtitle1"
          aria-live="polite"
          data-testid="date-calendar-month"
          sx={{ textTransform: 'capitalize' }}
        >
          {formatMonth(inMonth, language, 'long')}
        </Typography>
        <IconButton size="small" onClick={() => move(1)} aria-label={t('dateField.nextMonth')}>
          <ChevronRight />
        </IconButton>
      </Box>
      <Box
        role="grid"
        aria-label={formatMonth(inMonth, language, 'long')}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.25 }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          {[1, 2, 3, 4, 5, 6, 7].map((weekday) => (
            <Typography
              key={weekday}
              role="columnheader"
              variant="caption"
              color="text.secondary"
              sx={{ textAlign: 'center', textTransform: 'capitalize' }}
            >
              {weekdayName(weekday, language, 'short')}
            </Typography>
          ))}
        </Box>
        {weeks.map((week) => (
          <Box role="row" key={week[0]} sx={{ display: 'contents' }}>
            {week.map((day) => {
              const isChosen = day === value;
              const isToday = day === today;
              return (
                <Box role="gridcell" key={day} aria-selected={isChosen} sx={{ display: 'flex', justifyContent: 'center' }}>
                  <Button
                    size="small"
                    variant={isChosen ? 'contained' : isToday ? 'outlined' : 'text'}
                    color={isChosen ? 'secondary' : 'inherit'}
                    onClick={() => onPick(day)}
                    aria-label={formatDay(day, language, 'long')}
                    aria-current={isToday ? 'date' : undefined}
                    data-testid={`calendar-day-${day}`}
                    sx={{
                      minWidth: 0,
                      width: 36,
                      height: 36,
                      p: 0,
                      borderRadius: '50%',
                      color: isChosen ? undefined : day.startsWith(inMonth) ? 'text.primary' : 'text.disabled',
                    }}
                  >
                    {Number(day.slice(8))}
                  </Button>
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
