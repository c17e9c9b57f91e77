import Button from '@mui/material/Button';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatValue } from '../../components/format/number-format';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel, KpiGrid } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type SalesClientRow, type SalesPerClient, useSalesPerClient } from './api/use-sales-per-client';
import { ClientHistoryDialog } from './components/client-history-dialog';
import { clientNameOf, summarizeClients, topClientsByRevenue } from './sales-shaping';

/** /sales-data-analysis-clients: every client who bought in the range; a row opens the client's service and product history. */
export default function SalesClientsScreen() {
  const { t, i18n } = useTranslation('sales');
  const filters = useReportFilters();
  // There is no per-client gender variant: the rows carry the client's gender, so the filter applies here.
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();
  const perClient = useSalesPerClient({
    salonId: filters.salonId,
    fromDate: filters.fromDate,
    toDate: filters.toDate,
    isEnabled: filters.isRangeValid,
  });
  const rows = useMemo(
    () => (perClient.data?.rows ?? []).filter((row) => gender === 'ALL' || row.gender === gender),
    [perClient.data, gender],
  );
  const [openClient, setOpenClient] = useState<{ name: string; appointmentId: number } | null>(null);
  const columns = useClientColumns(setOpenClient);
  const { table, tableProps, shownRows } = useReportTable({ name: 'sales-clients', columns, details: [genderDetail] });
  const summary = useMemo(() => summarizeClients(shownRows), [shownRows]);
  const language = i18n.language;
  const option = useMemo<EChartsCoreOption>(() => {
    const top = topClientsByRevenue(shownRows, 10).reverse();
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
  }, [shownRows, t, language]);

  return (
    <ReportFrame
      title={t('titles.clients')}
      filters={filters}
      {...reportStateOf(perClient, (data: SalesPerClient) => data.rows.length === 0)}
      extraFilters={genderFilter}
      table={table}
    >
      <KpiGrid
        items={[
          {
            id: 'clientsListed',
            label: t('kpi.clientsListed'),
            value: summary.clients,
            format: 'integer',
            definition: t('definitions.clientsListed'),
          },
          {
            id: 'clientRevenue',
            label: t('kpi.clientRevenue'),
            value: summary.revenue,
            format: 'money',
            definition: t('definitions.clientRevenue'),
            secondary: perClient.data ? (
              <span data-testid="without-client-revenue">
                {t('withoutClient.line', { amount: formatValue(perClient.data.totals.withoutClientRevenue, 'money', i18n.language) })}
              </span>
            ) : undefined,
          },
          { id: 'visits', label: t('kpi.visits'), value: summary.visits, format: 'integer', definition: t('definitions.visits') },
          {
            id: 'clientAverageTicket',
            label: t('kpi.clientAverageTicket'),
            value: summary.averageTicket,
            format: 'money',
            definition: t('definitions.clientAverageTicket'),
          },
        ]}
      />
      <ChartPanel title={t('charts.topClients')} option={option} height={340} />
      <DataTable
        {...tableProps}
        label={t('tables.clients')}
        data={rows}
        getRowId={(row) => String(row.clientId)}
        initialSorting={[{ id: 'revenue', desc: true }]}
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
      { id: 'gender', header: t('columns.gender'), value: (row) => t(`gender.${row.gender}`) },
      { id: 'revenue', header: t('columns.totalRevenue'), value: (row) => row.revenue, kind: 'money' },
      { id: 'servicesRevenue', header: t('columns.servicesRevenue'), value: (row) => row.servicesRevenue, kind: 'money' },
      { id: 'productsRevenue', header: t('columns.productsRevenue'), value: (row) => row.productsRevenue, kind: 'money' },
      { id: 'visits', header: t('columns.visits'), value: (row) => row.visits, kind: 'integer' },
      { id: 'averageTicket', header: t('columns.averageTicket'), value: (row) => row.averageTicket, kind: 'money' },
      {
        id: 'lastVisit',
        header: t('columns.lastVisit'),
        value: (row) => row.lastVisit,
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
