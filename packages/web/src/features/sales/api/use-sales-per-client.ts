import { type ResponseOf, salesPerClient } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type SalesPerClient = ResponseOf<typeof salesPerClient>;
export type SalesClientRow = SalesPerClient['rows'][number];

/** Sales per client over a range, highest revenue first. */
export function useSalesPerClient(input: { salonId: number | null; fromDate: string; toDate: string; isEnabled: boolean }) {
  const { salonId, fromDate, toDate, isEnabled } = input;
  return useQuery({
    queryKey: ['stats', 'sales-per-client', salonId, fromDate, toDate],
    enabled: isEnabled && salonId !== null,
    queryFn: ({ signal }) => callApi(salesPerClient, { params: { salonId: salonId ?? 0, fromDate, toDate } }, { signal }),
  });
}
