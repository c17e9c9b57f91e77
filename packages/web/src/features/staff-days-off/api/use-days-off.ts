import { createDayOff, deleteDayOff, listDaysOff, listUsers, type ResponseOf, updateDayOff } from '@salon/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayOffInputValues } from '../../../components/staff/day-off-form';
import { STAFF_QUERY_KEY } from '../../../components/staff/staff-queries';
import { callApi } from '../../../lib/api-client';

export type DayOff = ResponseOf<typeof listDaysOff>[number];

/** The salon's days off overlapping fromDate..toDate (ADMIN, SUPERADMIN: everyone's; others: their own). */
export function useDaysOff(salonId: number | null, fromDate: string | undefined, toDate: string | undefined) {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'days-off', salonId, fromDate, toDate],
    enabled: salonId !== null && !!fromDate && !!toDate,
    queryFn: ({ signal }) => callApi(listDaysOff, { query: { salonId: salonId as number, fromDate, toDate } }, { signal }),
  });
}

/** The salon's staff (ADMIN, SUPERADMIN), for the allowance table and the person of a new day off. */
export function useSalonStaff(salonId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'users', salonId],
    enabled: enabled && salonId !== null,
    queryFn: ({ signal }) => callApi(listUsers, { query: { salonId: salonId as number } }, { signal }),
  });
}

export function useSaveDayOff(salonId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userId, input }: { id: number | null; userId: number; input: DayOffInputValues }) =>
      id === null
        ? callApi(createDayOff, { body: { salonId: salonId as number, userId, ...input } })
        : callApi(updateDayOff, { params: { id }, body: { userShiftId: id, ...input } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}

export function useDeleteDayOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteDayOff, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}
