import { getSalonOverview, type ResponseOf } from '@salon/contracts';
import { useReportQuery } from '../../../lib/use-report-query';

export type SalonOverview = ResponseOf<typeof getSalonOverview>;
export type SalonOverviewRow = SalonOverview['salons'][number];

/** The chain's salons with this month's revenue, appointments and average ticket (superadmin). */
export function useSalonOverview() {
  return useReportQuery(getSalonOverview, {});
}
