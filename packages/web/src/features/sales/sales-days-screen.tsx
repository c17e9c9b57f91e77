import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { formatAxisDay } from '../../components/format/dates';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type SalesPerDay, useSalesPerDay } from './api/use-sales-per-day';
import { dayColumns } from './components/day-columns';
import { SalesKpis } from './components/sales-kpis';
import { revenueAndAppointmentsOption } from './sales-charts';
import { isSalesEmpty } from './sales-shaping';
import { salesTotals } from './sales-totals';

/** /sales-data-analysis-days: every day of the range with its sales measures, as a chart and a table. */
export default function SalesDaysScreen() {
  const { t, i18n } = useTranslation('sales');
  const filters = useReportFilters();
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();
  const perDay = useSalesPerDay({
    salonId: filters.salonId,
    fromDate: filters.fromDate,
    toDate: filters.toDate,
    gender,
    isEnabled: filters.isRangeValid,
  });
  const columns = useMemo(() => dayColumns(t, i18n.language, filters.today), [t, i18n.language, filters.today]);
  const { table, tableProps } = useReportTable({ name: 'sales-days', columns, totals: salesTotals, details: [genderDetail] });
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
      {...reportStateOf(perDay, (data: SalesPerDay) => isSalesEmpty(data.totals))}
      extraFilters={genderFilter}
      table={table}
    >
      {perDay.data ? (
        <>
          <SalesKpis totals={perDay.data.totals} />
          <ChartPanel title={t('charts.daily')} option={option} height={300} />
          <DataTable
            {...tableProps}
            label={t('tables.days')}
            data={perDay.data.rows}
            getRowId={(row) => row.day}
            initialSorting={[{ id: 'day', desc: false }]}
            pageSize={0}
          />
        </>
      ) : null}
    </ReportFrame>
  );
}
