import { type QueryOf, type ResponseOf, SALES_PER_CLIENT_PAGE, salesPerClient } from '@salon/contracts';
import { callApi } from '../../../lib/api-client';
import { useReportQuery } from '../../../lib/use-report-query';

export type SalesPerClient = ResponseOf<typeof salesPerClient>;
export type SalesClientRow = SalesPerClient['rows'][number];
/** The list's paging, order and filters (all optional: without them the server gives the first page of 50 by revenue). */
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

/**
 * Every client the query matches (all pages, in its order): what an export writes. The server answers
 * one page at a time (at most SALES_PER_CLIENT_PAGE.max rows), so the pages are asked one after the
 * other until its total is reached, and put end to end.
 */
export async function fetchAllSalesPerClient(
  input: { salonId: number; fromDate: string; toDate: string },
  query: Omit<SalesPerClientQuery, 'limit' | 'offset'>,
): Promise<SalesClientRow[]> {
  const limit = SALES_PER_CLIENT_PAGE.max;
  const rows: SalesClientRow[] = [];
  for (;;) {
    const page = await callApi(salesPerClient, { params: input, query: { ...query, limit, offset: rows.length } });
    rows.push(...page.rows);
    // An empty page ends it too (clients gone between two pages): never ask forever.
    if (rows.length >= page.total || page.rows.length === 0) return rows;
  }
}
