import {
  createFortnightlyShifts,
  createShifts,
  createWeeklyShifts,
  deleteShift,
  getPlannerWeek,
  listShifts,
  type ResponseOf,
  updateShift,
} from '@salon/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_QUERY_KEY } from '../../../components/staff/staff-queries';
import { callApi } from '../../../lib/api-client';
import { addDays } from '../../../lib/staff-time';
import { type ShiftFormInput, seriesMoments, shiftMoments } from '../shift-form';

export type PlannerWeekData = ResponseOf<typeof getPlannerWeek>;
export type ShiftRow = ResponseOf<typeof listShifts>[number];

export const plannerWeekQuery = (salonId: number, monday: string) =>
  queryOptions({
    queryKey: [...STAFF_QUERY_KEY, 'planner', salonId, monday] as const,
    queryFn: ({ signal }) => callApi(getPlannerWeek, { query: { salonId, fromDate: monday } }, { signal }),
  });

/** One week of the salon's planner (GET /api/UserTimeframes/Planner): staff, shifts, days off, pending requests. */
export function usePlannerWeek(salonId: number | null, monday: string | undefined) {
  return useQuery({
    ...plannerWeekQuery(salonId ?? 0, monday ?? ''),
    enabled: salonId !== null && monday !== undefined,
  });
}

/** Writes a shift or a series (Multiple, RecurrentType, Recurrent2); the staff screens read again. */
export function useCreateShifts(salonId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShiftFormInput) => {
      const base = { salonId: salonId as number, userId: input.userId, note: input.note };
      if (input.repeat === 'NONE') {
        return callApi(createShifts, { body: [{ ...base, ...shiftMoments(input.day, input.startTime, input.endTime) }] });
      }
      const endpoint = input.repeat === 'WEEKLY' ? createWeeklyShifts : createFortnightlyShifts;
      return callApi(endpoint, { query: { ...base, ...seriesMoments(input) } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}

/** Copies the week before `monday` into the week of `monday`: every shift a week later, at the same wall-clock times, all or none. */
export function useCopyPreviousWeek(salonId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shifts: ShiftRow[]) =>
      callApi(createShifts, {
        body: shifts.map((shift) => ({
          salonId: salonId as number,
          userId: shift.userId,
          note: shift.note,
          ...shiftMoments(addDays(shift.day, 7), shift.startTime, shift.endTime),
        })),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}

/** The shifts of the week before `monday` (the copy's source). */
export function usePreviousWeekShifts(salonId: number | null, monday: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'shifts', salonId, monday ? addDays(monday, -7) : ''],
    enabled: enabled && salonId !== null && monday !== undefined,
    queryFn: ({ signal }) =>
      callApi(
        listShifts,
        { query: { salonId: salonId as number, fromDate: addDays(monday ?? '', -7), toDate: addDays(monday ?? '', -1) } },
        { signal },
      ),
  });
}

/** Changes one shift in place (PUT, checked like a new one; a shift of a series leaves it). */
export function useUpdateShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ShiftFormInput }) =>
      callApi(updateShift, { params: { id }, body: { ...shiftMoments(input.day, input.startTime, input.endTime), note: input.note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}

/** Deletes one shift, or it and the rest of its series. */
export function useDeleteShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, series }: { id: number; series: 'one' | 'following' }) =>
      callApi(deleteShift, { params: { id }, query: series === 'following' ? { series } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}
