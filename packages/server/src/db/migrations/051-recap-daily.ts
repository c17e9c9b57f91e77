/**
 * recap_daily: the salon recap's figures of each salon, gender scope ('ALL', 'MALE', 'FEMALE': the client's
 * gender; 'ALL' counts clients of no gender and walk-ins too) and day, already combined from its three day
 * rollups: amounts, quantities and discounts per kind and their recommended share (sales_daily), appointments,
 * those with a service and with a product and the appointment discounts (appointments_daily), new clients and
 * the returning ones against the lost threshold (recap_client_daily). A day has a row in a scope when one of the
 * three has a row of it there, as the recap lists it. A year's recap is then one index range of ~250 ready rows,
 * where it summed ~3,400 sales_daily rows per day and kind and two other rollups, in four statements.
 *
 * recap_daily_fill(salon, days) recomputes a salon's days (days null: all of them; salon null: every salon), in
 * key order. refreshSalesRollup calls it last, for the days it wrote and the earlier ones it recomputed (their
 * appointments_daily and recap_client_daily rows); statement triggers on recap_client_daily refill the days its
 * other writers (a salon's lost threshold, a client's first visit) rewrite, except in a bulk load
 * (salon.staff_day_details_deferred on: rebuildRollups fills every salon once, last).
 */
