/**
 * The customer overview's month rollups, derived from client_days and clients:
 * - client_visit_months: per salon, client and month of client_days, the month's first and last
 *   day, prev_day of its first day (the client's last visit before the month, null: none), its
 *   visits and spend, and the client's gender, birth date and first visit. A range of whole months'
 *   distinct clients are its rows whose prev_day lies before the range (one per client, read per
 *   month from client_visit_months_range_idx, index-only, with no join to clients); the row that holds
 *   a client's first day after their first visit is the one with last_day after it and prev_day on or
 *   before it (client_visit_months_return_idx, one row per returning client: first-visit retention).
 * - client_cohort_months: client_visit_months counted per salon, month and month of the first visit
 *   (null: none), with the visits and spend: new vs returning per month, cohorts and a range's visits
 *   and spend without reading the clients one by one.
 * refreshSalesRollup recomputes the months it writes (with client_months); the trigger
 * client_visit_months_clients copies a client's changed gender, birth date or first visit onto their
 * rows and, when the first visit moved, recomputes client_cohort_months of their months
 * (client_cohort_months_refresh, which the refresh and the rebuild call too). Rows are inserted in
 * (salon, month, client) order, so a month's refresh deletes and writes adjacent pages (in client order,
 * a month of one salon was spread over about 1,000 pages).
 */
export const clientVisitMonthsSchema = `
CREATE TABLE client_visit_months (
  salon_id integer NOT NULL,
  client_id bigint NOT NULL,
  month date NOT NULL,
  first_day date NOT NULL,
  last_day date NOT NULL,
  prev_day date,
  visits bigint NOT NULL,
  revenue_cents bigint NOT NULL,
  gender text,
  birth_date date,
  first_visit date,
  PRIMARY KEY (salon_id, month, client_id)
);
CREATE TABLE client_cohort_months (
  salon_id integer NOT NULL,
  month date NOT NULL,
  first_month date,
  clients bigint NOT NULL,
  visits bigint NOT NULL,
  revenue_cents bigint NOT NULL
);

-- client_cohort_months of a salon's months, from client_visit_months.
CREATE FUNCTION client_cohort_months_refresh(p_salon integer, p_months date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM client_cohort_months WHERE salon_id = p_salon AND month = ANY(p_months);
  INSERT INTO client_cohort_months (salon_id, month, first_month, clients, visits, revenue_cents)
  SELECT salon_id, month, date_trunc('month', first_visit)::date, count(*), sum(visits), sum(revenue_cents)
  FROM client_visit_months WHERE salon_id = p_salon AND month = ANY(p_months)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
END $$;

-- client_visit_months (from client_days and clients) and client_cohort_months of a salon's months (YYYY-MM-01).
CREATE FUNCTION client_visit_months_refresh(p_salon integer, p_months date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM client_visit_months WHERE salon_id = p_salon AND month = ANY(p_months);
  INSERT INTO client_visit_months (salon_id, client_id, month, first_day, last_day, prev_day, visits, revenue_cents, gender, birth_date,
    first_visit)
  SELECT d.salon_id, d.client_id, date_trunc('month', d.day)::date, min(d.day), max(d.day),
    min(d.prev_day) FILTER (WHERE d.prev_day < date_trunc('month', d.day)::date), sum(d.appointments), sum(d.revenue_cents),
    min(c.gender), min(c.birth_date), min(c.first_visit)
  FROM client_days d LEFT JOIN clients c ON c.salon_id = d.salon_id AND c.id = d.client_id
  WHERE d.salon_id = p_salon AND d.day >= (SELECT min(m) FROM unnest(p_months) m)
    AND d.day < (SELECT max(m) FROM unnest(p_months) m) + interval '1 month' AND date_trunc('month', d.day)::date = ANY(p_months)
  GROUP BY d.salon_id, d.client_id, date_trunc('month', d.day)
  ORDER BY 1, 3, 2;
  PERFORM client_cohort_months_refresh(p_salon, p_months);
END $$;

CREATE FUNCTION client_visit_months_clients() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_salons integer[];
  v_months date[];
  s record;
BEGIN
  WITH changed AS (
    SELECT n.salon_id, n.id, n.gender, n.birth_date, n.first_visit, o.first_visit IS DISTINCT FROM n.first_visit AS moved
    FROM new_rows n JOIN old_rows o ON o.salon_id = n.salon_id AND o.id = n.id
    WHERE (o.gender, o.birth_date, o.first_visit) IS DISTINCT FROM (n.gender, n.birth_date, n.first_visit)
  ),
  updated AS (
    -- The client's months from client_days_client_idx, their rows by the key (no index led by the client to keep).
    UPDATE client_visit_months r SET gender = c.gender, birth_date = c.birth_date, first_visit = c.first_visit
    FROM changed c
    CROSS JOIN LATERAL (
      SELECT DISTINCT date_trunc('month', d.day)::date AS month FROM client_days d WHERE d.salon_id = c.salon_id AND d.client_id = c.id
    ) m
    WHERE r.salon_id = c.salon_id AND r.month = m.month AND r.client_id = c.id
    RETURNING r.salon_id, r.month, c.moved
  )
  SELECT array_agg(salon_id), array_agg(month) INTO v_salons, v_months FROM (SELECT DISTINCT salon_id, month FROM updated WHERE moved) x;
  FOR s IN SELECT u.salon_id, array_agg(u.month) AS months FROM unnest(v_salons, v_months) u(salon_id, month) GROUP BY u.salon_id LOOP
    PERFORM client_cohort_months_refresh(s.salon_id, s.months);
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER client_visit_months_clients AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_visit_months_clients();

SELECT client_visit_months_refresh(salon_id, array_agg(DISTINCT date_trunc('month', day)::date)) FROM client_days GROUP BY salon_id;
CREATE INDEX client_visit_months_range_idx ON client_visit_months (salon_id, month, prev_day) INCLUDE (gender, birth_date, first_visit);
CREATE INDEX client_visit_months_return_idx ON client_visit_months (salon_id, first_visit) INCLUDE (first_day)
  WHERE last_day > first_visit AND (prev_day IS NULL OR prev_day <= first_visit);
CREATE UNIQUE INDEX client_cohort_months_key ON client_cohort_months (salon_id, month, first_month)
  INCLUDE (clients, visits, revenue_cents) NULLS NOT DISTINCT;
ANALYZE client_visit_months;
ANALYZE client_cohort_months;
`;
