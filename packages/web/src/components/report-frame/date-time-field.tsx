import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeInput, parseTimeInput } from '../format/dates';
import { DateField } from './date-field';

interface DateTimeFieldProps {
  label: string;
  /** YYYY-MM-DDTHH:MM (salon wall-clock time), or '' for none. */
  value: string;
  /** Called with YYYY-MM-DDTHH:MM as typed (the form checks it), or '' when the time is cleared. */
  onChange: (value: string) => void;
  /** The day a time typed into an empty field belongs to (a clock-out: the clock-in's day). */
  defaultDay: string;
  /** The salon's today, for the calendar. */
  today?: string;
  error?: boolean;
  helperText?: string;
  testId: string;
}

/**
 * A salon wall-clock moment as the app's date picker (dd/mm/yyyy or the calendar, in the
 * interface language) and a 24-hour time typed as people type it (1400, 14.00, 14:00, 9), in place of the browser's own
 * date-time input, whose order and clock follow the device rather than the chosen language.
 */
export function DateTimeField({ label, value, onChange, defaultDay, today, error, helperText, testId }: DateTimeFieldProps) {
  const { t, i18n } = useTranslation('components');
  const [day, setDay] = useState(value.slice(0, 10));
  const [time, setTime] = useState(value.slice(11, 16));
  // A value set from outside replaces both parts; the time only when it is another time than the one being typed (1400 is 14:00).
  useEffect(() => {
    setDay(value.slice(0, 10));
    setTime((current) => (parseTimeInput(current) === value.slice(11, 16) ? current : value.slice(11, 16)));
  }, [value]);
  // A time typed as 1400, 14.00 or 9 leaves the field as HH:MM; what is no time goes as typed, for the form to refuse.
  const emit = (nextDay: string, nextTime: string) =>
    onChange(nextTime.trim() === '' ? '' : `${nextDay || defaultDay}T${parseTimeInput(nextTime) ?? nextTime.trim()}`);

  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <DateField
        label={t('dateTimeField.day', { label })}
        value={day || defaultDay}
        today={today}
        onChange={(next) => {
          setDay(next);
          if (time.trim() !== '') emit(next, time);
        }}
        testId={`${testId}-day`}
      />
      <TextField
        size="small"
        label={t('dateTimeField.time', { label })}
        value={time}
        onChange={(event) => {
          setTime(event.target.value);
          emit(day, event.target.value);
        }}
        onBlur={() => {
          const parsed = parseTimeInput(time);
          if (parsed !== null) setTime(formatTimeInput(parsed, i18n.language));
        }}
        error={error}
        helperText={helperText}
        sx={{ width: 120 }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': `${testId}-time`, inputMode: 'numeric', placeholder: t('dateTimeField.placeholder'), maxLength: 5 },
        }}
      />
    </Box>
  );
}
