/**
 * The daily rollups rewritten once in their key order: refreshSalesRollup and
 * rebuildRollups now insert them ordered by (salon, day, ...), but rows written before were in
 * hash-aggregate or client order (client_days came out of lag() by client), so a salon's range of
 * days read one page per row: 25,070 pages for the 28,814 client days of a salon-year.
 */
export const rollupsKeyOrderSchema = `
CLUSTER client_days USING client_days_pkey;
CLUSTER sales_daily USING sales_daily_pkey;
CLUSTER item_sales_daily USING item_sales_daily_pkey;
CLUSTER appointments_daily USING appointments_daily_pkey;
ANALYZE client_days;
ANALYZE sales_daily;
ANALYZE item_sales_daily;
ANALYZE appointments_daily;
`;
