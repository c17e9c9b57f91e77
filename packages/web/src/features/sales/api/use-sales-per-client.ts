import { type QueryOf, type ResponseOf, salesPerClient } from '@salon/contracts';
import { callApi } from '../../../lib/api-client';
import { useReportQuery } from '../../../lib/use-report-query';

export type SalesPerClient = ResponseOf<typeof salesPerClient>;
export type SalesClientRow = SalesPerClient['rows'][number];
/** The list's paging, order and filters (all optional: without them the server lists every client). */
export type SalesPerClientQuery = QueryOf<typeof salesPerClient>;

interface Input {
  salonId: number | null;
  fromDate: string;
  toDate: string;
  isEnabled: boolean;
  query?: SalesPerClientQuery;
}

/** Sales per client over a range: one page (with `query.limit`) in the order asked, highest revenue first by default. */
export function useSalesPerClient(input: Input) {
  const { salonId, fromDate, toDate, isEnabled, query = {} } = input;
  return useReportQuery(salesPerClient, { params: { salonId, fromDate, toDate }, query }, { isEnabled });
}

/** Every client the query matches (all pages, in its order): what an export writes. */
export async function fetchAllSalesPerClient(
  input: { salonId: number; fromDate: string; toDate: string },
  query: Omit<SalesPerClientQuery, 'limit' | 'offset'>,
): Promise<SalesClientRow[]> {
  const { rows } = await callApi(salesPerClient, { params: input, query });
  return rows;
}
