import { type ResponseOf, salesPerYear, salesPerYearGender } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import type { GenderChoice } from '../../../components/report-frame/gender-filter';
import { callApi } from '../../../lib/api-client';

export type SalesPerYear = ResponseOf<typeof salesPerYear>;
export type SalesMonthRow = SalesPerYear['current']['rows'][number];

/** A calendar year per month, with the previous year. */
export function useSalesPerYear(input: { salonId: number | null; year: number; gender: GenderChoice; isEnabled: boolean }) {
  const { salonId, year, gender, isEnabled } = input;
  return useQuery({
    queryKey: ['stats', 'sales-per-year', salonId, year, gender],
    enabled: isEnabled && salonId !== null,
    queryFn: ({ signal }) =>
      gender === 'ALL'
        ? callApi(salesPerYear, { params: { year, salonId: salonId ?? 0 } }, { signal })
        : callApi(salesPerYearGender, { params: { gender, year, salonId: salonId ?? 0 } }, { signal }),
  });
}
