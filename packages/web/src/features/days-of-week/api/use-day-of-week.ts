import { getDayOfTheWeek, getDayOfTheWeekGender, type ResponseOf } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import type { GenderChoice } from '../../../components/report-frame/gender-filter';
import { callApi } from '../../../lib/api-client';

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
  return useQuery({
    queryKey: ['report-data-analysis', 'day-of-week', salonId, fromDate, toDate, gender],
    enabled: isEnabled && salonId !== null,
    queryFn: ({ signal }) =>
      gender === 'ALL'
        ? callApi(getDayOfTheWeek, { params: { salonId: salonId ?? 0, fromDate, toDate } }, { signal })
        : callApi(getDayOfTheWeekGender, { params: { salonId: salonId ?? 0, fromDate, toDate, gender } }, { signal }),
  });
}
