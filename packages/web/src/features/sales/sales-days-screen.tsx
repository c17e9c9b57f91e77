import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/chart/chart';
import { DataTable } from '../../components/data-table/data-table';
import { formatAxisDay } from '../../components/format/date-format';
import { GenderFilter, useGenderFilter } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { reportStatusOf } from '../../components/report-frame/report-status';
import { reportTable, useGenderDetail } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type SalesDayRow, type SalesPerDay, useSalesPerDay } from './api/use-sales-per-day';
import { dayColumns } from './components/day-columns';
import { SalesKpis } from './components/sales-kpis';
import { revenueAndAppointmentsOption } from './sales-charts';
import { isSalesEmpty } from './sales-shaping';
import { salesTotals } from './sales-totals';

/** /sales-data-analysis-days: every day of the range with its sales measures, as a chart and a table. */
export default function SalesDaysScreen() {
  const { t, i18n } = useTranslation('sales');
  const filters = useReportFilters();
  const [gender, setGender] = useGenderFilter();
  const genderDetail = useGenderDetail(gender);
  const perDay = useSalesPerDay({
    salonId: filters.salonId,
    fromDate: filters.fromDate,
    toDate: filters.toDate,
    gender,
    isEnabled: filters.isRangeValid,
  });
  const status = reportStatusOf(perDay, (data: SalesPerDay) => isSalesEmpty(data.totals));
  const columns = useMemo(() => dayColumns(t, i18n.language, filters.today), [t, i18n.language, filters.today]);
  const [shownRows, setShownRows] = useState<SalesDayRow[]>([]);
  const option = useMemo(() => {
    const rows = perDay.data?.rows ?? [];
    return revenueAndAppointmentsOption({
      categories: rows.map((row) => formatAxisDay(row.day, i18n.language)),
      services: rows.map((row) => row.servicesRevenue),
      products: rows.map((row) => row.productsRevenue),
      appointments: rows.map((row) => row.appointments),
      labels: { services: t('kpi.servicesRevenue'), products: t('kpi.productsRevenue'), appointments: t('kpi.appointments') },
      language: i18n.language,
    });
  }, [perDay.data, t, i18n.language]);

  return (
    <ReportFrame
      title={t('titles.days')}
      filters={filters}
      status={status}
      error={perDay.error}
      onRetry={() => void perDay.refetch()}
      extraFilters={<GenderFilter value={gender} onChange={setGender} />}
      table={reportTable({ name: 'sales-days', columns, rows: shownRows, totals: salesTotals, details: [genderDetail] })}
    >
      {perDay.data ? (
        <>
          <SalesKpis totals={perDay.data.totals} />
          <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              {t('charts.daily')}
            </Typography>
            <Chart option={option} label={t('charts.daily')} height={300} />
          </Paper>
          <DataTable
            label={t('tables.days')}
            columns={columns}
            data={perDay.data.rows}
            getRowId={(row) => row.day}
            initialSorting={[{ id: 'day', desc: false }]}
            pageSize={0}
            onVisibleRowsChange={setShownRows}
            totals={salesTotals}
          />
        </>
      ) : null}
    </ReportFrame>
  );
}
