/**
 * shift_hourly: per salon, salon-local day a shift starts and salon-local wall-clock hour, the planner
 * shifts' seconds in that hour (and how many shifts reach it), as booked_hourly (migration 013) holds the
 * booked service seconds. The utilisation grid sums both per ISO weekday and hour of a range: two index
 * ranges of ready rows, where it converted every shift of the range to local time per call (three
 * AT TIME ZONE per shift: ~2,600 shifts a salon-year, most of the grid's time) and ran in a transaction of
 * its own to turn JIT off for generate_series' row estimates. A shift is split over the local hours it
 * covers from its local start to its local end (timestamps without time zone: wall-clock arithmetic, so a
 * shift through a DST change counts its wall-clock hours, as the grid did).
 *
 * shift_hourly_fill(salon, days) recomputes a salon's days (days null: all of them; salon null: every
 * salon) from user_timeframes, in key order. Kept by statement triggers on user_timeframes (the old and new
 * rows' local start days) and by a salon's time-zone change (the salon's days); refreshStaffHours (the
 * demo load, which runs with triggers off, and rebuildRollups) fills it too.
 */
export const shiftHourlySchema = `
CREATE TABLE shift_hourly (
  salon_id integer NOT NULL,
  day date NOT NULL,
  hour timestamp NOT NULL,
  shifts integer NOT NULL,
  seconds numeric NOT NULL,
  PRIMARY KEY (salon_id, day, hour)
);

CREATE FUNCTION shift_hourly_fill(p_salon integer, p_days date[]) RETURNS void LANGUAGE plpgsql AS $f$
DECLARE
  -- The UTC window of the days' shifts (any zone is within a day of UTC), so the day_start index finds them.
  lo timestamptz := COALESCE((SELECT min(d) FROM unnest(p_days) d) - 1, '-infinity'::date)::timestamp AT TIME ZONE 'UTC';
  hi timestamptz := COALESCE((SELECT max(d) FROM unnest(p_days) d) + 2, 'infinity'::date)::timestamp AT TIME ZONE 'UTC';
BEGIN
  DELETE FROM shift_hourly WHERE (p_salon IS NULL OR salon_id = p_salon) AND (p_days IS NULL OR day = ANY(p_days));
  INSERT INTO shift_hourly (salon_id, day, hour, shifts, seconds)
  SELECT t.salon_id, t.day, h, count(*), sum(extract(epoch FROM least(t.e, h + interval '1 hour') - greatest(t.s, h)))
  FROM (
    SELECT ut.salon_id, (ut.day_start AT TIME ZONE s.time_zone)::date AS day, ut.day_start AT TIME ZONE s.time_zone AS s,
      ut.day_end AT TIME ZONE s.time_zone AS e
    FROM user_timeframes ut JOIN salons s ON s.id = ut.salon_id
    WHERE (p_salon IS NULL OR ut.salon_id = p_salon) AND ut.day_start >= lo AND ut.day_start < hi
  ) t
  CROSS JOIN LATERAL generate_series(date_trunc('hour', t.s), t.e - interval '1 microsecond', interval '1 hour') AS h
  WHERE p_days IS NULL OR t.day = ANY(p_days)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3;
END $f$;

-- The local start days of the statement's old and new shifts, per salon.
CREATE FUNCTION shift_hourly_written() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT n.salon_id, array_agg(DISTINCT (n.day_start AT TIME ZONE s.time_zone)::date) AS days
      FROM new_rows n JOIN salons s ON s.id = n.salon_id GROUP BY 1
    LOOP
      PERFORM shift_hourly_fill(r.salon_id, r.days);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT o.salon_id, array_agg(DISTINCT (o.day_start AT TIME ZONE s.time_zone)::date) AS days
      FROM old_rows o JOIN salons s ON s.id = o.salon_id GROUP BY 1
    LOOP
      PERFORM shift_hourly_fill(r.salon_id, r.days);
    END LOOP;
  ELSE
    FOR r IN SELECT x.salon_id, array_agg(DISTINCT (x.day_start AT TIME ZONE s.time_zone)::date) AS days
      FROM (SELECT salon_id, day_start FROM new_rows UNION ALL SELECT salon_id, day_start FROM old_rows) x
      JOIN salons s ON s.id = x.salon_id GROUP BY 1
    LOOP
      PERFORM shift_hourly_fill(r.salon_id, r.days);
    END LOOP;
  END IF;
  RETURN NULL;
END $f$;

CREATE TRIGGER shift_hourly_insert AFTER INSERT ON user_timeframes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shift_hourly_written();
CREATE TRIGGER shift_hourly_update AFTER UPDATE ON user_timeframes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shift_hourly_written();
CREATE TRIGGER shift_hourly_delete AFTER DELETE ON user_timeframes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shift_hourly_written();

CREATE FUNCTION shift_hourly_time_zone() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF NEW.time_zone IS DISTINCT FROM OLD.time_zone THEN
    PERFORM shift_hourly_fill(NEW.id, NULL);
  END IF;
  RETURN NULL;
END $f$;
CREATE TRIGGER shift_hourly_time_zone AFTER UPDATE OF time_zone ON salons
  FOR EACH ROW EXECUTE FUNCTION shift_hourly_time_zone();

SELECT shift_hourly_fill(NULL, NULL);
ANALYZE shift_hourly;
`;
