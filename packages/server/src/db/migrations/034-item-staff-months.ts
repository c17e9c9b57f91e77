/**
 * item_staff_months: item_staff_daily summed per calendar month (salon, month, kind,
 * item, staff member), so the item analyses read a range's whole months from about 200 rows a month
 * instead of the days' 1,500 (the days before and after them still come from item_staff_daily).
 * Kept with the other month rollups by fillMonths (db/rollups.ts); filled here in key order.
 */
export const itemStaffMonthsSchema = `
CREATE TABLE item_staff_months (
  salon_id integer NOT NULL,
  month date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('SERVICE', 'PRODUCT')),
  item_id integer NOT NULL,
  staff_id integer,
  quantity bigint NOT NULL,
  line_count bigint NOT NULL,
  revenue_cents bigint NOT NULL,
  list_cents bigint NOT NULL,
  discount_cents bigint NOT NULL,
  walk_in_quantity bigint NOT NULL,
  recommended_quantity bigint NOT NULL
);
CREATE UNIQUE INDEX item_staff_months_key ON item_staff_months (salon_id, month, kind, item_id, staff_id) NULLS NOT DISTINCT;
INSERT INTO item_staff_months (salon_id, month, kind, item_id, staff_id, quantity, line_count, revenue_cents, list_cents, discount_cents,
  walk_in_quantity, recommended_quantity)
SELECT salon_id, date_trunc('month', day)::date, kind, item_id, staff_id, sum(quantity), sum(line_count), sum(revenue_cents),
  sum(list_cents), sum(discount_cents), sum(walk_in_quantity), sum(recommended_quantity)
FROM item_staff_daily
GROUP BY 1, 2, 3, 4, 5
ORDER BY 1, 2, 3, 4, 5;
ANALYZE item_staff_months;
`;
