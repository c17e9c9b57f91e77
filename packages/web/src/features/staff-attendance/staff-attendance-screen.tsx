import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { exportAttendancesCsv, exportAttendancesXls } from '@salon/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMonth } from '../../components/format/dates';
import { SalonPicker } from '../../components/report-frame/salon-picker';
import { downloadFile } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useCurrentSalon } from '../../lib/current-salon';
import { describeFailure } from '../../lib/failure';
import { useSalonToday } from '../../lib/salon-today';
import { showMessage } from '../../lib/snackbar';
import { useMonthSheet } from './api/use-attendance';
import { monthOf, shiftMonth } from './attendance-shaping';
import { ClockCard } from './clock-card';
import { MonthSheet } from './month-sheet';
import { PersonMonth } from './person-month';

/** Presence-{YYYYMMDD}-{YYYYMMDD}.csv / .xls. */
export function exportFileName(from: string, to: string, extension: 'csv' | 'xls'): string {
  return `Presence-${from.replaceAll('-', '')}-${to.replaceAll('-', '')}.${extension}`;
}

/**
 * /staff-attendance: a manager's month sheet of the salon (people x days, flags highlighted), a
 * person's month with corrections, and the payroll exports; everyone else their own month. Everyone
 * who belongs to a salon clocks in and out here.
 */
export default function StaffAttendanceScreen() {
  const { t, i18n } = useTranslation('staff-attendance');
  const { roles, isSuperadmin } = useAuth();
  const isManager = isSuperadmin || roles.includes('ADMIN');
  const current = useCurrentSalon();
  const salonToday = useSalonToday(current.salonId);
  const [params, setParams] = useSearchParams();
  const monthParam = params.get('month');
  const month = monthParam && /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : (salonToday ?? new Date().toISOString()).slice(0, 7);
  const range = monthOf(month);
  const personParam = Number(params.get('userId'));
  const personId = isManager && Number.isInteger(personParam) && personParam > 0 ? personParam : undefined;
  const salonId = isSuperadmin ? (current.salonId ?? undefined) : undefined;
  const needsSalon = isSuperadmin && salonId === undefined;
  const sheet = useMonthSheet({ from: range.from, to: range.to }, salonId, isManager && !needsSalon && personId === undefined);
  const [exporting, setExporting] = useState<'csv' | 'xls' | null>(null);

  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  const runExport = async (kind: 'csv' | 'xls') => {
    setExporting(kind);
    const query = {
      from: range.from,
      to: range.to,
      language: i18n.language.startsWith('it') ? ('it' as const) : ('en' as const),
      ...(salonId ? { salonId } : {}),
    };
    try {
      await downloadFile(
        kind === 'csv' ? exportAttendancesCsv : exportAttendancesXls,
        { query },
        exportFileName(range.from, range.to, kind),
      );
    } catch (error) {
      showMessage(describeFailure(error, t('exportFailed')), 'error');
    } finally {
      setExporting(null);
    }
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }} data-testid="staff-attendance-screen">
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {!isSuperadmin && (
        <Paper sx={{ p: 2, mb: 3, maxWidth: 480 }}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('clock.title')}
          </Typography>
          <ClockCard />
        </Paper>
      )}
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, overflow: 'hidden' }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          sx={{ gap: 2, mb: 2, justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <IconButton
              onClick={() => setParam({ month: shiftMonth(month, -1) })}
              aria-label={t('month.previous')}
              data-testid="month-previous"
            >
              <ChevronLeftIcon />
            </IconButton>
            <Typography
              component="h2"
              variant="h6"
              sx={{ minWidth: 150, textAlign: 'center', textTransform: 'capitalize' }}
              data-testid="month-label"
            >
              {formatMonth(month, i18n.language, 'long')}
            </Typography>
            <IconButton onClick={() => setParam({ month: shiftMonth(month, 1) })} aria-label={t('month.next')} data-testid="month-next">
              <ChevronRightIcon />
            </IconButton>
          </Stack>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {isSuperadmin && <SalonPicker salonId={current.salonId} onChange={current.setSalonId} />}
            {isManager && !needsSalon && (
              <>
                <Button
                  variant="outlined"
                  startIcon={<FileDownloadIcon />}
                  onClick={() => void runExport('csv')}
                  disabled={exporting !== null}
                  data-testid="export-csv"
                >
                  {t('export.csv')}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<FileDownloadIcon />}
                  onClick={() => void runExport('xls')}
                  disabled={exporting !== null}
                  data-testid="export-xls"
                >
                  {t('export.xls')}
                </Button>
              </>
            )}
          </Stack>
        </Stack>
        {needsSalon && <Alert severity="info">{t('chooseSalon')}</Alert>}
        {isManager && !needsSalon && personId !== undefined && (
          <>
            <Button startIcon={<ArrowBackIcon />} onClick={() => setParam({ userId: null })} sx={{ mb: 1 }} data-testid="back-to-sheet">
              {t('backToSheet')}
            </Button>
            <PersonMonth range={{ from: range.from, to: range.to }} userId={personId} canCorrect />
          </>
        )}
        {isManager && !needsSalon && personId === undefined && (
          <>
            {sheet.isPending && <LinearProgress aria-label={t('loading')} />}
            {sheet.isError && (
              <Alert severity="error" action={<Button onClick={() => void sheet.refetch()}>{t('retry')}</Button>}>
                {describeFailure(sheet.error, t('sheetFailed'))}
              </Alert>
            )}
            {sheet.isSuccess &&
              (sheet.data.people.length === 0 ? (
                <Typography color="text.secondary">{t('emptySheet')}</Typography>
              ) : (
                <MonthSheet
                  people={sheet.data.people}
                  days={range.days}
                  onOpenPerson={(person) => setParam({ userId: String(person.userId) })}
                />
              ))}
          </>
        )}
        {!isManager && <PersonMonth range={{ from: range.from, to: range.to }} canCorrect={false} />}
      </Paper>
    </Box>
  );
}
