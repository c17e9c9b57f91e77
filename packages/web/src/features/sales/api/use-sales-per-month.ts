import type { ResponseOf, salesPerMonth } from '@salon/contracts';
import { salesPerMonthReport } from '@salon/contracts';
import type { GenderChoice } from '../../../components/report-frame/gender-filter';
import { useGenderReportQuery } from '../../../lib/use-report-query';

export type SalesPerMonth = ResponseOf<typeof salesPerMonth>;

/** One month (1..12) of a year per day, with the same month of the previous year. */
export function useSalesPerMonth(input: { salonId: number | null; year: number; month: number; gender: GenderChoice; isEnabled: boolean }) {
  const { salonId, year, month, gender, isEnabled } = input;
  return useGenderReportQuery(salesPerMonthReport, gender, { params: { salonId, month }, query: { year } }, { isEnabled });
}
