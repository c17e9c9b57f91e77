/**
 * staff_hours_daily: per salon, salon-local day and person, their planner shifts
 * (user_timeframes, on the local day a shift starts) and their attendances (on the local day of
 * clock_in): how many, and their seconds (worked seconds of the closed attendances only). Staff
 * analysis, full capacity, performance and the check-up read it instead of converting every
 * shift of the range to local time per call.
 *
 * Kept by triggers, so every writer (the planner, approved requests, clock-in/out and
 * corrections, a user's cascaded delete) keeps it in the same transaction: each statement's rows
 * are added (new) and subtracted (old) per key, an upsert of exact numeric sums, and a key left
 * with no shift and no attendance is deleted. A salon's new time zone moves its days: that salon
 * is recomputed. Writers that switch triggers off (the demo load) call refreshStaffHours
 * (db/rollups.ts), as rebuildRollups does. Filled here from the raw tables, in key order.
 */
export const staffHoursDailySchema = `
CREATE TABLE staff_hours_daily (
  salon_id integer NOT NULL,
  day date NOT NULL,
  user_id integer NOT NULL,
  shifts integer NOT NULL DEFAULT 0,
  shift_seconds numeric NOT NULL DEFAULT 0,
  attendances integer NOT NULL DEFAULT 0,
  work_seconds numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (salon_id, day, user_id)
);

CREATE FUNCTION staff_hours_daily_of(p_salon integer) RETURNS TABLE (
  salon_id integer, day date, user_id integer, shifts integer, shift_seconds numeric, attendances integer, work_seconds numeric
) LANGUAGE sql STABLE AS $f$
  SELECT x.salon_id, x.day, x.user_id, sum(x.shifts)::int, sum(x.shift_seconds), sum(x.attendances)::int, sum(x.work_seconds)
  FROM (
    SELECT t.salon_id, (t.day_start AT TIME ZONE s.time_zone)::date AS day, t.user_id, count(*) AS shifts,
      sum(extract(epoch FROM t.day_end - t.day_start)) AS shift_seconds, 0 AS attendances, 0 AS work_seconds
    FROM user_timeframes t JOIN salons s ON s.id = t.salon_id
    WHERE p_salon IS NULL OR t.salon_id = p_salon
    GROUP BY 1, 2, 3
    UNION ALL
    SELECT a.salon_id, (a.clock_in AT TIME ZONE s.time_zone)::date, a.user_id, 0, 0, count(*),
      COALESCE(sum(extract(epoch FROM a.clock_out - a.clock_in)) FILTER (WHERE a.clock_out IS NOT NULL), 0)
    FROM attendances a JOIN salons s ON s.id = a.salon_id
    WHERE p_salon IS NULL OR a.salon_id = p_salon
    GROUP BY 1, 2, 3
  ) x
  GROUP BY 1, 2, 3
$f$;

INSERT INTO staff_hours_daily SELECT * FROM staff_hours_daily_of(NULL) ORDER BY 1, 2, 3;

-- The session's work table of a statement's deltas (created once per session, emptied after each use).
CREATE FUNCTION staff_hours_delta_ready() RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
  IF to_regclass('pg_temp.staff_hours_delta') IS NULL THEN
    CREATE TEMP TABLE staff_hours_delta (
      salon_id integer, day date, user_id integer, shifts integer, shift_seconds numeric, attendances integer, work_seconds numeric
    );
  END IF;
END $f$;

CREATE FUNCTION staff_hours_daily_shifts() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM staff_hours_delta_ready();
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO staff_hours_delta
    SELECT n.salon_id, (n.day_start AT TIME ZONE s.time_zone)::date, n.user_id, 1, extract(epoch FROM n.day_end - n.day_start), 0, 0
    FROM new_rows n JOIN salons s ON s.id = n.salon_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO staff_hours_delta
    SELECT o.salon_id, (o.day_start AT TIME ZONE s.time_zone)::date, o.user_id, -1, -extract(epoch FROM o.day_end - o.day_start), 0, 0
    FROM old_rows o JOIN salons s ON s.id = o.salon_id;
  END IF;
  PERFORM staff_hours_daily_apply();
  RETURN NULL;
END $f$;

CREATE FUNCTION staff_hours_daily_attendances() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM staff_hours_delta_ready();
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO staff_hours_delta
    SELECT n.salon_id, (n.clock_in AT TIME ZONE s.time_zone)::date, n.user_id, 0, 0, 1, COALESCE(extract(epoch FROM n.clock_out - n.clock_in), 0)
    FROM new_rows n JOIN salons s ON s.id = n.salon_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO staff_hours_delta
    SELECT o.salon_id, (o.clock_in AT TIME ZONE s.time_zone)::date, o.user_id, 0, 0, -1, -COALESCE(extract(epoch FROM o.clock_out - o.clock_in), 0)
    FROM old_rows o JOIN salons s ON s.id = o.salon_id;
  END IF;
  PERFORM staff_hours_daily_apply();
  RETURN NULL;
END $f$;

-- Adds the statement's deltas (temp table staff_hours_delta) to the rollup, drops the keys left empty.
CREATE FUNCTION staff_hours_daily_apply() RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO staff_hours_daily AS h (salon_id, day, user_id, shifts, shift_seconds, attendances, work_seconds)
  SELECT d.salon_id, d.day, d.user_id, sum(d.shifts), sum(d.shift_seconds), sum(d.attendances), sum(d.work_seconds)
  FROM staff_hours_delta d
  GROUP BY 1, 2, 3
  HAVING sum(d.shifts) <> 0 OR sum(d.shift_seconds) <> 0 OR sum(d.attendances) <> 0 OR sum(d.work_seconds) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (salon_id, day, user_id) DO UPDATE SET shifts = h.shifts + excluded.shifts,
    shift_seconds = h.shift_seconds + excluded.shift_seconds, attendances = h.attendances + excluded.attendances,
    work_seconds = h.work_seconds + excluded.work_seconds;
  DELETE FROM staff_hours_daily h USING (SELECT DISTINCT salon_id, day, user_id FROM staff_hours_delta) d
  WHERE h.salon_id = d.salon_id AND h.day = d.day AND h.user_id = d.user_id AND h.shifts = 0 AND h.attendances = 0;
  DELETE FROM staff_hours_delta;
END $f$;

CREATE TRIGGER staff_hours_shifts_insert AFTER INSERT ON user_timeframes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_hours_daily_shifts();
CREATE TRIGGER staff_hours_shifts_update AFTER UPDATE ON user_timeframes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_hours_daily_shifts();
CREATE TRIGGER staff_hours_shifts_delete AFTER DELETE ON user_timeframes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_hours_daily_shifts();
CREATE TRIGGER staff_hours_attendances_insert AFTER INSERT ON attendances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_hours_daily_attendances();
CREATE TRIGGER staff_hours_attendances_update AFTER UPDATE ON attendances
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_hours_daily_attendances();
CREATE TRIGGER staff_hours_attendances_delete AFTER DELETE ON attendances
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_hours_daily_attendances();

CREATE FUNCTION staff_hours_daily_time_zone() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF NEW.time_zone IS DISTINCT FROM OLD.time_zone THEN
    DELETE FROM staff_hours_daily WHERE salon_id = NEW.id;
    INSERT INTO staff_hours_daily SELECT * FROM staff_hours_daily_of(NEW.id) ORDER BY 1, 2, 3;
  END IF;
  RETURN NULL;
END $f$;
CREATE TRIGGER staff_hours_time_zone AFTER UPDATE OF time_zone ON salons
  FOR EACH ROW EXECUTE FUNCTION staff_hours_daily_time_zone();
`;

