import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { STAFF_MESSAGES } from '@salon/contracts';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDay, formatMonth, weekdayName } from '../../components/format/dates';
import { DayOffFields } from '../../components/staff/day-off-fields';
import { type DayOffErrors, type DayOffTexts, validateDayOff } from '../../components/staff/day-off-form';
import { StaffErrorAlert } from '../../components/staff/staff-error-alert';
import { StaffFrame, useStaffSalon } from '../../components/staff/staff-frame';
import { dayOffOrRequestLabel, HOLIDAY_CHIP_SX, type HolidayDay, holidayLabel, staffChipSx } from '../../components/staff/staff-labels';
import { useRemainingDays } from '../../components/staff/use-remaining-days';
import { useAuth } from '../../lib/auth';
import { showMessage } from '../../lib/snackbar';
import { formatHours } from '../../lib/staff-time';
import { type DayOff, useDaysOff, useDeleteDayOff, useSalonStaff, useSaveDayOff } from './api/use-days-off';
import { useSalonHolidays } from './api/use-holidays';
import { HolidaysSection } from './holidays-section';
import { addMonths, monthRange, monthWeeks, shortNames } from './month-calendar';

interface Person {
  id: number;
  name: string;
}

const nameOf = (person: { firstName: string; lastName: string; userId: number }) =>
  `${person.firstName} ${person.lastName}`.trim() || `#${person.userId}`;

function periodOf(dayOff: DayOff, language: string): string {
  const from = formatDay(dayOff.startDate, language);
  return dayOff.endDate === dayOff.startDate ? from : `${from} – ${formatDay(dayOff.endDate, language)}`;
}

