import { getGrowthRecapData, type ResponseOf } from '@salon/contracts';
import { useReportQuery } from '../../../lib/use-report-query';

type GrowthRecap = ResponseOf<typeof getGrowthRecapData>;
export type GrowthRecapCategory = GrowthRecap['categories'][number];

/** All five categories up to today, each against its saved target (the 60 in the path is SPEC.md §9's fixed segment). */
export function useGrowthRecap(salonId: number | null, reachTargetMonths: number, targetMonths: number) {
  return useReportQuery(getGrowthRecapData, { params: { salonId, reachTargetMonths, targetMonths } });
}
