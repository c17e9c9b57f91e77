import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatDay, isoMonthOf, monthName, monthOf, yearOf } from '../../components/format/dates';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type SalesPerMonth, useSalesPerMonth } from './api/use-sales-per-month';
import { useSalesPerYear } from './api/use-sales-per-year';
import { comparisonColumns } from './components/comparison-columns';
import { SalesKpis } from './components/sales-kpis';
import { offeredMonthsOf } from './month-options';
import { comparisonOption } from './sales-charts';
import { compareDays, type DayComparisonRow, isSalesEmpty } from './sales-shaping';
import { monthTotals } from './sales-totals';
import { usePeriodParam } from './use-period-param';

/** /sales-data-analysis-months: one month of the salon's current year (?month=1..12) per day, against the same month last year. */
export default function SalesMonthsScreen() {
  const { t, i18n } = useTranslation('sales');
  const filters = useReportFilters();
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();
  // The salon's today, not the device's: the year and the default month are the salon's.
  const { today } = filters;
  const year = today ? yearOf(today) : 0;
  // Months up to the salon's today only: a month not yet come has nothing to show.
  const todayMonth = today ? monthOf(today) : 12;
  const [month, setMonth] = usePeriodParam('month', 1, todayMonth, todayMonth);
  // The picker offers the months of the year that have sales (and the one shown, and this one).
  const perYear = useSalesPerYear({ salonId: filters.salonId, year, gender: 'ALL', isEnabled: today !== undefined });
  const offeredMonths = offeredMonthsOf(todayMonth, month, perYear.data?.current.rows);
  const perMonth = useSalesPerMonth({ salonId: filters.salonId, year, month, gender, isEnabled: today !== undefined });
  const rows = useMemo(
    () =>
      perMonth.data
        ? compareDays(perMonth.data.current.rows, perMonth.data.previousWeekdays.rows, perMonth.data.today, perMonth.data.previousYear.rows)
        : [],
    [perMonth.data],
  );
  const columns = useComparisonColumns();
  const period = useMemo(
    () => ({ label: `${monthName(month, i18n.language)} ${year}`, file: isoMonthOf(year, month) }),
    [month, year, i18n.language],
  );
  const { table, tableProps } = useReportTable({ name: 'sales-month', columns, totals: monthTotals, period, details: [genderDetail] });
  const option = useMemo(
    () =>
      comparisonOption({
        categories: rows.map((row) => String(row.dayOfMonth)),
        current: rows.map((row) => row.totalRevenue),
        previous: rows.map((row) => row.previousRevenue),
        notYet: rows.map((row) => row.notYetCome),
        labels: { current: String(year), previous: t('charts.sameWeekday', { year: year - 1 }), notYet: t('comparison.notYet') },
        language: i18n.language,
      }),
    [rows, year, t, i18n.language],
  );

  const monthFilter = (
    <TextField
      select
      size="small"
      label={t('filters.month')}
      value={month}
      onChange={(event) => setMonth(Number(event.target.value))}
      sx={{ minWidth: 160 }}
      slotProps={{ select: { inputProps: { 'data-testid': 'month-filter' } } }}
    >
      {offeredMonths.map((value) => (
        <MenuItem key={value} value={value}>
          {`${monthName(value, i18n.language)} ${year}`}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <ReportFrame
      title={t('titles.months')}
      filters={filters}
      {...reportStateOf(perMonth, (data: SalesPerMonth) => isSalesEmpty(data.current.totals) && isSalesEmpty(data.previousYear.totals))}
      showDates={false}
      extraFilters={
        <>
          {monthFilter}
          {genderFilter}
        </>
      }
      table={table}
    >
      {perMonth.data ? (
        <>
          <SalesKpis totals={perMonth.data.current.totals} compared={perMonth.data.compared} />
          <ChartPanel
            title={t('charts.monthComparison', { month: monthName(month, i18n.language), year, previousYear: year - 1 })}
            option={option}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="weekday-note">
            {t('comparison.weekdayNote')}
          </Typography>
          <DataTable {...tableProps} label={t('tables.months')} data={rows} getRowId={(row) => String(row.dayOfMonth)} pageSize={0} />
        </>
      ) : null}
    </ReportFrame>
  );
}

function useComparisonColumns(): DataTableColumn<DayComparisonRow>[] {
  const { t, i18n } = useTranslation('sales');
  return useMemo(
    () => [
      {
        id: 'day',
        header: t('columns.day'),
        value: (row) => row.day ?? row.previousDay,
        kind: 'date',
        cell: (row) => (row.day ? formatDay(row.day, i18n.language) : '–'),
      },
      ...comparisonColumns<DayComparisonRow>(t, i18n.language, 'weekday'),
    ],
    [t, i18n.language],
  );
}
