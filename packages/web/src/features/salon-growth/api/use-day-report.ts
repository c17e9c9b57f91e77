import { getGrowthTodayReport, getGrowthTomorrowReport, type ResponseOf } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type DayReport = ResponseOf<typeof getGrowthTodayReport>;
export type Day = 'today' | 'tomorrow';

/** Today's or tomorrow's appointments with the expected revenue and the categories involved. */
export function useDayReport(salonId: number | null, day: Day) {
  return useQuery({
    queryKey: ['salons-growing', 'day', salonId, day],
    enabled: salonId !== null,
    queryFn: ({ signal }) =>
      callApi(day === 'today' ? getGrowthTodayReport : getGrowthTomorrowReport, { params: { salonId: salonId as number } }, { signal }),
  });
}
