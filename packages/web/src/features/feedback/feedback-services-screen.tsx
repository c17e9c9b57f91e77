import Link from '@mui/material/Link';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type FeedbackServices, useFeedbackServices } from './api/use-feedback';
import { FeedbackListReport } from './feedback-list-report';
import { detailLink } from './feedback-stats';

type ServiceRow = FeedbackServices['rows'][number];
const BLANK = { serviceId: null, name: '', category: '' } as const;

/** /feedback-services-data: the feedback per service over the range; a service opens its feedback rows. */
export default function FeedbackServicesScreen() {
  const { t } = useTranslation('feedback');
  const filters = useReportFilters();
  const [search] = useSearchParams();
  const report = useFeedbackServices({ ...filters, isEnabled: filters.isRangeValid });
  const leadColumns = useMemo<DataTableColumn<ServiceRow>[]>(
    () => [
      {
        id: 'name',
        header: t('services.name'),
        value: (row) => row.name || t('services.none'),
        cell: (row) =>
          row.serviceId === null ? (
            t('services.none')
          ) : (
            <Link
              component={RouterLink}
              to={detailLink('/feedback-services-details-data', 'serviceId', row.serviceId, search)}
              data-testid="service-link"
            >
              {row.name}
            </Link>
          ),
      },
      {
        id: 'category',
        header: t('columns.category'),
        value: (row) => (row.category ? t(`categories.${row.category}`, { defaultValue: row.category }) : ''),
      },
    ],
    [t, search],
  );
  return (
    <FeedbackListReport
      section="services"
      filters={filters}
      report={report}
      leadColumns={leadColumns}
      rowIdOf={(row) => String(row.serviceId ?? 'none')}
      blankRow={BLANK}
      hasAveragesChart
    />
  );
}
