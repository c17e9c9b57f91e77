import { getProductDataAnalysis, type ResponseOf } from '@salon/contracts';
import { useReportQuery } from '../../../lib/use-report-query';

export type ProductAnalysis = ResponseOf<typeof getProductDataAnalysis>;
export type ProductAnalysisRow = ProductAnalysis['rows'][number];

/** Per product units, revenue, average price, discount, clients, share and top staff over a range. */
export function useProductAnalysis(input: { salonId: number | null; fromDate: string; toDate: string; isEnabled: boolean }) {
  const { salonId, fromDate: from, toDate: to, isEnabled } = input;
  return useReportQuery(getProductDataAnalysis, { params: { salonId, from, to } }, { isEnabled });
}
