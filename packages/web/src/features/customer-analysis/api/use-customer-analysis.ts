import {
  getCustomerAnalysis,
  getCustomerAnalysisStatus,
  getCustomerAnalysisStatusById,
  getCustomerAnalysisStatusXls,
  getCustomerMapAnalysisData,
  getLostListXls,
  type QueryOf,
  type ResponseOf,
  saveCustomerStatusSettings,
} from '@salon/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadViaLink } from '../../../lib/api-client';
import { useReportQuery } from '../../../lib/use-report-query';

export type CustomerOverview = ResponseOf<typeof getCustomerAnalysis>;
export type CustomerKpis = CustomerOverview['kpis'];
export type CustomerMonth = CustomerOverview['months'][number];
export type CustomerCohort = CustomerOverview['cohorts'][number];
export type CustomerStatusList = ResponseOf<typeof getCustomerAnalysisStatus>;
export type CustomerStatusRow = CustomerStatusList['rows'][number];
export type CustomerStatus = CustomerStatusRow['status'];
export type StatusSort = NonNullable<QueryOf<typeof getCustomerAnalysisStatus>['sort']>;
export type CustomerDetail = ResponseOf<typeof getCustomerAnalysisStatusById>;
export type CustomerMap = ResponseOf<typeof getCustomerMapAnalysisData>;
export type StatusSettings = ResponseOf<typeof saveCustomerStatusSettings>;

interface RangeInput {
  salonId: number | null;
  fromDate: string;
  toDate: string;
  isEnabled: boolean;
}

/** The customer overview of a range: KPIs with last year, genders, age bands, months and cohorts. */
export function useCustomerOverview({ salonId, fromDate, toDate, isEnabled }: RangeInput) {
  return useReportQuery(getCustomerAnalysis, { params: { salonId, fromDate, toDate } }, { isEnabled });
}

/** What the status list is asked for beyond the range: the filters, the order and the page. */
export interface StatusListQuery {
  status?: CustomerStatus;
  search?: string;
  sort?: StatusSort;
  limit: number;
  offset: number;
}

/** One page of the status list; the previous page stays on screen while the next one loads. */
export function useCustomerStatusList({ salonId, fromDate, toDate, isEnabled }: RangeInput, query: StatusListQuery) {
  const params = { salonId, fromDate, toDate };
  return useQuery({
    queryKey: [getCustomerAnalysisStatus.path, params, query] as const,
    enabled: isEnabled && salonId !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callApi(getCustomerAnalysisStatus, { params: { ...params, salonId: salonId as number }, query }, { signal }),
  });
}

/** One client's detail over the range; off while no client is open. */
export function useCustomerDetail({ salonId, fromDate, toDate, isEnabled }: RangeInput, clientId: number | null) {
  return useQuery({
    queryKey: [getCustomerAnalysisStatusById.path, { salonId, fromDate, toDate, clientId }] as const,
    enabled: isEnabled && salonId !== null && clientId !== null,
    queryFn: ({ signal }) =>
      callApi(
        getCustomerAnalysisStatusById,
        { params: { salonId: salonId as number, fromDate, toDate, clientId: clientId as number } },
        { signal },
      ),
  });
}

/** The weekday x hour heat-map and the clients per city and postal code of a range. */
export function useCustomerMap({ salonId, fromDate, toDate, isEnabled }: RangeInput) {
  return useReportQuery(getCustomerMapAnalysisData, { params: { salonId, fromDate, toDate } }, { isEnabled });
}

/** Saves the thresholds (ADMIN, SUPERADMIN); the settings and every customer list of the salon are read again. */
export function useSaveStatusSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: StatusSettings) => callApi(saveCustomerStatusSettings, { body: settings }),
    onSuccess: (_saved, settings) =>
      Promise.all(
        [getCustomerAnalysisStatus, getCustomerAnalysisStatusById].map((endpoint) =>
          queryClient.invalidateQueries({ queryKey: [endpoint.path, { salonId: settings.salonId }] }),
        ),
      ),
  });
}

/** status.xlsx: every client matching the filters (all pages, same order), through the returned link. */
export function downloadStatusList(
  range: { salonId: number; fromDate: string; toDate: string },
  filters: Omit<StatusListQuery, 'limit' | 'offset'>,
) {
  return downloadViaLink(getCustomerAnalysisStatusXls, { params: range, query: filters });
}

/** Lost List status.xlsx: the lost clients at the range's end with their contacts, through the returned link. */
export function downloadLostList(range: { salonId: number; fromDate: string; toDate: string }) {
  return downloadViaLink(getLostListXls, { params: range });
}
