import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../components/report-frame/date-time-field';
import { describeFailure } from '../../lib/failure';
import { showMessage } from '../../lib/snackbar';
import { type AttendanceRecord, useAttendanceMutations } from './api/use-attendance';
import { type CorrectionProblem, validateCorrection } from './attendance-shaping';

export type CorrectionTarget =
  | { kind: 'correct'; record: AttendanceRecord; name: string }
  | { kind: 'add'; userId: number; day: string; name: string };

/** A manager corrects a record (a forgotten clock-out) or adds one, always with a reason; the API keeps who, when, old and new. */
export function CorrectionDialog({ target, onClose }: { target: CorrectionTarget; onClose: () => void }) {
  const { t } = useTranslation('staff-attendance');
  const { correct, add, remove } = useAttendanceMutations();
  const record = target.kind === 'correct' ? target.record : null;
  const firstDay = record?.clockIn.slice(0, 10) ?? (target.kind === 'add' ? target.day : '');
  const [clockIn, setClockIn] = useState(record?.clockIn ?? (target.kind === 'add' ? `${target.day}T09:00` : ''));
  const [clockOut, setClockOut] = useState(record?.clockOut ?? '');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<CorrectionProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const has = (problem: CorrectionProblem) => problems.includes(problem);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validateCorrection({ clockIn, clockOut, reason });
    setProblems(checked.problems);
    if (!checked.body) return;
    const done = {
      onSuccess: () => {
        showMessage(t('correction.saved', { name: target.name }), 'success');
        onClose();
      },
      onError: (error: unknown) => setFailure(describeFailure(error, t('correction.failed'))),
    };
    if (record) correct.mutate({ id: record.attendanceId, body: checked.body }, done);
    else if (target.kind === 'add') add.mutate({ userId: target.userId, ...checked.body }, done);
  };

  /** Removes a record entered by mistake; the reason is kept with the DELETE correction. Asks once more before it goes. */
  const removeRecord = () => {
    setFailure(null);
    if (!record) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setProblems(['reason']);
      return;
    }
    if (!confirmRemove) {
      setConfirmRemove(true);
      return;
    }
    remove.mutate(
      { id: record.attendanceId, reason: trimmed },
      {
        onSuccess: () => {
          showMessage(t('correction.removed', { name: target.name }), 'success');
          onClose();
        },
        onError: (error: unknown) => setFailure(describeFailure(error, t('correction.removeFailed'))),
      },
    );
  };

  const outError = has('clockOut')
    ? t('correction.errors.clockOut')
    : has('order')
      ? t('correction.errors.order')
      : has('tooLong')
        ? t('correction.errors.tooLong')
        : undefined;
  return (
    <Dialog open onClose={onClose} aria-labelledby="correction-title" fullWidth maxWidth="xs">
      <Box component="form" onSubmit={submit} noValidate data-testid="correction-form">
        <DialogTitle id="correction-title">
          {record ? t('correction.title', { name: target.name }) : t('correction.addTitle', { name: target.name })}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('correction.explain')}</DialogContentText>
          {failure && (
            <Alert severity="error" data-testid="correction-problem">
              {failure}
            </Alert>
          )}
          <DateTimeField
            label={t('correction.clockIn')}
            value={clockIn}
            onChange={setClockIn}
            defaultDay={firstDay}
            error={has('clockIn')}
            helperText={has('clockIn') ? t('correction.errors.clockIn') : undefined}
            testId="correction-clock-in"
          />
          <DateTimeField
            label={t('correction.clockOut')}
            value={clockOut}
            onChange={setClockOut}
            defaultDay={clockIn.slice(0, 10) || firstDay}
            error={outError !== undefined}
            helperText={outError ?? t('correction.clockOutHelp')}
            testId="correction-clock-out"
          />
          <TextField
            size="small"
            label={t('correction.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={has('reason')}
            helperText={has('reason') ? t('correction.errors.reason') : t('correction.reasonHelp')}
            required
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': 'correction-reason', maxLength: 500 } }}
          />
        </DialogContent>
        {confirmRemove && (
          <Alert severity="warning" sx={{ mx: 3 }} data-testid="correction-remove-confirm">
            {t('correction.removeConfirm')}
          </Alert>
        )}
        <DialogActions>
          {record && (
            <Button color="error" onClick={removeRecord} disabled={remove.isPending} sx={{ mr: 'auto' }} data-testid="correction-remove">
              {confirmRemove ? t('correction.removeYes') : t('correction.remove')}
            </Button>
          )}
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color="secondary"
            disabled={correct.isPending || add.isPending}
            data-testid="correction-save"
          >
            {t('correction.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
