import Link from '@mui/material/Link';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type FeedbackStaff, useFeedbackStaff } from './api/use-feedback';
import { FeedbackListReport } from './feedback-list-report';
import { detailLink } from './feedback-stats';

type StaffRow = FeedbackStaff['rows'][number];
const BLANK = { staffId: null, name: '' } as const;

/** /feedback-staff-data: the feedback per staff member over the range; a person opens their feedback rows. */
export default function FeedbackStaffScreen() {
  const { t } = useTranslation('feedback');
  const filters = useReportFilters();
  const [search] = useSearchParams();
  const report = useFeedbackStaff({ ...filters, isEnabled: filters.isRangeValid });
  const leadColumns = useMemo<DataTableColumn<StaffRow>[]>(
    () => [
      {
        id: 'name',
        header: t('staff.name'),
        value: (row) => row.name || t('staff.none'),
        cell: (row) =>
          row.staffId === null ? (
            t('staff.none')
          ) : (
            <Link
              component={RouterLink}
              to={detailLink('/feedback-staff-details-data', 'staffId', row.staffId, search)}
              data-testid="staff-link"
            >
              {row.name}
            </Link>
          ),
      },
    ],
    [t, search],
  );
  return (
    <FeedbackListReport
      section="staff"
      filters={filters}
      report={report}
      leadColumns={leadColumns}
      rowIdOf={(row) => String(row.staffId ?? 'none')}
      blankRow={BLANK}
      hasAveragesChart
    />
  );
}
