import { clientHistoryProducts, clientHistoryServices, type ResponseOf } from '@salon/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

type ClientHistory = ResponseOf<typeof clientHistoryServices>;
export type ClientHistoryLine = ClientHistory['rows'][number];
export type HistoryKind = 'services' | 'products';

/** The fixed messages when a client's history cannot be fetched, word for word (typo included). */
export const HISTORY_FAILURE: Record<HistoryKind, string> = {
  services: 'Unable to fetch client service history list',
  products: 'Unable to fetch client product histoy list',
};

/** A client's whole service or product history (onlyWithAppointment=false), reached through one of their appointments. */
export function useClientHistory(kind: HistoryKind, appointmentId: number | null) {
  return useQuery({
    queryKey: ['stats', 'client-history', kind, appointmentId],
    enabled: appointmentId !== null,
    queryFn: ({ signal }) =>
      callApi(
        kind === 'services' ? clientHistoryServices : clientHistoryProducts,
        { query: { appointmentId: appointmentId ?? 0, onlyWithAppointment: false } },
        { signal },
      ),
  });
}
