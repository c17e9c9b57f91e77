import { getProductDataAnalysis, type ResponseOf } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type ProductAnalysis = ResponseOf<typeof getProductDataAnalysis>;
export type ProductAnalysisRow = ProductAnalysis['rows'][number];

/** Per product units, revenue, average price, discount, clients, share and top staff over a range. */
export function useProductAnalysis(input: { salonId: number | null; fromDate: string; toDate: string; isEnabled: boolean }) {
  const { salonId, fromDate: from, toDate: to, isEnabled } = input;
  return useQuery({
    queryKey: ['product-analysis', salonId, from, to],
    enabled: isEnabled && salonId !== null,
    queryFn: ({ signal }) => callApi(getProductDataAnalysis, { params: { salonId: salonId ?? 0, from, to } }, { signal }),
  });
}
