import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type ProductAnalysis, type ProductAnalysisRow, useProductAnalysis } from './api/use-product-analysis';
import { ItemAnalysisReport } from './item-analysis-report';

/** /product-data-analysis: every product sold in the range with its units, revenue, clients and top staff. */
export default function ProductsAnalysisScreen() {
  const { t } = useTranslation('reports');
  const filters = useReportFilters();
  const report = useProductAnalysis({ ...filters, isEnabled: filters.isRangeValid });
  const columns = useMemo<DataTableColumn<ProductAnalysisRow>[]>(
    () => [
      { id: 'name', header: t('products.columns.name'), value: (row) => row.name },
      { id: 'brand', header: t('products.columns.brand'), value: (row) => row.brand },
      {
        id: 'category',
        header: t('products.columns.category'),
        value: (row) => t(`categories.${row.category}`, { defaultValue: row.category }),
      },
      { id: 'quantity', header: t('products.columns.quantity'), value: (row) => row.quantity, kind: 'integer' },
      { id: 'revenue', header: t('products.columns.revenue'), value: (row) => row.revenue, kind: 'money' },
      { id: 'averagePrice', header: t('products.columns.averagePrice'), value: (row) => row.averagePrice, kind: 'money' },
      { id: 'discount', header: t('products.columns.discount'), value: (row) => row.discount, kind: 'money' },
      { id: 'distinctClients', header: t('products.columns.distinctClients'), value: (row) => row.distinctClients, kind: 'integer' },
      { id: 'walkInQuantity', header: t('products.columns.walkInQuantity'), value: (row) => row.walkInQuantity, kind: 'integer' },
      {
        id: 'recommendedQuantity',
        header: t('products.columns.recommendedQuantity'),
        value: (row) => row.recommendedQuantity,
        kind: 'integer',
      },
      { id: 'share', header: t('products.columns.share'), value: (row) => row.sharePercent, kind: 'percent' },
      { id: 'topStaff', header: t('products.columns.topStaff'), value: (row) => row.topStaff?.name ?? null },
    ],
    [t],
  );
  return (
    <ItemAnalysisReport
      section="products"
      filters={filters}
      report={report}
      columns={columns}
      rowIdOf={(row) => String(row.productId)}
      kpisOf={(data: ProductAnalysis) =>
        [
          ['productsRevenue', data.totals.revenue, 'money'],
          ['productsQuantity', data.totals.quantity, 'integer'],
          ['productsAveragePrice', data.totals.averagePrice, 'money'],
          ['productsDiscount', data.totals.discount, 'money'],
          ['productsClients', data.totals.distinctClients, 'integer'],
        ] as const
      }
    />
  );
}
