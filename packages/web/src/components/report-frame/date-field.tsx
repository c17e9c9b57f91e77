import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateInput, parseDateInput } from '../format/dates';

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
}

/**
 * A date typed as dd/mm/yyyy (the one date format of both languages, format/dates.ts).
 * What is typed stays in the field while it is incomplete; a complete, real date is applied;
 * anything else shows a message and leaves the applied date as it was.
 */
export function DateField({ label, value, onChange, rangeError, testId, required }: DateFieldProps) {
  const { t } = useTranslation('components');
  const helperId = useId();
  const [text, setText] = useState(() => formatDateInput(value));
  const [isTouched, setIsTouched] = useState(false);

  // A date applied from outside (default, another control, the URL) replaces what is shown,
  // unless the field already shows that date.
  useEffect(() => {
    setText((current) => (parseDateInput(current) === value ? current : formatDateInput(value)));
  }, [value]);

  const parsed = parseDateInput(text);
  const digits = text.replace(/\D/g, '').length;
  // Wrong once it cannot be a date any more: a full-length text, or the user left the field.
  const isInvalid =
    text.trim() !== '' ? parsed === null && (isTouched || digits >= 8 || text.trim().length >= 10) : isTouched && !!required;
  const message = isInvalid ? t('dateField.invalid') : parsed !== null || text === '' ? rangeError : undefined;

  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const iso = parseDateInput(next);
        if (iso !== null && iso !== value) onChange(iso);
      }}
      onBlur={() => setIsTouched(true)}
      onFocus={() => setIsTouched(false)}
      error={isInvalid || (message !== undefined && message !== '')}
      helperText={message}
      sx={{ width: 170 }}
      slotProps={{
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
