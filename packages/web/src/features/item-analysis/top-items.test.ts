import { describe, expect, it } from 'vitest';
import { topByRevenue } from './top-items';

describe('topByRevenue', () => {
  it('keeps the highest revenues first, ties in their original order, at most the limit', () => {
    const rows = [
      { id: 'a', revenue: 10 },
      { id: 'b', revenue: 30 },
      { id: 'c', revenue: 20 },
      { id: 'd', revenue: 30 },
    ];
    expect(topByRevenue(rows, 3).map((row) => row.id)).toEqual(['b', 'd', 'c']);
    expect(topByRevenue(rows).map((row) => row.id)).toEqual(['b', 'd', 'c', 'a']);
    expect(topByRevenue([], 10)).toEqual([]);
  });
});
