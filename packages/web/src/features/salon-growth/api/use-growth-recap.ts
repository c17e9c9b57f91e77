import { getGrowthRecapData, type ResponseOf } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type GrowthRecap = ResponseOf<typeof getGrowthRecapData>;
export type GrowthRecapCategory = GrowthRecap['categories'][number];

/** All five categories up to today, each against its saved target (the 60 in the path is SPEC.md §9's fixed segment). */
export function useGrowthRecap(salonId: number | null, reachTargetMonths: number, targetMonths: number) {
  return useQuery({
    queryKey: ['salons-growing', 'recap', salonId, reachTargetMonths, targetMonths],
    enabled: salonId !== null,
    queryFn: ({ signal }) =>
      callApi(getGrowthRecapData, { params: { salonId: salonId as number, reachTargetMonths, targetMonths } }, { signal }),
  });
}
