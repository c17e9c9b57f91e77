import { type ResponseOf, salesPerMonth, salesPerMonthGender } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import type { GenderChoice } from '../../../components/report-frame/gender-filter';
import { callApi } from '../../../lib/api-client';

export type SalesPerMonth = ResponseOf<typeof salesPerMonth>;

/** One month (1..12) of a year per day, with the same month of the previous year. */
export function useSalesPerMonth(input: { salonId: number | null; year: number; month: number; gender: GenderChoice; isEnabled: boolean }) {
  const { salonId, year, month, gender, isEnabled } = input;
  return useQuery({
    queryKey: ['stats', 'sales-per-month', salonId, year, month, gender],
    enabled: isEnabled && salonId !== null,
    queryFn: ({ signal }) =>
      gender === 'ALL'
        ? callApi(salesPerMonth, { params: { month, salonId: salonId ?? 0 }, query: { year } }, { signal })
        : callApi(salesPerMonthGender, { params: { gender, month, salonId: salonId ?? 0 }, query: { year } }, { signal }),
  });
}
