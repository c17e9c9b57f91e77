import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatDay } from '../../components/format/dates';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import type { ReportFilters } from '../../components/report-frame/use-report-filters';
import { ApiError } from '../../lib/api-client';
import type { FeedbackDetailRow, FeedbackStats } from './api/use-feedback';
import { FeedbackKpis, ScoreStars, scoreChartOption } from './feedback-parts';
import { detailLink, listLink, positiveIntOf } from './feedback-stats';

/** Rows per page offered; the API pages them (limit/offset). */
export const DETAIL_PAGE_SIZES = [25, 50, 100] as const;

export interface FeedbackDetailData {
  name: string;
  summary: FeedbackStats;
  total: number;
  rows: FeedbackDetailRow[];
}

/** The page and page size of a detail page, kept in the URL (?page=1&size=25, 1-based). */
export function useDetailPaging() {
  const [search, setSearch] = useSearchParams();
  const sizeParam = positiveIntOf(search.get('size'));
  const size = DETAIL_PAGE_SIZES.find((s) => s === sizeParam) ?? DETAIL_PAGE_SIZES[0];
  const page = (positiveIntOf(search.get('page')) ?? 1) - 1;
  const setPaging = useCallback(
    (next: { page: number; size?: number }) =>
      setSearch(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next.page > 0) params.set('page', String(next.page + 1));
          else params.delete('page');
          if (next.size !== undefined) params.set('size', String(next.size));
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return { page, size, limit: size, offset: page * size, setPaging };
}

interface FeedbackDetailReportProps {
  subject: 'staff' | 'service';
  filters: ReportFilters;
  /** The id in the URL (?staffId / ?serviceId); null when missing. */
  id: number | null;
  report: UseQueryResult<FeedbackDetailData>;
  paging: ReturnType<typeof useDetailPaging>;
}

const SUBJECT = {
  staff: {
    list: '/feedback-staff-data',
    idParam: 'staffId',
    title: 'detail.staffTitle',
    fallback: 'detail.staffFallback',
    back: 'detail.backToStaff',
    choose: 'detail.chooseStaff',
    notFound: 'detail.staffNotFound',
  },
  service: {
    list: '/feedback-services-data',
    idParam: 'serviceId',
    title: 'detail.serviceTitle',
    fallback: 'detail.serviceFallback',
    back: 'detail.backToServices',
    choose: 'detail.chooseService',
    notFound: 'detail.serviceNotFound',
  },
} as const;

/**
 * A staff member's or a service's feedback over the range: the summary's KPI cards and scores,
 * then the rows one by one (day, client, staff member, service, score, comment), paged by the
 * API; the staff member or service of a row links to their own page; back to the list.
 */
export function FeedbackDetailReport({ subject, filters, id, report, paging }: FeedbackDetailReportProps) {
  const { t, i18n } = useTranslation('feedback');
  const language = i18n.language;
  const [search] = useSearchParams();
  const spec = SUBJECT[subject];
  const data = report.data;
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const isNotFound = report.error instanceof ApiError && report.error.status === 404;
  // A page past the end (the range changed under it) goes back to the first page.
  const { page, setPaging } = paging;
  const isPastEnd = data !== undefined && !report.isPlaceholderData && data.rows.length === 0 && data.total > 0 && page > 0;
  useEffect(() => {
    if (isPastEnd) setPaging({ page: 0 });
  }, [isPastEnd, setPaging]);

  const chart = useMemo(
    () =>
      scoreChartOption(
        data?.summary.distribution ?? [0, 0, 0, 0, 0],
        { score: (score) => t('distribution.score', { score }), series: t('columns.count') },
        language,
      ),
    [data, t, language],
  );

  const back = (
    <Button component={RouterLink} to={listLink(spec.list, spec.idParam, search)} startIcon={<ArrowBack />} data-testid="feedback-back">
      {t(spec.back)}
    </Button>
  );
  const staffCell = (row: FeedbackDetailRow): ReactNode =>
    subject === 'service' && row.staffId !== null ? (
      <Link component={RouterLink} to={detailLink('/feedback-staff-details-data', 'staffId', row.staffId, withoutId(search, 'serviceId'))}>
        {row.staffName}
      </Link>
    ) : (
      row.staffName || '–'
    );
  const serviceCell = (row: FeedbackDetailRow): ReactNode =>
    subject === 'staff' && row.serviceId !== null ? (
      <Link
        component={RouterLink}
        to={detailLink('/feedback-services-details-data', 'serviceId', row.serviceId, withoutId(search, 'staffId'))}
      >
        {row.serviceName}
      </Link>
    ) : (
      row.serviceName || '–'
    );

  let body: ReactNode;
  if (id === null) body = <Alert severity="info">{t(spec.choose)}</Alert>;
  else if (isNotFound) body = <Alert severity="warning">{t(spec.notFound)}</Alert>;
  else body = null;

  // The page is about one staff member or one service: its own column would repeat the title on every row.
  const columns = (['day', 'client', subject === 'staff' ? 'service' : 'staff', 'score', 'comment'] as const).slice();
  const comment = (row: FeedbackDetailRow) =>
    row.comment || (
      <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
        {t('detail.noComment')}
      </Box>
    );
  const other = (row: FeedbackDetailRow) => (subject === 'staff' ? serviceCell(row) : staffCell(row));

  const state = reportStateOf(report, () => false);
  return (
    <ReportFrame
      title={data && id !== null && !isNotFound ? t(spec.title, { name: data.name }) : t(spec.fallback)}
      filters={filters}
      {...state}
      status={body ? 'ready' : state.status}
      extraFilters={back}
    >
      {body ??
        (data ? (
          <>
            <FeedbackKpis stats={data.summary} />
            <ChartPanel title={t('distribution.chart')} option={chart} height={220} />
            <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
              <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5 }}>
                {t('detail.rows')}
              </Typography>
              <Box sx={{ height: 4 }}>{report.isPlaceholderData ? <LinearProgress aria-label={t('detail.loadingPage')} /> : null}</Box>
              {data.total === 0 ? (
                <Alert severity="info" sx={{ m: 2 }}>
                  {t('detail.noRows')}
                </Alert>
              ) : (
                <>
                  {isPhone ? (
                    // On a phone each row is a card, so the score and the comment are read without scrolling sideways.
                    <Box component="ul" aria-label={t('detail.table')} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="feedback-rows">
                      {data.rows.map((row) => (
                        <Box component="li" key={row.feedbackId} sx={{ px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}>
                          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                              {formatDay(row.day, language)}
                            </Typography>
                            <ScoreStars score={row.score} />
                          </Box>
                          <Typography variant="body2" color="text.secondary">
                            {row.clientName || '–'} · {other(row)}
                          </Typography>
                          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                            {comment(row)}
                          </Typography>
                        </Box>
                      ))}
                    </Box>
                  ) : (
                    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
                      <Table size="small" aria-label={t('detail.table')} sx={{ minWidth: 640 }} data-testid="feedback-rows">
                        <TableHead>
                          <TableRow>
                            {columns.map((column) => (
                              <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                                {t(`columns.${column}`)}
                              </TableCell>
                            ))}
                          </TableRow>
                        </TableHead>
                        <TableBody>
                          {data.rows.map((row) => (
                            <TableRow key={row.feedbackId} hover sx={{ verticalAlign: 'top' }}>
                              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(row.day, language)}</TableCell>
                              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.clientName || '–'}</TableCell>
                              {subject === 'service' ? <TableCell sx={{ whiteSpace: 'nowrap' }}>{staffCell(row)}</TableCell> : null}
                              {subject === 'staff' ? <TableCell sx={{ whiteSpace: 'nowrap' }}>{serviceCell(row)}</TableCell> : null}
                              <TableCell>
                                <ScoreStars score={row.score} />
                              </TableCell>
                              <TableCell sx={{ minWidth: 240, maxWidth: 480, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                                {comment(row)}
                              </TableCell>
                            </TableRow>
                          ))}
                        </TableBody>
                      </Table>
                    </TableContainer>
                  )}
                  <TablePagination
                    component="div"
                    count={data.total}
                    page={Math.min(paging.page, Math.max(0, Math.ceil(data.total / paging.size) - 1))}
                    rowsPerPage={paging.size}
                    rowsPerPageOptions={[...DETAIL_PAGE_SIZES]}
                    onPageChange={(_event, page) => paging.setPaging({ page })}
                    onRowsPerPageChange={(event) => paging.setPaging({ page: 0, size: Number(event.target.value) })}
                    labelRowsPerPage={t('components:dataTable.rowsPerPage')}
                    labelDisplayedRows={({ from, to, count }) => t('components:dataTable.pageRange', { from, to, count })}
                    getItemAriaLabel={(type) => t(`components:dataTable.page.${type}`)}
                  />
                </>
              )}
            </Paper>
          </>
        ) : null)}
    </ReportFrame>
  );
}

/** The search params without one id (a link from a staff page to a service page drops the staffId). */
function withoutId(search: URLSearchParams, idParam: string): URLSearchParams {
  const params = new URLSearchParams(search);
  params.delete(idParam);
  return params;
}
