import type { ProductAnalysisResponse } from '@salon/contracts';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { getItemSales } from '../../lib/item-sales.query.js';

/** Product analysis (walk-in sales included): per product units, revenue, discount, clients, walk-in and recommended units, top staff. */
export async function getProductAnalysis(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
): Promise<Static<typeof ProductAnalysisResponse>> {
  const { items, totals } = await getItemSales(db, 'PRODUCT', salonId, from, to);
  return {
    salonId,
    fromDate: from,
    toDate: to,
    rows: items.map(({ itemId, ...item }) => ({ productId: itemId, ...item })),
    totals,
  };
}
