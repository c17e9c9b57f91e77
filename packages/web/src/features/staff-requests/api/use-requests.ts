import {
  approveShiftRequest,
  cancelShiftRequest,
  createShiftRequest,
  deleteShiftRequest,
  getShiftRequestConflicts,
  listShiftRequests,
  listUserShiftRequests,
  listUserShifts,
  type ResponseOf,
  rejectShiftRequest,
  updateShiftRequest,
} from '@salon/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_QUERY_KEY } from '../../../components/staff/staff-queries';
import { callApi } from '../../../lib/api-client';
import type { RequestBody } from '../request-form';

export type ShiftRequest = ResponseOf<typeof listShiftRequests>[number];

/** The caller's own requests, pending first. */
export function useMyRequests(userId: number | null) {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'requests', 'user', userId],
    enabled: userId !== null,
    queryFn: ({ signal }) => callApi(listUserShiftRequests, { params: { userId: userId as number } }, { signal }),
  });
}

/** The salon's requests (ADMIN, SUPERADMIN): the queue (PENDING) and the history (decided). */
export function useSalonRequests(salonId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'requests', 'salon', salonId],
    enabled: enabled && salonId !== null,
    queryFn: ({ signal }) => callApi(listShiftRequests, { query: { salonId: salonId as number } }, { signal }),
  });
}

/** What approving a request would touch: the person's booked appointments in the period, their shifts, the days left. */
export function useRequestConflicts(id: number | null) {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'requests', 'conflicts', id],
    enabled: id !== null,
    queryFn: ({ signal }) => callApi(getShiftRequestConflicts, { params: { id: id as number } }, { signal }),
  });
}

/** The caller's shifts on a day (a shift change may replace one). */
export function useMyShiftsOn(userId: number | null, day: string) {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'shifts', 'user', userId, day],
    enabled: userId !== null && /^\d{4}-\d{2}-\d{2}$/.test(day),
    queryFn: ({ signal }) =>
      callApi(listUserShifts, { params: { userId: userId as number }, query: { fromDate: day, toDate: day } }, { signal }),
  });
}

function useStaffMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }) });
}

export const useCreateRequest = () => useStaffMutation((body: RequestBody) => callApi(createShiftRequest, { body }));
export const useUpdateRequest = () =>
  useStaffMutation(({ id, body }: { id: number; body: RequestBody }) =>
    callApi(updateShiftRequest, { params: { id }, body: { userShiftRequestId: id, ...body } }),
  );
export const useDeleteRequest = () => useStaffMutation((id: number) => callApi(deleteShiftRequest, { params: { id } }));
export const useApproveRequest = () => useStaffMutation((id: number) => callApi(approveShiftRequest, { params: { id }, body: {} }));
export const useRejectRequest = () =>
  useStaffMutation(({ id, reason }: { id: number; reason: string }) =>
    callApi(rejectShiftRequest, { params: { id }, body: reason ? { reason } : {} }),
  );
export const useCancelRequest = () => useStaffMutation((id: number) => callApi(cancelShiftRequest, { params: { id }, body: {} }));
