import { isEmptyData } from '../../lib/api-client';

/** What a report frame shows: a loader, the error, the empty message, or the report. */
export type ReportStatus = 'loading' | 'error' | 'empty' | 'ready';

/** The status of a report from its TanStack query; `isEmpty` decides what counts as no data (empty data, by default). */
export function reportStatusOf<T>(
  query: { isPending: boolean; isError: boolean; data: T | undefined },
  isEmpty: (data: T) => boolean = isEmptyData,
): ReportStatus {
  if (query.isError) return 'error';
  if (query.isPending || query.data === undefined) return 'loading';
  return isEmpty(query.data) ? 'empty' : 'ready';
}

/** What the frame needs of a report's query: its status, its failure and a retry (spread into ReportFrame). */
export function reportStateOf<T>(
  query: { isPending: boolean; isError: boolean; data: T | undefined; error: unknown; refetch: () => unknown },
  isEmpty: (data: T) => boolean = isEmptyData,
) {
  return { status: reportStatusOf(query, isEmpty), error: query.error, onRetry: () => void query.refetch() };
}
