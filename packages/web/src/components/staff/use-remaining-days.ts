import { getRemainingDays, type ResponseOf } from '@salon/contracts';
import { useQueries } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-queries';

export type RemainingDays = ResponseOf<typeof getRemainingDays>;

/** The holiday allowance, taken, pending and remaining days of each person for a year (GET UserRemainingDays, one call each). */
export function useRemainingDays(userIds: readonly number[], year: number | undefined) {
  return useQueries({
    queries: userIds.map((userId) => ({
      queryKey: [...STAFF_QUERY_KEY, 'remaining', userId, year],
      enabled: year !== undefined,
      queryFn: ({ signal }: { signal: AbortSignal }) => callApi(getRemainingDays, { params: { userId }, query: { year } }, { signal }),
    })),
    combine: (results) => ({
      byUser: new Map(results.flatMap((result, index) => (result.data ? [[userIds[index] as number, result.data] as const] : []))),
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.isError)?.error ?? null,
      refetch: () => {
        for (const result of results) void result.refetch();
      },
    }),
  });
}
