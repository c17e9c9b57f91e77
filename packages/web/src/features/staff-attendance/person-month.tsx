import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateInput, formatDay } from '../../components/format/dates';
import { formatHours } from '../../components/format/hours';
import { describeFailure } from '../../lib/failure';
import { type Correction, usePersonSheet } from './api/use-attendance';
import { clockTime, flagsOf } from './attendance-shaping';
import { CorrectionDialog, type CorrectionTarget } from './correction-dialog';
import { ABSENCE_BG, FLAG_BG } from './month-sheet';

function formatInstant(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language.startsWith('it') ? 'it-IT' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A wall-clock time as dd/mm/yyyy HH:MM, the one typed date format of both languages. */
function wallClock(time: string | null): string {
  if (!time) return '–';
  return `${formatDateInput(time.slice(0, 10))} ${time.slice(11, 16)}`;
}

function CorrectionsList({ corrections }: { corrections: readonly Correction[] }) {
  const { t, i18n } = useTranslation('staff-attendance');
  if (corrections.length === 0) return <Typography color="text.secondary">{t('history.none')}</Typography>;
  return (
    <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="corrections">
      {corrections.map((c) => (
        <li key={c.correctionId} data-testid="correction-entry">
          <Typography variant="body2">
            <strong>{t(`history.action.${c.action}`)}</strong>
            {' · '}
            {t('history.by', { name: c.changedByName || t('history.unknown'), when: formatInstant(c.changedAt, i18n.language) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('history.change', {
              oldIn: wallClock(c.oldClockIn),
              oldOut: wallClock(c.oldClockOut),
              newIn: wallClock(c.newClockIn),
              newOut: wallClock(c.newClockOut),
            })}
          </Typography>
          <Typography variant="body2">{t('history.reason', { reason: c.reason })}</Typography>
        </li>
      ))}
    </Box>
  );
}

/**
 * One person's month: per day clock-in and -out, hours, the shift's hours, the difference, the
 * absence and the flags, with totals and every correction; a manager corrects or adds records.
 */
export function PersonMonth({ range, userId, canCorrect }: { range: { from: string; to: string }; userId?: number; canCorrect: boolean }) {
  const { t, i18n } = useTranslation('staff-attendance');
  const sheet = usePersonSheet(range, userId);
  const [target, setTarget] = useState<CorrectionTarget | null>(null);
  if (sheet.isPending) return <LinearProgress aria-label={t('loading')} />;
  if (sheet.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void sheet.refetch()}>{t('retry')}</Button>}>
        {describeFailure(sheet.error, t('sheetFailed'))}
      </Alert>
    );
  const { person, corrections } = sheet.data;
  const name = `${person.firstName} ${person.lastName}`.trim();
  const lang = i18n.language;
  const totals = person.totals;
  return (
    <Box data-testid="person-month">
      {canCorrect && (
        <Typography component="h2" variant="h6" sx={{ mb: 1 }} data-testid="person-name">
          {name}
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Chip label={t('summary.daysWorked', { count: totals.daysWorked })} />
        <Chip label={t('summary.hours', { hours: formatHours(totals.hoursWorked, lang) })} data-testid="person-total-hours" />
        <Chip label={t('summary.shiftHours', { hours: formatHours(totals.shiftHours, lang) })} />
        <Chip label={t('summary.difference', { hours: formatHours(totals.difference, lang, { signed: true }) })} />
        {totals.holidayDays + totals.sickDays + totals.permitDays > 0 && (
          <Chip
            label={t('summary.absences', {
              holiday: new Intl.NumberFormat(lang).format(totals.holidayDays),
              sick: totals.sickDays,
              permit: totals.permitDays,
            })}
          />
        )}
      </Stack>
      {person.days.length === 0 ? (
        <Typography color="text.secondary">{t('emptyMonth')}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} aria-label={t('sheet.scroll')}>
          <Table size="small" aria-label={t('person.label', { name })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('person.day')}</TableCell>
                <TableCell>{t('person.clockIn')}</TableCell>
                <TableCell>{t('person.clockOut')}</TableCell>
                <TableCell align="right">{t('person.hours')}</TableCell>
                <TableCell>{t('person.shift')}</TableCell>
                <TableCell align="right">{t('person.shiftHours')}</TableCell>
                <TableCell align="right">{t('person.excusedHours')}</TableCell>
                <TableCell align="right">{t('person.difference')}</TableCell>
                <TableCell>{t('person.notes')}</TableCell>
                {canCorrect && <TableCell>{t('person.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {person.days.map((day) => {
                const flags = flagsOf(day.flags);
                return (
                  <TableRow
                    key={day.day}
                    data-testid={`person-day-${day.day}`}
                    sx={{ bgcolor: flags.length > 0 ? FLAG_BG : day.absenceCode ? ABSENCE_BG : undefined }}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(day.day, lang)}</TableCell>
                    <TableCell>{clockTime(day.clockIn, day.day) || '–'}</TableCell>
                    <TableCell>{day.clockIn && !day.clockOut ? t('stillIn') : clockTime(day.clockOut, day.day) || '–'}</TableCell>
                    <TableCell align="right">{formatHours(day.hoursWorked, lang)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {day.shiftStart ? `${clockTime(day.shiftStart, day.day)}–${clockTime(day.shiftEnd, day.day)}` : '–'}
                    </TableCell>
                    <TableCell align="right">{formatHours(day.shiftHours, lang)}</TableCell>
                    <TableCell align="right">{day.excusedHours > 0 ? formatHours(day.excusedHours, lang) : '–'}</TableCell>
                    <TableCell align="right">{formatHours(day.difference, lang, { signed: true })}</TableCell>
                    <TableCell>
                      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                        {day.absenceCode && <Chip size="small" variant="outlined" label={t(`absence.${day.absenceCode}`)} />}
                        {flags.map((flag) => (
                          <Chip
                            key={flag}
                            size="small"
                            variant="outlined"
                            icon={<WarningAmberIcon color="warning" />}
                            label={t(`flags.${flag}`)}
                            data-testid={`flag-${flag}`}
                          />
                        ))}
                        {day.isCorrected && <Chip size="small" variant="outlined" label={t('corrected')} />}
                      </Stack>
                    </TableCell>
                    {canCorrect && (
                      <TableCell>
                        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                          {day.attendances.map((record) => (
                            <Button
                              key={record.attendanceId}
                              size="small"
                              variant="outlined"
                              onClick={() => setTarget({ kind: 'correct', record, name })}
                              data-testid={`correct-${record.attendanceId}`}
                              aria-label={t('correction.correctNamed', {
                                day: formatDay(day.day, lang),
                                time: clockTime(record.clockIn, day.day),
                              })}
                            >
                              {t('correction.correct')}
                            </Button>
                          ))}
                          {day.attendances.length === 0 && (
                            <Button
                              size="small"
                              onClick={() => setTarget({ kind: 'add', userId: person.userId, day: day.day, name })}
                              data-testid={`add-${day.day}`}
                            >
                              {t('correction.add')}
                            </Button>
                          )}
                        </Stack>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
              <TableRow sx={{ '& td, & th': { fontWeight: 700 } }}>
                <TableCell component="th" scope="row">
                  {t('totals.label')}
                </TableCell>
                <TableCell />
                <TableCell />
                <TableCell align="right">{formatHours(totals.hoursWorked, lang)}</TableCell>
                <TableCell />
                <TableCell align="right">{formatHours(totals.shiftHours, lang)}</TableCell>
                <TableCell align="right">{formatHours(totals.excusedHours, lang)}</TableCell>
                <TableCell align="right">{formatHours(totals.difference, lang, { signed: true })}</TableCell>
                <TableCell />
                {canCorrect && <TableCell />}
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {canCorrect && (
        <Button
          sx={{ mt: 2 }}
          onClick={() => setTarget({ kind: 'add', userId: person.userId, day: range.to, name })}
          data-testid="add-record"
        >
          {t('correction.addAny')}
        </Button>
      )}
      <Typography component="h3" variant="h6" sx={{ mt: 3, mb: 1 }}>
        {t('history.title')}
      </Typography>
      <CorrectionsList corrections={corrections} />
      {target && <CorrectionDialog target={target} onClose={() => setTarget(null)} />}
    </Box>
  );
}
