import { getServiceDataAnalysis, type ResponseOf } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type ServiceAnalysis = ResponseOf<typeof getServiceDataAnalysis>;
export type ServiceAnalysisRow = ServiceAnalysis['rows'][number];

/** Per service count, revenue, average price, discount, clients, share and top staff over a range. */
export function useServiceAnalysis(input: { salonId: number | null; fromDate: string; toDate: string; isEnabled: boolean }) {
  const { salonId, fromDate: from, toDate: to, isEnabled } = input;
  return useQuery({
    queryKey: ['service-analysis', salonId, from, to],
    enabled: isEnabled && salonId !== null,
    queryFn: ({ signal }) => callApi(getServiceDataAnalysis, { params: { salonId: salonId ?? 0, from, to } }, { signal }),
  });
}
