import { type ResponseOf, salesByGender } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type SalesByGender = ResponseOf<typeof salesByGender>;
export type SalesGenderRow = SalesByGender['byGender'][number];

/**
 * The MALE / FEMALE / UNKNOWN split of a range (GetSalesDataAnalysisGender). The split is the same
 * whichever gender the path names, so the overview asks for MALE and reads byGender.
 */
export function useSalesByGender(input: { salonId: number | null; fromDate: string; toDate: string; isEnabled: boolean }) {
  const { salonId, fromDate, toDate, isEnabled } = input;
  return useQuery({
    queryKey: ['stats', 'sales-by-gender', salonId, fromDate, toDate],
    enabled: isEnabled && salonId !== null,
    queryFn: ({ signal }) => callApi(salesByGender, { params: { gender: 'MALE', salonId: salonId ?? 0, fromDate, toDate } }, { signal }),
  });
}
