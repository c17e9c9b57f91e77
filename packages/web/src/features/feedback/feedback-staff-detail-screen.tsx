import { useSearchParams } from 'react-router';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { useFeedbackStaffDetail } from './api/use-feedback';
import { FeedbackDetailReport, useDetailPaging } from './feedback-detail-report';
import { positiveIntOf } from './feedback-stats';

/** /feedback-staff-details-data?staffId=: one staff member's feedback rows over the range, reached from the staff list. */
export default function FeedbackStaffDetailScreen() {
  const filters = useReportFilters();
  const [search] = useSearchParams();
  const id = positiveIntOf(search.get('staffId'));
  const paging = useDetailPaging();
  const report = useFeedbackStaffDetail({ ...filters, isEnabled: filters.isRangeValid, id, limit: paging.limit, offset: paging.offset });
  return <FeedbackDetailReport subject="staff" filters={filters} id={id} report={report} paging={paging} />;
}
