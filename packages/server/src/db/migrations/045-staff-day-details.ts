/**
 * staff_day_details: the staff daily details' figures of each salon, gender scope ('ALL', 'MALE',
 * 'FEMALE': the client's gender), day and person, already combined: money, visits and rebooking
 * (staff_daily), clients and new clients (staff_client_days, the clients' first visit), booked seconds
 * (staff_booked_daily), shift and worked seconds and working days (staff_hours_daily), the day's feedback
 * average round(avg(score), 2) (feedback, by its client's gender). staff_id 0 is the salon's row: present
 * when the day has a DONE appointment of the scope (an open day). Booked and hours figures are not gendered:
 * every scope carries them. A day's answer (and the same weekday 52 weeks earlier) is then an index range of
 * ready rows, where the report summed six sources per day and person (~13,700 rows a salon-year).
 *
 * staff_day_details_fill(salon, days) recomputes a salon's days (days null: all of them) from those
 * sources, in key order. Kept by refreshSalesRollup (its days and the earlier visits it recomputes),
 * statement triggers on staff_hours_daily (whose own triggers follow shifts, attendances and time zones),
 * on feedback (the written rows' days) and on clients (the old and new first-visit days, and the days of
 * the feedback of a client whose gender or salon changed); rebuildRollups and the demo load (triggers
 * off) defer those fills (salon.staff_day_details_deferred) and fill every salon once all sources are in.
 */
