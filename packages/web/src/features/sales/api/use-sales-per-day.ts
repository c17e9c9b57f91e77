import type { ResponseOf, salesPerDay } from '@salon/contracts';
import { salesPerDayReport } from '@salon/contracts';
import type { GenderChoice } from '../../../components/report-frame/gender-filter';
import { useGenderReportQuery } from '../../../lib/use-report-query';

export type SalesPerDay = ResponseOf<typeof salesPerDay>;
export type SalesDayRow = SalesPerDay['rows'][number];
export type SalesMeasures = SalesPerDay['totals'];

interface SalesRangeInput {
  salonId: number | null;
  fromDate: string;
  toDate: string;
  gender: GenderChoice;
  /** False while the filters cannot be asked for (no salon, range reversed). */
  isEnabled: boolean;
}

/** Sales per day over a range, for all clients or (GetSalesDataAnalysisPerDayGender) one gender. */
export function useSalesPerDay({ salonId, fromDate, toDate, gender, isEnabled }: SalesRangeInput) {
  return useGenderReportQuery(salesPerDayReport, gender, { params: { salonId, fromDate, toDate } }, { isEnabled });
}
