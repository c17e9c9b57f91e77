import type { ResponseOf, salesPerYear } from '@salon/contracts';
import { salesPerYearReport } from '@salon/contracts';
import type { GenderChoice } from '../../../components/report-frame/gender-filter';
import { useGenderReportQuery } from '../../../lib/use-report-query';

export type SalesPerYear = ResponseOf<typeof salesPerYear>;
export type SalesMonthRow = SalesPerYear['current']['rows'][number];

/** A calendar year per month, with the previous year. */
export function useSalesPerYear(input: { salonId: number | null; year: number; gender: GenderChoice; isEnabled: boolean }) {
  const { salonId, year, gender, isEnabled } = input;
  return useGenderReportQuery(salesPerYearReport, gender, { params: { salonId, year } }, { isEnabled });
}
