import { type ResponseOf, salesPerDay, salesPerDayGender } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import type { GenderChoice } from '../../../components/report-frame/gender-filter';
import { callApi } from '../../../lib/api-client';

export type SalesPerDay = ResponseOf<typeof salesPerDay>;
export type SalesDayRow = SalesPerDay['rows'][number];
export type SalesMeasures = SalesPerDay['totals'];

export interface SalesRangeInput {
  salonId: number | null;
  fromDate: string;
  toDate: string;
  gender: GenderChoice;
  /** False while the filters cannot be asked for (no salon, range reversed). */
  isEnabled: boolean;
}

/** Sales per day over a range, for all clients or (GetSalesDataAnalysisPerDayGender) one gender. */
export function useSalesPerDay({ salonId, fromDate, toDate, gender, isEnabled }: SalesRangeInput) {
  return useQuery({
    queryKey: ['stats', 'sales-per-day', salonId, fromDate, toDate, gender],
    enabled: isEnabled && salonId !== null,
    queryFn: ({ signal }) =>
      gender === 'ALL'
        ? callApi(salesPerDay, { params: { salonId: salonId ?? 0, fromDate, toDate } }, { signal })
        : callApi(salesPerDayGender, { params: { gender, salonId: salonId ?? 0, fromDate, toDate } }, { signal }),
  });
}
