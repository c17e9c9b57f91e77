import AddIcon from '@mui/icons-material/Add';
import RepeatIcon from '@mui/icons-material/Repeat';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { getPlannerWeek, ResponseOf } from '@salon/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAxisDay, formatDay, weekdayName } from '../../components/format/dates';
import { StaffErrorAlert } from '../../components/staff/staff-error-alert';
import {
  dayOffOrRequestLabel,
  HOLIDAY_CHIP_SX,
  type HolidayDay,
  holidayLabel,
  STAFF_CHIP_COLORS,
  staffChipSx,
} from '../../components/staff/staff-labels';
import { formatHours, isoWeekday } from '../../lib/staff-time';
import { hoursOfSeconds, type PlannerShift, type PlannerWeek, shiftSecondsOf } from './planner';

type PlannerData = ResponseOf<typeof getPlannerWeek>;
type DayOff = PlannerData['daysOff'][number];
type PendingRequest = PlannerData['pendingRequests'][number];
export type Week = PlannerWeek<DayOff, PendingRequest>;

/** A refused write shown at the cell of the shift it clashed with. */
export interface CellClash {
  userId: number;
  day: string;
  /** The stored shift clashed with (highlighted), or null. */
  shiftId: number | null;
  error: unknown;
  message: string;
}

export interface PlannerViewProps {
  week: Week;
  today: string;
  /** Days the salon is closed (from the planner's days), with the holiday or closure that closes it, if any. */
  closedDays: ReadonlyMap<string, HolidayDay | null>;
  canManage: boolean;
  clash: CellClash | null;
  onDismissClash: () => void;
  onAdd: (userId: number | null, day: string) => void;
  onEdit: (shift: PlannerShift) => void;
}

/** 'Closed' under a day the salon does not open; a holiday or closure shows its name in its own colour. */
function ClosedNote({ holiday, isClosed, day }: { holiday: HolidayDay | null | undefined; isClosed: boolean; day: string }) {
  const { t } = useTranslation('staff');
  if (!isClosed) return null;
  if (!holiday) {
    return (
      <Typography variant="caption" color="text.secondary">
        {t('planner.closed')}
      </Typography>
    );
  }
  const label = holidayLabel(t, holiday);
  return (
    <Chip
      size="small"
      label={label}
      aria-label={t('holidays.closedDay', { label })}
      title={t('holidays.closedDay', { label })}
      data-testid={`planner-holiday-${day}`}
      sx={{ display: 'flex', maxWidth: '100%', width: 'fit-content', fontSize: 11, height: 20, mt: 0.25, ...HOLIDAY_CHIP_SX }}
    />
  );
}

