import { type ResponseOf, salesPerClient } from '@salon/contracts';
import { useReportQuery } from '../../../lib/use-report-query';

export type SalesPerClient = ResponseOf<typeof salesPerClient>;
export type SalesClientRow = SalesPerClient['rows'][number];

/** Sales per client over a range, highest revenue first. */
export function useSalesPerClient(input: { salonId: number | null; fromDate: string; toDate: string; isEnabled: boolean }) {
  const { salonId, fromDate, toDate, isEnabled } = input;
  return useReportQuery(salesPerClient, { params: { salonId, fromDate, toDate } }, { isEnabled });
}
