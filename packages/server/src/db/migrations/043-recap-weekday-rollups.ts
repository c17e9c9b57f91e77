/**
 * Two client rollups for the report reads, both derived from client_days:
 * - recap_client_daily: per salon, day and client gender, what the salon recap counts of that day's
 *   clients (salon-recap.query.ts): new clients (clients.first_visit is that day) with a service, with a
 *   product and in all, and returning clients by the gap to their previous day (client_days.prev_day):
 *   balance (at most salons.lost_client_days days) and lost (more). A year is a few rows a day
 *   instead of every client day joined to clients. One SQL function recomputes a salon's days
 *   (recap_client_daily_refresh); refreshSalesRollup calls it for the days it wrote and those whose
 *   prev_day it moved, and two triggers for what the rows also depend on: a salon's lost threshold
 *   (its rows recomputed) and a client's first_visit (the old and the new day recomputed).
 * - client_weekday_months: per salon, month, client gender and ISO weekday, the client_days rows that
 *   are their (client, weekday) pair's first in the month, counted by the month of prev_weekday_day
 *   (null: none), as client_months does with prev_day: the distinct clients per weekday of whole months
 *   are then a sum (the day-of-week report) over far fewer rows than the client days.
 *   Kept with the other month rollups by fillMonths (db/rollups.ts).
 * And clients_first_visit_idx carries the client's gender (clients_first_visit_gender_idx): the sales reports' new
 * clients of one gender (lib/sales-measures.query.ts) are an index-only range of the salon's first visits, where the
 * planner scanned every client of the salon to filter gender and first visit.
 */
export const recapWeekdayRollupsSchema = `
CREATE TABLE recap_client_daily (
  salon_id integer NOT NULL,
  day date NOT NULL,
  gender text NOT NULL,
  new_service integer NOT NULL,
  new_product integer NOT NULL,
  new_clients integer NOT NULL,
  balance integer NOT NULL,
  lost integer NOT NULL,
  PRIMARY KEY (salon_id, day, gender)
);

-- One salon's rows on the given days, recomputed from client_days, clients and the salon's lost threshold
-- (days with neither a new nor a returning client have no row).
CREATE FUNCTION recap_client_daily_refresh(p_salon integer, p_days date[]) RETURNS void LANGUAGE sql AS $f$
  DELETE FROM recap_client_daily WHERE salon_id = p_salon AND day = ANY(p_days);
  INSERT INTO recap_client_daily (salon_id, day, gender, new_service, new_product, new_clients, balance, lost)
  SELECT cd.salon_id, cd.day, cd.gender, count(c.id) FILTER (WHERE cd.has_service), count(c.id) FILTER (WHERE cd.has_product), count(c.id),
    count(*) FILTER (WHERE cd.day - cd.prev_day <= s.lost_client_days), count(*) FILTER (WHERE cd.day - cd.prev_day > s.lost_client_days)
  FROM client_days cd
  JOIN salons s ON s.id = cd.salon_id
  LEFT JOIN clients c ON c.salon_id = cd.salon_id AND c.id = cd.client_id AND c.first_visit = cd.day
  WHERE cd.salon_id = p_salon AND cd.day = ANY(p_days)
  GROUP BY cd.salon_id, cd.day, cd.gender
  HAVING count(c.id) > 0 OR count(cd.prev_day) > 0
  ORDER BY 1, 2, 3;
$f$;

CREATE FUNCTION recap_client_daily_threshold() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM recap_client_daily_refresh(NEW.id, ARRAY(SELECT DISTINCT day FROM client_days WHERE salon_id = NEW.id));
  RETURN NULL;
END $f$;
CREATE TRIGGER recap_client_daily_threshold AFTER UPDATE OF lost_client_days ON salons
  FOR EACH ROW WHEN (OLD.lost_client_days IS DISTINCT FROM NEW.lost_client_days) EXECUTE FUNCTION recap_client_daily_threshold();

-- A statement moved clients' first_visit: the old and the new day of each such client. (A client with client days has
-- sale lines, which keep it from being deleted: deleting those lines refreshes their days first.)
CREATE FUNCTION recap_client_daily_first_visit() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  r record;
BEGIN
  FOR r IN
    WITH o AS (SELECT salon_id, id, first_visit FROM old_rows), n AS (SELECT salon_id, id, first_visit FROM new_rows)
    SELECT x.salon_id, array_agg(DISTINCT x.first_visit) AS days
    FROM ((TABLE o EXCEPT TABLE n) UNION ALL (TABLE n EXCEPT TABLE o)) x
    WHERE x.first_visit IS NOT NULL
    GROUP BY x.salon_id
  LOOP
    PERFORM recap_client_daily_refresh(r.salon_id, r.days);
  END LOOP;
  RETURN NULL;
END $f$;
CREATE TRIGGER recap_client_daily_first_visit AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recap_client_daily_first_visit();

SELECT recap_client_daily_refresh(s.id, ARRAY(SELECT DISTINCT day FROM client_days WHERE salon_id = s.id)) FROM salons s;
ANALYZE recap_client_daily;

CREATE TABLE client_weekday_months (
  salon_id integer NOT NULL,
  month date NOT NULL,
  gender text NOT NULL,
  isodow smallint NOT NULL,
  prev_month date,
  clients bigint NOT NULL
);
CREATE UNIQUE INDEX client_weekday_months_key ON client_weekday_months (salon_id, month, gender, isodow, prev_month) NULLS NOT DISTINCT;
INSERT INTO client_weekday_months (salon_id, month, gender, isodow, prev_month, clients)
SELECT salon_id, date_trunc('month', day)::date, gender, extract(isodow FROM day)::int, date_trunc('month', prev_weekday_day)::date, count(*)
FROM client_days WHERE prev_weekday_day IS NULL OR prev_weekday_day < date_trunc('month', day)::date
GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
ANALYZE client_weekday_months;
CREATE INDEX clients_first_visit_gender_idx ON clients (salon_id, first_visit) INCLUDE (gender);
DROP INDEX clients_first_visit_idx;
`;
