import type { EChartsCoreOption } from 'echarts/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { barLabelOnTop } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { weekdayName } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel, KpiGrid } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type DayOfWeekReport, useDayOfWeek } from './api/use-day-of-week';
import { bestWeekdayOf, isWeekEmpty, type WeekTableRow, weekTotalsOf } from './days-of-week-shaping';

/** /days-of-week: the range's sales measures grouped Monday..Sunday. */
export default function DaysOfWeekScreen() {
  const { t, i18n } = useTranslation('reports');
  const filters = useReportFilters();
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();
  const report = useDayOfWeek({ ...filters, gender, isEnabled: filters.isRangeValid });
  const language = i18n.language;

  const columns = useMemo<DataTableColumn<WeekTableRow>[]>(
    () => [
      { id: 'weekday', header: t('daysOfWeek.columns.weekday'), value: (row) => weekdayName(row.isoWeekday, language) },
      { id: 'totalRevenue', header: t('daysOfWeek.columns.totalRevenue'), value: (row) => row.totalRevenue, kind: 'money' },
      { id: 'revenueShare', header: t('daysOfWeek.columns.revenueShare'), value: (row) => row.revenueSharePercent, kind: 'percent' },
      {
        id: 'averagePerOpenDay',
        header: t('daysOfWeek.columns.averagePerOpenDay'),
        value: (row) => row.averageRevenuePerOpenDay,
        kind: 'money',
      },
      { id: 'servicesRevenue', header: t('daysOfWeek.columns.servicesRevenue'), value: (row) => row.servicesRevenue, kind: 'money' },
      { id: 'productsRevenue', header: t('daysOfWeek.columns.productsRevenue'), value: (row) => row.productsRevenue, kind: 'money' },
      { id: 'appointments', header: t('daysOfWeek.columns.appointments'), value: (row) => row.appointments, kind: 'integer' },
      { id: 'averageTicket', header: t('daysOfWeek.columns.averageTicket'), value: (row) => row.averageTicket, kind: 'money' },
      { id: 'clients', header: t('daysOfWeek.columns.clients'), value: (row) => row.clients, kind: 'integer' },
      { id: 'newClients', header: t('daysOfWeek.columns.newClients'), value: (row) => row.newClients, kind: 'integer' },
      { id: 'openDays', header: t('daysOfWeek.columns.openDays'), value: (row) => row.openDays, kind: 'integer' },
      { id: 'discountTotal', header: t('daysOfWeek.columns.discountTotal'), value: (row) => row.discountTotal, kind: 'money' },
    ],
    [t, language],
  );

  const option = useMemo<EChartsCoreOption>(() => {
    const rows = report.data?.rows ?? [];
    const money = (value: unknown) => formatValue(Number(value), 'money', language);
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: rows.map((row) => weekdayName(row.isoWeekday, language, 'short')) },
      yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatValue(value, 'integer', language) } },
      series: [
        {
          name: t('daysOfWeek.columns.totalRevenue'),
          type: 'bar',
          data: rows.map((row) => row.totalRevenue),
          label: { ...barLabelOnTop(language), fontSize: 10 },
          tooltip: { valueFormatter: money },
        },
        {
          name: t('daysOfWeek.columns.averagePerOpenDay'),
          type: 'line',
          data: rows.map((row) => row.averageRevenuePerOpenDay),
          tooltip: { valueFormatter: money },
        },
      ],
    };
  }, [report.data, t, language]);

  const data = report.data;
  const totals = useCallback((rows: readonly WeekTableRow[]) => (data ? weekTotalsOf(rows, data) : rows[0]!), [data]);
  const { table, tableProps } = useReportTable({ name: 'days-of-week', columns, totals, details: [genderDetail] });
  const best = data ? bestWeekdayOf(data.rows) : null;
  return (
    <ReportFrame
      title={t('daysOfWeek.title')}
      filters={filters}
      {...reportStateOf(report, (data: DayOfWeekReport) => isWeekEmpty(data.rows))}
      extraFilters={genderFilter}
      table={table}
    >
      {data ? (
        <>
          <KpiGrid
            items={[
              {
                id: 'totalRevenue',
                label: t('kpi.totalRevenue'),
                value: data.totals.totalRevenue,
                format: 'money',
                definition: t('definitions.totalRevenue'),
              },
              {
                id: 'appointments',
                label: t('kpi.appointments'),
                value: data.totals.appointments,
                format: 'integer',
                definition: t('definitions.appointments'),
              },
              {
                id: 'averageTicket',
                label: t('kpi.averageTicket'),
                value: data.totals.averageTicket,
                format: 'money',
                definition: t('definitions.averageTicket'),
              },
              {
                id: 'bestWeekday',
                label: t('kpi.bestWeekday'),
                value: best ? weekdayName(best.isoWeekday, language) : null,
                format: 'text',
                definition: t('definitions.bestWeekday'),
                secondary: best ? formatValue(best.totalRevenue, 'money', language) : undefined,
              },
            ]}
          />
          <ChartPanel title={t('daysOfWeek.chart')} option={option} />
          <DataTable
            {...tableProps}
            label={t('daysOfWeek.table')}
            data={data.rows}
            getRowId={(row) => String(row.isoWeekday)}
            pageSize={0}
          />
        </>
      ) : null}
    </ReportFrame>
  );
}
