import type { ParamsOf } from '@salon/contracts';
import { getStaffDataAnalysisReport } from '@salon/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type DateRange, splitRangeByMonth } from '../../../components/format/dates';
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
}

export interface StaffSetResult {
  /** The responses merged so far (every interval already answered). */
  data: StaffSet;
  /** How many month intervals the range needs; `data.loaded` of them have been merged. */
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
 * One staff analysis set for a range: asked month by month (three months are three requests),
 * each answer merged into the set as it arrives (SPEC.md §4), so the screen shows a progress
 * counter and the people already there.
 */
export function useStaffAnalysisSet({ set, salonId, range, gender }: StaffSetRequest): StaffSetResult {
  const intervals = useMemo(() => (range ? splitRangeByMonth(range.fromDate, range.toDate) : []), [range]);
  const isEnabled = salonId !== null && intervals.length > 0;
  return useQueries({
    queries: intervals.map((interval) => ({
      queryKey: [...staffAnalysisQueryKey, salonId, gender ?? 'ALL', interval.fromDate, interval.toDate],
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
