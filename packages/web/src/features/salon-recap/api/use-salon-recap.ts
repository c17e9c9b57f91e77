import type { ParamsOf } from '@salon/contracts';
import { getSalonRecapReport } from '@salon/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type DateRange, splitRangeByMonth } from '../../../components/format/dates';
import { callApi } from '../../../lib/api-client';
import { endpointByGender } from '../../../lib/use-report-query';
import { emptyRecapSet, type RecapSet, type RecapSetName, recapReducer, type SalonRecapResponse } from '../merge-recap';

export type Gender = 'MALE' | 'FEMALE';

export const salonRecapQueryKey = ['salon-recap'] as const;

interface RecapSetRequest {
  set: RecapSetName;
  salonId: number | null;
  range: DateRange | null;
  gender?: Gender | null;
}

interface RecapSetResult {
  /** The merged responses so far (every month already answered). */
  data: RecapSet;
  /** How many month-sized requests the range needs; `data.loaded` of them have been merged. */
  total: number;
  isEnabled: boolean;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => void;
}

function fetchPiece(salonId: number, piece: DateRange, gender: Gender | null | undefined, signal: AbortSignal) {
  const { endpoint, input } = endpointByGender(getSalonRecapReport, gender, {
    params: { salonId, fromDate: piece.fromDate, toDate: piece.toDate },
  });
  return callApi(endpoint, { params: input.params as ParamsOf<typeof endpoint> }, { signal });
}

/**
 * One recap set for a range: asked month by month (a year is twelve requests), each answer merged
 * into the set as it arrives, so the screen can show the months already there and a
 * progress counter.
 */
export function useSalonRecapSet({ set, salonId, range, gender }: RecapSetRequest): RecapSetResult {
  const pieces = useMemo(() => (range ? splitRangeByMonth(range.fromDate, range.toDate) : []), [range]);
  const isEnabled = salonId !== null && pieces.length > 0;
  return useQueries({
    queries: pieces.map((piece) => ({
      queryKey: [...salonRecapQueryKey, salonId, gender ?? 'ALL', piece.fromDate, piece.toDate],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchPiece(salonId as number, piece, gender, signal),
      enabled: isEnabled,
    })),
    combine: (results) => {
      // Fold the answers in the order they arrived: a day seen again is added, a new day appended.
      const arrived = results
        .filter((result) => result.data !== undefined)
        .sort((a, b) => a.dataUpdatedAt - b.dataUpdatedAt)
        .map((result) => result.data as SalonRecapResponse);
      let state = { primary: emptyRecapSet(), second: emptyRecapSet(), gender: emptyRecapSet() };
      for (const response of arrived) state = recapReducer(state, { type: 'merge', set, response });
      const failed = results.find((result) => result.isError);
      return {
        data: state[set],
        total: pieces.length,
        isEnabled,
        isPending: isEnabled && arrived.length < pieces.length && !failed,
        isError: failed !== undefined,
        error: failed?.error ?? null,
        refetch: () => {
          for (const result of results) if (result.isError) void result.refetch();
        },
      };
    },
  });
}