function MonthCalendar({
  month,
  daysOff,
  holidays,
  today,
  isPhone,
}: {
  month: string;
  daysOff: DayOff[];
  /** The month's closed days (national holidays, patron-saint day, closures) by date. */
  holidays: ReadonlyMap<string, HolidayDay>;
  today: string | undefined;
  isPhone: boolean;
}) {
  const { t, i18n } = useTranslation('staff');
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const names = useMemo(() => shortNames(daysOff), [daysOff]);
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ mb: 3 }}>
      <Table
        size="small"
        aria-label={t('daysOff.calendarLabel', { month: formatMonth(month, i18n.language, 'long') })}
        sx={{ tableLayout: 'fixed' }}
        data-testid="days-off-calendar"
      >
        <TableHead>
          <TableRow>
            {[1, 2, 3, 4, 5, 6, 7].map((weekday) => (
              <TableCell key={weekday} component="th" scope="col" sx={{ px: 0.5, textAlign: 'center' }}>
                {weekdayName(weekday, i18n.language, 'short')}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {weeks.map((week) => (
            <TableRow key={week[0]?.day}>
              {week.map(({ day, inMonth }) => {
                const off = inMonth ? daysOff.filter((dayOff) => dayOff.startDate <= day && dayOff.endDate >= day) : [];
                const holiday = inMonth ? holidays.get(day) : undefined;
                const closedLabel = holiday ? t('holidays.closedDay', { label: holidayLabel(t, holiday) }) : undefined;
                return (
                  <TableCell
                    key={day}
                    data-testid={`calendar-day-${day}`}
                    aria-current={day === today ? 'date' : undefined}
                    sx={{
                      verticalAlign: 'top',
                      px: 0.5,
                      height: isPhone ? 48 : 84,
                      bgcolor: day === today ? 'action.selected' : undefined,
                    }}
                  >
                    {inMonth ? (
                      <>
                        <Typography variant="caption" sx={{ fontWeight: 600 }}>
                          {Number(day.slice(8))}
                        </Typography>
                        {holiday ? (
                          isPhone ? (
                            <Box
                              role="img"
                              aria-label={closedLabel}
                              title={closedLabel}
                              data-testid={`calendar-holiday-${day}`}
                              sx={{ ...HOLIDAY_CHIP_SX, height: 6, borderRadius: 3, mt: 0.25 }}
                            />
                          ) : (
                            <Chip
                              size="small"
                              label={holidayLabel(t, holiday)}
                              title={closedLabel}
                              aria-label={closedLabel}
                              data-testid={`calendar-holiday-${day}`}
                              sx={{ maxWidth: '100%', fontSize: 11, height: 20, mb: 0.25, ...HOLIDAY_CHIP_SX }}
                            />
                          )
                        ) : null}
                        {isPhone ? (
                          off.length > 0 ? (
                            <Box
                              aria-label={t('daysOff.peopleOff', { count: off.length })}
                              role="img"
                              sx={{
                                bgcolor: 'info.main',
                                color: 'info.contrastText',
                                borderRadius: 8,
                                fontSize: 11,
                                textAlign: 'center',
                                mt: 0.25,
                              }}
                            >
                              {off.length}
                            </Box>
                          ) : null
                        ) : (
                          <Stack sx={{ gap: 0.25 }}>
                            {off.slice(0, 3).map((dayOff) => (
                              <Chip
                                key={dayOff.userShiftId}
                                size="small"
                                label={`${names.get(dayOff.userId) ?? dayOff.firstName} · ${dayOffOrRequestLabel(t, dayOff)}`}
                                sx={{ maxWidth: '100%', fontSize: 11, height: 20, ...staffChipSx(dayOff.type) }}
                              />
                            ))}
                            {off.length > 3 ? (
                              <Typography variant="caption" color="text.secondary">
                                {t('daysOff.more', { count: off.length - 3 })}
                              </Typography>
                            ) : null}
                          </Stack>
                        )}
                      </>
                    ) : null}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DayOffDialog({
  open,
  editing,
  initial,
  people,
  isBusy,
  error,
  onClose,
  onSave,
}: {
  open: boolean;
  editing: DayOff | null;
  initial: DayOffTexts & { userId: string };
  people: Person[];
  isBusy: boolean;
  error: { error: unknown; message: string } | null;
  onClose: () => void;
  onSave: (userId: number, texts: DayOffTexts) => void;
}) {
  const { t } = useTranslation('staff');
  const titleId = useId();
  const [texts, setTexts] = useState(initial);
  const [errors, setErrors] = useState<DayOffErrors & { userId?: string }>({});
  useEffect(() => {
    if (open) {
      setTexts(initial);
      setErrors({});
    }
  }, [open, initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateDayOff(texts);
    const userError = texts.userId ? {} : { userId: 'required' };
    setErrors({ ...result.errors, ...userError });
    if (result.input && texts.userId) onSave(Number(texts.userId), texts);
  };
  return (
    <Dialog open={open} onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate data-testid="day-off-dialog">
        <DialogTitle id={titleId}>{editing ? t('daysOff.editTitle', { name: nameOf(editing) }) : t('daysOff.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            {editing ? null : (
              <TextField
                select
                size="small"
                label={t('shifts.form.person')}
                value={texts.userId}
                onChange={(event) => setTexts((previous) => ({ ...previous, userId: event.target.value }))}
                error={!!errors.userId}
                helperText={errors.userId ? t('shifts.form.error.required') : undefined}
                slotProps={{ select: { inputProps: { 'data-testid': 'day-off-person' } } }}
              >
                {people.map((person) => (
                  <MenuItem key={person.id} value={String(person.id)}>
                    {person.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <DayOffFields texts={texts} errors={errors} onChange={(change) => setTexts((previous) => ({ ...previous, ...change }))} />
            {error ? <StaffErrorAlert error={error.error} message={error.message} testId="day-off-dialog-error" /> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy} data-testid="day-off-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** /staff-days-off: the salon's days off by month (calendar and list) and each person's holiday allowance; ADMIN adds, changes and deletes. */
export default function StaffDaysOffScreen() {
  const { t, i18n } = useTranslation('staff');
  const staff = useStaffSalon();
  const { user } = useAuth();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const monthParam = params.get('month');
  const month = monthParam && /^\d{4}-(0[1-9]|1[0-2])$/.test(monthParam) ? monthParam : staff.today?.slice(0, 7);
  const range = month ? monthRange(month) : undefined;
  const daysOff = useDaysOff(staff.salonId, range?.from, range?.to);
  const holidays = useSalonHolidays(staff.salonId, range?.from, range?.to);
  const holidaysByDay = useMemo(() => new Map((holidays.data?.days ?? []).map((day) => [day.date, day] as const)), [holidays.data]);
  const salonStaff = useSalonStaff(staff.salonId, staff.canManage);
  const people = useMemo<Person[]>(() => {
    if (staff.canManage) return (salonStaff.data ?? []).map((person) => ({ id: person.userId, name: nameOf(person) }));
    return user ? [{ id: user.userId, name: nameOf(user) }] : [];
  }, [staff.canManage, salonStaff.data, user]);
  const year = month ? Number(month.slice(0, 4)) : undefined;
  const remaining = useRemainingDays(
    people.map((person) => person.id),
    year,
  );
  const save = useSaveDayOff(staff.salonId);
  const remove = useDeleteDayOff();
  const [dialog, setDialog] = useState<{ editing: DayOff | null; initial: DayOffTexts & { userId: string } } | null>(null);
  const [dialogError, setDialogError] = useState<{ error: unknown; message: string } | null>(null);
  const [deleting, setDeleting] = useState<DayOff | null>(null);
  const [pageError, setPageError] = useState<{ error: unknown; message: string } | null>(null);

  const goToMonth = (next: string) =>
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        copy.set('month', next);
        return copy;
      },
      { replace: true },
    );

  const openAdd = () => {
    setDialogError(null);
    const day = staff.today ?? '';
    const start = month && day.slice(0, 7) !== month ? `${month}-01` : day;
    setDialog({
      editing: null,
      initial: { userId: '', type: 'HOLIDAY', part: 'FULL_DAY', startDate: start, endDate: start, startTime: '', endTime: '', note: '' },
    });
  };
  const openEdit = (dayOff: DayOff) => {
    setDialogError(null);
    setDialog({
      editing: dayOff,
      initial: {
        userId: String(dayOff.userId),
        type: dayOff.type,
        part: dayOff.part,
        startDate: dayOff.startDate,
        endDate: dayOff.endDate,
        startTime: dayOff.startTime ?? '',
        endTime: dayOff.endTime ?? '',
        note: dayOff.note,
      },
    });
  };
  const runSave = async (userId: number, texts: DayOffTexts) => {
    const { input } = validateDayOff(texts);
    if (!input) return;
    setDialogError(null);
    const id = dialog?.editing?.userShiftId ?? null;
    try {
      await save.mutateAsync({ id, userId, input });
      setDialog(null);
      showMessage(id === null ? t('daysOff.created') : t('daysOff.updated'), 'success');
    } catch (error) {
      // There is no fixed message for creating a day off: the update's is the nearest.
      setDialogError({ error, message: STAFF_MESSAGES.updateDayOff });
    }
  };
  const runDelete = async () => {
    if (!deleting) return;
    setPageError(null);
    try {
      await remove.mutateAsync(deleting.userShiftId);
      showMessage(t('daysOff.deleted'), 'success');
    } catch (error) {
      setPageError({ error, message: STAFF_MESSAGES.deleteDayOff });
    }
    setDeleting(null);
  };

  const list = daysOff.data ?? [];

  return (
    <StaffFrame
      title={t('daysOff.title')}
      testId="staff-days-off"
      actions={
        staff.canManage ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={openAdd} disabled={!month} data-testid="add-day-off">
            {t('daysOff.add')}
          </Button>
        ) : null
      }
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2 }} role="group" aria-label={t('daysOff.monthNavigation')}>
        <IconButton
          onClick={() => month && goToMonth(addMonths(month, -1))}
          aria-label={t('daysOff.previousMonth')}
          disabled={!month}
          data-testid="month-previous"
        >
          <ChevronLeftIcon />
        </IconButton>
        <Typography
          component="p"
          variant="subtitle1"
          sx={{ fontWeight: 600, textTransform: 'capitalize' }}
          data-testid="month-label"
          aria-live="polite"
        >
          {month ? formatMonth(month, i18n.language, 'long') : '…'}
        </Typography>
        <IconButton
          onClick={() => month && goToMonth(addMonths(month, 1))}
          aria-label={t('daysOff.nextMonth')}
          disabled={!month}
          data-testid="month-next"
        >
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      {pageError ? (
        <Box sx={{ mb: 2 }}>
          <StaffErrorAlert error={pageError.error} message={pageError.message} onClose={() => setPageError(null)} testId="days-off-error" />
        </Box>
      ) : null}
      {daysOff.isError ? (
        <StaffErrorAlert error={daysOff.error} message={STAFF_MESSAGES.getDaysOff} testId="days-off-load-error" />
      ) : !daysOff.data || !month ? (
        <CircularProgress size={24} aria-label={t('common.loading')} />
      ) : (
        <>
          <MonthCalendar month={month} daysOff={list} holidays={holidaysByDay} today={staff.today} isPhone={isPhone} />
          <Section title={t('daysOff.listTitle')} testId="days-off-list">
            {list.length === 0 ? (
              <Typography color="text.secondary">{t('daysOff.none')}</Typography>
            ) : (
              <Stack component="ul" sx={{ gap: 1, listStyle: 'none', p: 0, m: 0 }}>
                {list.map((dayOff) => (
                  <Paper
                    key={dayOff.userShiftId}
                    component="li"
                    variant="outlined"
                    sx={{ p: 1.5 }}
                    data-testid={`day-off-row-${dayOff.userShiftId}`}
                  >
                    <Stack
                      direction={{ xs: 'column', sm: 'row' }}
                      sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                    >
                      <Box>
                        <Typography sx={{ fontWeight: 600 }} component="span">
                          {nameOf(dayOff)}
                        </Typography>{' '}
                        <Typography component="span">{dayOffOrRequestLabel(t, dayOff)}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {periodOf(dayOff, i18n.language)}
                          {dayOff.days > 0
                            ? ` · ${t('requests.workingDays', { count: dayOff.days, days: formatHours(dayOff.days, i18n.language) })}`
                            : ''}
                          {dayOff.note ? ` · ${dayOff.note}` : ''}
                        </Typography>
                      </Box>
                      {staff.canManage ? (
                        <Stack direction="row" sx={{ gap: 1 }}>
                          <Button size="small" onClick={() => openEdit(dayOff)} data-testid="edit-day-off">
                            {t('common.edit')}
                          </Button>
                          <Button size="small" color="error" onClick={() => setDeleting(dayOff)} data-testid="delete-day-off">
                            {t('common.delete')}
                          </Button>
                        </Stack>
                      ) : null}
                    </Stack>
                  </Paper>
                ))}
              </Stack>
            )}
          </Section>
        </>
      )}
      <Section title={t('daysOff.allowanceTitle', { year: year ?? '' })} testId="allowance">
        {remaining.error ? (
          <StaffErrorAlert error={remaining.error} message={STAFF_MESSAGES.remainingDays} testId="allowance-error" />
        ) : staff.canManage && salonStaff.isError ? (
          <StaffErrorAlert error={salonStaff.error} message="Unable to fetch staff list" />
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table
              size="small"
              aria-label={t('daysOff.allowanceTitle', { year: year ?? '' })}
              data-testid="allowance-table"
              sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {t('planner.staff')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t('daysOff.column.allowance')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t('daysOff.column.taken')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t('daysOff.column.pending')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t('daysOff.column.remaining')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {people.map((person) => {
                  const days = remaining.byUser.get(person.id);
                  const cell = (value: number | undefined) => (value === undefined ? '…' : formatHours(value, i18n.language));
                  return (
                    <TableRow key={person.id} data-testid={`allowance-${person.id}`}>
                      <TableCell component="th" scope="row">
                        {person.name}
                      </TableCell>
                      <TableCell align="right">{cell(days?.allowanceDays)}</TableCell>
                      <TableCell align="right">{cell(days?.takenDays)}</TableCell>
                      <TableCell align="right">{cell(days?.pendingDays)}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="remaining-days">
                        {cell(days?.remainingDays)}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Alert severity="info" icon={false} sx={{ mt: 1 }}>
          {t('daysOff.allowanceNote')}
        </Alert>
      </Section>
      {staff.canManage ? (
        <HolidaysSection
          salonId={staff.salonId}
          holidays={holidays.data}
          isError={holidays.isError}
          error={holidays.error}
          today={staff.today}
          month={month}
        />
      ) : null}
      <DayOffDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        initial={
          dialog?.initial ?? {
            userId: '',
            type: 'HOLIDAY',
            part: 'FULL_DAY',
            startDate: '',
            endDate: '',
            startTime: '',
            endTime: '',
            note: '',
          }
        }
        people={people}
        isBusy={save.isPending}
        error={dialogError}
        onClose={() => setDialog(null)}
        onSave={(userId, texts) => void runSave(userId, texts)}
      />
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="delete-day-off-title">
        <DialogTitle id="delete-day-off-title">{t('daysOff.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {deleting ? `${nameOf(deleting)}: ${dayOffOrRequestLabel(t, deleting)}, ${periodOf(deleting, i18n.language)}` : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void runDelete()}
            disabled={remove.isPending}
            data-testid="confirm-delete-day-off"
          >
            {t('common.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </StaffFrame>
  );
}