/**
 * staff_client_days.prev_day: the person's previous day with the same client (null: none), as
 * client_days.prev_day, so distinct clients over a range are the rows whose prev_day lies before
 * it: a count, not a DISTINCT over a year of (person, client) pairs. The table is rebuilt in key
 * order with the column (an UPDATE would rewrite every row out of order), plus the index that
 * finds a pair's days for the write path's fix of the rows next to the days it refreshes.
 */
export const staffClientPrevDaySchema = `
ALTER TABLE staff_client_days RENAME TO staff_client_days_old;
ALTER INDEX staff_client_days_pkey RENAME TO staff_client_days_old_pkey;
CREATE TABLE staff_client_days (
  salon_id integer NOT NULL,
  day date NOT NULL,
  staff_id integer NOT NULL,
  client_id bigint NOT NULL,
  gender text NOT NULL CHECK (gender IN ('MALE', 'FEMALE', 'UNKNOWN')),
  prev_day date,
  PRIMARY KEY (salon_id, day, staff_id, client_id)
);
INSERT INTO staff_client_days
SELECT salon_id, day, staff_id, client_id, gender, lag(day) OVER (PARTITION BY salon_id, staff_id, client_id ORDER BY day)
FROM staff_client_days_old
ORDER BY 1, 2, 3, 4;
DROP TABLE staff_client_days_old;
CREATE INDEX staff_client_days_pair_idx ON staff_client_days (salon_id, staff_id, client_id, day);
`;
