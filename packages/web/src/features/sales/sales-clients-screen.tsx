import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { PaginationState, SortingState } from '@tanstack/react-table';
import type { EChartsCoreOption } from 'echarts/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatValue } from '../../components/format/number-format';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel, KpiGrid } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import {
  fetchAllSalesPerClient,
  type SalesClientRow,
  type SalesPerClient,
  type SalesPerClientQuery,
  useSalesPerClient,
} from './api/use-sales-per-client';
import { ClientHistoryDialog } from './components/client-history-dialog';
import { clientNameOf, topClientsByRevenue } from './sales-shaping';

/** The server's sort fields, by the table's column ids (the gender and history columns are not sortable here). */
const SORT_FIELDS: Record<string, SalesPerClientSort> = {
  name: 'name',
  revenue: 'revenue',
  servicesRevenue: 'servicesRevenue',
  productsRevenue: 'productsRevenue',
  visits: 'visits',
  averageTicket: 'averageTicket',
  lastVisit: 'lastVisit',
};
const DEFAULT_SORTING: SortingState = [{ id: 'revenue', desc: true }];
const round2 = (value: number) => Math.round(value * 100) / 100;
type SalesPerClientSort = NonNullable<SalesPerClientQuery['sort']>;

/**
 * /sales-data-analysis-clients: every client who bought in the range, paged, sorted and filtered
 * by the server (a busy salon has thousands a year); a row opens the client's service and product
 * history. The KPIs and the totals row are the server's totals of every matching client; the
 * exports ask for all of them.
 */
export default function SalesClientsScreen() {
  const { t, i18n } = useTranslation('sales');
  const filters = useReportFilters();
  // There is no per-client gender variant: the server filters the clients by their gender.
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [sorting, setSorting] = useState<SortingState>(DEFAULT_SORTING);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 50 });
  const sortBy = sorting[0];
  const sortField = sortBy ? SORT_FIELDS[sortBy.id] : undefined;
  const sortOrder = sortBy ? (sortBy.desc ? ('desc' as const) : ('asc' as const)) : undefined;
  const genderQuery = gender === 'ALL' ? undefined : gender;
  const order = useMemo(
    () => ({ sort: sortField, order: sortOrder, search, gender: genderQuery }),
    [sortField, sortOrder, search, genderQuery],
  );
  const range = { salonId: filters.salonId, fromDate: filters.fromDate, toDate: filters.toDate, isEnabled: filters.isRangeValid };
  const perClient = useSalesPerClient({
    ...range,
    query: { ...order, limit: pagination.pageSize, offset: pagination.pageIndex * pagination.pageSize },
  });
  // The top-10 chart: the first page when it is already by revenue, else its own small call.
  const isFirstByRevenue = pagination.pageIndex === 0 && sortBy?.id === 'revenue' && sortBy.desc;
  const topTen = useSalesPerClient({
    ...range,
    isEnabled: range.isEnabled && !isFirstByRevenue,
    query: { sort: 'revenue', order: 'desc', search, gender: order.gender, limit: 10 },
  });

  // A new range, gender, order or search starts again on the first page.
  const firstPage = () => setPagination((previous) => ({ ...previous, pageIndex: 0 }));
  const filterKey = `${filters.salonId}|${filters.fromDate}|${filters.toDate}|${gender}|${search ?? ''}`;
  const [lastFilterKey, setLastFilterKey] = useState(filterKey);
  if (filterKey !== lastFilterKey) {
    setLastFilterKey(filterKey);
    firstPage();
  }
  // The search asks the server once typing pauses.
  const typedSearch = searchText.trim().slice(0, 100) || undefined;
  useEffect(() => {
    if (typedSearch === search) return;
    const timer = setTimeout(() => setSearch(typedSearch), 350);
    return () => clearTimeout(timer);
  }, [typedSearch, search]);

  const data = perClient.data;
  const rows = data?.rows ?? [];
  const [openClient, setOpenClient] = useState<{ name: string; appointmentId: number } | null>(null);
  const columns = useClientColumns(setOpenClient);
  const { salonId, fromDate, toDate } = filters;
  const loadRows = useCallback(
    () => (salonId === null ? Promise.resolve([]) : fetchAllSalesPerClient({ salonId, fromDate, toDate }, order)),
    [salonId, fromDate, toDate, order],
  );
  const totals = data?.totals;
  const totalsRow = useMemo<SalesClientRow | null>(
    () =>
      totals
        ? {
            clientId: 0,
            firstName: '',
            lastName: '',
            gender: 'UNKNOWN',
            revenue: totals.revenue,
            servicesRevenue: totals.servicesRevenue ?? 0,
            productsRevenue: totals.productsRevenue ?? 0,
            visits: totals.visits,
            averageTicket: totals.visits ? round2(totals.revenue / totals.visits) : 0,
            lastVisit: '',
            lastAppointmentId: null,
          }
        : null,
    [totals],
  );
  const { table } = useReportTable({
    name: 'sales-clients',
    columns,
    details: [genderDetail],
    loadRows,
  });
  const language = i18n.language;
  const topRows = isFirstByRevenue ? rows : (topTen.data?.rows ?? []);
  const option = useMemo<EChartsCoreOption>(() => {
    const top = topClientsByRevenue(topRows, 10).reverse();
    const money = (value: unknown) => formatValue(Number(value), 'money', language);
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatValue(value, 'integer', language), hideOverlap: true } },
      yAxis: { type: 'category', data: top.map(clientNameOf), axisLabel: { width: 110, overflow: 'truncate' } },
      series: [
        {
          name: t('columns.servicesRevenue'),
          type: 'bar',
          stack: 'revenue',
          data: top.map((row) => row.servicesRevenue),
          tooltip: { valueFormatter: money },
        },
        {
          name: t('columns.productsRevenue'),
          type: 'bar',
          stack: 'revenue',
          data: top.map((row) => row.productsRevenue),
          tooltip: { valueFormatter: money },
        },
      ],
    };
  }, [topRows, t, language]);

  return (
    <ReportFrame
      title={t('titles.clients')}
      filters={filters}
      {...reportStateOf(perClient, (response: SalesPerClient) => response.total === 0 && search === undefined)}
      extraFilters={genderFilter}
      table={table}
    >
      <KpiGrid
        items={[
          {
            id: 'clientsListed',
            label: t('kpi.clientsListed'),
            value: totals?.clients ?? 0,
            format: 'integer',
            definition: t('definitions.clientsListed'),
          },
          {
            id: 'clientRevenue',
            label: t('kpi.clientRevenue'),
            value: totals?.revenue ?? 0,
            format: 'money',
            definition: t('definitions.clientRevenue'),
            secondary: totals ? (
              <span data-testid="without-client-revenue">
                {t('withoutClient.line', { amount: formatValue(totals.withoutClientRevenue, 'money', i18n.language) })}
              </span>
            ) : undefined,
          },
          { id: 'visits', label: t('kpi.visits'), value: totals?.visits ?? 0, format: 'integer', definition: t('definitions.visits') },
          {
            id: 'clientAverageTicket',
            label: t('kpi.clientAverageTicket'),
            value: totalsRow?.averageTicket ?? 0,
            format: 'money',
            definition: t('definitions.clientAverageTicket'),
          },
        ]}
      />
      <ChartPanel title={t('charts.topClients')} option={option} height={340} />
      <TextField
        size="small"
        label={t('clientsSearch')}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'clients-search' } }}
        sx={{ minWidth: 240, alignSelf: 'flex-start' }}
      />
      <DataTable
        columns={columns}
        label={t('tables.clients')}
        data={rows}
        getRowId={(row) => String(row.clientId)}
        server={{
          rowCount: data?.total ?? rows.length,
          pagination,
          onPaginationChange: setPagination,
          sorting,
          onSortingChange: (next) => {
            setSorting(next.length > 0 ? next : DEFAULT_SORTING);
            firstPage();
          },
          totalsRow,
        }}
      />
      <ClientHistoryDialog client={openClient} onClose={() => setOpenClient(null)} />
    </ReportFrame>
  );
}

