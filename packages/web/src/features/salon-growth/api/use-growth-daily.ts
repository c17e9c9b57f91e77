import { type DailyDataType, type GrowthCategory, getGrowthDailyData, type ResponseOf } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type GrowthDaily = ResponseOf<typeof getGrowthDailyData>;

/** The {type} of GetDailyData for a category; styling has none (SPEC.md §7 lists TREATMENTS, CUTS, COLOUR, RE_SALE). */
export const DAILY_TYPE_OF: Record<GrowthCategory, DailyDataType | null> = {
  TREATMENT: 'TREATMENTS',
  HAIRCUT: 'CUTS',
  COLOUR: 'COLOUR',
  RESALE: 'RE_SALE',
  STYLING: null,
};

/** Penetration per day of one category over a range (at most 366 days). */
export function useGrowthDaily(
  salonId: number | null,
  type: DailyDataType | null,
  months: { reachTargetMonths: number; targetMonths: number },
  /** Undefined until the salon's today (the default month) is known. */
  range: { dateFrom: string; dateTo: string } | undefined,
) {
  return useQuery({
    queryKey: ['salons-growing', 'daily', salonId, type, months, range],
    enabled: salonId !== null && type !== null && range !== undefined,
    queryFn: ({ signal }) =>
      callApi(
        getGrowthDailyData,
        {
          params: { salonId: salonId as number, type: type as DailyDataType, ...months },
          query: range as { dateFrom: string; dateTo: string },
        },
        { signal },
      ),
  });
}
