import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import type { DayComparisonRow } from '../sales-shaping';

/** The measures both comparison tables (days of a month, months of a year) show beside last year's. */
type ComparisonMeasures = Omit<DayComparisonRow, 'dayOfMonth' | 'day' | 'previousDay'>;

/**
 * The comparison table's columns after the period column: revenue and appointments with last
 * year's value and the change, then the other measures; `afterRevenue` goes after the revenue change.
 */
export function comparisonColumns<Row extends ComparisonMeasures>(
  t: TFunction<'sales'>,
  afterRevenue: DataTableColumn<Row>[] = [],
): DataTableColumn<Row>[] {
  return [
    { id: 'totalRevenue', header: t('columns.totalRevenue'), value: (row) => row.totalRevenue, kind: 'money' },
    { id: 'previousRevenue', header: t('columns.previousRevenue'), value: (row) => row.previousRevenue, kind: 'money' },
    { id: 'revenueChange', header: t('columns.revenueChange'), value: (row) => row.revenueChange, kind: 'percent' },
    ...afterRevenue,
    { id: 'appointments', header: t('columns.appointments'), value: (row) => row.appointments, kind: 'integer' },
    { id: 'previousAppointments', header: t('columns.previousAppointments'), value: (row) => row.previousAppointments, kind: 'integer' },
    { id: 'appointmentsChange', header: t('columns.appointmentsChange'), value: (row) => row.appointmentsChange, kind: 'percent' },
    { id: 'averageTicket', header: t('columns.averageTicket'), value: (row) => row.averageTicket, kind: 'money' },
    { id: 'clients', header: t('columns.clients'), value: (row) => row.clients, kind: 'integer' },
    { id: 'newClients', header: t('columns.newClients'), value: (row) => row.newClients, kind: 'integer' },
    { id: 'discountTotal', header: t('columns.discountTotal'), value: (row) => row.discountTotal, kind: 'money' },
  ];
}
