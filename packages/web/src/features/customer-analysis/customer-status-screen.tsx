import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatValue } from '../../components/format/number-format';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { errorMessageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { translateMessage } from '../../lib/i18n';
import { showMessage } from '../../lib/snackbar';
import {
  type CustomerStatus,
  type CustomerStatusRow,
  downloadLostList,
  downloadStatusList,
  type StatusSort,
  useCustomerStatusList,
} from './api/use-customer-analysis';
import { ClientDetailDialog } from './client-detail-dialog';
import { lastTwelveMonths, STATUSES } from './customer-shaping';
import { StatusChip } from './status-chip';
import { StatusThresholds } from './status-thresholds';

const SORTS: readonly StatusSort[] = ['LAST_VISIT_DESC', 'LAST_VISIT_ASC', 'TOTAL_SPEND_DESC', 'SPEND_DESC', 'NAME'];
const PAGE_SIZES = [25, 50, 100];
const COUNT_KEY: Record<CustomerStatus, 'active' | 'atRisk' | 'lost' | 'noVisit'> = {
  ACTIVE: 'active',
  AT_RISK: 'atRisk',
  LOST: 'lost',
  NO_VISIT: 'noVisit',
};

const statusOf = (value: string | null): CustomerStatus | undefined =>
  STATUSES.includes(value as CustomerStatus) ? (value as CustomerStatus) : undefined;
/** The order a status list starts in: the lost list with the clients worth most to win back first, the others latest visit first. */
const defaultSortOf = (status: CustomerStatus | undefined): StatusSort => (status === 'LOST' ? 'TOTAL_SPEND_DESC' : 'LAST_VISIT_DESC');
const sortOf = (value: string | null, status: CustomerStatus | undefined): StatusSort =>
  SORTS.includes(value as StatusSort) ? (value as StatusSort) : defaultSortOf(status);

/** The status list's own filters, kept in the URL beside the range (?status&search&sort). */
function useStatusFilters() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const search = params.get('search')?.trim() || undefined;
  const sort = sortOf(params.get('sort'), status);
  // The router applies a navigation as a transition, so a render (typing in the search box) can still
  // hold the URL from before the last change: each change starts from the last one asked for, or a
  // pending search would put back the status chip just left.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const set = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    latest.current = next;
    setParams(next, { replace: true });
  };
  return { status, search, sort, set };
}

