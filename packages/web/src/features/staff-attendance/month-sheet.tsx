import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/a11y/visually-hidden';
import { weekdayName } from '../../components/format/dates';
import { formatHours } from '../../components/format/hours';
import type { SheetPerson } from './api/use-attendance';
import { type SheetCell, sheetRow } from './attendance-shaping';

export const FLAG_BG = 'rgba(237, 108, 2, 0.18)';

/** The width of each totals column: they are pinned to the right edge side by side, so each needs a known one. */
const TOTAL_WIDTH = 92;
const TOTAL_COLUMNS = 4;

/**
 * A totals column pinned to the right edge (index 0 the leftmost of the four), opaque so days scroll
 * beneath it; on a phone the four and the names would fill the frame, so there they scroll with the days.
 */
const stickyTotal = (index: number, tint?: string) =>
  ({
    position: { xs: 'static', md: 'sticky' },
    right: { xs: 'auto', md: (TOTAL_COLUMNS - 1 - index) * TOTAL_WIDTH },
    zIndex: 1,
    minWidth: TOTAL_WIDTH,
    maxWidth: TOTAL_WIDTH,
    boxSizing: 'border-box',
    whiteSpace: 'nowrap',
    bgcolor: 'background.paper',
    backgroundImage: tint ? `linear-gradient(${tint}, ${tint})` : undefined,
    fontWeight: 600,
    ...(index === 0 ? { boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}` } : {}),
  }) as const;
export const ABSENCE_BG = 'rgba(2, 136, 209, 0.12)';

function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

function SheetCellView({ cell }: { cell: SheetCell }) {
  const { t, i18n } = useTranslation('staff-attendance');
  const flagged = cell.flags.length > 0;
  const shown = cell.absenceCode
    ? t(`absenceShort.${cell.absenceCode}`)
    : cell.isOpen
      ? t('openShort')
      : cell.hours === null
        ? ''
        : formatHours(cell.hours, i18n.language);
  const notes = [
    ...cell.flags.map((flag) => t(`flags.${flag}`)),
    ...(cell.absenceCode ? [t(`absence.${cell.absenceCode}`)] : []),
    ...(cell.isCorrected ? [t('corrected')] : []),
  ];
  return (
    <TableCell
      align="center"
      data-testid={`sheet-cell-${cell.day}`}
      data-flags={cell.flags.join(' ')}
      title={notes.join(' · ') || undefined}
      sx={{
        // The screen-reader note is absolutely placed: it must stay inside the scrolling table.
        position: 'relative',
        px: 0.5,
        minWidth: 44,
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
        bgcolor: flagged ? FLAG_BG : cell.absenceCode ? ABSENCE_BG : undefined,
        fontWeight: flagged ? 700 : undefined,
      }}
    >
      {shown}
      {flagged && <span aria-hidden="true">!</span>}
      {cell.isCorrected && <span aria-hidden="true">*</span>}
      {notes.length > 0 && <Box component="span" sx={visuallyHidden}>{` (${notes.join(', ')})`}</Box>}
    </TableCell>
  );
}

/** The salon's month, people x days: hours per day, absences, flagged days highlighted, totals per person. */
export function MonthSheet({
  people,
  days,
  onOpenPerson,
}: {
  people: readonly SheetPerson[];
  days: readonly string[];
  onOpenPerson: (person: SheetPerson) => void;
}) {
  const { t, i18n } = useTranslation('staff-attendance');
  const sticky = {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    minWidth: 150,
    boxShadow: (theme: { palette: { divider: string } }) => `inset -1px 0 0 ${theme.palette.divider}`,
  } as const;
  // Head cells are pinned to the top too (stickyHeader); the pinned corners sit above both.
  const corner = { zIndex: 3 } as const;
  return (
    <>
      {/*
        The month scrolls inside its frame both ways: the names stay on the left, the days' header on
        top and the totals on the right, so a 31-day month reads at any width.
      */}
      <TableContainer
        sx={{ maxWidth: '100%', overflow: 'auto', maxHeight: 'max(360px, 75vh)' }}
        tabIndex={0}
        aria-label={t('sheet.scroll')}
        data-testid="month-sheet-scroll"
      >
        <Table size="small" stickyHeader aria-label={t('sheet.label')} data-testid="month-sheet">
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...sticky, ...corner }}>{t('sheet.person')}</TableCell>
              {days.map((day) => (
                <TableCell key={day} align="center" sx={{ px: 0.5 }}>
                  <Box component="span" sx={{ display: 'block', fontSize: 11, color: 'text.secondary' }}>
                    {weekdayName(isoWeekday(day), i18n.language, 'short')}
                  </Box>
                  {Number(day.slice(8))}
                </TableCell>
              ))}
              {(['hoursWorked', 'shiftHours', 'difference', 'flags'] as const).map((key, index) => (
                <TableCell key={key} align="right" sx={{ ...stickyTotal(index), ...corner, position: 'sticky', whiteSpace: 'normal' }}>
                  {t(`totals.${key}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {people.map((person) => {
              const cells = sheetRow(person.days, days);
              const flags = person.totals.forgottenClockOuts + person.totals.clockInsWithoutShift + person.totals.shiftsWithoutClockIn;
              const name = `${person.firstName} ${person.lastName}`.trim();
              return (
                <TableRow key={person.userId} data-testid={`sheet-row-${person.userId}`} hover>
                  <TableCell component="th" scope="row" sx={sticky}>
                    <Button
                      size="small"
                      onClick={() => onOpenPerson(person)}
                      sx={{ textAlign: 'left', justifyContent: 'flex-start', textTransform: 'none' }}
                      aria-label={t('sheet.open', { name })}
                    >
                      {name}
                    </Button>
                    {person.title && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', pl: 1 }}>
                        {person.title}
                      </Typography>
                    )}
                  </TableCell>
                  {cells.map((cell) => (
                    <SheetCellView key={cell.day} cell={cell} />
                  ))}
                  <TableCell align="right" data-testid="sheet-total-hours" sx={stickyTotal(0)}>
                    {formatHours(person.totals.hoursWorked, i18n.language)}
                  </TableCell>
                  <TableCell align="right" sx={stickyTotal(1)}>
                    {formatHours(person.totals.shiftHours, i18n.language)}
                  </TableCell>
                  <TableCell align="right" sx={stickyTotal(2)}>
                    {formatHours(person.totals.difference, i18n.language, { signed: true })}
                  </TableCell>
                  <TableCell align="right" sx={stickyTotal(3, flags > 0 ? FLAG_BG : undefined)}>
                    {flags}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, mt: 1.5, mb: 0 }}
        aria-label={t('legend.label')}
      >
        <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box sx={{ width: 18, height: 18, bgcolor: FLAG_BG, border: 1, borderColor: 'divider' }} />
          <Typography variant="body2">{t('legend.flagged')}</Typography>
        </Box>
        <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box sx={{ width: 18, height: 18, bgcolor: ABSENCE_BG, border: 1, borderColor: 'divider' }} />
          <Typography variant="body2">{t('legend.absence')}</Typography>
        </Box>
        <Box component="li">
          <Typography variant="body2">{t('legend.corrected')}</Typography>
        </Box>
        <Box component="li">
          <Typography variant="body2">{t('legend.codes')}</Typography>
        </Box>
      </Box>
    </>
  );
}
