import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatValue } from '../../../components/format/number-format';
import type { DayComparisonRow } from '../sales-shaping';

/** The measures both comparison tables (days of a month, months of a year) show beside last year's. */
type ComparisonMeasures = Omit<
  DayComparisonRow,
  'dayOfMonth' | 'day' | 'previousDay' | 'sameDatePreviousRevenue' | 'sameDatePreviousAppointments'
>;

/**
 * A column of a period's figures: a period not yet come (`isNotYetCome`) shows "not yet" (never
 * 0), and its value is empty for sorting, filtering and the export.
 */
export function notYetColumn<Row>(
  column: DataTableColumn<Row>,
  isNotYetCome: (row: Row) => boolean,
  t: TFunction<'sales'>,
  language: string,
): DataTableColumn<Row> {
  return {
    ...column,
    value: (row) => (isNotYetCome(row) ? null : column.value(row)),
    cell: (row) => (isNotYetCome(row) ? t('comparison.notYet') : formatValue(column.value(row), column.kind ?? 'text', language)),
  };
}

/** A column of this period's figures in a comparison table (rows flagged notYetCome). */
function currentColumn<Row extends { notYetCome: boolean }>(
  column: DataTableColumn<Row>,
  t: TFunction<'sales'>,
  language: string,
): DataTableColumn<Row> {
  return notYetColumn(column, (row) => row.notYetCome, t, language);
}

/**
 * The comparison table's columns after the period column: revenue and appointments with last
 * year's value and the change, then the other measures; `afterRevenue` goes after the revenue
 * change. `previous` names what last year's figures are: the same weekday 52 weeks before (days)
 * or the same dates (months).
 */
export function comparisonColumns<Row extends ComparisonMeasures>(
  t: TFunction<'sales'>,
  language: string,
  previous: 'weekday' | 'sameDates',
  afterRevenue: DataTableColumn<Row>[] = [],
): DataTableColumn<Row>[] {
  const now = (column: DataTableColumn<Row>) => currentColumn(column, t, language);
  const suffix = previous === 'weekday' ? 'Weekday' : '';
  return [
    now({ id: 'totalRevenue', header: t('columns.totalRevenue'), value: (row) => row.totalRevenue, kind: 'money' }),
    { id: 'previousRevenue', header: t(`columns.previousRevenue${suffix}`), value: (row) => row.previousRevenue, kind: 'money' },
    { id: 'revenueChange', header: t('columns.revenueChange'), value: (row) => row.revenueChange, kind: 'percent' },
    ...afterRevenue.map(now),
    now({ id: 'appointments', header: t('columns.appointments'), value: (row) => row.appointments, kind: 'integer' }),
    {
      id: 'previousAppointments',
      header: t(`columns.previousAppointments${suffix}`),
      value: (row) => row.previousAppointments,
      kind: 'integer',
    },
    { id: 'appointmentsChange', header: t('columns.appointmentsChange'), value: (row) => row.appointmentsChange, kind: 'percent' },
    now({ id: 'averageTicket', header: t('columns.averageTicket'), value: (row) => row.averageTicket, kind: 'money' }),
    now({ id: 'clients', header: t('columns.clients'), value: (row) => row.clients, kind: 'integer' }),
    now({ id: 'newClients', header: t('columns.newClients'), value: (row) => row.newClients, kind: 'integer' }),
    now({ id: 'discountTotal', header: t('columns.discountTotal'), value: (row) => row.discountTotal, kind: 'money' }),
  ];
}
