import type { ReportItemRow } from './api/use-report-data';

/** A row of the items table: the API's row, or the totals row whose average price and category share may be blank. */
export type ItemTableRow = Omit<ReportItemRow, 'averagePrice' | 'kind'> & {
  averagePrice: number | null;
  kind: ReportItemRow['kind'] | null;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The items table's totals row over the rows shown: revenue, quantity, lines and discount add up;
 * the average price is the summed revenue over the summed units and the share the summed revenue
 * over the range's; a share of its category means nothing across categories, so it is blank.
 */
export function itemTotalsOf(rows: readonly ItemTableRow[], rangeRevenue: number): ItemTableRow {
  const sum = (pick: (row: ItemTableRow) => number) => round2(rows.reduce((total, row) => total + pick(row), 0));
  const revenue = sum((row) => row.revenue);
  const quantity = sum((row) => row.quantity);
  return {
    kind: null,
    itemId: 0,
    name: '',
    category: '',
    revenue,
    quantity,
    lines: sum((row) => row.lines),
    discount: sum((row) => row.discount),
    averagePrice: quantity > 0 ? round2(revenue / quantity) : null,
    sharePercent: rangeRevenue > 0 ? round2((revenue / rangeRevenue) * 100) : null,
    shareOfCategoryPercent: null,
  };
}