export const staffDayDetailsSchema = `
CREATE TABLE staff_day_details (
  salon_id integer NOT NULL,
  gender text NOT NULL CHECK (gender IN ('ALL', 'MALE', 'FEMALE')),
  day date NOT NULL,
  staff_id integer NOT NULL,
  earned_cents bigint NOT NULL,
  recommended_cents bigint NOT NULL,
  service_cents bigint NOT NULL,
  service_rec_cents bigint NOT NULL,
  product_cents bigint NOT NULL,
  product_rec_cents bigint NOT NULL,
  discount_cents bigint NOT NULL,
  discount_rec_cents bigint NOT NULL,
  clients integer NOT NULL,
  new_clients integer NOT NULL,
  visits integer NOT NULL,
  visits_with_product integer NOT NULL,
  rebooked integer NOT NULL,
  booked_seconds bigint NOT NULL,
  shift_seconds numeric NOT NULL,
  work_seconds numeric NOT NULL,
  working_days integer NOT NULL,
  feedback_average numeric,
  PRIMARY KEY (salon_id, gender, day, staff_id)
);

-- A bulk load (rebuildRollups, the demo) sets salon.staff_day_details_deferred 'on' for its transaction: the fills of
-- its refreshes and triggers wait, and it fills every salon once, last, with the setting 'off'.
-- Each source's rows of the salon's days with the client gender they count for ('*': every scope), then
-- summed per scope, day and person.
CREATE FUNCTION staff_day_details_fill(p_salon integer, p_days date[]) RETURNS void LANGUAGE plpgsql AS $f$
DECLARE
  lo date := COALESCE((SELECT min(d) FROM unnest(p_days) d), '-infinity');
  hi date := COALESCE((SELECT max(d) FROM unnest(p_days) d), 'infinity');
BEGIN
  IF current_setting('salon.staff_day_details_deferred', true) = 'on' THEN
    RETURN;
  END IF;
  DELETE FROM staff_day_details WHERE salon_id = p_salon AND (p_days IS NULL OR day = ANY(p_days));
  INSERT INTO staff_day_details (salon_id, gender, day, staff_id, earned_cents, recommended_cents, service_cents, service_rec_cents,
    product_cents, product_rec_cents, discount_cents, discount_rec_cents, clients, new_clients, visits, visits_with_product, rebooked,
    booked_seconds, shift_seconds, work_seconds, working_days, feedback_average)
  SELECT p_salon, g.scope, x.day, x.staff_id, COALESCE(sum(x.earned), 0), COALESCE(sum(x.rec), 0), COALESCE(sum(x.svc), 0),
    COALESCE(sum(x.svc_rec), 0), COALESCE(sum(x.prod), 0), COALESCE(sum(x.prod_rec), 0), COALESCE(sum(x.disc), 0),
    COALESCE(sum(x.disc_rec), 0), COALESCE(sum(x.clients), 0), COALESCE(sum(x.new_clients), 0), COALESCE(sum(x.visits), 0),
    COALESCE(sum(x.with_product), 0), COALESCE(sum(x.rebooked), 0), COALESCE(sum(x.booked_seconds), 0),
    COALESCE(sum(x.shift_seconds), 0), COALESCE(sum(x.work_seconds), 0), COALESCE(sum(x.working_days), 0), round(avg(x.score), 2)
  FROM (
    SELECT d.day, d.staff_id, d.gender AS cg, d.earned_cents AS earned, d.recommended_cents AS rec, d.service_cents AS svc,
      d.service_rec_cents AS svc_rec, d.product_cents AS prod, d.product_rec_cents AS prod_rec, d.discount_cents AS disc,
      d.discount_rec_cents AS disc_rec, NULL::bigint AS clients, NULL::bigint AS new_clients, d.visits, d.visits_with_product AS with_product,
      d.rebooked, NULL::bigint AS booked_seconds, NULL::numeric AS shift_seconds, NULL::numeric AS work_seconds,
      NULL::int AS working_days, NULL::int AS score
    FROM staff_daily d
    WHERE d.salon_id = p_salon AND d.day BETWEEN lo AND hi AND (p_days IS NULL OR d.day = ANY(p_days))
    UNION ALL
    SELECT cd.day, cd.staff_id, cd.gender, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, count(*), count(*) FILTER (WHERE c.first_visit = cd.day),
      NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM staff_client_days cd
    LEFT JOIN clients c ON c.salon_id = cd.salon_id AND c.id = cd.client_id
    WHERE cd.salon_id = p_salon AND cd.day BETWEEN lo AND hi AND (p_days IS NULL OR cd.day = ANY(p_days))
    GROUP BY 1, 2, 3
    UNION ALL
    SELECT bd.day, bd.staff_id, '*', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, bd.booked_seconds, NULL, NULL,
      NULL, NULL
    FROM staff_booked_daily bd
    WHERE bd.salon_id = p_salon AND bd.day BETWEEN lo AND hi AND (p_days IS NULL OR bd.day = ANY(p_days)) AND bd.staff_id <> 0
    UNION ALL
    SELECT h.day, h.user_id, '*', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
      CASE WHEN h.shifts > 0 THEN h.shift_seconds END, CASE WHEN h.attendances > 0 THEN h.work_seconds END,
      CASE WHEN h.attendances > 0 THEN 1 END, NULL
    FROM staff_hours_daily h
    WHERE h.salon_id = p_salon AND h.day BETWEEN lo AND hi AND (p_days IS NULL OR h.day = ANY(p_days)) AND (h.shifts > 0 OR h.attendances > 0)
    UNION ALL
    SELECT f.day, f.staff_id, COALESCE(c.gender, 'UNKNOWN'), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
      NULL, NULL, NULL, f.score
    FROM feedback f
    LEFT JOIN clients c ON c.salon_id = f.salon_id AND c.id = f.client_id
    WHERE f.salon_id = p_salon AND f.day BETWEEN lo AND hi AND (p_days IS NULL OR f.day = ANY(p_days)) AND f.staff_id IS NOT NULL
    UNION ALL
    SELECT DISTINCT ad.day, 0, ad.gender, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint,
      NULL::bigint, NULL::bigint, NULL::bigint, NULL::int, NULL::int, NULL::int, NULL::bigint, NULL::numeric, NULL::numeric, NULL::int, NULL::int
    FROM appointments_daily ad
    WHERE ad.salon_id = p_salon AND ad.day BETWEEN lo AND hi AND (p_days IS NULL OR ad.day = ANY(p_days)) AND ad.appointments > 0
  ) x
  JOIN (VALUES ('ALL'), ('MALE'), ('FEMALE')) g(scope) ON g.scope = 'ALL' OR x.cg = '*' OR x.cg = g.scope
  GROUP BY g.scope, x.day, x.staff_id
  ORDER BY g.scope, x.day, x.staff_id;
END $f$;

-- The days a statement wrote (old and new rows) of a source keyed by salon_id and day, per salon, recomputed.
-- A bulk load defers them (salon.staff_day_details_deferred, local to its transaction) and fills every salon last.
CREATE FUNCTION staff_day_details_written() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF current_setting('salon.staff_day_details_deferred', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM staff_day_details_fill(x.salon_id, x.days) FROM (
      SELECT n.salon_id, array_agg(DISTINCT n.day) AS days FROM new_rows n GROUP BY 1 ORDER BY 1) x;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM staff_day_details_fill(x.salon_id, x.days) FROM (
      SELECT o.salon_id, array_agg(DISTINCT o.day) AS days FROM old_rows o GROUP BY 1 ORDER BY 1) x;
  END IF;
  RETURN NULL;
END $f$;
CREATE TRIGGER staff_day_details_hours_insert AFTER INSERT ON staff_hours_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_details_written();
CREATE TRIGGER staff_day_details_hours_update AFTER UPDATE ON staff_hours_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_details_written();
CREATE TRIGGER staff_day_details_hours_delete AFTER DELETE ON staff_hours_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_details_written();
CREATE TRIGGER staff_day_details_feedback_insert AFTER INSERT ON feedback
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_details_written();
CREATE TRIGGER staff_day_details_feedback_update AFTER UPDATE ON feedback
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_details_written();
CREATE TRIGGER staff_day_details_feedback_delete AFTER DELETE ON feedback
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_details_written();

-- Clients: new clients follow the first visit (its old and new day), the feedback figures the client's gender
-- (the days of their feedback). Lines follow refreshSalesRollup, which a gender change calls.
CREATE FUNCTION staff_day_details_clients() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM staff_day_details_fill(x.salon_id, x.days) FROM (
    SELECT y.salon_id, array_agg(DISTINCT y.day) AS days FROM (
      SELECT n.salon_id, n.first_visit AS day FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.first_visit IS DISTINCT FROM o.first_visit OR n.salon_id <> o.salon_id
      UNION ALL
      SELECT o.salon_id, o.first_visit FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.first_visit IS DISTINCT FROM o.first_visit OR n.salon_id <> o.salon_id
      UNION ALL
      SELECT f.salon_id, f.day FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN feedback f ON f.salon_id IN (o.salon_id, n.salon_id) AND f.client_id = o.id
      WHERE n.gender IS DISTINCT FROM o.gender OR n.salon_id <> o.salon_id
    ) y
    WHERE y.day IS NOT NULL
    GROUP BY 1 ORDER BY 1
  ) x;
  RETURN NULL;
END $f$;
CREATE FUNCTION staff_day_details_clients_insert() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM staff_day_details_fill(x.salon_id, x.days) FROM (
    SELECT n.salon_id, array_agg(DISTINCT n.first_visit) AS days FROM new_rows n WHERE n.first_visit IS NOT NULL GROUP BY 1 ORDER BY 1) x;
  RETURN NULL;
END $f$;
CREATE FUNCTION staff_day_details_clients_delete() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM staff_day_details_fill(x.salon_id, x.days) FROM (
    SELECT o.salon_id, array_agg(DISTINCT o.first_visit) AS days FROM old_rows o WHERE o.first_visit IS NOT NULL GROUP BY 1 ORDER BY 1) x;
  RETURN NULL;
END $f$;
CREATE TRIGGER staff_day_details_clients_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_details_clients_insert();
CREATE TRIGGER staff_day_details_clients_update AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_details_clients();
CREATE TRIGGER staff_day_details_clients_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_details_clients_delete();

SELECT staff_day_details_fill(s.id, NULL) FROM salons s ORDER BY s.id;
`;
