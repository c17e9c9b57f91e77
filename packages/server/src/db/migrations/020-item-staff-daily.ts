/**
 * item_staff_daily: per salon, day, kind, item (service or product) and staff member
 * (null = a line without one), the sums of every sale line, so the service and product analyses
 * add a range's sums and pick each item's top staff member from a few thousand rows instead of
 * hashing a salon-year of raw lines (lib/item-sales.query.ts). Counts every line, as those
 * reports do (walk-ins included, appointment status not looked at). Kept by refreshSalesRollup;
 * filled here from sale_lines, in key order.
 */
export const itemStaffDailySchema = `
CREATE TABLE item_staff_daily (
  salon_id integer NOT NULL,
  day date NOT NULL,
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
CREATE UNIQUE INDEX item_staff_daily_key ON item_staff_daily (salon_id, day, kind, item_id, staff_id) NULLS NOT DISTINCT;
INSERT INTO item_staff_daily (salon_id, day, kind, item_id, staff_id, quantity, line_count, revenue_cents, list_cents, discount_cents,
  walk_in_quantity, recommended_quantity)
SELECT salon_id, day, kind, COALESCE(service_id, product_id), staff_id, sum(quantity), count(*), sum(paid_amount_cents),
  sum(list_amount_cents), sum(discount_cents), COALESCE(sum(quantity) FILTER (WHERE appointment_id IS NULL), 0),
  COALESCE(sum(quantity) FILTER (WHERE recommended), 0)
FROM sale_lines
GROUP BY salon_id, day, kind, COALESCE(service_id, product_id), staff_id
ORDER BY 1, 2, 3, 4, 5;
ANALYZE item_staff_daily;
`;
