import { createClosure, deleteClosure, getSalonHolidays, type ResponseOf, setPatronDay, updateClosure } from '@salon/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_QUERY_KEY } from '../../../components/staff/staff-queries';
import { callApi } from '../../../lib/api-client';

export type SalonHolidays = ResponseOf<typeof getSalonHolidays>;
export type Closure = SalonHolidays['closures'][number];

/** The salon's closed days (national holidays, patron-saint day, closures) over fromDate..toDate, with its closures and patron-saint day. */
export function useSalonHolidays(salonId: number | null, fromDate: string | undefined, toDate: string | undefined) {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'holidays', salonId, fromDate, toDate],
    enabled: salonId !== null && !!fromDate && !!toDate,
    queryFn: ({ signal }) => callApi(getSalonHolidays, { query: { salonId: salonId as number, fromDate, toDate } }, { signal }),
  });
}

/** Adds (id null) or changes a closure; every staff query is read again, as working days follow. */
export function useSaveClosure(salonId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: { startDate: string; endDate: string; label: string } }) =>
      id === null
        ? callApi(createClosure, { body: { salonId: salonId as number, ...input } })
        : callApi(updateClosure, { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}

export function useDeleteClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteClosure, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}

/** Sets or (null) clears the patron-saint day. */
export function useSetPatronDay(salonId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patronDay: { month: number; day: number; label: string } | null) =>
      callApi(setPatronDay, { body: { salonId: salonId as number, patronDay } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}
