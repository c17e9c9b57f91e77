import { describe, expect, it } from 'vitest';
import { type ItemTableRow, itemTotalsOf } from './item-totals';

const item = (itemId: number, revenue: number, quantity: number, discount: number): ItemTableRow => ({
  kind: itemId < 10 ? 'SERVICE' : 'PRODUCT',
  itemId,
  name: `Item ${itemId}`,
  category: itemId < 10 ? 'HAIRCUT' : 'RESALE',
  revenue,
  quantity,
  lines: quantity,
  discount,
  averagePrice: revenue / quantity,
  sharePercent: null,
  shareOfCategoryPercent: 50,
});

describe('the service-product totals row', () => {
  it('adds amounts and units, and recomputes the average price and the share from the sums', () => {
    // Cut 3 x 30 = 90, colour 1 x 60.5, shampoo 4 x 12.25 = 49: 199.5 over 8 units; the range sold 250.
    const totals = itemTotalsOf([item(1, 90, 3, 5), item(2, 60.5, 1, 0.5), item(11, 49, 4, 1)], 250);
    expect(totals).toMatchObject({ revenue: 199.5, quantity: 8, lines: 8, discount: 6.5, averagePrice: 24.94, sharePercent: 79.8 });
    // A share of its own category is no sum: blank, not 150 %.
    expect(totals.shareOfCategoryPercent).toBeNull();
  });

  it('leaves the average price blank with no units', () => {
    expect(itemTotalsOf([item(1, 0, 0, 0)], 0)).toMatchObject({ averagePrice: null, sharePercent: null });
  });
});
