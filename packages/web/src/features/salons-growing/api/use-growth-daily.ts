import { type DailyDataType, type GrowthCategory, getGrowthDailyData } from '@salon/contracts';
import { useReportQuery } from '../../../lib/use-report-query';

/** The {type} of GetDailyData for a category; styling has none (the API takes TREATMENTS, CUTS, COLOUR, RE_SALE). */
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
  return useReportQuery(
    getGrowthDailyData,
    // Asked only once type and range are known (isEnabled); the placeholders never reach the API.
    { params: { salonId, type: type ?? 'TREATMENTS', ...months }, query: range ?? { dateFrom: '', dateTo: '' } },
    { isEnabled: type !== null && range !== undefined },
  );
}
