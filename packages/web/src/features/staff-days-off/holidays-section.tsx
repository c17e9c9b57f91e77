import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HOLIDAY_LABEL_MAX } from '@salon/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatDayOfYear, monthName } from '../../components/format/dates';
import { DateField } from '../../components/report-frame/date-field';
import { StaffErrorAlert } from '../../components/staff/staff-error-alert';
import { showMessage } from '../../lib/snackbar';
import { type Closure, type SalonHolidays, useDeleteClosure, useSaveClosure, useSetPatronDay } from './api/use-holidays';
import {
  type ClosureErrors,
  type ClosureTexts,
  type PatronErrors,
  type PatronTexts,
  validateClosure,
  validatePatronDay,
} from './holiday-form';

type Failure = { error: unknown; message: string } | null;

export function closurePeriod(closure: { startDate: string; endDate: string }, language: string): string {
  const from = formatDay(closure.startDate, language);
  return closure.endDate === closure.startDate ? from : `${from} – ${formatDay(closure.endDate, language)}`;
}

function ClosureDialog({
  open,
  editing,
  initial,
  today,
  isBusy,
  error,
  onClose,
  onSave,
}: {
  open: boolean;
  editing: boolean;
  initial: ClosureTexts;
  today: string | undefined;
  isBusy: boolean;
  error: Failure;
  onClose: () => void;
  onSave: (input: ClosureTexts) => void;
}) {
  const { t } = useTranslation('staff');
  const titleId = useId();
  const [texts, setTexts] = useState(initial);
  const [errors, setErrors] = useState<ClosureErrors>({});
  useEffect(() => {
    if (open) {
      setTexts(initial);
      setErrors({});
    }
  }, [open, initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateClosure(texts);
    setErrors(result.errors);
    if (result.input) onSave(result.input);
  };
  const message = (field: keyof ClosureErrors) => (errors[field] ? t(`holidays.error.${errors[field]}`) : undefined);
  return (
    <Dialog open={open} onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate data-testid="closure-dialog">
        <DialogTitle id={titleId}>{editing ? t('holidays.editClosureTitle') : t('holidays.addClosureTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
              <DateField
                label={t('holidays.startDate')}
                value={texts.startDate}
                onChange={(startDate) =>
                  setTexts((previous) => ({
                    ...previous,
                    startDate,
                    endDate: previous.endDate && previous.endDate >= startDate ? previous.endDate : startDate,
                  }))
                }
                rangeError={message('startDate')}
                testId="closure-start"
                today={today}
                required
              />
              <DateField
                label={t('holidays.endDate')}
                value={texts.endDate}
                onChange={(endDate) => setTexts((previous) => ({ ...previous, endDate }))}
                rangeError={message('endDate')}
                testId="closure-end"
                today={today}
              />
            </Stack>
            <TextField
              size="small"
              label={t('holidays.label')}
              value={texts.label}
              onChange={(event) => setTexts((previous) => ({ ...previous, label: event.target.value }))}
              error={!!errors.label}
              helperText={message('label') ?? t('holidays.labelHelp')}
              required
              slotProps={{ htmlInput: { maxLength: HOLIDAY_LABEL_MAX, 'data-testid': 'closure-label' } }}
            />
            {error ? <StaffErrorAlert error={error.error} message={error.message} testId="closure-dialog-error" /> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy} data-testid="closure-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function PatronDayForm({ holidays, salonId }: { holidays: SalonHolidays; salonId: number | null }) {
  const { t, i18n } = useTranslation('staff');
  const setPatron = useSetPatronDay(salonId);
  const current = holidays.patronDay;
  const [texts, setTexts] = useState<PatronTexts>({ month: '', day: '', label: '' });
  const [errors, setErrors] = useState<PatronErrors>({});
  const [failure, setFailure] = useState<Failure>(null);
  // The form follows the stored day when it changes (not on every refetch of the same day).
  const month = current?.month;
  const day = current?.day;
  const label = current?.label;
  useEffect(() => {
    setTexts(
      month !== undefined && day !== undefined && label !== undefined
        ? { month: String(month), day: String(day), label }
        : { month: '', day: '', label: '' },
    );
  }, [month, day, label]);
  const run = async (value: { month: number; day: number; label: string } | null) => {
    setFailure(null);
    try {
      await setPatron.mutateAsync(value);
      showMessage(value ? t('holidays.patronSaved') : t('holidays.patronCleared'), 'success');
    } catch (error) {
      setFailure({ error, message: t('holidays.saveError') });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validatePatronDay(texts);
    setErrors(result.errors);
    if (result.input) void run(result.input);
  };
  const message = (field: keyof PatronErrors) => (errors[field] ? t(`holidays.error.${errors[field]}`) : undefined);
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="patron-day-form">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('holidays.patronTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="patron-day-current">
        {current
          ? t('holidays.patronIs', { day: formatDayOfYear(current.month, current.day, i18n.language), label: current.label })
          : t('holidays.patronNone')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label={t('holidays.patronMonth')}
          value={texts.month}
          onChange={(event) => setTexts((previous) => ({ ...previous, month: event.target.value }))}
          error={!!errors.month}
          helperText={message('month')}
          sx={{ minWidth: 160 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'patron-month' } } }}
        >
          {Array.from({ length: 12 }, (_, index) => index + 1).map((month) => (
            <MenuItem key={month} value={String(month)}>
              {monthName(month, i18n.language)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('holidays.patronDay')}
          value={texts.day}
          onChange={(event) => setTexts((previous) => ({ ...previous, day: event.target.value }))}
          error={!!errors.day}
          helperText={message('day')}
          sx={{ width: 100 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2, 'data-testid': 'patron-day' } }}
        />
        <TextField
          size="small"
          label={t('holidays.patronLabel')}
          value={texts.label}
          onChange={(event) => setTexts((previous) => ({ ...previous, label: event.target.value }))}
          error={!!errors.label}
          helperText={message('label')}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: HOLIDAY_LABEL_MAX, 'data-testid': 'patron-label' } }}
        />
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button type="submit" variant="outlined" disabled={setPatron.isPending} data-testid="patron-save">
            {t('holidays.patronSave')}
          </Button>
          {current ? (
            <Button color="error" onClick={() => void run(null)} disabled={setPatron.isPending} data-testid="patron-clear">
              {t('holidays.patronClear')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {failure ? (
        <Box sx={{ mt: 1 }}>
          <StaffErrorAlert error={failure.error} message={failure.message} testId="patron-day-error" />
        </Box>
      ) : null}
    </Box>
  );
}

/** The salon's closures and patron-saint day, which an ADMIN or SUPERADMIN adds, changes and removes. */
export function HolidaysSection({
  salonId,
  holidays,
  isError,
  error,
  today,
  month,
}: {
  salonId: number | null;
  holidays: SalonHolidays | undefined;
  isError: boolean;
  error: unknown;
  today: string | undefined;
  /** The month shown (YYYY-MM): where a new closure starts. */
  month: string | undefined;
}) {
  const { t, i18n } = useTranslation('staff');
  const save = useSaveClosure(salonId);
  const remove = useDeleteClosure();
  const [dialog, setDialog] = useState<{ editing: Closure | null; initial: ClosureTexts } | null>(null);
  const [dialogError, setDialogError] = useState<Failure>(null);
  const [deleting, setDeleting] = useState<Closure | null>(null);
  const [pageError, setPageError] = useState<Failure>(null);
  const title = t('holidays.title');

  const openAdd = () => {
    setDialogError(null);
    const day = today ?? '';
    const start = month && day.slice(0, 7) !== month ? `${month}-01` : day;
    setDialog({ editing: null, initial: { startDate: start, endDate: start, label: '' } });
  };
  const runSave = async (input: ClosureTexts) => {
    setDialogError(null);
    const id = dialog?.editing?.closureId ?? null;
    try {
      await save.mutateAsync({ id, input });
      setDialog(null);
      showMessage(id === null ? t('holidays.closureCreated') : t('holidays.closureUpdated'), 'success');
    } catch (caught) {
      setDialogError({ error: caught, message: t('holidays.saveError') });
    }
  };
  const runDelete = async () => {
    if (!deleting) return;
    setPageError(null);
    try {
      await remove.mutateAsync(deleting.closureId);
      showMessage(t('holidays.closureDeleted'), 'success');
    } catch (caught) {
      setPageError({ error: caught, message: t('holidays.saveError') });
    }
    setDeleting(null);
  };

  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }} data-testid="holidays-section">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={openAdd} disabled={!holidays} data-testid="add-closure">
          {t('holidays.addClosure')}
        </Button>
      </Stack>
      <Alert severity="info" icon={false} sx={{ mb: 2 }}>
        {t('holidays.intro')}
      </Alert>
      {pageError ? (
        <Box sx={{ mb: 2 }}>
          <StaffErrorAlert error={pageError.error} message={pageError.message} onClose={() => setPageError(null)} testId="closure-error" />
        </Box>
      ) : null}
      {isError ? (
        <StaffErrorAlert error={error} message={t('holidays.loadError')} testId="holidays-load-error" />
      ) : !holidays ? (
        <CircularProgress size={24} aria-label={t('common.loading')} />
      ) : (
        <Stack sx={{ gap: 3 }}>
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {t('holidays.closuresTitle')}
            </Typography>
            {holidays.closures.length === 0 ? (
              <Typography color="text.secondary">{t('holidays.noClosures')}</Typography>
            ) : (
              <Stack component="ul" sx={{ gap: 1, listStyle: 'none', p: 0, m: 0 }} data-testid="closure-list">
                {holidays.closures.map((closure) => (
                  <Paper
                    key={closure.closureId}
                    component="li"
                    variant="outlined"
                    sx={{ p: 1.5 }}
                    data-testid={`closure-${closure.closureId}`}
                  >
                    <Stack
                      direction={{ xs: 'column', sm: 'row' }}
                      sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                    >
                      <Box>
                        <Typography sx={{ fontWeight: 600 }}>{closure.label}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {closurePeriod(closure, i18n.language)}
                        </Typography>
                      </Box>
                      <Stack direction="row" sx={{ gap: 1 }}>
                        <Button
                          size="small"
                          onClick={() => {
                            setDialogError(null);
                            setDialog({
                              editing: closure,
                              initial: { startDate: closure.startDate, endDate: closure.endDate, label: closure.label },
                            });
                          }}
                          data-testid="edit-closure"
                        >
                          {t('common.edit')}
                        </Button>
                        <Button size="small" color="error" onClick={() => setDeleting(closure)} data-testid="delete-closure">
                          {t('common.delete')}
                        </Button>
                      </Stack>
                    </Stack>
                  </Paper>
                ))}
              </Stack>
            )}
          </Box>
          <PatronDayForm holidays={holidays} salonId={salonId} />
        </Stack>
      )}
      <ClosureDialog
        open={dialog !== null}
        editing={dialog?.editing != null}
        initial={dialog?.initial ?? EMPTY_CLOSURE}
        today={today}
        isBusy={save.isPending}
        error={dialogError}
        onClose={() => setDialog(null)}
        onSave={(input) => void runSave(input)}
      />
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="delete-closure-title">
        <DialogTitle id="delete-closure-title">{t('holidays.deleteClosureTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{deleting ? `${deleting.label}: ${closurePeriod(deleting, i18n.language)}` : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void runDelete()}
            disabled={remove.isPending}
            data-testid="confirm-delete-closure"
          >
            {t('common.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

const EMPTY_CLOSURE: ClosureTexts = { startDate: '', endDate: '', label: '' };
