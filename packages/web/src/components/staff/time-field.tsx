import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

/**
 * A 24-hour time typed as hh:mm (Chromium's native time input shows AM/PM in English), as the
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
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={isInvalid}
      helperText={helperText}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId, inputMode: 'numeric', placeholder: 'hh:mm', maxLength: 5, autoComplete: 'off' },
      }}
      sx={{ flex: 1 }}
    />
  );
}
