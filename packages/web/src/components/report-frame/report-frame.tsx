import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageOf, MESSAGES } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { translateMessage } from '../../lib/i18n';
import { DateField } from './date-field';
import { ExportButton } from './export-button';
import type { ReportStatus } from './report-status';
import { type ReportTable, useReportTableExports } from './report-table-export';
import { SalonPicker } from './salon-picker';
import type { ReportFilters } from './use-report-filters';

interface ReportExports {
  /** Writes the rows shown to an XLSX file (see exportToXlsx); a report with a `table` gets it from the frame. */
  xlsx?: () => Promise<void> | void;
  /** Writes the rows shown to a CSV file (see exportToCsv); a report with a `table` gets it from the frame. */
  csv?: () => Promise<void> | void;
  /** Downloads the report's PDF. */
  pdf?: () => Promise<void> | void;
}

interface ReportFrameProps {
  /** The report's title, already translated. */
  title: string;
  /** From useReportFilters(): the frame shows and edits them. */
  filters: ReportFilters;
  status: ReportStatus;
  /** The failure behind status 'error'. */
  error?: unknown;
  /** The message for a network or server failure; 'something went wrong.' unless a report says otherwise. */
  errorFallback?: string;
  /** Offered on the error state. */
  onRetry?: () => void;
  exports?: ReportExports;
  /**
   * The table the report shows (from useReportTable()): the frame offers it as XLSX and
   * CSV, under the report's title, salon, period and `details`, named after the salon and period.
   */
  table?: ReportTable<unknown>;
  /** Show the date-range inputs (default true). */
  showDates?: boolean;
  /** The report covers every salon of the chain: no salon picker and no salon needed (default false). */
  isChainWide?: boolean;
  /** Report-specific controls (gender, year, ...) shown beside the standard filters. */
  extraFilters?: ReactNode;
  /** The report itself, shown when status is 'ready'. */
  children: ReactNode;
}

/**
 * The frame every report screen shares: title, salon picker (superadmin) and date range kept in
 * the URL, export buttons with progress, and the loading, empty and error states.
 */
export function ReportFrame({
  title,
  filters,
  status,
  error,
  errorFallback = MESSAGES.failure,
  onRetry,
  exports,
  table,
  showDates = true,
  isChainWide = false,
  extraFilters,
  children,
}: ReportFrameProps) {
  const { t } = useTranslation('components');
  const { isSuperadmin } = useAuth();
  const titleId = useId();
  const hasSalon = isChainWide || filters.salonId !== null;
  const isReady = status === 'ready' && hasSalon && filters.isRangeValid;
  const isRangeWrong = !filters.isPending && !filters.isRangeValid;
  const tableExports = useReportTableExports(title, filters, table);
  const xlsx = tableExports?.xlsx ?? exports?.xlsx;
  const csv = tableExports?.csv ?? exports?.csv;

  let body: ReactNode;
  if (!hasSalon) {
    body = <Alert severity="info">{t('reportFrame.chooseSalon')}</Alert>;
  } else if (isRangeWrong) {
    body = <Alert severity="warning">{t('reportFrame.rangeInvalid')}</Alert>;
  } else if (filters.isPending || status === 'loading') {
    body = (
      <Box aria-busy="true" data-testid="report-loading">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <CircularProgress size={20} aria-label={t('reportFrame.loading')} />
          <Typography variant="body2" color="text.secondary">
            {t('reportFrame.loading')}
          </Typography>
        </Box>
        <Skeleton variant="rounded" height={96} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  } else if (status === 'error' && error instanceof ApiError && error.status === 403) {
    // The route is open to every role but the report's API is not: say so, no retry.
    body = (
      <Alert severity="warning" data-testid="report-forbidden">
        {t('reportFrame.forbidden')}
      </Alert>
    );
  } else if (status === 'error') {
    body = (
      <Alert
        severity="error"
        data-testid="report-error"
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('reportFrame.retry')}
            </Button>
          ) : undefined
        }
      >
        {translateMessage(errorMessageOf(error, errorFallback))}
      </Alert>
    );
  } else if (status === 'empty') {
    body = (
      <Alert severity="info" data-testid="report-empty">
        {translateMessage(MESSAGES.emptyData)}
      </Alert>
    );
  } else {
    body = children;
  }

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id={titleId} variant="h5" component="h1">
          {title}
        </Typography>
        {xlsx || csv || exports?.pdf ? (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {xlsx ? <ExportButton kind="xlsx" run={xlsx} disabled={!isReady} /> : null}
            {csv ? <ExportButton kind="csv" run={csv} disabled={!isReady} /> : null}
            {exports?.pdf ? <ExportButton kind="pdf" run={exports.pdf} disabled={!isReady} /> : null}
          </Stack>
        ) : null}
      </Stack>
      <Box
        role="group"
        aria-label={t('reportFrame.filters')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3, alignItems: 'flex-start' }}
      >
        {isSuperadmin && !isChainWide ? (
          <SalonPicker salonId={filters.salonId} onChange={(salonId) => filters.setFilters({ salonId })} />
        ) : null}
        {showDates ? (
          <>
            <DateField
              label={t('reportFrame.fromDate')}
              value={filters.fromDate}
              onChange={(fromDate) => filters.setFilters({ fromDate })}
              rangeError={isRangeWrong ? t('reportFrame.rangeInvalid') : undefined}
              testId="from-date"
              today={filters.today}
            />
            <DateField
              label={t('reportFrame.toDate')}
              value={filters.toDate}
              onChange={(toDate) => filters.setFilters({ toDate })}
              rangeError={isRangeWrong ? t('reportFrame.rangeInvalid') : undefined}
              testId="to-date"
              today={filters.today}
            />
          </>
        ) : null}
        {extraFilters}
      </Box>
      {body}
    </Box>
  );
}
