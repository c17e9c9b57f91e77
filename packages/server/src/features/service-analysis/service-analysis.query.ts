import type { ServiceAnalysisResponse } from '@salon/contracts';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { getItemSales } from '../../lib/item-sales.query.js';

/** Service analysis: per service count, revenue, average price, discount, clients, share and top staff. */
export async function getServiceAnalysis(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
): Promise<Static<typeof ServiceAnalysisResponse>> {
  const { items, totals } = await getItemSales(db, 'SERVICE', salonId, from, to);
  return {
    salonId,
    fromDate: from,
    toDate: to,
    rows: items.map((item) => ({
      serviceId: item.itemId,
      name: item.name,
      category: item.category,
      count: item.quantity,
      revenue: item.revenue,
      listAmount: item.listAmount,
      discount: item.discount,
      averagePrice: item.averagePrice,
      distinctClients: item.distinctClients,
      recommendedCount: item.recommendedQuantity,
      sharePercent: item.sharePercent,
      topStaff: item.topStaff,
    })),
    totals: {
      count: totals.quantity,
      revenue: totals.revenue,
      discount: totals.discount,
      distinctClients: totals.distinctClients,
      averagePrice: totals.averagePrice,
    },
  };
}
