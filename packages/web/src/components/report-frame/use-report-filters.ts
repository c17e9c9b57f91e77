import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useCurrentSalon } from '../../lib/current-salon';
import { useSalonToday } from '../../lib/salon-today';
import { isIsoDate, monthStartOf } from '../format/dates';

interface ReportFilterValues {
  salonId: number;
  fromDate: string;
  toDate: string;
}

export interface ReportFilters {
  /** The salon the report is about: the URL's salonId (superadmin), else the current salon; null when a superadmin has not chosen one. */
  salonId: number | null;
  /** The URL's fromDate, else the default; empty while the default waits for the salon's today. */
  fromDate: string;
  /** The URL's toDate, else the salon's today; empty while that is not known yet. */
  toDate: string;
  /** Today in the salon's time zone (lib/salon-today.ts); undefined while it is not known yet. */
  today: string | undefined;
  /** True while a default date waits for the salon's today: the frame shows the loader. */
  isPending: boolean;
  /** False when the report must not be asked for: fromDate after toDate, or a default date not known yet. */
  isRangeValid: boolean;
  /** Changes some filters in the URL (history replaced, so Back leaves the report); a salon choice is remembered too. */
  setFilters(change: Partial<ReportFilterValues>): void;
}

interface ReportFilterOptions {
  /** The default start of the range: the first of the current month (default) or today. */
  defaultFrom?: 'monthStart' | 'today';
}

/**
 * The report filters kept in the URL search params (?salonId&fromDate&toDate), with defaults:
 * the current salon, and the first of this month .. today, both in the salon's time zone as the
 * server tells it (not the device's clock). A non-superadmin always gets their own salon,
 * whatever the URL says.
 */
export function useReportFilters({ defaultFrom = 'monthStart' }: ReportFilterOptions = {}): ReportFilters {
  const [params, setParams] = useSearchParams();
  const { isSuperadmin } = useAuth();
  const { salonId: currentSalonId, setSalonId } = useCurrentSalon();

  const urlSalonId = Number(params.get('salonId'));
  const fromParam = params.get('fromDate');
  const toParam = params.get('toDate');
  // Only a superadmin may name a salon in the URL; everyone else always sees their own.
  const salonId = isSuperadmin && Number.isInteger(urlSalonId) && urlSalonId > 0 ? urlSalonId : currentSalonId;
  // A salon named in a superadmin's URL becomes their current salon, as if picked.
  useEffect(() => {
    if (isSuperadmin && salonId !== null && salonId !== currentSalonId) setSalonId(salonId);
  }, [isSuperadmin, salonId, currentSalonId, setSalonId]);
  const today = useSalonToday(salonId);
  const toDate = isIsoDate(toParam) ? toParam : (today ?? '');
  const fromDate = isIsoDate(fromParam) ? fromParam : defaultFrom === 'today' || !toDate ? toDate : monthStartOf(toDate);
  const isPending = toDate === '' || fromDate === '';

  const setFilters = useCallback(
    (change: Partial<ReportFilterValues>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(change)) {
            if (value === undefined || value === '' || (typeof value === 'string' && !isIsoDate(value))) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
      if (change.salonId !== undefined) setSalonId(change.salonId);
    },
    [setParams, setSalonId],
  );

  return useMemo(
    () => ({ salonId, fromDate, toDate, today, isPending, isRangeValid: !isPending && fromDate <= toDate, setFilters }),
    [salonId, fromDate, toDate, today, isPending, setFilters],
  );
}
