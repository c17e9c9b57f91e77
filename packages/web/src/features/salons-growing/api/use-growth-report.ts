import { type GrowthCategory, growthReportEndpoints, type ResponseOf } from '@salon/contracts';
import { useReportQuery } from '../../../lib/use-report-query';
import type { SalonSetting } from './use-salon-configs';

type GrowthReport = ResponseOf<typeof growthReportEndpoints.TREATMENT>;
export type GrowthMonth = GrowthReport['months'][number];

/** One category's monthly penetration against the path to its target, with the setting's target, start and months. */
export function useGrowthReport(
  salonId: number | null,
  category: GrowthCategory,
  setting: SalonSetting | undefined,
  toDate: string | undefined,
) {
  const params = {
    salonId,
    target: setting?.target ?? 0,
    toDate: toDate ?? '',
    fromDate: setting?.periodStartDate ?? '',
    reachTargetMonths: setting?.reachTargetMonths ?? 0,
    targetMonths: setting?.targetMonths ?? 0,
  };
  // Asked only once the setting and the salon's today are known; the placeholders never reach the API.
  return useReportQuery(growthReportEndpoints[category], { params }, { isEnabled: setting !== undefined && toDate !== undefined });
}
