/**
 * Drops sale_lines_item_idx (migration 023: a salon's lines of one service or product, for the
 * campaign figures). No query reads it any more: the campaign figures sum item_staff_daily
 * (item_staff_daily_item_idx, migration 037), and every other read of sale_lines filters by day,
 * client, staff member or appointment (their own indexes). It was the dearest of sale_lines' seven
 * indexes to keep (the widest key, with five included columns): every line written by the app, the
 * demo or an import paid for it. Dropping it is instant, whatever the size of the table.
 */
export const dropSaleLinesItemIndexSchema = `
DROP INDEX IF EXISTS sale_lines_item_idx;
`;