function ShiftButton({
  shift,
  name,
  canManage,
  isClash,
  onEdit,
}: {
  shift: PlannerShift;
  name: string;
  canManage: boolean;
  isClash: boolean;
  onEdit: (shift: PlannerShift) => void;
}) {
  const { t, i18n } = useTranslation('staff');
  const times = `${shift.startTime}–${shift.endTime}`;
  const label = t('shifts.shiftLabel', {
    name,
    day: formatDay(shift.day, i18n.language),
    times,
    context: shift.endsNextDay ? 'nextDay' : undefined,
  });
  const content = (
    <>
      {times}
      {shift.endsNextDay ? <span aria-hidden="true"> +1</span> : null}
      {shift.recurrenceId ? <RepeatIcon sx={{ fontSize: 14, ml: 0.5 }} aria-hidden="true" /> : null}
    </>
  );
  const sx = {
    justifyContent: 'flex-start',
    whiteSpace: 'nowrap',
    px: 1,
    minWidth: 0,
    ...(isClash ? { borderColor: 'error.main', color: 'error.main', borderWidth: 2 } : {}),
  };
  const series = shift.recurrenceKind ? t(`shifts.series.${shift.recurrenceKind}`) : null;
  const title = [series, shift.note].filter(Boolean).join(' · ');
  const button = canManage ? (
    <Button
      size="small"
      variant="outlined"
      onClick={() => onEdit(shift)}
      aria-label={label}
      data-testid={`shift-${shift.userTimeframeId}`}
      data-clash={isClash || undefined}
      sx={sx}
    >
      {content}
    </Button>
  ) : (
    <Box
      component="span"
      aria-label={label}
      role="img"
      data-testid={`shift-${shift.userTimeframeId}`}
      sx={{
        ...sx,
        display: 'inline-flex',
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        py: 0.25,
        fontSize: 13,
      }}
    >
      {content}
    </Box>
  );
  return title ? (
    <Tooltip title={title}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

function AbsenceChips({ daysOff, requests }: { daysOff: DayOff[]; requests: PendingRequest[] }) {
  const { t } = useTranslation('staff');
  return (
    <>
      {daysOff.map((dayOff) => (
        <Chip
          key={`off-${dayOff.userShiftId}`}
          size="small"
          label={dayOffOrRequestLabel(t, dayOff)}
          data-testid={`day-off-${dayOff.userShiftId}`}
          sx={{ maxWidth: '100%', ...staffChipSx(dayOff.type) }}
        />
      ))}
      {requests.map((request) => (
        <Chip
          key={`request-${request.userShiftRequestId}`}
          size="small"
          variant="outlined"
          label={t('planner.pending', { what: dayOffOrRequestLabel(t, request) })}
          data-testid={`pending-request-${request.userShiftRequestId}`}
          sx={{ maxWidth: '100%', borderStyle: 'dashed', borderColor: STAFF_CHIP_COLORS.PENDING, color: STAFF_CHIP_COLORS.PENDING }}
        />
      ))}
    </>
  );
}

function ClashMessage({ clash, onDismiss }: { clash: CellClash; onDismiss: () => void }) {
  return <StaffErrorAlert error={clash.error} message={clash.message} testId="clash-message" onClose={onDismiss} />;
}

/** The week as a table: staff in rows, days in columns, hours per person at the end (desktop). */
export function PlannerGrid({ week, today, closedDays, canManage, clash, onDismissClash, onAdd, onEdit }: PlannerViewProps) {
  const { t, i18n } = useTranslation('staff');
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('planner.tableLabel')} data-testid="planner-grid" sx={{ tableLayout: 'fixed', minWidth: 980 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ width: 150 }}>
              {t('planner.staff')}
            </TableCell>
            {week.days.map((day) => (
              <TableCell
                key={day}
                component="th"
                scope="col"
                aria-current={day === today ? 'date' : undefined}
                sx={{ bgcolor: day === today ? 'action.selected' : closedDays.has(day) ? 'action.hover' : undefined }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {weekdayName(isoWeekday(day), i18n.language, 'short')} {formatAxisDay(day, i18n.language)}
                </Typography>
                <ClosedNote holiday={closedDays.get(day)} isClosed={closedDays.has(day)} day={day} />
              </TableCell>
            ))}
            <TableCell component="th" scope="col" align="right" sx={{ width: 80 }}>
              {t('planner.hours')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {week.rows.map((row) => (
            <TableRow key={row.person.id} data-testid={`planner-row-${row.person.id}`}>
              <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
                {row.person.name}
              </TableCell>
              {row.cells.map((cell) => {
                const cellClash = clash && clash.userId === row.person.id && clash.day === cell.day ? clash : null;
                return (
                  <TableCell
                    key={cell.day}
                    data-testid={`planner-cell-${row.person.id}-${cell.day}`}
                    sx={{ verticalAlign: 'top', px: 0.75, bgcolor: closedDays.has(cell.day) ? 'action.hover' : undefined }}
                  >
                    <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
                      {cell.shifts.map((shift) => (
                        <ShiftButton
                          key={shift.userTimeframeId}
                          shift={shift}
                          name={row.person.name}
                          canManage={canManage}
                          isClash={cellClash?.shiftId === shift.userTimeframeId}
                          onEdit={onEdit}
                        />
                      ))}
                      <AbsenceChips daysOff={cell.daysOff} requests={cell.requests} />
                      {cellClash ? <ClashMessage clash={cellClash} onDismiss={onDismissClash} /> : null}
                      {canManage ? (
                        <IconButton
                          size="small"
                          onClick={() => onAdd(row.person.id, cell.day)}
                          aria-label={t('shifts.addFor', { name: row.person.name, day: formatDay(cell.day, i18n.language) })}
                          data-testid={`add-shift-${row.person.id}-${cell.day}`}
                        >
                          <AddIcon fontSize="small" />
                        </IconButton>
                      ) : null}
                    </Stack>
                  </TableCell>
                );
              })}
              <TableCell align="right" sx={{ verticalAlign: 'top' }} data-testid={`planner-hours-${row.person.id}`}>
                {formatHours(row.hours, i18n.language)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" colSpan={8}>
              {t('planner.totalHours')}
            </TableCell>
            <TableCell align="right" data-testid="planner-total-hours">
              {formatHours(week.totalHours, i18n.language)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** The week as a list of days, each with who works and who is off (a phone). */
export function PlannerDayList({ week, today, closedDays, canManage, clash, onDismissClash, onAdd, onEdit }: PlannerViewProps) {
  const { t, i18n } = useTranslation('staff');
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="planner-day-list">
      {week.days.map((day, index) => {
        const entries: ReactNode[] = [];
        for (const row of week.rows) {
          const cell = row.cells[index];
          if (!cell) continue;
          const cellClash = clash && clash.userId === row.person.id && clash.day === day ? clash : null;
          if (cell.shifts.length === 0 && cell.daysOff.length === 0 && cell.requests.length === 0 && !cellClash) continue;
          entries.push(
            <Box
              key={row.person.id}
              data-testid={`planner-cell-${row.person.id}-${day}`}
              sx={{ py: 0.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600, width: 130, flexShrink: 0 }}>
                {row.person.name}
              </Typography>
              <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center', minWidth: 0 }}>
                {cell.shifts.map((shift) => (
                  <ShiftButton
                    key={shift.userTimeframeId}
                    shift={shift}
                    name={row.person.name}
                    canManage={canManage}
                    isClash={cellClash?.shiftId === shift.userTimeframeId}
                    onEdit={onEdit}
                  />
                ))}
                <AbsenceChips daysOff={cell.daysOff} requests={cell.requests} />
              </Stack>
              {cellClash ? (
                <Box sx={{ mt: 0.5, width: '100%' }}>
                  <ClashMessage clash={cellClash} onDismiss={onDismissClash} />
                </Box>
              ) : null}
            </Box>,
          );
        }
        const hours = hoursOfSeconds(week.rows.reduce((sum, row) => sum + shiftSecondsOf(row.cells[index]?.shifts ?? []), 0));
        return (
          <Card
            key={day}
            variant="outlined"
            component="section"
            aria-label={formatDay(day, i18n.language)}
            data-testid={`planner-day-${day}`}
          >
            <CardContent sx={{ pb: '12px !important' }}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} aria-current={day === today ? 'date' : undefined}>
                  {weekdayName(isoWeekday(day), i18n.language)} {formatAxisDay(day, i18n.language)}
                  {day === today ? ` · ${t('planner.today')}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('planner.hoursShort', { hours: formatHours(Math.round(hours * 100) / 100, i18n.language) })}
                </Typography>
              </Stack>
              <ClosedNote holiday={closedDays.get(day)} isClosed={closedDays.has(day)} day={day} />
              {entries.length > 0 ? entries : <Typography color="text.secondary">{t('planner.nobody')}</Typography>}
              {canManage ? (
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => onAdd(null, day)}
                  data-testid={`add-shift-day-${day}`}
                  aria-label={t('shifts.addOn', { day: formatDay(day, i18n.language) })}
                >
                  {t('shifts.add')}
                </Button>
              ) : null}
            </CardContent>
          </Card>
        );
      })}
      <Alert severity="info" icon={false} data-testid="planner-hours-list">
        <Typography variant="subtitle2" component="h2">
          {t('planner.hoursPerPerson')}
        </Typography>
        {week.rows.map((row) => (
          <Typography key={row.person.id} variant="body2" data-testid={`planner-hours-${row.person.id}`}>
            {row.person.name}: {formatHours(row.hours, i18n.language)}
          </Typography>
        ))}
      </Alert>
    </Stack>
  );
}
