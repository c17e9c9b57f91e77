/**
 * performance_daily: per salon and day every figure the performance report sums, already combined:
 * revenue (sales_day_totals' services + products over the genders), DONE appointments, those with a client and
 * the rebooked ones (appointments_daily), booked service seconds (staff_booked_daily), shift seconds
 * (staff_hours_daily), new clients (clients.first_visit). A day without any of them has no row. The report read
 * ~30,000 source rows for every salon's month to date and last year's (four rollups per salon and span, each a
 * few rows per day and person); it now reads ~1,200 ready rows (20 salons x 2 spans x up to 31 days).
 *
 * performance_daily_fill(salon, days) recomputes a salon's days (days null: all of them) from those sources,
 * in key order. Kept by refreshSalesRollup (its days and the earlier visits whose rebooking it recomputes,
 * after the day totals), by statement triggers on staff_hours_daily (whose own triggers follow shifts,
 * attendances and time zones) and on clients (the old and new first-visit days); a bulk load (rebuildRollups,
 * the demo) defers its fills with staff_day_details' (salon.staff_day_details_deferred, deferStaffDayDetails)
 * and fills every salon once, last (fillPerformanceDaily with null).
 */
export const performanceDailySchema = `
CREATE TABLE performance_daily (
  salon_id integer NOT NULL,
  day date NOT NULL,
  revenue_cents bigint NOT NULL,
  appointments bigint NOT NULL,
  with_client bigint NOT NULL,
  rebooked bigint NOT NULL,
  booked_seconds bigint NOT NULL,
  shift_seconds numeric NOT NULL,
  new_clients bigint NOT NULL,
  PRIMARY KEY (salon_id, day)
);

CREATE FUNCTION performance_daily_fill(p_salon integer, p_days date[]) RETURNS void LANGUAGE plpgsql AS $f$
DECLARE
  lo date := COALESCE((SELECT min(d) FROM unnest(p_days) d), '-infinity');
  hi date := COALESCE((SELECT max(d) FROM unnest(p_days) d), 'infinity');
BEGIN
  IF current_setting('salon.staff_day_details_deferred', true) = 'on' THEN
    RETURN;
  END IF;
  DELETE FROM performance_daily WHERE salon_id = p_salon AND (p_days IS NULL OR day = ANY(p_days));
  INSERT INTO performance_daily (salon_id, day, revenue_cents, appointments, with_client, rebooked, booked_seconds, shift_seconds, new_clients)
  SELECT p_salon, x.day, COALESCE(sum(x.revenue), 0), COALESCE(sum(x.appointments), 0), COALESCE(sum(x.with_client), 0),
    COALESCE(sum(x.rebooked), 0), COALESCE(sum(x.booked), 0), COALESCE(sum(x.shift), 0), COALESCE(sum(x.new_clients), 0)
  FROM (
    SELECT t.day, t.services_cents + t.products_cents AS revenue, NULL::bigint AS appointments, NULL::bigint AS with_client,
      NULL::bigint AS rebooked, NULL::bigint AS booked, NULL::numeric AS shift, NULL::bigint AS new_clients
    FROM sales_day_totals t
    WHERE t.salon_id = p_salon AND t.day BETWEEN lo AND hi AND (p_days IS NULL OR t.day = ANY(p_days))
    UNION ALL
    SELECT ad.day, NULL, ad.appointments, ad.with_client, ad.rebooked, NULL, NULL, NULL
    FROM appointments_daily ad
    WHERE ad.salon_id = p_salon AND ad.day BETWEEN lo AND hi AND (p_days IS NULL OR ad.day = ANY(p_days))
    UNION ALL
    SELECT bd.day, NULL, NULL, NULL, NULL, bd.booked_seconds, NULL, NULL
    FROM staff_booked_daily bd
    WHERE bd.salon_id = p_salon AND bd.day BETWEEN lo AND hi AND (p_days IS NULL OR bd.day = ANY(p_days))
    UNION ALL
    SELECT h.day, NULL, NULL, NULL, NULL, NULL, h.shift_seconds, NULL
    FROM staff_hours_daily h
    WHERE h.salon_id = p_salon AND h.day BETWEEN lo AND hi AND (p_days IS NULL OR h.day = ANY(p_days))
    UNION ALL
    SELECT c.first_visit, NULL, NULL, NULL, NULL, NULL, NULL, count(*)
    FROM clients c
    WHERE c.salon_id = p_salon AND c.first_visit BETWEEN lo AND hi AND (p_days IS NULL OR c.first_visit = ANY(p_days))
    GROUP BY 1
  ) x
  GROUP BY x.day
  ORDER BY x.day;
END $f$;

-- staff_hours_daily: the days a statement wrote (old and new rows), per salon.
CREATE FUNCTION performance_daily_hours() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF current_setting('salon.staff_day_details_deferred', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM performance_daily_fill(x.salon_id, x.days) FROM (
      SELECT n.salon_id, array_agg(DISTINCT n.day) AS days FROM new_rows n GROUP BY 1 ORDER BY 1) x;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM performance_daily_fill(x.salon_id, x.days) FROM (
      SELECT o.salon_id, array_agg(DISTINCT o.day) AS days FROM old_rows o GROUP BY 1 ORDER BY 1) x;
  END IF;
  RETURN NULL;
END $f$;
CREATE TRIGGER performance_daily_hours_insert AFTER INSERT ON staff_hours_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION performance_daily_hours();
CREATE TRIGGER performance_daily_hours_update AFTER UPDATE ON staff_hours_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION performance_daily_hours();
CREATE TRIGGER performance_daily_hours_delete AFTER DELETE ON staff_hours_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION performance_daily_hours();

-- clients: new clients follow the first visit (its old and new day, and salon). One function per operation: a
-- statement trigger sees only its own transition tables.
CREATE FUNCTION performance_daily_clients_insert() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM performance_daily_fill(x.salon_id, x.days) FROM (
    SELECT n.salon_id, array_agg(DISTINCT n.first_visit) AS days FROM new_rows n WHERE n.first_visit IS NOT NULL GROUP BY 1 ORDER BY 1) x;
  RETURN NULL;
END $f$;
CREATE FUNCTION performance_daily_clients_update() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM performance_daily_fill(x.salon_id, x.days) FROM (
    SELECT y.salon_id, array_agg(DISTINCT y.day) AS days FROM (
      SELECT n.salon_id, n.first_visit AS day FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.first_visit IS DISTINCT FROM o.first_visit OR n.salon_id <> o.salon_id
      UNION ALL
      SELECT o.salon_id, o.first_visit FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.first_visit IS DISTINCT FROM o.first_visit OR n.salon_id <> o.salon_id
    ) y
    WHERE y.day IS NOT NULL
    GROUP BY 1 ORDER BY 1
  ) x;
  RETURN NULL;
END $f$;
CREATE FUNCTION performance_daily_clients_delete() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM performance_daily_fill(x.salon_id, x.days) FROM (
    SELECT o.salon_id, array_agg(DISTINCT o.first_visit) AS days FROM old_rows o WHERE o.first_visit IS NOT NULL GROUP BY 1 ORDER BY 1) x;
  RETURN NULL;
END $f$;
CREATE TRIGGER performance_daily_clients_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION performance_daily_clients_insert();
CREATE TRIGGER performance_daily_clients_update AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION performance_daily_clients_update();
CREATE TRIGGER performance_daily_clients_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION performance_daily_clients_delete();

SELECT performance_daily_fill(s.id, NULL) FROM salons s ORDER BY s.id;
`;