export const recapDailySchema = `
CREATE TABLE recap_daily (
  salon_id integer NOT NULL,
  gender text NOT NULL CHECK (gender IN ('ALL', 'MALE', 'FEMALE')),
  day date NOT NULL,
  s_amount bigint NOT NULL,
  s_amount_rec bigint NOT NULL,
  s_quantity bigint NOT NULL,
  s_quantity_rec bigint NOT NULL,
  s_discount bigint NOT NULL,
  s_discount_rec bigint NOT NULL,
  p_amount bigint NOT NULL,
  p_amount_rec bigint NOT NULL,
  p_quantity bigint NOT NULL,
  p_quantity_rec bigint NOT NULL,
  p_discount bigint NOT NULL,
  p_discount_rec bigint NOT NULL,
  appointments bigint NOT NULL,
  with_service bigint NOT NULL,
  with_product bigint NOT NULL,
  appointments_discount bigint NOT NULL,
  new_service bigint NOT NULL,
  new_product bigint NOT NULL,
  new_clients bigint NOT NULL,
  balance bigint NOT NULL,
  lost bigint NOT NULL,
  PRIMARY KEY (salon_id, gender, day)
);

-- Each source row counts for 'ALL' and for its own gender (MALE, FEMALE); summed per scope and day.
CREATE FUNCTION recap_daily_fill(p_salon integer, p_days date[]) RETURNS void LANGUAGE plpgsql AS $f$
DECLARE
  lo date := COALESCE((SELECT min(d) FROM unnest(p_days) d), '-infinity');
  hi date := COALESCE((SELECT max(d) FROM unnest(p_days) d), 'infinity');
BEGIN
  DELETE FROM recap_daily WHERE (p_salon IS NULL OR salon_id = p_salon) AND (p_days IS NULL OR day = ANY(p_days));
  INSERT INTO recap_daily
  SELECT x.salon_id, g.scope, x.day,
    COALESCE(sum(x.s_amount), 0), COALESCE(sum(x.s_amount_rec), 0), COALESCE(sum(x.s_quantity), 0), COALESCE(sum(x.s_quantity_rec), 0),
    COALESCE(sum(x.s_discount), 0), COALESCE(sum(x.s_discount_rec), 0),
    COALESCE(sum(x.p_amount), 0), COALESCE(sum(x.p_amount_rec), 0), COALESCE(sum(x.p_quantity), 0), COALESCE(sum(x.p_quantity_rec), 0),
    COALESCE(sum(x.p_discount), 0), COALESCE(sum(x.p_discount_rec), 0),
    COALESCE(sum(x.appointments), 0), COALESCE(sum(x.with_service), 0), COALESCE(sum(x.with_product), 0),
    COALESCE(sum(x.appointments_discount), 0),
    COALESCE(sum(x.new_service), 0), COALESCE(sum(x.new_product), 0), COALESCE(sum(x.new_clients), 0),
    COALESCE(sum(x.balance), 0), COALESCE(sum(x.lost), 0)
  FROM (
    SELECT salon_id, day, gender,
      CASE WHEN kind = 'SERVICE' THEN revenue_cents END AS s_amount, CASE WHEN kind = 'SERVICE' THEN recommended_revenue_cents END AS s_amount_rec,
      CASE WHEN kind = 'SERVICE' THEN quantity END AS s_quantity, CASE WHEN kind = 'SERVICE' THEN recommended_quantity END AS s_quantity_rec,
      CASE WHEN kind = 'SERVICE' THEN discount_cents END AS s_discount,
      CASE WHEN kind = 'SERVICE' THEN recommended_discount_cents END AS s_discount_rec,
      CASE WHEN kind = 'PRODUCT' THEN revenue_cents END AS p_amount, CASE WHEN kind = 'PRODUCT' THEN recommended_revenue_cents END AS p_amount_rec,
      CASE WHEN kind = 'PRODUCT' THEN quantity END AS p_quantity, CASE WHEN kind = 'PRODUCT' THEN recommended_quantity END AS p_quantity_rec,
      CASE WHEN kind = 'PRODUCT' THEN discount_cents END AS p_discount,
      CASE WHEN kind = 'PRODUCT' THEN recommended_discount_cents END AS p_discount_rec,
      NULL::bigint AS appointments, NULL::bigint AS with_service, NULL::bigint AS with_product, NULL::bigint AS appointments_discount,
      NULL::bigint AS new_service, NULL::bigint AS new_product, NULL::bigint AS new_clients, NULL::bigint AS balance, NULL::bigint AS lost
    FROM sales_daily
    WHERE (p_salon IS NULL OR salon_id = p_salon) AND day BETWEEN lo AND hi AND (p_days IS NULL OR day = ANY(p_days))
    UNION ALL
    SELECT salon_id, day, gender, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
      appointments, with_service, with_product, discount_cents, NULL, NULL, NULL, NULL, NULL
    FROM appointments_daily
    WHERE (p_salon IS NULL OR salon_id = p_salon) AND day BETWEEN lo AND hi AND (p_days IS NULL OR day = ANY(p_days))
    UNION ALL
    SELECT salon_id, day, gender, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
      NULL, NULL, NULL, NULL, new_service, new_product, new_clients, balance, lost
    FROM recap_client_daily
    WHERE (p_salon IS NULL OR salon_id = p_salon) AND day BETWEEN lo AND hi AND (p_days IS NULL OR day = ANY(p_days))
  ) x
  CROSS JOIN LATERAL (VALUES ('ALL'), (x.gender)) AS g(scope)
  WHERE g.scope IN ('ALL', 'MALE', 'FEMALE')
  GROUP BY x.salon_id, g.scope, x.day
  ORDER BY 1, 2, 3;
END $f$;

-- The days of the statement's old and new recap_client_daily rows, per salon.
CREATE FUNCTION recap_daily_written() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  r record;
BEGIN
  IF current_setting('salon.staff_day_details_deferred', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT salon_id, array_agg(DISTINCT day) AS days FROM new_rows GROUP BY 1 LOOP
      PERFORM recap_daily_fill(r.salon_id, r.days);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT salon_id, array_agg(DISTINCT day) AS days FROM old_rows GROUP BY 1 LOOP
      PERFORM recap_daily_fill(r.salon_id, r.days);
    END LOOP;
  ELSE
    FOR r IN SELECT salon_id, array_agg(DISTINCT day) AS days
      FROM (SELECT salon_id, day FROM new_rows UNION ALL SELECT salon_id, day FROM old_rows) x GROUP BY 1
    LOOP
      PERFORM recap_daily_fill(r.salon_id, r.days);
    END LOOP;
  END IF;
  RETURN NULL;
END $f$;

CREATE TRIGGER recap_daily_insert AFTER INSERT ON recap_client_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recap_daily_written();
CREATE TRIGGER recap_daily_update AFTER UPDATE ON recap_client_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recap_daily_written();
CREATE TRIGGER recap_daily_delete AFTER DELETE ON recap_client_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recap_daily_written();

SELECT recap_daily_fill(NULL, NULL);
ANALYZE recap_daily;
`;
