/**
 * staff_day_bodies: the staff daily details' answer, rendered, one row per salon, gender scope and day
 * that has staff_day_details rows (the days the report lists), `body` the exact JSON text of that day's element
 * of `days` (what JSON.stringify writes for {day, ...bodyOf(the day, the same weekday 52 weeks earlier, names)}),
 * stored compressed as a part of a gzip answer (lib/gzip-parts.ts: raw deflate, sync-flushed, with the text's
 * CRC-32 and byte length), or NULL until a read renders it. A year's answer is then ~250-310 parts (~330 kB) joined
 * into one gzip member, with nothing compressed on the way out. A day's body depends only on staff_day_details of (salon, gender, day) and of
 * (salon, gender, day - 364) and on the first and last names of the people in them, so:
 *
 * - a statement trigger on staff_day_details (every fill: refreshSalesRollup, the triggers on staff_hours_daily,
 *   feedback and clients, rebuildRollups) gives each written day D and D + 364 a new `version` and a NULL body
 *   (inserting the row of a day that now has data, deleting that of a day left without), in the writer's
 *   transaction;
 * - a statement trigger on users does the same for the days of the people whose name changed (or who were deleted;
 *   a new user cannot be in staff_day_details already: its sources reference users).
 *
 * The report (getStaffDailyDetailsJson) renders the NULL bodies from one snapshot and writes each back only
 * `WHERE version = <the version it read>` (rows a writer holds locked are skipped), so a write committed
 * meanwhile is never overwritten by a stale body. Versions come from one sequence: a deleted and re-inserted
 * day never gets back a version a reader may hold.
 *
 * A rename looks up the person's days while it holds the advisory lock (7310148, 1) exclusively; every
 * staff_day_details write takes it shared. So a day that gains a row of the person in a concurrent transaction is
 * either seen by the rename (committed first) or invalidated after it (its writer waited for the rename): it
 * cannot keep a body with the old name.
 *
 * A body is ~1.3 kB (~8 kB of JSON): toast_tuple_target 8160 keeps them in the heap row, STORAGE EXTERNAL keeps
 * PostgreSQL from compressing them again. The demo load (triggers off) and rebuildRollups call staff_day_bodies_reset(salon)
 * after filling staff_day_details: every day listed again, no body.
 */
export const staffDayBodiesSchema = `
CREATE SEQUENCE staff_day_bodies_version;
CREATE TABLE staff_day_bodies (
  salon_id integer NOT NULL,
  gender text NOT NULL CHECK (gender IN ('ALL', 'MALE', 'FEMALE')),
  day date NOT NULL,
  version bigint NOT NULL DEFAULT nextval('staff_day_bodies_version'),
  body bytea,
  body_crc bigint,
  body_bytes integer,
  PRIMARY KEY (salon_id, gender, day),
  CHECK ((body IS NULL) = (body_crc IS NULL) AND (body IS NULL) = (body_bytes IS NULL))
) WITH (fillfactor = 80, toast_tuple_target = 8160);
ALTER TABLE staff_day_bodies ALTER COLUMN body SET STORAGE EXTERNAL;

-- The given (salon, gender, day) keys and the days 364 later: a new version and no body where the day has
-- staff_day_details rows, no row where it has none.
CREATE FUNCTION staff_day_bodies_invalidate(p_salons integer[], p_genders text[], p_days date[]) RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
  IF p_salons IS NULL OR cardinality(p_salons) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7310148, 1);
  DELETE FROM staff_day_bodies b USING (
    SELECT DISTINCT k.s, k.g, k.d + o.o AS d FROM unnest(p_salons, p_genders, p_days) k(s, g, d), (VALUES (0), (364)) o(o)
  ) k
  WHERE b.salon_id = k.s AND b.gender = k.g AND b.day = k.d
    AND NOT EXISTS (SELECT 1 FROM staff_day_details x WHERE x.salon_id = k.s AND x.gender = k.g AND x.day = k.d);
  INSERT INTO staff_day_bodies (salon_id, gender, day)
  SELECT k.s, k.g, k.d FROM (
    SELECT DISTINCT k.s, k.g, k.d + o.o AS d FROM unnest(p_salons, p_genders, p_days) k(s, g, d), (VALUES (0), (364)) o(o)
  ) k
  WHERE EXISTS (SELECT 1 FROM staff_day_details x WHERE x.salon_id = k.s AND x.gender = k.g AND x.day = k.d)
  ORDER BY 1, 2, 3
  ON CONFLICT (salon_id, gender, day) DO UPDATE SET version = EXCLUDED.version, body = NULL, body_crc = NULL, body_bytes = NULL;
END $f$;

-- A bulk fill (fillStaffDayDetails of whole salons) sets salon.staff_day_bodies_deferred 'on' for its transaction and
-- calls staff_day_bodies_reset after it.
CREATE FUNCTION staff_day_bodies_written() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF current_setting('salon.staff_day_bodies_deferred', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM staff_day_bodies_invalidate(array_agg(n.salon_id), array_agg(n.gender), array_agg(n.day))
    FROM (SELECT DISTINCT salon_id, gender, day FROM new_rows) n;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM staff_day_bodies_invalidate(array_agg(o.salon_id), array_agg(o.gender), array_agg(o.day))
    FROM (SELECT DISTINCT salon_id, gender, day FROM old_rows) o;
  END IF;
  RETURN NULL;
END $f$;
CREATE TRIGGER staff_day_bodies_insert AFTER INSERT ON staff_day_details
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_bodies_written();
CREATE TRIGGER staff_day_bodies_update AFTER UPDATE ON staff_day_details
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_bodies_written();
CREATE TRIGGER staff_day_bodies_delete AFTER DELETE ON staff_day_details
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_bodies_written();

-- The days of the people p_ids (staff_day_details rows naming them), looked up under the exclusive advisory lock.
CREATE FUNCTION staff_day_bodies_people(p_ids integer[]) RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(7310148, 1);
  PERFORM staff_day_bodies_invalidate(array_agg(x.salon_id), array_agg(x.gender), array_agg(x.day))
  FROM (SELECT DISTINCT d.salon_id, d.gender, d.day FROM staff_day_details d WHERE d.staff_id = ANY(p_ids)) x;
END $f$;
CREATE FUNCTION staff_day_bodies_users() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM staff_day_bodies_people(array_agg(n.id)) FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name;
  ELSE
    PERFORM staff_day_bodies_people(array_agg(o.id)) FROM old_rows o;
  END IF;
  RETURN NULL;
END $f$;
CREATE TRIGGER staff_day_bodies_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_bodies_users();
CREATE TRIGGER staff_day_bodies_users_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_day_bodies_users();

-- Every day of a salon (NULL: of every salon) listed again with no body, after a bulk fill of staff_day_details.
CREATE FUNCTION staff_day_bodies_reset(p_salon integer) RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
  DELETE FROM staff_day_bodies WHERE p_salon IS NULL OR salon_id = p_salon;
  INSERT INTO staff_day_bodies (salon_id, gender, day)
  SELECT DISTINCT salon_id, gender, day FROM staff_day_details WHERE p_salon IS NULL OR salon_id = p_salon ORDER BY 1, 2, 3;
END $f$;

SELECT staff_day_bodies_reset(NULL);
`;
