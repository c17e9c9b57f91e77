/**
 * Staff analysis over whole months:
 * - staff_client_months: per salon, month, staff member, client gender and prev_month, the number
 *   of staff_client_days rows that are their (person, client) pair's first in the month, by the
 *   month of the pair's previous day (prev_month, null: none). A pair's first row in the months
 *   M1..M2 is its only first-in-month row there whose prev_month is null or before M1, so a
 *   person's distinct clients over whole months are a sum over far fewer rows, as client_months
 *   does for the salon (migration 019).
 * - staff_monthly: staff_daily summed per salon, month, staff member and client gender (money,
 *   visits, rebooked): a twelfth of the day rows.
 * - staff_client_days_client_idx (client_id, day) with the columns the report reads: new clients
 *   served are read for the array of the clients whose first visit falls in the range (a few
 *   thousand a salon-year, index only) instead of hashing the range's every
 *   staff_client_days row. client_id leads (ids come from one identity; salon_id is still checked
 *   from the included columns): led by (salon_id, client_id) the index covered every day-range read of
 *   staff_client_days too, and the planner scanned the salon's whole index for a month instead of
 *   the key's day range.
 * Kept by refreshSalesRollup / rebuildRollups (db/rollups.ts); filled here from staff_client_days and
 * staff_daily, in key order.
 */
export const staffClientMonthsSchema = `
CREATE TABLE staff_client_months (
  salon_id integer NOT NULL,
  month date NOT NULL,
  staff_id integer NOT NULL,
  gender text NOT NULL,
  prev_month date,
  clients bigint NOT NULL
);
CREATE UNIQUE INDEX staff_client_months_key ON staff_client_months (salon_id, month, staff_id, gender, prev_month) NULLS NOT DISTINCT;
INSERT INTO staff_client_months (salon_id, month, staff_id, gender, prev_month, clients)
SELECT cd.salon_id, date_trunc('month', cd.day)::date, cd.staff_id, cd.gender, date_trunc('month', cd.prev_day)::date, count(*)
FROM staff_client_days cd WHERE cd.prev_day IS NULL OR cd.prev_day < date_trunc('month', cd.day)::date
GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
CREATE TABLE staff_monthly (
  salon_id integer NOT NULL,
  month date NOT NULL,
  staff_id integer NOT NULL,
  gender text NOT NULL,
  earned_cents bigint NOT NULL,
  recommended_cents bigint NOT NULL,
  service_cents bigint NOT NULL,
  service_rec_cents bigint NOT NULL,
  product_cents bigint NOT NULL,
  product_rec_cents bigint NOT NULL,
  discount_cents bigint NOT NULL,
  discount_rec_cents bigint NOT NULL,
  visits bigint NOT NULL,
  visits_with_product bigint NOT NULL,
  rebooked bigint NOT NULL,
  PRIMARY KEY (salon_id, month, staff_id, gender)
);
INSERT INTO staff_monthly
SELECT salon_id, date_trunc('month', day)::date, staff_id, gender, sum(earned_cents), sum(recommended_cents), sum(service_cents),
  sum(service_rec_cents), sum(product_cents), sum(product_rec_cents), sum(discount_cents), sum(discount_rec_cents), sum(visits),
  sum(visits_with_product), sum(rebooked)
FROM staff_daily GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
CREATE INDEX staff_client_days_client_idx ON staff_client_days (client_id, day) INCLUDE (salon_id, staff_id, gender, prev_day);
`;
