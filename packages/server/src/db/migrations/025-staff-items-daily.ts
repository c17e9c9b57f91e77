/**
 * staff_items_daily (StaffItems): per salon, staff member, day, kind and item (service
 * or product), the sums of the lines naming that person that the staff item list counts: lines
 * of DONE appointments and walk-in lines (no appointment), as staff-items.query.ts always did.
 * Quantity, paid revenue and their recommended parts. The key starts (salon_id, staff_id, day), so
 * a person's year is one index range of ~1,600 rows instead of ~19,000 raw lines each joined to
 * its appointment. staff_items_daily_day_idx (salon_id, day) serves the refresh, which deletes a
 * salon's days for every person (by the key alone it read the salon's whole index, ~360 pages).
 * Kept by refreshSalesRollup / rebuildRollups (db/rollups.ts); filled here from sale_lines, in key
 * order.
 */
export const staffItemsDailySchema = `
CREATE TABLE staff_items_daily (
  salon_id integer NOT NULL,
  staff_id integer NOT NULL,
  day date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('SERVICE', 'PRODUCT')),
  item_id integer NOT NULL,
  quantity bigint NOT NULL,
  revenue_cents bigint NOT NULL,
  recommended_quantity bigint NOT NULL,
  recommended_revenue_cents bigint NOT NULL,
  PRIMARY KEY (salon_id, staff_id, day, kind, item_id)
);
INSERT INTO staff_items_daily (salon_id, staff_id, day, kind, item_id, quantity, revenue_cents, recommended_quantity, recommended_revenue_cents)
SELECT sl.salon_id, sl.staff_id, sl.day, sl.kind, COALESCE(sl.service_id, sl.product_id), sum(sl.quantity), sum(sl.paid_amount_cents),
  COALESCE(sum(sl.quantity) FILTER (WHERE sl.recommended), 0), COALESCE(sum(sl.paid_amount_cents) FILTER (WHERE sl.recommended), 0)
FROM sale_lines sl
LEFT JOIN appointments a ON a.salon_id = sl.salon_id AND a.id = sl.appointment_id
WHERE sl.staff_id IS NOT NULL AND (sl.appointment_id IS NULL OR a.status = 'DONE')
GROUP BY 1, 2, 3, 4, 5
ORDER BY 1, 2, 3, 4, 5;
CREATE INDEX staff_items_daily_day_idx ON staff_items_daily (salon_id, day);
ANALYZE staff_items_daily;
`;
