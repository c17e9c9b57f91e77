import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { type ExportExtras, exportSection } from '../../components/export/export-to-xlsx';
import { formatAxisDay } from '../../components/format/dates';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel, Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type SalesByGender, type SalesGenderRow, useSalesByGender } from './api/use-sales-by-gender';
import { type SalesPerDay, useSalesPerDay } from './api/use-sales-per-day';
import { dayColumns } from './components/day-columns';
import { SALES_KPIS, SalesKpis } from './components/sales-kpis';
import { revenueAndAppointmentsOption, shareOption } from './sales-charts';
import { isSalesEmpty, sharePercent } from './sales-shaping';
import { salesTotals } from './sales-totals';

/** A gender bucket's row with its share of the range's revenue. */
type GenderSplitRow = SalesGenderRow & { revenueShare: number | null };

/** /sales-data-analysis: the range's totals, the daily revenue and the split by client gender. */
export default function SalesOverviewScreen() {
  const { t, i18n } = useTranslation('sales');
  const { t: tc } = useTranslation('components');
  const filters = useReportFilters();
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();
  const input = { salonId: filters.salonId, fromDate: filters.fromDate, toDate: filters.toDate, isEnabled: filters.isRangeValid };
  const perDay = useSalesPerDay({ ...input, gender });
  const byGender = useSalesByGender(input);
  const columns = useGenderColumns();
  const days = perDay.data?.rows;
  const totals = perDay.data?.totals;
  // The files carry the screen: its KPI cards, the gender table, and the days the chart draws.
  const extras = useMemo<ExportExtras | undefined>(() => {
    if (!days || !totals) return undefined;
    const columnsOfDays = dayColumns(t, i18n.language, filters.today);
    return {
      kpis: SALES_KPIS.map(({ key, format }) => ({ label: t(`kpi.${key}`), value: totals[key], kind: format })),
      tableTitle: t('titles.genderSplit'),
      sections: [
        exportSection({
          title: t('charts.daily'),
          columns: columnsOfDays,
          rows: days,
          totals: days.length ? { row: salesTotals(days), label: tc('dataTable.total') } : undefined,
        }),
      ],
    };
  }, [days, totals, t, tc, i18n.language, filters.today]);
  const { table, tableProps } = useReportTable({ name: 'sales-overview', columns, details: [genderDetail], extras });

  return (
    <ReportFrame
      title={t('titles.overview')}
      filters={filters}
      {...reportStateOf(perDay, (data: SalesPerDay) => isSalesEmpty(data.totals))}
      extraFilters={genderFilter}
      table={table}
    >
      {perDay.data ? (
        <>
          <SalesKpis totals={perDay.data.totals} />
          <DailyChart data={perDay.data} />
          <GenderSplit data={byGender.data} isError={byGender.isError} tableProps={tableProps} />
        </>
      ) : null}
    </ReportFrame>
  );
}

function DailyChart({ data }: { data: SalesPerDay }) {
  const { t, i18n } = useTranslation('sales');
  const option = useMemo(
    () =>
      revenueAndAppointmentsOption({
        categories: data.rows.map((row) => formatAxisDay(row.day, i18n.language)),
        services: data.rows.map((row) => row.servicesRevenue),
        products: data.rows.map((row) => row.productsRevenue),
        appointments: data.rows.map((row) => row.appointments),
        labels: { services: t('kpi.servicesRevenue'), products: t('kpi.productsRevenue'), appointments: t('kpi.appointments') },
        language: i18n.language,
      }),
    [data, t, i18n.language],
  );
  return <ChartPanel title={t('charts.daily')} option={option} height={300} />;
}

function useGenderColumns(): DataTableColumn<GenderSplitRow>[] {
  const { t } = useTranslation('sales');
  return useMemo(
    () => [
      { id: 'gender', header: t('columns.gender'), value: (row) => t(`gender.${row.gender}`) },
      { id: 'totalRevenue', header: t('columns.totalRevenue'), value: (row) => row.totalRevenue, kind: 'money' },
      { id: 'revenueShare', header: t('columns.revenueShare'), value: (row) => row.revenueShare, kind: 'percent' },
      { id: 'servicesRevenue', header: t('columns.servicesRevenue'), value: (row) => row.servicesRevenue, kind: 'money' },
      { id: 'productsRevenue', header: t('columns.productsRevenue'), value: (row) => row.productsRevenue, kind: 'money' },
      { id: 'appointments', header: t('columns.appointments'), value: (row) => row.appointments, kind: 'integer' },
      { id: 'clients', header: t('columns.clients'), value: (row) => row.clients, kind: 'integer' },
      { id: 'newClients', header: t('columns.newClients'), value: (row) => row.newClients, kind: 'integer' },
      { id: 'averageTicket', header: t('columns.averageTicket'), value: (row) => row.averageTicket, kind: 'money' },
    ],
    [t],
  );
}

function GenderSplit({
  data,
  isError,
  tableProps,
}: {
  data: SalesByGender | undefined;
  isError: boolean;
  tableProps: ReturnType<typeof useReportTable<GenderSplitRow>>['tableProps'];
}) {
  const { t, i18n } = useTranslation('sales');
  const rows = useMemo<GenderSplitRow[]>(() => {
    if (!data) return [];
    const total = data.allGenders.totalRevenue;
    return data.byGender.map((row) => ({ ...row, revenueShare: sharePercent(row.totalRevenue, total) }));
  }, [data]);
  const option = useMemo(
    () =>
      shareOption({ slices: rows.map((row) => ({ name: t(`gender.${row.gender}`), value: row.totalRevenue })), language: i18n.language }),
    [rows, t, i18n.language],
  );
  return (
    <Panel title={t('titles.genderSplit')}>
      {isError ? (
        <Typography color="error" role="alert">
          {t('genderSplitFailed')}
        </Typography>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Chart option={option} label={t('charts.genderSplit')} height={260} />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }} sx={{ minWidth: 0 }}>
            <DataTable {...tableProps} label={t('titles.genderSplit')} data={rows} getRowId={(row) => row.gender} pageSize={0} />
          </Grid>
        </Grid>
      )}
    </Panel>
  );
}
