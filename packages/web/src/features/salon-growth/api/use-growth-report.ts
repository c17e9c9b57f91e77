import { type GrowthCategory, growthReportEndpoints, type ResponseOf } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { SalonSetting } from './use-salon-configs';

export type GrowthReport = ResponseOf<typeof growthReportEndpoints.TREATMENT>;
export type GrowthMonth = GrowthReport['months'][number];

/** One category's monthly penetration against the path to its target, with the setting's target, start and months. */
export function useGrowthReport(
  salonId: number | null,
  category: GrowthCategory,
  setting: SalonSetting | undefined,
  toDate: string | undefined,
) {
  return useQuery({
    queryKey: ['salons-growing', 'report', salonId, category, setting, toDate],
    enabled: salonId !== null && setting !== undefined && toDate !== undefined,
    queryFn: ({ signal }) => {
      const { target, periodStartDate, reachTargetMonths, targetMonths } = setting as SalonSetting;
      const params = {
        salonId: salonId as number,
        target,
        toDate: toDate as string,
        fromDate: periodStartDate,
        reachTargetMonths,
        targetMonths,
      };
      return callApi(growthReportEndpoints[category], { params }, { signal });
    },
  });
}
