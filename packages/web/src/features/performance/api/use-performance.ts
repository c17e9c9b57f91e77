import { getPerformance, getPerformanceBySalon, type ResponseOf } from '@salon/contracts';
import { useReportQuery } from '../../../lib/use-report-query';

export type PerformanceReport = ResponseOf<typeof getPerformance>;
export type PerformanceSalon = PerformanceReport['salons'][number];
export type PerformanceSpan = PerformanceSalon['day'];
export type PerformanceFigures = PerformanceSpan['current'];
export type PerformanceMedian = PerformanceReport['chainMedian']['day'];
export type PerformanceTrendDay = PerformanceSalon['trend'][number];

/** Every salon of the chain for the day and the month to date (GetPerformance/{day}: superadmin only, 403 otherwise). */
export function useChainPerformance(day: string, isEnabled: boolean) {
  return useReportQuery(getPerformance, { params: { day } }, { isEnabled: isEnabled && day !== '' });
}

/** One salon for the day and the month to date, with the chain's median (GetPerformanceBysalon/{day}/{salonId}). */
export function useSalonPerformance(salonId: number | null, day: string, isEnabled: boolean) {
  return useReportQuery(getPerformanceBySalon, { params: { day, salonId } }, { isEnabled: isEnabled && day !== '' });
}
