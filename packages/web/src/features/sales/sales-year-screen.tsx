import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { monthName, yearOf } from '../../components/format/dates';
import { useGenderChoice } from '../../components/report-frame/gender-filter';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type SalesPerYear, useSalesPerYear } from './api/use-sales-per-year';
import { comparisonColumns } from './components/comparison-columns';
import { SalesKpis } from './components/sales-kpis';
import { comparisonOption } from './sales-charts';
import { compareMonths, isSalesEmpty, type MonthComparisonRow } from './sales-shaping';
import { salesTotals } from './sales-totals';
import { usePeriodParam } from './use-period-param';

/** Years offered in the picker: this one and the five before. */
const YEARS_BACK = 5;

/** /sales-data-analysis-year: a calendar year (?year) per month, against the previous year. */
export default function SalesYearScreen() {
  const { t, i18n } = useTranslation('sales');
  const filters = useReportFilters();
  const { gender, filter: genderFilter, detail: genderDetail } = useGenderChoice();
  // The salon's current year (its today, not the device's); 0 until that is known.
  const thisYear = filters.today ? yearOf(filters.today) : 0;
  const [year, setYear] = usePeriodParam('year', 2000, 2100, thisYear);
  const perYear = useSalesPerYear({ salonId: filters.salonId, year, gender, isEnabled: year > 0 });
  const rows = useMemo(() => (perYear.data ? compareMonths(perYear.data.current.rows, perYear.data.comparedMonths) : []), [perYear.data]);
  const columns = useMonthColumns();
  const period = useMemo(() => ({ label: String(year), file: String(year) }), [year]);
  const { table, tableProps } = useReportTable({ name: 'sales-year', columns, totals: salesTotals, period, details: [genderDetail] });
  // Twenty-four bar labels only fit a wide chart.
  const isWide = useMediaQuery(useTheme().breakpoints.up('md'));
  const option = useMemo(
    () =>
      comparisonOption({
        categories: rows.map((row) => monthName(row.month, i18n.language, 'short')),
        current: rows.map((row) => row.totalRevenue),
        previous: rows.map((row) => row.previousRevenue),
        notYet: rows.map((row) => row.notYetCome),
        labels: { current: String(year), previous: String(year - 1), notYet: t('comparison.notYet') },
        language: i18n.language,
        showBarLabels: isWide,
      }),
    [rows, year, t, i18n.language, isWide],
  );
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, index) => thisYear - index);
  if (!years.includes(year)) years.push(year);

  return (
    <ReportFrame
      title={t('titles.year')}
      filters={filters}
      {...reportStateOf(perYear, (data: SalesPerYear) => isSalesEmpty(data.current.totals) && isSalesEmpty(data.previousYear.totals))}
      showDates={false}
      extraFilters={
        <>
          <TextField
            select
            size="small"
            label={t('filters.year')}
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
            sx={{ minWidth: 120 }}
            slotProps={{ select: { inputProps: { 'data-testid': 'year-filter' } } }}
          >
            {years.map((value) => (
              <MenuItem key={value} value={value}>
                {value}
              </MenuItem>
            ))}
          </TextField>
          {genderFilter}
        </>
      }
      table={table}
    >
      {perYear.data ? (
        <>
          <SalesKpis totals={perYear.data.current.totals} compared={perYear.data.compared} />
          <ChartPanel title={t('charts.yearComparison', { year, previousYear: year - 1 })} option={option} />
          <DataTable {...tableProps} label={t('tables.year')} data={rows} getRowId={(row) => String(row.month)} pageSize={0} />
        </>
      ) : null}
    </ReportFrame>
  );
}

function useMonthColumns(): DataTableColumn<MonthComparisonRow>[] {
  const { t, i18n } = useTranslation('sales');
  return useMemo(
    () => [
      {
        id: 'month',
        header: t('columns.month'),
        value: (row) => row.month,
        kind: 'integer',
        text: (row) => monthName(row.month, i18n.language),
      },
      ...comparisonColumns<MonthComparisonRow>(t, i18n.language, 'sameDates', [
        { id: 'servicesRevenue', header: t('columns.servicesRevenue'), value: (row) => row.servicesRevenue, kind: 'money' },
        { id: 'productsRevenue', header: t('columns.productsRevenue'), value: (row) => row.productsRevenue, kind: 'money' },
      ]),
    ],
    [t, i18n.language],
  );
}
