import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ReportFilters, useReportFilters } from '../../components/report-frame/use-report-filters';
import { salonsQuery } from '../../lib/salon-today';

/**
 * The report filters of a campaign screen, which has no date range: it only needs today (for the
 * default month or year). The salon's today; on a screen that needs no salon (the chain's, my
 * campaigns), without a chosen salon, the first salon's (the server's salon-local today).
 */
export function useCampaignFilters({ isChainWide }: { isChainWide: boolean }): ReportFilters {
  const base = useReportFilters();
  const salons = useQuery({ ...salonsQuery, enabled: isChainWide && base.salonId === null });
  const today = base.today ?? (isChainWide ? salons.data?.[0]?.today : undefined);
  return useMemo<ReportFilters>(
    () => ({
      ...base,
      fromDate: today ?? '',
      toDate: today ?? '',
      today,
      isPending: today === undefined,
      isRangeValid: today !== undefined,
    }),
    [base, today],
  );
}
