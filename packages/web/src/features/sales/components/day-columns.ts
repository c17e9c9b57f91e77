import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import type { SalesDayRow } from '../api/use-sales-per-day';
import { notYetColumn } from './comparison-columns';

/**
 * The per-day table's columns: the day, then the eight sales measures. Days after the salon's
 * `today` have not come: their measures read "not yet", never 0.
 */
export function dayColumns(t: TFunction<'sales'>, language: string, today?: string): DataTableColumn<SalesDayRow>[] {
  const isNotYetCome = (row: SalesDayRow) => today !== undefined && row.day > today;
  const measures: DataTableColumn<SalesDayRow>[] = [
    { id: 'totalRevenue', header: t('columns.totalRevenue'), value: (row) => row.totalRevenue, kind: 'money' },
    { id: 'servicesRevenue', header: t('columns.servicesRevenue'), value: (row) => row.servicesRevenue, kind: 'money' },
    { id: 'productsRevenue', header: t('columns.productsRevenue'), value: (row) => row.productsRevenue, kind: 'money' },
    { id: 'appointments', header: t('columns.appointments'), value: (row) => row.appointments, kind: 'integer' },
    { id: 'averageTicket', header: t('columns.averageTicket'), value: (row) => row.averageTicket, kind: 'money' },
    { id: 'clients', header: t('columns.clients'), value: (row) => row.clients, kind: 'integer' },
    { id: 'newClients', header: t('columns.newClients'), value: (row) => row.newClients, kind: 'integer' },
    { id: 'discountTotal', header: t('columns.discountTotal'), value: (row) => row.discountTotal, kind: 'money' },
  ];
  return [
    { id: 'day', header: t('columns.day'), value: (row) => row.day, kind: 'date' },
    ...measures.map((column) => notYetColumn(column, isNotYetCome, t, language)),
  ];
}
