import { addCheckUp, addCheckUpGender, getCheckUp, getCheckUpGender, type ResponseOf } from '@salon/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type CheckUp = ResponseOf<typeof getCheckUp>;
export type CheckUpItem = CheckUp['items'][number];
export type CheckUpGender = 'ALL' | 'MALE' | 'FEMALE';
export type CheckUpTarget = { kpi: CheckUpItem['kpi']; target: number | null };

export const checkUpQueryKey = ['check-up'] as const;

export interface CheckUpRequest {
  salonId: number | null;
  fromDate: string;
  toDate: string;
  gender: CheckUpGender;
  enabled: boolean;
}

/** The check-up of a salon: every KPI with its target, the actual for the range and a status; one gender's own targets when chosen. */
export function useCheckUp({ salonId, fromDate, toDate, gender, enabled }: CheckUpRequest) {
  return useQuery({
    queryKey: [...checkUpQueryKey, salonId, gender, fromDate, toDate],
    enabled: enabled && salonId !== null,
    queryFn: ({ signal }) => {
      const query = { fromDate, toDate };
      const id = salonId as number;
      return gender === 'ALL'
        ? callApi(getCheckUp, { params: { salonId: id }, query }, { signal })
        : callApi(getCheckUpGender, { params: { salonId: id, gender }, query }, { signal });
    },
  });
}

/** Saves targets (ADMIN, SUPERADMIN): AddCheckUp, or AddCheckUpGender for one gender; every check-up of the salon is then read again. */
export function useSaveCheckUpTargets(salonId: number | null, gender: CheckUpGender) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targets: CheckUpTarget[]) => {
      const id = salonId as number;
      return gender === 'ALL'
        ? callApi(addCheckUp, { params: { salonId: id }, body: targets })
        : callApi(addCheckUpGender, { params: { salonId: id, gender }, body: targets });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...checkUpQueryKey, salonId] }),
  });
}
