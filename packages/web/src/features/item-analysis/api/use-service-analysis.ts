import { getServiceDataAnalysis, type ResponseOf } from '@salon/contracts';
import { useReportQuery } from '../../../lib/use-report-query';

export type ServiceAnalysis = ResponseOf<typeof getServiceDataAnalysis>;
export type ServiceAnalysisRow = ServiceAnalysis['rows'][number];

/** Per service count, revenue, average price, discount, clients, share and top staff over a range. */
export function useServiceAnalysis(input: { salonId: number | null; fromDate: string; toDate: string; isEnabled: boolean }) {
  const { salonId, fromDate: from, toDate: to, isEnabled } = input;
  return useReportQuery(getServiceDataAnalysis, { params: { salonId, from, to } }, { isEnabled });
}
