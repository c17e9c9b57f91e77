import { getCapacityCustom, getFullCapacity, getUtilisationGrid, type ResponseOf, saveFullCapacity } from '@salon/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { reportQueryKey, useReportQuery } from '../../../lib/use-report-query';

export type CapacitySetting = ResponseOf<typeof getFullCapacity>;
export type CapacityResult = ResponseOf<typeof getCapacityCustom>;
export type CapacityBlock = NonNullable<CapacityResult['lastWeek']>;
export type UtilisationGrid = ResponseOf<typeof getUtilisationGrid>;
export type UtilisationCell = UtilisationGrid['cells'][number];
export type CapacitySettingInput = Pick<CapacitySetting, 'numberOfPeople' | 'averageHourly'>;

/** The salon's full capacity settings (numberOfPeople 0 / averageHourly 0 and isDefault when none are stored). */
export function useCapacitySetting(salonId: number | null) {
  // The query names the salon `SalonId`, which useReportQuery does not recognise: asked only once a salon is known.
  return useReportQuery(getFullCapacity, { query: { SalonId: salonId ?? 0 } }, { isEnabled: salonId !== null });
}

/** Saves the settings (ADMIN of the salon, SUPERADMIN); the settings and every capacity answer of the salon are read again. */
export function useSaveCapacitySetting(salonId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CapacitySettingInput) => callApi(saveFullCapacity, { body: { salonId: salonId as number, ...input } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(reportQueryKey(getFullCapacity, { query: { SalonId: saved.salonId } }), saved);
      return queryClient.invalidateQueries({ queryKey: [getCapacityCustom.path] });
    },
  });
}

interface CapacityRequest {
  salonId: number | null;
  fromDate: string;
  toDate: string;
  setting: CapacitySetting | undefined;
  enabled: boolean;
}

/** Last week, the current week and fromDate..toDate, costed with the saved settings (asked once they are known). */
export function useCapacity({ salonId, fromDate, toDate, setting, enabled }: CapacityRequest) {
  return useReportQuery(
    getCapacityCustom,
    {
      params: {
        fromDate,
        toDate,
        averageHourly: setting?.averageHourly ?? 0,
        numberOfPeople: setting?.numberOfPeople ?? 0,
        salonId,
      },
    },
    { isEnabled: enabled && setting !== undefined },
  );
}

/** Utilisation per ISO weekday and local hour over fromDate..toDate. */
export function useUtilisationGrid({ salonId, fromDate, toDate, enabled }: Omit<CapacityRequest, 'setting'>) {
  return useReportQuery(getUtilisationGrid, { params: { fromDate, toDate, salonId } }, { isEnabled: enabled });
}
