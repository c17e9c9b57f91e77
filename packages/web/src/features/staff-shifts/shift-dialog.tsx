import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/format/dates';
import { DateField } from '../../components/report-frame/date-field';
import { StaffErrorAlert } from '../../components/staff/staff-error-alert';
import { TimeField } from '../../components/staff/time-field';
import {
  type ShiftFormErrors,
  type ShiftFormInput,
  type ShiftFormTexts,
  type ShiftRepeat,
  seriesCount,
  validateShiftForm,
} from './shift-form';

export interface ShiftDialogPerson {
  id: number;
  name: string;
}

export interface ShiftDialogProps {
  open: boolean;
  /** Null for a new shift; the shift being changed otherwise. */
  editing: { id: number; recurrenceId: string | null; personName: string } | null;
  initial: ShiftFormTexts;
  people: ShiftDialogPerson[];
  isBusy: boolean;
  /** A failure of the last save or delete that is not a clash (a clash is shown at its cell). */
  error: { error: unknown; message: string } | null;
  onClose: () => void;
  onSave: (input: ShiftFormInput) => void;
  onDelete: (series: 'one' | 'following') => void;
}

/** Adds or changes a shift in place: one person, one day, start and end (across midnight allowed), once, weekly or fortnightly. */
export function ShiftDialog({ open, editing, initial, people, isBusy, error, onClose, onSave, onDelete }: ShiftDialogProps) {
  const { t, i18n } = useTranslation('staff');
  const titleId = useId();
  const [texts, setTexts] = useState(initial);
  const [errors, setErrors] = useState<ShiftFormErrors>({});
  const [confirming, setConfirming] = useState<'one' | 'following' | null>(null);

  useEffect(() => {
    if (open) {
      setTexts(initial);
      setErrors({});
      setConfirming(null);
    }
  }, [open, initial]);

  const set = (change: Partial<ShiftFormTexts>) => setTexts((previous) => ({ ...previous, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateShiftForm(texts);
    setErrors(result.errors);
    if (result.input) onSave(result.input);
  };
  const help = (field: keyof ShiftFormErrors, fallback?: string) =>
    errors[field] ? t(`shifts.form.error.${errors[field]}`, { max: 16 }) : fallback;
  const { input: preview } = validateShiftForm(texts);
  const count = preview ? seriesCount(preview.day, preview.until, preview.repeat) : null;

  return (
    <Dialog open={open} onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate data-testid="shift-dialog">
        <DialogTitle id={titleId}>
          {editing ? t('shifts.form.editTitle', { name: editing.personName }) : t('shifts.form.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            <TextField
              select
              size="small"
              label={t('shifts.form.person')}
              value={texts.userId}
              onChange={(event) => set({ userId: event.target.value })}
              disabled={editing !== null}
              error={!!errors.userId}
              helperText={help('userId')}
              slotProps={{ select: { inputProps: { 'data-testid': 'shift-person' } } }}
            >
              {people.map((person) => (
                <MenuItem key={person.id} value={String(person.id)}>
                  {person.name}
                </MenuItem>
              ))}
            </TextField>
            <DateField label={t('shifts.form.day')} value={texts.day} onChange={(day) => set({ day })} testId="shift-day" required />
            <Stack direction="row" sx={{ gap: 2 }}>
              <TimeField
                label={t('shifts.form.start')}
                value={texts.startTime}
                onChange={(text) => set({ startTime: text })}
                isInvalid={!!errors.startTime}
                helperText={help('startTime')}
                testId="shift-start"
              />
              <TimeField
                label={t('shifts.form.end')}
                value={texts.endTime}
                onChange={(text) => set({ endTime: text })}
                isInvalid={!!errors.endTime}
                helperText={help('endTime', t('shifts.form.endHelp'))}
                testId="shift-end"
              />
            </Stack>
            {editing ? null : (
              <FormControl>
                <FormLabel id={`${titleId}-repeat`}>{t('shifts.form.repeat')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={`${titleId}-repeat`}
                  value={texts.repeat}
                  onChange={(event) => set({ repeat: event.target.value as ShiftRepeat })}
                >
                  {(['NONE', 'WEEKLY', 'FORTNIGHTLY'] as const).map((repeat) => (
                    <FormControlLabel
                      key={repeat}
                      value={repeat}
                      control={<Radio size="small" slotProps={{ input: { 'data-testid': `shift-repeat-${repeat}` } as object }} />}
                      label={t(`shifts.repeat.${repeat}`)}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
            {texts.repeat !== 'NONE' && !editing ? (
              <Stack sx={{ gap: 0.5 }}>
                <DateField
                  label={t('shifts.form.until')}
                  value={texts.until}
                  onChange={(until) => set({ until })}
                  testId="shift-until"
                  required
                />
                {errors.until ? (
                  <Alert severity="warning" data-testid="shift-until-error">
                    {help('until')}
                  </Alert>
                ) : count !== null && preview ? (
                  <Alert severity="info" data-testid="shift-series-count">
                    {t('shifts.form.seriesCount', {
                      count,
                      first: formatDay(preview.day, i18n.language),
                      last: formatDay(preview.until, i18n.language),
                    })}
                  </Alert>
                ) : null}
              </Stack>
            ) : null}
            <TextField
              size="small"
              label={t('shifts.form.note')}
              value={texts.note}
              onChange={(event) => set({ note: event.target.value })}
              error={!!errors.note}
              helperText={help('note')}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'shift-note' } }}
            />
            {error ? <StaffErrorAlert error={error.error} message={error.message} testId="shift-dialog-error" /> : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {editing && confirming ? (
            // A deletion cannot be undone: it asks once more, saying what goes.
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mr: 'auto' }} data-testid="shift-delete-confirm">
              <Typography variant="body2">
                {confirming === 'one' ? t('shifts.form.confirmDeleteOne') : t('shifts.form.confirmDeleteFollowing')}
              </Typography>
              <Button
                color="error"
                variant="contained"
                onClick={() => onDelete(confirming)}
                disabled={isBusy}
                data-testid="shift-delete-yes"
              >
                {t('common.delete')}
              </Button>
              <Button onClick={() => setConfirming(null)} disabled={isBusy} data-testid="shift-delete-no">
                {t('shifts.form.keep')}
              </Button>
            </Stack>
          ) : editing ? (
            <>
              <Button color="error" onClick={() => setConfirming('one')} disabled={isBusy} data-testid="shift-delete-one">
                {t('shifts.form.deleteOne')}
              </Button>
              {editing.recurrenceId ? (
                <Button color="error" onClick={() => setConfirming('following')} disabled={isBusy} data-testid="shift-delete-following">
                  {t('shifts.form.deleteFollowing')}
                </Button>
              ) : null}
            </>
          ) : null}
          <Button onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy} data-testid="shift-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
