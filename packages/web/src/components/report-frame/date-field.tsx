import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toIsoDate } from '../../lib/iso-date';
import { formatDateInput, formatDay, parseDateInput } from '../format/dates';
import { DateCalendar } from './date-calendar';

interface DateFieldProps {
  label: string;
  /** The applied date, YYYY-MM-DD; '' while none is known. */
  value: string;
  /** Called only with a complete, real date (YYYY-MM-DD): a half-typed one never leaves the field. */
  onChange: (isoDate: string) => void;
  /** A message from outside the field (the range is the wrong way round): shown when the typed text is fine. */
  rangeError?: string;
  testId?: string;
  required?: boolean;
  /** The salon's today (YYYY-MM-DD, its time zone): where the calendar opens when no date is set, and marked in it. */
  today?: string;
}

/**
 * THE date picker of the app: typed in the language's format, dd/mm/yyyy in both languages
 * (format/dates.ts; digits run together such as 03122026 are refused) or picked from a calendar in the interface language (its button beside the
 * text). What is typed stays in the field while it is incomplete; a complete, real date is
 * applied; anything else shows a message and leaves the applied date as it was.
 */
export function DateField({ label, value, onChange, rangeError, testId, required, today }: DateFieldProps) {
  const { t, i18n } = useTranslation('components');
  const language = i18n.language;
  const helperId = useId();
  const [text, setText] = useState(() => formatDateInput(value));
  const [isTouched, setIsTouched] = useState(false);

  // A date applied from outside (default, another control, the URL) replaces what is shown,
  // unless the field already shows that date.
  useEffect(() => {
    setText((current) => (parseDateInput(current, language) === value ? current : formatDateInput(value)));
  }, [value, language]);

  const parsed = parseDateInput(text, language);
  const digits = text.replace(/\D/g, '').length;
  // Wrong once it cannot be a date any more: a full-length text, or the user left the field.
  const isInvalid =
    text.trim() !== '' ? parsed === null && (isTouched || digits >= 8 || text.trim().length >= 10) : isTouched && !!required;
  const message = isInvalid ? t('dateField.invalid') : parsed !== null || text === '' ? rangeError : undefined;

  const pick = (isoDate: string) => {
    setText(formatDateInput(isoDate));
    setIsTouched(false);
    if (isoDate !== value) onChange(isoDate);
  };
  const shownValue = parsed ?? value;

  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const iso = parseDateInput(next, language);
        if (iso !== null && iso !== value) onChange(iso);
      }}
      onBlur={() => setIsTouched(true)}
      onFocus={() => setIsTouched(false)}
      error={isInvalid || (message !== undefined && message !== '')}
      helperText={message}
      sx={{ width: 190 }}
      slotProps={{
        input: {
          endAdornment: <CalendarAdornment label={label} value={shownValue} today={today} onPick={pick} testId={testId} />,
        },
        inputLabel: { shrink: true },
        formHelperText: {
          id: helperId,
          role: isInvalid ? 'alert' : undefined,
          'data-testid': testId ? `${testId}-message` : undefined,
        } as object,
        htmlInput: {
          'data-testid': testId,
          inputMode: 'numeric',
          autoComplete: 'off',
          placeholder: t('dateField.placeholder'),
          maxLength: 10,
        },
      }}
    />
  );
}

interface CalendarAdornmentProps {
  /** The field's label, which names the button and the calendar. */
  label: string;
  /** The field's date, YYYY-MM-DD, or '' for none. */
  value: string;
  /** The salon's today, YYYY-MM-DD; the device's date when not known. */
  today?: string;
  onPick: (isoDate: string) => void;
  testId?: string;
}

/** The calendar button at the end of a date field, and the calendar it opens: for DateField and any field that takes dd/mm/yyyy. */
export function CalendarAdornment({ label, value, today, onPick, testId }: CalendarAdornmentProps) {
  const { t, i18n } = useTranslation('components');
  const anchor = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <InputAdornment position="end">
      <IconButton
        ref={anchor}
        size="small"
        edge="end"
        onClick={() => setIsOpen(true)}
        aria-label={
          value
            ? t('dateField.openCalendarWith', { label, date: formatDay(value, i18n.language, 'long') })
            : t('dateField.openCalendar', { label })
        }
        aria-haspopup="dialog"
        data-testid={testId ? `${testId}-calendar` : undefined}
      >
        <CalendarMonthOutlined fontSize="small" />
      </IconButton>
      <Popover
        open={isOpen}
        anchorEl={anchor.current}
        onClose={() => setIsOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label } as object }}
      >
        <DateCalendar
          value={value}
          today={today ?? toIsoDate(new Date())}
          onPick={(day) => {
            setIsOpen(false);
            onPick(day);
          }}
        />
      </Popover>
    </InputAdornment>
  );
}
