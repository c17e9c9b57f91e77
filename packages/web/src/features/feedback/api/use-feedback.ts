import {
  getFeedbackCustomer,
  getFeedbackService,
  getFeedbackServiceDetail,
  getFeedbackStaff,
  getFeedbacStaffDetail,
  type ResponseOf,
} from '@salon/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { reportQueryKey, useReportQuery } from '../../../lib/use-report-query';

export type FeedbackStats = ResponseOf<typeof getFeedbackStaff>['totals'];
export type FeedbackStaff = ResponseOf<typeof getFeedbackStaff>;
export type FeedbackCustomers = ResponseOf<typeof getFeedbackCustomer>;
export type FeedbackServices = ResponseOf<typeof getFeedbackService>;
export type FeedbackStaffDetail = ResponseOf<typeof getFeedbacStaffDetail>;
export type FeedbackServiceDetail = ResponseOf<typeof getFeedbackServiceDetail>;
export type FeedbackDetailRow = FeedbackStaffDetail['rows'][number];

interface RangeInput {
  salonId: number | null;
  fromDate: string;
  toDate: string;
  isEnabled: boolean;
}

/** Per staff member: count, average and 1..5 distribution over the range, with the range's totals. */
export function useFeedbackStaff({ salonId, fromDate, toDate, isEnabled }: RangeInput) {
  return useReportQuery(getFeedbackStaff, { params: { salonId, fromDate, toDate } }, { isEnabled });
}

/** Per client: count, average, distribution and their latest feedback day. */
export function useFeedbackCustomers({ salonId, fromDate, toDate, isEnabled }: RangeInput) {
  return useReportQuery(getFeedbackCustomer, { params: { salonId, fromDate, toDate } }, { isEnabled });
}

/** Per service: count, average and distribution. */
export function useFeedbackServices({ salonId, fromDate, toDate, isEnabled }: RangeInput) {
  return useReportQuery(getFeedbackService, { params: { salonId, fromDate, toDate } }, { isEnabled });
}

interface DetailInput extends RangeInput {
  /** The staff member or service; null when the URL names none (nothing is asked). */
  id: number | null;
  limit: number;
  offset: number;
}

/** A page of the feedback rows on one staff member (latest first) with their summary over the whole range; the previous page stays on screen while the next one loads. */
export function useFeedbackStaffDetail({ salonId, fromDate, toDate, isEnabled, id, limit, offset }: DetailInput) {
  const params = { toDate, fromDate, staffMemberId: id ?? 0, salonId: salonId ?? 0 };
  const query = { limit, offset };
  return useQuery({
    queryKey: reportQueryKey(getFeedbacStaffDetail, { params, query }),
    enabled: isEnabled && salonId !== null && id !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callApi(getFeedbacStaffDetail, { params, query }, { signal }),
  });
}

/** A page of the feedback rows on one service (latest first) with their summary over the whole range; the previous page stays on screen while the next one loads. */
export function useFeedbackServiceDetail({ salonId, fromDate, toDate, isEnabled, id, limit, offset }: DetailInput) {
  const params = { toDate, fromDate, serviceid: id ?? 0, salonId: salonId ?? 0 };
  const query = { limit, offset };
  return useQuery({
    queryKey: reportQueryKey(getFeedbackServiceDetail, { params, query }),
    enabled: isEnabled && salonId !== null && id !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callApi(getFeedbackServiceDetail, { params, query }, { signal }),
  });
}
