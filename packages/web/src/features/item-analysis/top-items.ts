/** The `limit` items with the highest revenue, highest first (ties keep their order), for a horizontal bar chart. */
export function topByRevenue<T extends { revenue: number }>(rows: readonly T[], limit = 10): T[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => b.row.revenue - a.row.revenue || a.index - b.index)
    .slice(0, limit)
    .map(({ row }) => row);
}
