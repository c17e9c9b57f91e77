import { getSalonOverview, type ResponseOf } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type SalonOverview = ResponseOf<typeof getSalonOverview>;
export type SalonOverviewRow = SalonOverview['salons'][number];

export const salonOverviewQueryKey = ['salon-overview', 'month-to-date'] as const;

/** The chain's salons with this month's revenue, appointments and average ticket (superadmin). */
export function useSalonOverview() {
  return useQuery({
    queryKey: salonOverviewQueryKey,
    queryFn: ({ signal }) => callApi(getSalonOverview, {}, { signal }),
  });
}
