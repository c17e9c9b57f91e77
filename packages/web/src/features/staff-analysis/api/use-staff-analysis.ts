import type { ParamsOf } from '@salon/contracts';
import { getStaffDataAnalysisReport } from '@salon/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DateRange } from '../../../components/format/dates';
import { callApi } from '../../../lib/api-client';
import { endpointByGender } from '../../../lib/use-report-query';
import {
  emptyStaffSet,
  initialStaffState,
  type StaffAnalysisResponse,
  type StaffSet,
  type StaffSetName,
  staffReducer,
} from '../merge-staff';

export type Gender = 'MALE' | 'FEMALE';

/** Every interval query of the staff analysis starts with this key, so a reset clears them all. */
export const staffAnalysisQueryKey = ['staff-analysis-intervals'] as const;

interface StaffSetRequest {
  set: StaffSetName;
  salonId: number | null;
  range: DateRange | null;
  gender?: Gender | null;
  /** Rises by one per reset: the intervals are asked again under new keys, from a zero counter. */
  generation?: number;
}

export interface StaffSetResult {
  /** The responses merged so far (every interval already answered). */
  data: StaffSet;
  /** How many intervals the range is asked in; `data.loaded` of them have been merged. */
  total: number;
  isEnabled: boolean;
  /** True while intervals are still missing (and none failed). */
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => void;
}

function fetchInterval(salonId: number, interval: DateRange, gender: Gender | null | undefined, signal: AbortSignal) {
  const { endpoint, input } = endpointByGender(getStaffDataAnalysisReport, gender, {
    params: { salonId, fromDate: interval.fromDate, toDate: interval.toDate },
  });
  return callApi(endpoint, { params: input.params as ParamsOf<typeof endpoint> }, { signal });
}

/**
 * One staff analysis set for a range, kept in the staff analysis store (merge-staff). The whole range is
 * one interval: distinct clients and the mean feedback of a range cannot be rebuilt from monthly
 * answers, so the screen's figures are the API's for that range.
 */
export function useStaffAnalysisSet({ set, salonId, range, gender, generation = 0 }: StaffSetRequest): StaffSetResult {
  const intervals = useMemo(() => (range && range.fromDate <= range.toDate ? [range] : []), [range]);
  const isEnabled = salonId !== null && intervals.length > 0;
  const keys = intervals.map((interval) => [
    ...staffAnalysisQueryKey,
    generation,
    salonId,
    gender ?? 'ALL',
    interval.fromDate,
    interval.toDate,
  ]);
  return useQueries({
    queries: intervals.map((interval, index) => ({
      queryKey: keys[index] as unknown[],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchInterval(salonId as number, interval, gender, signal),
      enabled: isEnabled,
    })),
    combine: (results) => {
      // Folded in the order the answers arrived: the first stored, later ones added per staffId.
      const arrived = results
        .filter((result) => result.data !== undefined)
        .sort((a, b) => a.dataUpdatedAt - b.dataUpdatedAt)
        .map((result) => result.data as StaffAnalysisResponse);
      let state = initialStaffState();
      for (const response of arrived) state = staffReducer(state, { type: 'merge', set, response });
      const failed = results.find((result) => result.isError);
      return {
        data: isEnabled ? state[set] : emptyStaffSet(),
        total: intervals.length,
        isEnabled,
        isPending: isEnabled && arrived.length < intervals.length && !failed,
        isError: failed !== undefined,
        error: failed?.error ?? null,
        refetch: () => {
          for (const result of results) if (result.isError) void result.refetch();
        },
      };
    },
  });
}