/** /customer-analysis-status: every client with their status at the range's end, the lost list and the exports. */
export default function CustomerStatusScreen() {
  const { t, i18n } = useTranslation('customer-analysis');
  const language = i18n.language;
  const { roles } = useAuth();
  const canEdit = roles.includes('ADMIN') || roles.includes('SUPERADMIN');
  const filters = useReportFilters();
  const { status, search, sort, set } = useStatusFilters();
  const [searchText, setSearchText] = useState(search ?? '');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const [openClient, setOpenClient] = useState<{ clientId: number; name: string } | null>(null);
  const range = { salonId: filters.salonId, fromDate: filters.fromDate, toDate: filters.toDate, isEnabled: filters.isRangeValid };
  // A client's detail covers at least the last 12 months up to the range's end, so their history shows.
  const twelveMonths = filters.toDate ? lastTwelveMonths(filters.toDate).fromDate : filters.fromDate;
  const detailRange = { ...range, fromDate: twelveMonths < filters.fromDate ? twelveMonths : filters.fromDate };
  const list = useCustomerStatusList(range, { status, search, sort, limit: pageSize, offset: page * pageSize });
  const data = list.data;

  // The search asks the server once typing pauses.
  const typedSearch = searchText.trim().slice(0, 100) || undefined;
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (typedSearch === search) return;
    searchTimer.current = setTimeout(() => {
      set({ search: typedSearch });
      setPage(0);
    }, 350);
    return () => clearTimeout(searchTimer.current);
  });

  /**
   * Changes the URL's filters together with what is typed in the search box: a pending search
   * would otherwise navigate from the URL as it was and drop this change.
   */
  const changeFilters = (change: Record<string, string | undefined>) => {
    clearTimeout(searchTimer.current);
    set({ search: typedSearch, ...change });
    setPage(0);
  };

  // Another salon or range starts on the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page resets when these change
  useEffect(() => setPage(0), [filters.salonId, filters.fromDate, filters.toDate]);

  const chooseStatus = (next: CustomerStatus | undefined) => {
    // Each status list starts in its own default order.
    changeFilters({ status: next, sort: undefined });
  };

  const rangeOf = () => ({ salonId: filters.salonId as number, fromDate: filters.fromDate, toDate: filters.toDate });
  const isReady = filters.isRangeValid && filters.salonId !== null && data !== undefined;

  const counts = data?.counts;
  const contacts = data?.contactsIncluded ?? false;
  const columns: { id: string; header: string; align?: 'right'; cell: (row: CustomerStatusRow) => ReactNode }[] = [
    {
      id: 'client',
      header: t('column.client'),
      cell: (row) => (
        <Link
          component="button"
          type="button"
          onClick={() => setOpenClient({ clientId: row.clientId, name: `${row.firstName} ${row.lastName}` })}
          sx={{ textAlign: 'left' }}
          data-testid={`client-${row.clientId}`}
        >
          {row.lastName} {row.firstName}
        </Link>
      ),
    },
    { id: 'status', header: t('column.status'), cell: (row) => <StatusChip status={row.status} /> },
    { id: 'lastVisit', header: t('column.lastVisit'), cell: (row) => formatValue(row.lastVisit, 'date', language) },
    {
      id: 'daysSince',
      header: t('column.daysSince'),
      align: 'right',
      cell: (row) => formatValue(row.daysSinceLastVisit, 'integer', language),
    },
    { id: 'visits', header: t('column.visits'), align: 'right', cell: (row) => formatValue(row.visits, 'integer', language) },
    { id: 'spend', header: t('column.spend'), align: 'right', cell: (row) => formatValue(row.spend, 'money', language) },
    {
      id: 'totalVisits',
      header: t('column.totalVisits'),
      align: 'right',
      cell: (row) => formatValue(row.totalVisits, 'integer', language),
    },
    { id: 'totalSpend', header: t('column.totalSpend'), align: 'right', cell: (row) => formatValue(row.totalSpend, 'money', language) },
    ...(contacts
      ? [
          {
            id: 'contact',
            header: t('contact.title'),
            cell: (row: CustomerStatusRow) => <ContactCell contact={row.contact} />,
          },
          {
            id: 'marketing',
            header: t('contact.marketingConsent'),
            cell: (row: CustomerStatusRow) => (row.contact?.marketingConsent ? t('contact.yes') : t('contact.no')),
          },
        ]
      : []),
  ];

  return (
    <ReportFrame title={t('status.title')} filters={filters} {...reportStateOf(list, () => false)}>
      {data && filters.salonId !== null ? (
        <>
          <StatusThresholds salonId={filters.salonId} activeDays={data.activeDays} lostDays={data.lostDays} canEdit={canEdit} />
          <Box
            role="group"
            aria-label={t('status.countsLabel')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
            data-testid="status-counts"
          >
            <Chip
              label={t('status.all', { count: counts?.total ?? 0, value: formatValue(counts?.total, 'integer', language) })}
              variant={status === undefined ? 'filled' : 'outlined'}
              color={status === undefined ? 'primary' : 'default'}
              onClick={() => chooseStatus(undefined)}
              aria-pressed={status === undefined}
              data-testid="count-ALL"
            />
            {STATUSES.map((key) => (
              <Chip
                key={key}
                label={`${t(`statusName.${key}`)}: ${formatValue(counts?.[COUNT_KEY[key]], 'integer', language)}`}
                variant={status === key ? 'filled' : 'outlined'}
                color={status === key ? 'primary' : 'default'}
                onClick={() => chooseStatus(key)}
                aria-pressed={status === key}
                data-testid={`count-${key}`}
              />
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label={t('status.search')}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'status-search' } }}
              sx={{ minWidth: 220 }}
            />
            <TextField
              select
              size="small"
              label={t('status.sort')}
              value={sort}
              onChange={(event) => {
                changeFilters({ sort: event.target.value === defaultSortOf(status) ? undefined : event.target.value });
              }}
              sx={{ minWidth: 220 }}
              slotProps={{ select: { inputProps: { 'data-testid': 'status-sort' } } }}
            >
              {SORTS.map((key) => (
                <MenuItem key={key} value={key}>
                  {t(`sort.${key}`)}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: { md: 'auto' } }}>
              <DownloadButton
                label={t('status.exportStatus')}
                testId="export-status"
                disabled={!isReady}
                run={() => downloadStatusList(rangeOf(), { status, search, sort })}
              />
              <DownloadButton
                label={t('status.exportLost')}
                testId="export-lost"
                disabled={!isReady}
                run={() => downloadLostList(rangeOf())}
              />
            </Box>
          </Box>
          {status === 'LOST' ? (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="lost-list-note">
              {contacts ? t('status.lostNote') : t('status.lostNoteNoContacts')}
            </Alert>
          ) : null}
          <Paper variant="outlined">
            <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
              <Table
                size="small"
                aria-label={t('status.tableLabel')}
                aria-busy={list.isFetching}
                sx={{ '& td': { whiteSpace: 'nowrap' }, '& th': { verticalAlign: 'bottom' } }}
              >
                <TableHead>
                  <TableRow>
                    {columns.map((column) => (
                      <TableCell key={column.id} align={column.align} component="th" scope="col">
                        {column.header}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody data-testid="status-rows">
                  {data.rows.map((row) => (
                    <TableRow key={row.clientId} hover>
                      {columns.map((column) => (
                        <TableCell key={column.id} align={column.align}>
                          {column.cell(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                  {data.rows.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={columns.length}>{t('status.noRows')}</TableCell>
                    </TableRow>
                  ) : null}
                </TableBody>
              </Table>
            </TableContainer>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', px: 1 }}>
              <Typography variant="body2" color="text.secondary" data-testid="status-total" sx={{ py: 1 }}>
                {t('status.matching', { value: formatValue(data.total, 'integer', language), count: data.total })}
                {list.isFetching ? <CircularProgress size={14} sx={{ ml: 1 }} aria-label={t('detail.loading')} /> : null}
              </Typography>
              <TablePagination
                component="div"
                count={data.total}
                page={Math.min(page, Math.max(0, Math.ceil(data.total / pageSize) - 1))}
                onPageChange={(_event, next) => setPage(next)}
                rowsPerPage={pageSize}
                rowsPerPageOptions={PAGE_SIZES}
                onRowsPerPageChange={(event) => {
                  setPageSize(Number(event.target.value));
                  setPage(0);
                }}
                labelRowsPerPage={t('status.rowsPerPage')}
                labelDisplayedRows={({ from, to, count }) =>
                  t('status.displayedRows', {
                    from: formatValue(from, 'integer', language),
                    to: formatValue(to, 'integer', language),
                    count: formatValue(count, 'integer', language),
                  })
                }
                getItemAriaLabel={(type) => t(`status.page.${type}`)}
                sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 0 } }}
              />
            </Box>
          </Paper>
          <ClientDetailDialog range={detailRange} client={openClient} onClose={() => setOpenClient(null)} />
        </>
      ) : null}
    </ReportFrame>
  );
}

/** A client's phone above their email (a dash for what is missing). */
function ContactCell({ contact }: { contact: CustomerStatusRow['contact'] }) {
  return (
    <Box sx={{ lineHeight: 1.3 }}>
      <div>{contact?.phone ?? '–'}</div>
      <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{contact?.email ?? '–'}</Box>
    </Box>
  );
}

/** A returned-link export with its progress; a failure is said in the snackbar. */
function DownloadButton({ label, run, disabled, testId }: { label: string; run: () => Promise<void>; disabled: boolean; testId: string }) {
  const { t } = useTranslation('customer-analysis');
  const [isRunning, setIsRunning] = useState(false);
  const start = async () => {
    setIsRunning(true);
    try {
      await run();
    } catch (error) {
      showMessage(translateMessage(errorMessageOf(error)), 'error');
    } finally {
      setIsRunning(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      // File names keep their case (status.xlsx, Lost List status.xlsx).
      sx={{ textTransform: 'none' }}
      onClick={start}
      disabled={disabled || isRunning}
      aria-busy={isRunning}
      startIcon={isRunning ? <CircularProgress size={16} color="inherit" aria-hidden /> : <FileDownloadOutlined />}
      data-testid={testId}
    >
      {isRunning ? t('status.exporting') : label}
    </Button>
  );
}
