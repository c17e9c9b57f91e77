import { listSalons } from '@salon/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { toIsoDate } from './iso-date';

/** The salons the caller may see, each with its today (GET /api/Salons/{SESSIONCODE}): one cache entry for the shell, the salon picker and the default dates. */
export const salonsQuery = queryOptions({
  queryKey: ['salons'] as const,
  queryFn: ({ signal }) => callApi(listSalons, {}, { signal }),
});

/**
 * Today in the salon's time zone (YYYY-MM-DD) as the server counts it, pinned on a demo server by
 * DEMO_TODAY: every default date of a report (this month, today, the current year) starts from it,
 * never from the device's clock, which may be in another zone. Undefined while the salon list is
 * loading or when no salon is chosen; the device's date only when the list failed or does not
 * name the salon.
 */
export function useSalonToday(salonId: number | null): string | undefined {
  const salons = useQuery({ ...salonsQuery, enabled: salonId !== null });
  if (salonId === null || salons.isPending) return undefined;
  return salons.data?.find((salon) => salon.id === salonId)?.today ?? toIsoDate(new Date());
}
