import { getReportDataAnalysis, getReportDataAnalysisGender, type ResponseOf } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import type { GenderChoice } from '../../../components/report-frame/gender-filter';
import { callApi } from '../../../lib/api-client';

export type ReportData = ResponseOf<typeof getReportDataAnalysis>;
export type ReportItemRow = ReportData['items'][number];
export type ReportCategoryRow = ReportData['categories'][number];

/** Service-product report: revenue, quantity and share per category and per item, for all clients or one gender. */
export function useReportData(input: {
  salonId: number | null;
  fromDate: string;
  toDate: string;
  gender: GenderChoice;
  isEnabled: boolean;
}) {
  const { salonId, fromDate: from, toDate: to, gender, isEnabled } = input;
  return useQuery({
    queryKey: ['report-data-analysis', 'service-product', salonId, from, to, gender],
    enabled: isEnabled && salonId !== null,
    queryFn: ({ signal }) =>
      gender === 'ALL'
        ? callApi(getReportDataAnalysis, { params: { salonId: salonId ?? 0, from, to } }, { signal })
        : callApi(getReportDataAnalysisGender, { params: { salonId: salonId ?? 0, from, to, gender } }, { signal }),
  });
}
