import type { getDayOfTheWeek, ResponseOf } from '@salon/contracts';
import { getDayOfTheWeekReport } from '@salon/contracts';
import type { GenderChoice } from '../../../components/report-frame/gender-filter';
import { useGenderReportQuery } from '../../../lib/use-report-query';

export type DayOfWeekReport = ResponseOf<typeof getDayOfTheWeek>;
export type DayOfWeekRow = DayOfWeekReport['rows'][number];

/** The range's sales grouped Monday..Sunday, for all clients or one gender (GetDayOftheWeek/.../{gender}). */
export function useDayOfWeek(input: {
  salonId: number | null;
  fromDate: string;
  toDate: string;
  gender: GenderChoice;
  isEnabled: boolean;
}) {
  const { salonId, fromDate, toDate, gender, isEnabled } = input;
  return useGenderReportQuery(getDayOfTheWeekReport, gender, { params: { salonId, fromDate, toDate } }, { isEnabled });
}
