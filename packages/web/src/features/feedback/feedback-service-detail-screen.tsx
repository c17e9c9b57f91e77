import { useSearchParams } from 'react-router';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { useFeedbackServiceDetail } from './api/use-feedback';
import { FeedbackDetailReport, useDetailPaging } from './feedback-detail-report';
import { positiveIntOf } from './feedback-stats';

/** /feedback-services-details-data?serviceId=: one service's feedback rows over the range, reached from the services list. */
export default function FeedbackServiceDetailScreen() {
  const filters = useReportFilters();
  const [search] = useSearchParams();
  const id = positiveIntOf(search.get('serviceId'));
  const paging = useDetailPaging();
  const report = useFeedbackServiceDetail({ ...filters, isEnabled: filters.isRangeValid, id, limit: paging.limit, offset: paging.offset });
  return <FeedbackDetailReport subject="service" filters={filters} id={id} report={report} paging={paging} />;
}
