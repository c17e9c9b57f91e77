import { type ResponseOf, salesByGender } from '@salon/contracts';
import { useReportQuery } from '../../../lib/use-report-query';

export type SalesByGender = ResponseOf<typeof salesByGender>;
export type SalesGenderRow = SalesByGender['byGender'][number];

/**
 * The MALE / FEMALE / UNKNOWN split of a range (GetSalesDataAnalysisGender). The split is the same
 * whichever gender the path names, so the overview asks for MALE and reads byGender.
 */
export function useSalesByGender(input: { salonId: number | null; fromDate: string; toDate: string; isEnabled: boolean }) {
  const { salonId, fromDate, toDate, isEnabled } = input;
  return useReportQuery(salesByGender, { params: { gender: 'MALE', salonId, fromDate, toDate } }, { isEnabled });
}
