import { getGrowthTodayReport, getGrowthTomorrowReport, type ResponseOf } from '@salon/contracts';
import { useReportQuery } from '../../../lib/use-report-query';

export type DayReport = ResponseOf<typeof getGrowthTodayReport>;
export type Day = 'today' | 'tomorrow';

/** Today's or tomorrow's appointments with the expected revenue and the categories involved. */
export function useDayReport(salonId: number | null, day: Day) {
  return useReportQuery(day === 'today' ? getGrowthTodayReport : getGrowthTomorrowReport, { params: { salonId } });
}
