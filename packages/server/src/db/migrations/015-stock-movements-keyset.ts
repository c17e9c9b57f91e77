/**
 * Stock movements: the list pages by (day, id) and the status and professional-use
 * calls sum a salon's movements up to a day. One index in that key order carries every column
 * they read, so the page, its counts and the sums are index-only scans; it supersedes
 * stock_movements_day_idx (salon_id, day).
 */
export const stockMovementsKeysetSchema = `
CREATE INDEX stock_movements_keyset_idx ON stock_movements (salon_id, day, id) INCLUDE (product_id, type, quantity, unit_cost_cents);
DROP INDEX stock_movements_day_idx;
`;