/** The clients table's columns; the last one opens a client's history. */
function useClientColumns(setOpenClient: (client: { name: string; appointmentId: number }) => void): DataTableColumn<SalesClientRow>[] {
  const { t } = useTranslation('sales');
  return useMemo<DataTableColumn<SalesClientRow>[]>(
    () => [
      { id: 'name', header: t('columns.client'), value: clientNameOf },
      // clientId 0 is the totals row: no gender, no last visit
      {
        id: 'gender',
        header: t('columns.gender'),
        value: (row) => (row.clientId === 0 ? null : t(`gender.${row.gender}`)),
        isSortable: false,
      },
      { id: 'revenue', header: t('columns.totalRevenue'), value: (row) => row.revenue, kind: 'money' },
      { id: 'servicesRevenue', header: t('columns.servicesRevenue'), value: (row) => row.servicesRevenue, kind: 'money' },
      { id: 'productsRevenue', header: t('columns.productsRevenue'), value: (row) => row.productsRevenue, kind: 'money' },
      { id: 'visits', header: t('columns.visits'), value: (row) => row.visits, kind: 'integer' },
      { id: 'averageTicket', header: t('columns.averageTicket'), value: (row) => row.averageTicket, kind: 'money' },
      {
        id: 'lastVisit',
        header: t('columns.lastVisit'),
        value: (row) => row.lastVisit || null,
        kind: 'date',
      },
      {
        id: 'history',
        header: t('columns.history'),
        value: () => null,
        isSortable: false,
        isFilterable: false,
        isExportable: false,
        cell: (row) => {
          const appointmentId = row.lastAppointmentId;
          const name = clientNameOf(row);
          return (
            <Button
              size="small"
              variant="outlined"
              disabled={appointmentId === null}
              title={appointmentId === null ? t('history.walkInOnly') : undefined}
              onClick={() => appointmentId !== null && setOpenClient({ name, appointmentId })}
              aria-label={t('history.openFor', { name })}
            >
              {t('history.open')}
            </Button>
          );
        },
      },
    ],
    [t, setOpenClient],
  );
}
