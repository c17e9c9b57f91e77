import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatAxisDay } from '../../components/format/date-format';
import { GenderFilter, useGenderFilter } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { reportStatusOf } from '../../components/report-frame/report-status';
import { reportTable, useGenderDetail } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type SalesByGender, type SalesGenderRow, useSalesByGender } from './api/use-sales-by-gender';
import { type SalesPerDay, useSalesPerDay } from './api/use-sales-per-day';
import { SalesKpis } from './components/sales-kpis';
import { revenueAndAppointmentsOption, shareOption } from './sales-charts';
import { isSalesEmpty, sharePercent } from './sales-shaping';

/** A gender bucket's row with its share of the range's revenue. */
type GenderSplitRow = SalesGenderRow & { revenueShare: number | null };

/** /sales-data-analysis: the range's totals, the daily revenue and the split by client gender. */
export default function SalesOverviewScreen() {
  const { t } = useTranslation('sales');
  const filters = useReportFilters();
  const [gender, setGender] = useGenderFilter();
  const genderDetail = useGenderDetail(gender);
  const input = { salonId: filters.salonId, fromDate: filters.fromDate, toDate: filters.toDate, isEnabled: filters.isRangeValid };
  const perDay = useSalesPerDay({ ...input, gender });
  const byGender = useSalesByGender(input);
  const status = reportStatusOf(perDay, (data: SalesPerDay) => isSalesEmpty(data.totals));
  const [shownRows, setShownRows] = useState<GenderSplitRow[]>([]);
  const columns = useGenderColumns();

  return (
    <ReportFrame
      title={t('titles.overview')}
      filters={filters}
      status={status}
      error={perDay.error}
      onRetry={() => void perDay.refetch()}
      extraFilters={<GenderFilter value={gender} onChange={setGender} />}
      table={reportTable({ name: 'sales', columns, rows: shownRows, details: [genderDetail] })}
    >
      {perDay.data ? (
        <>
          <SalesKpis totals={perDay.data.totals} />
          <DailyChart data={perDay.data} />
          <GenderSplit data={byGender.data} isError={byGender.isError} columns={columns} onVisibleRowsChange={setShownRows} />
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
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('charts.daily')}
      </Typography>
      <Chart option={option} label={t('charts.daily')} height={300} />
    </Paper>
  );
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
  columns,
  onVisibleRowsChange,
}: {
  data: SalesByGender | undefined;
  isError: boolean;
  columns: DataTableColumn<GenderSplitRow>[];
  onVisibleRowsChange: (rows: GenderSplitRow[]) => void;
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
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('titles.genderSplit')}
      </Typography>
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
            <DataTable
              label={t('titles.genderSplit')}
              columns={columns}
              data={rows}
              getRowId={(row) => row.gender}
              pageSize={0}
              onVisibleRowsChange={onVisibleRowsChange}
            />
          </Grid>
        </Grid>
      )}
    </Paper>
  );
}
