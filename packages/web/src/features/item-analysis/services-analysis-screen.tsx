import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type ServiceAnalysis, type ServiceAnalysisRow, useServiceAnalysis } from './api/use-service-analysis';
import { ItemAnalysisReport } from './item-analysis-report';

/** /services-data-analysis: every service performed in the range with its count, revenue, clients and top staff. */
export default function ServicesAnalysisScreen() {
  const { t } = useTranslation('reports');
  const filters = useReportFilters();
  const report = useServiceAnalysis({ ...filters, isEnabled: filters.isRangeValid });
  const columns = useMemo<DataTableColumn<ServiceAnalysisRow>[]>(
    () => [
      { id: 'name', header: t('services.columns.name'), value: (row) => row.name },
      {
        id: 'category',
        header: t('services.columns.category'),
        value: (row) => t(`categories.${row.category}`, { defaultValue: row.category }),
      },
      { id: 'count', header: t('services.columns.count'), value: (row) => row.count, kind: 'integer' },
      { id: 'revenue', header: t('services.columns.revenue'), value: (row) => row.revenue, kind: 'money' },
      { id: 'averagePrice', header: t('services.columns.averagePrice'), value: (row) => row.averagePrice, kind: 'money' },
      { id: 'discount', header: t('services.columns.discount'), value: (row) => row.discount, kind: 'money' },
      { id: 'distinctClients', header: t('services.columns.distinctClients'), value: (row) => row.distinctClients, kind: 'integer' },
      { id: 'recommendedCount', header: t('services.columns.recommendedCount'), value: (row) => row.recommendedCount, kind: 'integer' },
      { id: 'share', header: t('services.columns.share'), value: (row) => row.sharePercent, kind: 'percent' },
      { id: 'topStaff', header: t('services.columns.topStaff'), value: (row) => row.topStaff?.name ?? null },
    ],
    [t],
  );
  return (
    <ItemAnalysisReport
      section="services"
      filters={filters}
      report={report}
      columns={columns}
      rowIdOf={(row) => String(row.serviceId)}
      kpisOf={(data: ServiceAnalysis) =>
        [
          ['servicesRevenue', data.totals.revenue, 'money'],
          ['servicesCount', data.totals.count, 'integer'],
          ['servicesAveragePrice', data.totals.averagePrice, 'money'],
          ['servicesDiscount', data.totals.discount, 'money'],
          ['servicesClients', data.totals.distinctClients, 'integer'],
        ] as const
      }
    />
  );
}
