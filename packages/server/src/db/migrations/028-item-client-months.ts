/**
 * item_client_months: the distinct clients of each item (service or product) over a
 * range, without grouping the range's raw (item, client) pairs. One row per salon, kind, item, day
 * and prev_month with the number of (item, client) pairs whose first purchase in that day's month
 * is that day and whose previous purchase of the item lies in prev_month (null: none before).
 * item_id 0 stands for every item of the kind (a client's first line of the kind in the month), for
 * the report's total. A range that starts on the 1st of a month counts an item's distinct clients as
 * the sum of its rows with day in the range and prev_month null or before the range's month: each
 * pair is counted once, in the first month of the range it bought in (lib/item-sales.query.ts).
 * Kept by refreshSalesRollup (db/rollups.ts); filled here from sale_lines, in key order.
 */
export const itemClientMonthsSchema = `
CREATE TABLE item_client_months (
  salon_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('SERVICE', 'PRODUCT')),
  day date NOT NULL,
  item_id integer NOT NULL,
  prev_month date,
  clients bigint NOT NULL
);
CREATE UNIQUE INDEX item_client_months_key ON item_client_months (salon_id, kind, day, item_id, prev_month) NULLS NOT DISTINCT;
INSERT INTO item_client_months (salon_id, kind, day, item_id, prev_month, clients)
SELECT salon_id, kind, day, item_id, prev_month, count(*) FROM (
  SELECT f.salon_id, f.kind, f.day, f.item_id,
    lag(f.month) OVER (PARTITION BY f.salon_id, f.kind, f.item_id, f.client_id ORDER BY f.month) AS prev_month
  FROM (
    SELECT sl.salon_id, sl.kind, COALESCE(COALESCE(sl.service_id, sl.product_id), 0) AS item_id, sl.client_id,
      date_trunc('month', sl.day)::date AS month, min(sl.day) AS day
    FROM sale_lines sl WHERE sl.client_id IS NOT NULL
    GROUP BY sl.salon_id, sl.kind, sl.client_id, date_trunc('month', sl.day), GROUPING SETS ((COALESCE(sl.service_id, sl.product_id)), ())
  ) f
) x GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
ANALYZE item_client_months;
`;
