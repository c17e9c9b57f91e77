import {
  addAttendance,
  type BodyOf,
  clockIn,
  clockOut,
  correctAttendance,
  deleteAttendance,
  getAttendanceStatus,
  getAttendancesPerMonth,
  getAttendancesPerUser,
  type ResponseOf,
} from '@salon/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type MonthSheet = ResponseOf<typeof getAttendancesPerMonth>;
export type PersonSheet = ResponseOf<typeof getAttendancesPerUser>;
export type SheetPerson = MonthSheet['people'][number];
export type SheetDay = SheetPerson['days'][number];
export type AttendanceRecord = SheetDay['attendances'][number];
export type Correction = PersonSheet['corrections'][number];
export type ClockStatus = ResponseOf<typeof getAttendanceStatus>;

/** Every attendance query starts with this key: a clock-in or a correction refreshes them all. */
export const attendanceKey = ['attendance'] as const;

/** The salon's sheet, people x days (ADMIN; SUPERADMIN with salonId). */
export function useMonthSheet(range: { from: string; to: string }, salonId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...attendanceKey, 'month', range.from, range.to, salonId ?? 'own'],
    queryFn: ({ signal }) => callApi(getAttendancesPerMonth, { query: { ...range, ...(salonId ? { salonId } : {}) } }, { signal }),
    enabled,
  });
}

/** One person's month with its corrections: the caller's own, or `userId`'s for a manager. */
export function usePersonSheet(range: { from: string; to: string }, userId: number | undefined) {
  return useQuery({
    queryKey: [...attendanceKey, 'person', range.from, range.to, userId ?? 'me'],
    queryFn: ({ signal }) => callApi(getAttendancesPerUser, { query: { ...range, ...(userId ? { userId } : {}) } }, { signal }),
  });
}

/** Whether the signed-in person is clocked in now. */
export function useClockStatus() {
  return useQuery({
    queryKey: [...attendanceKey, 'status'],
    queryFn: ({ signal }) => callApi(getAttendanceStatus, {}, { signal }),
  });
}

export function useAttendanceMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: attendanceKey });
  return {
    clockIn: useMutation({ mutationFn: () => callApi(clockIn), onSuccess: refresh }),
    clockOut: useMutation({ mutationFn: () => callApi(clockOut), onSuccess: refresh }),
    correct: useMutation({
      mutationFn: ({ id, body }: { id: number; body: BodyOf<typeof correctAttendance> }) =>
        callApi(correctAttendance, { params: { id }, body }),
      onSuccess: refresh,
    }),
    add: useMutation({ mutationFn: (body: BodyOf<typeof addAttendance>) => callApi(addAttendance, { body }), onSuccess: refresh }),
    remove: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) => callApi(deleteAttendance, { params: { id }, query: { reason } }),
      onSuccess: refresh,
    }),
  };
}
