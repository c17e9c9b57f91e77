import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/report-frame/date-field';
import { DayOffFields } from '../../components/staff/day-off-fields';
import { StaffErrorAlert } from '../../components/staff/staff-error-alert';
import { TimeField } from '../../components/staff/time-field';
import { useMyShiftsOn } from './api/use-requests';
import { type RequestBody, type RequestErrors, type RequestKindName, type RequestTexts, validateRequest } from './request-form';

export interface RequestDialogProps {
  open: boolean;
  /** True when an existing (pending) request is edited. */
  isEdit: boolean;
  initial: RequestTexts;
  myUserId: number | null;
  isBusy: boolean;
  error: { error: unknown; message: string } | null;
  onClose: () => void;
  onSave: (body: RequestBody) => void;
}

/** A new request, or a pending one changed: a day off (type, whole / half day / hours) or a shift change. */
export function RequestDialog({ open, isEdit, initial, myUserId, isBusy, error, onClose, onSave }: RequestDialogProps) {
  const { t } = useTranslation('staff');
  const titleId = useId();
  const [texts, setTexts] = useState(initial);
  const [errors, setErrors] = useState<RequestErrors>({});
  const myShifts = useMyShiftsOn(open && texts.kind === 'SHIFT_CHANGE' ? myUserId : null, texts.day);

  useEffect(() => {
    if (open) {
      setTexts(initial);
      setErrors({});
    }
  }, [open, initial]);

  // A shift change moves that day's shift, so the day's first shift is chosen until the person picks another.
  const dayShifts = myShifts.data;
  useEffect(() => {
    const first = dayShifts?.[0];
    if (first)
      setTexts((previous) =>
        previous.userTimeframeId === '' ? { ...previous, userTimeframeId: String(first.userTimeframeId) } : previous,
      );
  }, [dayShifts]);

  const set = (change: Partial<RequestTexts>) => setTexts((previous) => ({ ...previous, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateRequest(texts);
    setErrors(result.errors);
    if (result.body) onSave(result.body);
  };
  const message = (field: 'day' | 'wantedStart' | 'wantedEnd') =>
    errors[field] ? t(`requests.form.error.${errors[field]}`, { max: 16 }) : undefined;

  return (
    <Dialog open={open} onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate data-testid="request-dialog">
        <DialogTitle id={titleId}>{isEdit ? t('requests.form.editTitle') : t('requests.form.newTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            <RadioGroup
              row
              aria-label={t('requests.form.kind')}
              value={texts.kind}
              onChange={(event) => set({ kind: event.target.value as RequestKindName })}
            >
              {(['DAY_OFF', 'SHIFT_CHANGE'] as const).map((kind) => (
                <FormControlLabel
                  key={kind}
                  value={kind}
                  control={<Radio size="small" slotProps={{ input: { 'data-testid': `request-kind-${kind}` } as object }} />}
                  label={t(`kind.${kind}`)}
                />
              ))}
            </RadioGroup>
            {texts.kind === 'DAY_OFF' ? (
              <DayOffFields texts={texts} errors={errors} onChange={set} />
            ) : (
              <>
                <DateField
                  label={t('requests.form.day')}
                  value={texts.day}
                  onChange={(day) => set({ day, userTimeframeId: '' })}
                  testId="request-day"
                  required
                />
                <Stack direction="row" sx={{ gap: 2 }}>
                  <TimeField
                    label={t('requests.form.wantedStart')}
                    value={texts.wantedStart}
                    onChange={(text) => set({ wantedStart: text })}
                    isInvalid={!!errors.wantedStart}
                    helperText={message('wantedStart')}
                    testId="request-wanted-start"
                  />
                  <TimeField
                    label={t('requests.form.wantedEnd')}
                    value={texts.wantedEnd}
                    onChange={(text) => set({ wantedEnd: text })}
                    isInvalid={!!errors.wantedEnd}
                    helperText={message('wantedEnd')}
                    testId="request-wanted-end"
                  />
                </Stack>
                <TextField
                  select
                  size="small"
                  label={t('requests.form.replaces')}
                  value={texts.userTimeframeId}
                  onChange={(event) => set({ userTimeframeId: event.target.value })}
                  disabled={!myShifts.data}
                  helperText={myShifts.data && myShifts.data.length === 0 ? t('requests.form.noShiftThatDay') : undefined}
                  slotProps={{ select: { inputProps: { 'data-testid': 'request-replaces' } } }}
                >
                  {dayShifts && dayShifts.length > 0 ? null : <MenuItem value="">{t('requests.form.extraShift')}</MenuItem>}
                  {(myShifts.data ?? []).map((shift) => (
                    <MenuItem key={shift.userTimeframeId} value={String(shift.userTimeframeId)}>
                      {`${shift.startTime}–${shift.endTime}`}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  label={t('dayOffForm.note')}
                  value={texts.note}
                  onChange={(event) => set({ note: event.target.value })}
                  error={!!errors.note}
                  helperText={errors.note ? t('dayOffForm.error.noteTooLong') : undefined}
                  slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'request-note' } }}
                />
              </>
            )}
            {error ? <StaffErrorAlert error={error.error} message={error.message} testId="request-dialog-error" /> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy} data-testid="request-save">
            {isEdit ? t('common.save') : t('requests.form.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
