import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { STAFF_MESSAGES } from '@salon/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDay, isIsoDate } from '../../components/format/dates';
import { staffErrorBody } from '../../components/staff/staff-error';
import { StaffErrorAlert } from '../../components/staff/staff-error-alert';
import { StaffFrame, useStaffSalon } from '../../components/staff/staff-frame';
import { showMessage } from '../../lib/snackbar';
import { addDays, formatHours, mondayOf } from '../../lib/staff-time';
import {
  type ShiftRow,
  useCopyPreviousWeek,
  useCreateShifts,
  useDeleteShift,
  usePlannerWeek,
  usePreviousWeekShifts,
  useUpdateShift,
} from './api/use-planner';
import { buildPlannerWeek, type PlannerShift, personName } from './planner';
import { type CellClash, PlannerDayList, PlannerGrid, type PlannerViewProps } from './planner-views';
import { ShiftDialog } from './shift-dialog';
import type { ShiftFormInput, ShiftFormTexts } from './shift-form';

const EMPTY_TEXTS: ShiftFormTexts = { userId: '', day: '', startTime: '09:00', endTime: '18:00', repeat: 'NONE', until: '', note: '' };

interface DialogState {
  editing: PlannerShift | null;
  initial: ShiftFormTexts;
}

/** /staff-shifts: the salon's weekly planner (staff x days), with shifts added, changed and deleted in place. */
export default function StaffShiftsScreen() {
  const { t, i18n } = useTranslation('staff');
  const staff = useStaffSalon();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'));
  const [params, setParams] = useSearchParams();
  const weekParam = params.get('week');
  const monday = isIsoDate(weekParam) ? mondayOf(weekParam) : staff.today ? mondayOf(staff.today) : undefined;
  const planner = usePlannerWeek(staff.salonId, monday);
  const data = planner.data;
  const week = useMemo(
    () =>
      data
        ? buildPlannerWeek({
            weekStart: data.fromDate,
            people: data.staff.map((person) => ({ id: person.userId, name: personName(person) })),
            shifts: data.shifts,
            daysOff: data.daysOff,
            requests: data.pendingRequests,
          })
        : null,
    [data],
  );
  const closedDays = useMemo(
    () => new Map((data?.days ?? []).filter((day) => !day.isOpen).map((day) => [day.date, day.holiday] as const)),
    [data],
  );
  const people = useMemo(() => (week ? week.rows.map((row) => row.person) : []), [week]);

  const createShifts = useCreateShifts(staff.salonId);
  const deleteShift = useDeleteShift();
  const updateShift = useUpdateShift();
  const copyWeek = useCopyPreviousWeek(staff.salonId);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [dialogError, setDialogError] = useState<{ error: unknown; message: string } | null>(null);
  const [clash, setClash] = useState<CellClash | null>(null);
  const [pageError, setPageError] = useState<{ error: unknown; message: string } | null>(null);
  const [isCopyOpen, setIsCopyOpen] = useState(false);
  const previousWeek = usePreviousWeekShifts(staff.salonId, monday, isCopyOpen);

  const goToWeek = (day: string) => {
    setClash(null);
    setPageError(null);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('week', mondayOf(day));
        return next;
      },
      { replace: true },
    );
  };

  /** A refused write: a clash goes to the cell of the shift it clashed with (that week shown), anything else stays where it happened. */
  const showFailure = (error: unknown, message: string, where: 'dialog' | 'page') => {
    const body = staffErrorBody(error);
    if (body?.reason === 'SHIFT_CLASH' && body.clash) {
      setDialog(null);
      setDialogError(null);
      if (monday && (body.clash.day < monday || body.clash.day > addDays(monday, 6))) goToWeek(body.clash.day);
      setClash({ userId: body.clash.userId, day: body.clash.day, shiftId: body.clash.userTimeframeId, error, message });
      return;
    }
    if (where === 'dialog') setDialogError({ error, message });
    else setPageError({ error, message });
  };

  const openAdd = (userId: number | null, day: string) => {
    setClash(null);
    setDialogError(null);
    setDialog({ editing: null, initial: { ...EMPTY_TEXTS, userId: userId === null ? '' : String(userId), day, until: addDays(day, 28) } });
  };
  const openEdit = (shift: PlannerShift) => {
    setClash(null);
    setDialogError(null);
    setDialog({
      editing: shift,
      initial: {
        userId: String(shift.userId),
        day: shift.day,
        startTime: shift.startTime,
        endTime: shift.endTime,
        repeat: 'NONE',
        until: shift.day,
        note: shift.note,
      },
    });
  };

  const save = async (input: ShiftFormInput) => {
    setDialogError(null);
    const editing = dialog?.editing ?? null;
    if (editing) {
      try {
        await updateShift.mutateAsync({ id: editing.userTimeframeId, input });
        setDialog(null);
        showMessage(t('shifts.changed'), 'success');
      } catch (error) {
        showFailure(error, STAFF_MESSAGES.createShift, 'dialog');
      }
      return;
    }
    try {
      const created = await createShifts.mutateAsync(input);
      setDialog(null);
      showMessage(t('shifts.created', { count: created.length }), 'success');
    } catch (error) {
      showFailure(error, STAFF_MESSAGES.createShift, 'dialog');
    }
  };

  const remove = async (series: 'one' | 'following') => {
    const editing = dialog?.editing;
    if (!editing) return;
    setDialogError(null);
    try {
      const result = await deleteShift.mutateAsync({ id: editing.userTimeframeId, series });
      setDialog(null);
      showMessage(t('shifts.deleted', { count: result.deleted }), 'success');
    } catch (error) {
      setDialogError({ error, message: STAFF_MESSAGES.deleteShift });
    }
  };

  const copy = async (shifts: ShiftRow[]) => {
    setPageError(null);
    setClash(null);
    try {
      const created = await copyWeek.mutateAsync(shifts);
      setIsCopyOpen(false);
      showMessage(t('shifts.created', { count: created.length }), 'success');
    } catch (error) {
      setIsCopyOpen(false);
      showFailure(error, STAFF_MESSAGES.createShift, 'page');
    }
  };

  const viewProps: PlannerViewProps | null =
    week && data
      ? {
          week,
          today: data.today,
          closedDays,
          canManage: staff.canManage,
          clash,
          onDismissClash: () => setClash(null),
          onAdd: openAdd,
          onEdit: openEdit,
        }
      : null;
  const isBusy = createShifts.isPending || deleteShift.isPending || updateShift.isPending;

  return (
    <StaffFrame
      title={t('shifts.title')}
      testId="staff-shifts"
      actions={
        staff.canManage ? (
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => setIsCopyOpen(true)}
            disabled={!data}
            data-testid="copy-previous-week"
          >
            {t('shifts.copyPrevious')}
          </Button>
        ) : null
      }
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}
        role="group"
        aria-label={t('planner.weekNavigation')}
      >
        <IconButton
          onClick={() => monday && goToWeek(addDays(monday, -7))}
          aria-label={t('planner.previousWeek')}
          data-testid="week-previous"
          disabled={!monday}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, minWidth: 0 }} data-testid="week-label" aria-live="polite">
          {monday ? t('planner.weekOf', { from: formatDay(monday, i18n.language), to: formatDay(addDays(monday, 6), i18n.language) }) : '…'}
        </Typography>
        <IconButton
          onClick={() => monday && goToWeek(addDays(monday, 7))}
          aria-label={t('planner.nextWeek')}
          data-testid="week-next"
          disabled={!monday}
        >
          <ChevronRightIcon />
        </IconButton>
        <Button size="small" onClick={() => staff.today && goToWeek(staff.today)} disabled={!staff.today} data-testid="week-today">
          {t('planner.thisWeek')}
        </Button>
        {week ? (
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            {t('planner.totalHoursLine', { hours: formatHours(week.totalHours, i18n.language) })}
          </Typography>
        ) : null}
      </Stack>
      {staff.canManage ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('planner.ownOnly')}
        </Alert>
      )}
      {pageError ? (
        <Box sx={{ mb: 2 }}>
          <StaffErrorAlert error={pageError.error} message={pageError.message} testId="planner-error" onClose={() => setPageError(null)} />
        </Box>
      ) : null}
      {planner.isError ? (
        <StaffErrorAlert
          error={planner.error}
          message={STAFF_MESSAGES.getShifts}
          testId="planner-load-error"
          action={
            <Button color="inherit" size="small" onClick={() => void planner.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !viewProps ? (
        <Box aria-busy="true" data-testid="planner-loading">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2 }}>
            <CircularProgress size={20} aria-label={t('common.loading')} />
            <Typography variant="body2" color="text.secondary">
              {t('common.loading')}
            </Typography>
          </Stack>
          <Skeleton variant="rounded" height={320} />
        </Box>
      ) : viewProps.week.rows.length === 0 ? (
        <Alert severity="info" data-testid="planner-empty">
          {t('planner.noStaff')}
        </Alert>
      ) : isPhone ? (
        <PlannerDayList {...viewProps} />
      ) : (
        <PlannerGrid {...viewProps} />
      )}
      <ShiftDialog
        open={dialog !== null}
        editing={
          dialog?.editing
            ? {
                id: dialog.editing.userTimeframeId,
                recurrenceId: dialog.editing.recurrenceId,
                personName: people.find((person) => person.id === dialog.editing?.userId)?.name ?? personName(dialog.editing),
              }
            : null
        }
        initial={dialog?.initial ?? EMPTY_TEXTS}
        people={people}
        isBusy={isBusy}
        error={dialogError}
        onClose={() => setDialog(null)}
        onSave={(input) => void save(input)}
        onDelete={(series) => void remove(series)}
      />
      <Dialog open={isCopyOpen} onClose={() => setIsCopyOpen(false)} aria-labelledby="copy-week-title" data-testid="copy-week-dialog">
        <DialogTitle id="copy-week-title">{t('shifts.copyTitle')}</DialogTitle>
        <DialogContent>
          {previousWeek.isError ? (
            <StaffErrorAlert error={previousWeek.error} message={STAFF_MESSAGES.getShifts} />
          ) : previousWeek.data && monday ? (
            <DialogContentText data-testid="copy-week-summary">
              {previousWeek.data.length === 0
                ? t('shifts.copyNone', { from: formatDay(addDays(monday, -7), i18n.language) })
                : t('shifts.copySummary', {
                    count: previousWeek.data.length,
                    from: formatDay(addDays(monday, -7), i18n.language),
                    to: formatDay(monday, i18n.language),
                  })}
            </DialogContentText>
          ) : (
            <CircularProgress size={20} aria-label={t('common.loading')} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsCopyOpen(false)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => previousWeek.data && void copy(previousWeek.data)}
            disabled={!previousWeek.data || previousWeek.data.length === 0 || copyWeek.isPending}
            data-testid="copy-week-confirm"
          >
            {t('shifts.copy')}
          </Button>
        </DialogActions>
      </Dialog>
    </StaffFrame>
  );
}
