import { getGrowthRecapData, type ResponseOf } from '@salon/contracts';
import { useReportQuery } from '../../../lib/use-report-query';

type GrowthRecap = ResponseOf<typeof getGrowthRecapData>;
export type GrowthRecapCategory = GrowthRecap['categories'][number];

/** All five categories up to today, each against its saved target (the 60 in the path is a fixed segment of the API path). */
export function useGrowthRecap(salonId: number | null, reachTargetMonths: number, targetMonths: number) {
  return useReportQuery(getGrowthRecapData, { params: { salonId, reachTargetMonths, targetMonths } });
}
