/**
 * Two month rollups for staff analysis over whole months.
 *
 * staff_new_client_months: new clients served over whole months as a sum.
 * Per salon, month, staff member, client gender, prev_month and the month of the client's first visit
 * (first_month), the number of staff_client_days rows that are their (person, client) pair's first in
 * the month (as staff_client_months counts them), of clients with a first visit, and only the rows
 * whose prev_month is null or before first_month: a row counts as a new client over the months
 * M1..M2 when its prev_month is null or before M1 and first_month lies in M1..M2, so prev_month <
 * M1 <= first_month. A salon-year of new clients is then a few hundred rows to sum instead of an index
 * scan of staff_client_days_client_idx for the ~3,000 clients whose first visit falls in it (~10,000
 * entries, ~730 pages).
 *
 * One definition of the rows: staff_new_client_months_fill(salon, months) recomputes a salon's months
 * (months null: all of them); refreshSalesRollup calls it with staff_client_months' months, rebuildRollups
 * for every salon, and statement triggers on clients for the months of the clients whose first visit
 * (or salon) changed, were inserted or deleted: first_visit is written by imports, not only with the
 * sale lines.
 *
 * staff_feedback_months: per salon, month, staff member and the client's gender ('UNKNOWN': none, or no
 * client), the sum and the number of the feedback scores naming the person; a range's average is
 * round(sum / count, 2), the same numeric division avg() makes. The gender variant no longer looks up
 * the client of each feedback row (a salon-year: ~2,300 primary-key probes of clients, ~9,000
 * buffers). staff_feedback_months_fill(salon, months) recomputes a salon's months; statement triggers
 * on feedback (the written rows' months) and on clients (the months of the feedback of clients whose
 * gender or salon changed) call it, rebuildRollups for every salon.
 */
