import type { getCheckUp, ParamsOf, ResponseOf } from '@salon/contracts';
import { addCheckUpReport, getCheckUpReport } from '@salon/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { endpointByGender, useGenderReportQuery } from '../../../lib/use-report-query';

export type CheckUp = ResponseOf<typeof getCheckUp>;
export type CheckUpItem = CheckUp['items'][number];
type CheckUpGender = 'ALL' | 'MALE' | 'FEMALE';
export type CheckUpTarget = { kpi: CheckUpItem['kpi']; target: number | null };

interface CheckUpRequest {
  salonId: number | null;
  fromDate: string;
  toDate: string;
  gender: CheckUpGender;
  enabled: boolean;
}

/** The check-up of a salon: every KPI with its target, the actual for the range and a status; one gender's own targets when chosen. */
export function useCheckUp({ salonId, fromDate, toDate, gender, enabled }: CheckUpRequest) {
  return useGenderReportQuery(getCheckUpReport, gender, { params: { salonId }, query: { fromDate, toDate } }, { isEnabled: enabled });
}

/** Saves targets (ADMIN, SUPERADMIN): AddCheckUp, or AddCheckUpGender for one gender; every check-up of the salon is then read again. */
export function useSaveCheckUpTargets(salonId: number | null, gender: CheckUpGender) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targets: CheckUpTarget[]) => {
      const { endpoint, input } = endpointByGender(addCheckUpReport, gender, { params: { salonId: salonId as number } });
      return callApi(endpoint, { params: input.params as ParamsOf<typeof endpoint>, body: targets });
    },
    onSuccess: () =>
      Promise.all(
        [getCheckUpReport.all, getCheckUpReport.byGender].map((endpoint) =>
          queryClient.invalidateQueries({ queryKey: [endpoint.path, { salonId }] }),
        ),
      ),
  });
}
