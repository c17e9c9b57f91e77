import type { getReportDataAnalysis, ResponseOf } from '@salon/contracts';
import { getReportDataAnalysisReport } from '@salon/contracts';
import type { GenderChoice } from '../../../components/report-frame/gender-filter';
import { useGenderReportQuery } from '../../../lib/use-report-query';

export type ReportData = ResponseOf<typeof getReportDataAnalysis>;
export type ReportItemRow = ReportData['items'][number];

/** Service-product report: revenue, quantity and share per category and per item, for all clients or one gender. */
export function useReportData(input: {
  salonId: number | null;
  fromDate: string;
  toDate: string;
  gender: GenderChoice;
  isEnabled: boolean;
}) {
  const { salonId, fromDate: from, toDate: to, gender, isEnabled } = input;
  return useGenderReportQuery(getReportDataAnalysisReport, gender, { params: { salonId, from, to } }, { isEnabled });
}
