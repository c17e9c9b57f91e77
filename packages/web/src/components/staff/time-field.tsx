import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeInput, parseTimeInput } from '../format/dates';

/**
 * A 24-hour time typed as people type it (1400, 14.00, 14:00, 9) and shown in the language's
 * format once the field is left (Chromium's native time input shows AM/PM in English), as the
 * shift, day-off and request forms ask for it; half the row's width.
 */
export function TimeField(props: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  isInvalid: boolean;
  helperText: ReactNode;
  testId: string;
}) {
  const { label, value, onChange, isInvalid, helperText, testId } = props;
  const { t, i18n } = useTranslation('components');
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        const time = parseTimeInput(value);
        const shown = time === null ? value : formatTimeInput(time, i18n.language);
        if (shown !== value) onChange(shown);
      }}
      error={isInvalid}
      helperText={helperText}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          'data-testid': testId,
          inputMode: 'numeric',
          placeholder: t('dateTimeField.placeholder'),
          maxLength: 5,
          autoComplete: 'off',
        },
      }}
      sx={{ flex: 1 }}
    />
  );
}
