import {
  getProfessionalProductsUse,
  getStocksMovementsXlsx,
  getStocksStatus,
  importStocksMovements,
  type ResponseOf,
  STOCK_DEFAULT_STEPS,
  type StockMovementType,
  stockExportFileName,
} from '@salon/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi, downloadFile } from '../../../lib/api-client';
import { reportQueryKey, useReportQuery } from '../../../lib/use-report-query';

export type StockMovementsPage = ResponseOf<typeof importStocksMovements>;
export type StockMovement = StockMovementsPage['movements'][number];
export type StockStatus = ResponseOf<typeof getStocksStatus>;
export type StockStatusRow = StockStatus['rows'][number];
export type ProfessionalUse = ResponseOf<typeof getProfessionalProductsUse>;
export type ProfessionalUseMonth = ProfessionalUse['months'][number];

export interface StockRange {
  salonId: number | null;
  fromDate: string;
  toDate: string;
}

export interface StockListFilters {
  type?: StockMovementType;
  search?: string;
}

/** The query key of a movements list, so a screen can drop its pages ("clear"). */
export function stockMovementsKey(range: StockRange, filters: StockListFilters) {
  return [...reportQueryKey(importStocksMovements, { params: range, query: filters }), 'pages'] as const;
}

/**
 * The movements of a range, appended page by page (steps=100, progress=false):
 * each page asks from the previous page's cursor; none is asked while `isEnabled` is false.
 */
export function useStockMovementPages(range: StockRange, filters: StockListFilters, isEnabled: boolean) {
  const { salonId } = range;
  return useInfiniteQuery({
    queryKey: stockMovementsKey(range, filters),
    enabled: isEnabled && salonId !== null,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      callApi(
        importStocksMovements,
        {
          params: { salonId: salonId ?? 0, fromDate: range.fromDate, toDate: range.toDate },
          query: { steps: STOCK_DEFAULT_STEPS, progress: false, ...(pageParam ? { cursor: pageParam } : {}), ...filters },
        },
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Stock on hand per product at the end of the range, products to reorder first. */
export function useStockStatus(range: StockRange, isEnabled: boolean) {
  return useReportQuery(getStocksStatus, { params: range }, { isEnabled });
}

/** Professional products used per DONE service, per month, against the salon's and the chain's averages. */
export function useProfessionalUse(range: StockRange, isEnabled: boolean) {
  return useReportQuery(getProfessionalProductsUse, { params: range }, { isEnabled });
}

/** Downloads the stock spreadsheet (movements of the range with the list's filters, and the status) in the UI's language. */
export function downloadStockXlsx(range: StockRange & { salonId: number }, filters: StockListFilters, language: string) {
  return downloadFile(
    getStocksMovementsXlsx,
    {
      params: { salonId: range.salonId, fromDate: range.fromDate, toDate: range.toDate },
      query: { language: language === 'it' ? 'it' : 'en', ...filters },
    },
    stockExportFileName(range.fromDate, range.toDate),
  );
}
