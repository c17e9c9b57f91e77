/**
 * client_days.prev_weekday_day: the client's previous purchase day in the salon on the
 * same ISO weekday, kept by the rollup refresh like prev_day. A range's distinct clients per
 * weekday are then the rows whose prev_weekday_day is null or before the range, counted in one
 * pass, instead of hashing the range's (weekday, client) pairs (the day-of-week report).
 * Refilled in key order rather than updated: an UPDATE of every row followed by CLUSTER in the same
 * transaction keeps both versions of each row (the old ones are still visible to others), which left
 * the table's pages half empty once vacuumed.
 */
export const clientDaysPrevWeekdaySchema = `
ALTER TABLE client_days ADD COLUMN prev_weekday_day date;
CREATE TEMP TABLE client_days_refill ON COMMIT DROP AS
SELECT salon_id, day, client_id, gender, appointments, revenue_cents, service_revenue_cents, product_revenue_cents,
  has_service, has_product, last_appointment_id, prev_day,
  lag(day) OVER (PARTITION BY salon_id, client_id, extract(isodow FROM day) ORDER BY day) AS prev_weekday_day
FROM client_days;
TRUNCATE client_days;
DROP INDEX client_days_client_idx;
INSERT INTO client_days (salon_id, day, client_id, gender, appointments, revenue_cents, service_revenue_cents, product_revenue_cents,
  has_service, has_product, last_appointment_id, prev_day, prev_weekday_day)
SELECT * FROM client_days_refill ORDER BY salon_id, day, client_id;
CREATE INDEX client_days_client_idx ON client_days (salon_id, client_id, day);
ANALYZE client_days;
`;