export const staffAnalysisMonthsSchema = `
CREATE TABLE staff_new_client_months (
  salon_id integer NOT NULL,
  month date NOT NULL,
  staff_id integer NOT NULL,
  gender text NOT NULL,
  prev_month date,
  first_month date NOT NULL,
  clients bigint NOT NULL
);
CREATE UNIQUE INDEX staff_new_client_months_key ON staff_new_client_months (salon_id, month, staff_id, gender, prev_month, first_month)
  NULLS NOT DISTINCT;

CREATE FUNCTION staff_new_client_months_fill(p_salon integer, p_months date[]) RETURNS void LANGUAGE plpgsql AS $f$
DECLARE
  lo date := (SELECT min(m) FROM unnest(p_months) m);
  hi date := (SELECT max(m) + interval '1 month' FROM unnest(p_months) m);
BEGIN
  DELETE FROM staff_new_client_months WHERE salon_id = p_salon AND (p_months IS NULL OR month = ANY(p_months));
  INSERT INTO staff_new_client_months (salon_id, month, staff_id, gender, prev_month, first_month, clients)
  SELECT cd.salon_id, date_trunc('month', cd.day)::date, cd.staff_id, cd.gender, date_trunc('month', cd.prev_day)::date,
    date_trunc('month', c.first_visit)::date, count(*)
  FROM staff_client_days cd
  JOIN clients c ON c.salon_id = cd.salon_id AND c.id = cd.client_id
  WHERE cd.salon_id = p_salon AND cd.day >= COALESCE(lo, '-infinity') AND cd.day < COALESCE(hi, 'infinity')
    AND (p_months IS NULL OR date_trunc('month', cd.day)::date = ANY(p_months))
    AND (cd.prev_day IS NULL OR cd.prev_day < date_trunc('month', cd.day)::date)
    AND c.first_visit IS NOT NULL
    AND (cd.prev_day IS NULL OR date_trunc('month', cd.prev_day) < date_trunc('month', c.first_visit))
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6;
END $f$;

CREATE TABLE staff_feedback_months (
  salon_id integer NOT NULL,
  month date NOT NULL,
  staff_id integer NOT NULL,
  gender text NOT NULL,
  score_sum bigint NOT NULL,
  answers bigint NOT NULL,
  PRIMARY KEY (salon_id, month, staff_id, gender)
);

CREATE FUNCTION staff_feedback_months_fill(p_salon integer, p_months date[]) RETURNS void LANGUAGE plpgsql AS $f$
DECLARE
  lo date := (SELECT min(m) FROM unnest(p_months) m);
  hi date := (SELECT max(m) + interval '1 month' FROM unnest(p_months) m);
BEGIN
  DELETE FROM staff_feedback_months WHERE salon_id = p_salon AND (p_months IS NULL OR month = ANY(p_months));
  INSERT INTO staff_feedback_months (salon_id, month, staff_id, gender, score_sum, answers)
  SELECT f.salon_id, date_trunc('month', f.day)::date, f.staff_id, COALESCE(c.gender, 'UNKNOWN'), sum(f.score), count(*)
  FROM feedback f
  LEFT JOIN clients c ON c.salon_id = f.salon_id AND c.id = f.client_id
  WHERE f.salon_id = p_salon AND f.day >= COALESCE(lo, '-infinity') AND f.day < COALESCE(hi, 'infinity')
    AND (p_months IS NULL OR date_trunc('month', f.day)::date = ANY(p_months)) AND f.staff_id IS NOT NULL
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
END $f$;

-- The months a feedback statement wrote (old and new rows), per salon, recomputed.
CREATE FUNCTION staff_feedback_months_feedback() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM staff_feedback_months_fill(x.salon_id, x.months) FROM (
      SELECT n.salon_id, array_agg(DISTINCT date_trunc('month', n.day)::date) AS months FROM new_rows n GROUP BY 1 ORDER BY 1) x;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM staff_feedback_months_fill(x.salon_id, x.months) FROM (
      SELECT o.salon_id, array_agg(DISTINCT date_trunc('month', o.day)::date) AS months FROM old_rows o GROUP BY 1 ORDER BY 1) x;
  END IF;
  RETURN NULL;
END $f$;
CREATE TRIGGER staff_feedback_months_insert AFTER INSERT ON feedback
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_feedback_months_feedback();
CREATE TRIGGER staff_feedback_months_update AFTER UPDATE ON feedback
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_feedback_months_feedback();
CREATE TRIGGER staff_feedback_months_delete AFTER DELETE ON feedback
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_feedback_months_feedback();

-- The months of these clients' first-in-month rows, per salon, recomputed.
CREATE FUNCTION staff_new_client_months_of_clients(p_clients bigint[]) RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM staff_new_client_months_fill(x.salon_id, x.months) FROM (
    SELECT cd.salon_id, array_agg(DISTINCT date_trunc('month', cd.day)::date) AS months
    FROM staff_client_days cd
    WHERE cd.client_id = ANY(p_clients) AND (cd.prev_day IS NULL OR cd.prev_day < date_trunc('month', cd.day)::date)
    GROUP BY cd.salon_id ORDER BY cd.salon_id
  ) x;
END $f$;

-- The clients a statement inserted, deleted or whose first visit (or salon) it changed (transition tables).
CREATE FUNCTION staff_new_client_months_clients() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM staff_new_client_months_of_clients(ARRAY(
      SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.first_visit IS DISTINCT FROM o.first_visit OR n.salon_id <> o.salon_id));
    -- staff_feedback_months: the months of the feedback of the clients whose gender (or salon) changed.
    PERFORM staff_feedback_months_fill(x.salon_id, x.months) FROM (
      SELECT f.salon_id, array_agg(DISTINCT date_trunc('month', f.day)::date) AS months
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN feedback f ON f.salon_id IN (o.salon_id, n.salon_id) AND f.client_id = o.id
      WHERE n.gender IS DISTINCT FROM o.gender OR n.salon_id <> o.salon_id
      GROUP BY 1 ORDER BY 1) x;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM staff_new_client_months_of_clients(ARRAY(SELECT n.id FROM new_rows n));
  ELSE
    PERFORM staff_new_client_months_of_clients(ARRAY(SELECT o.id FROM old_rows o));
  END IF;
  RETURN NULL;
END $f$;
CREATE TRIGGER staff_new_client_months_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_new_client_months_clients();
CREATE TRIGGER staff_new_client_months_update AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_new_client_months_clients();
CREATE TRIGGER staff_new_client_months_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION staff_new_client_months_clients();

SELECT staff_new_client_months_fill(s.id, NULL), staff_feedback_months_fill(s.id, NULL) FROM salons s ORDER BY s.id;
`;
