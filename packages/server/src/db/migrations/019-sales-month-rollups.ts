/**
 * Day and month grain sales totals, derived from the daily rollups of migration 002 and
 * kept by refreshSalesRollup in the same transaction:
 * - sales_day_totals: per salon, day and client gender, the sales measures the sales reports sum
 *   (service / product revenue, discount, sale lines, DONE appointments, clients of the day), one
 *   row where sales_daily + appointments_daily + client_days had up to 40.
 * - sales_month_totals: the same summed per calendar month (clients are not additive: not kept).
 * - client_months: per salon, month and gender, the clients of the month counted by the month of
 *   their previous visit (prev_month, null for a first visit). A client's first day in the months
 *   M1..M2 is their only first-in-month row there whose prev_month is null or before M1, so the
 *   distinct clients of whole months are a sum, exactly (sales-measures.query.ts).
 * - discounted_appointments: per salon, day and appointment with a positive discount in total, the
 *   list, paid and discount amounts and lines of its services and products (discounts per
 *   appointment): a page of them without grouping the range's sale lines (an appointment's lines
 *   share its day).
 */
export const salesMonthRollupsSchema = `
CREATE TABLE sales_day_totals (
  salon_id integer NOT NULL,
  day date NOT NULL,
  gender text NOT NULL,
  services_cents bigint NOT NULL,
  products_cents bigint NOT NULL,
  discount_cents bigint NOT NULL,
  line_count bigint NOT NULL,
  appointments bigint NOT NULL,
  clients bigint NOT NULL,
  PRIMARY KEY (salon_id, day, gender)
);
CREATE TABLE sales_month_totals (
  salon_id integer NOT NULL,
  month date NOT NULL,
  gender text NOT NULL,
  services_cents bigint NOT NULL,
  products_cents bigint NOT NULL,
  discount_cents bigint NOT NULL,
  line_count bigint NOT NULL,
  appointments bigint NOT NULL,
  PRIMARY KEY (salon_id, month, gender)
);
CREATE TABLE client_months (
  salon_id integer NOT NULL,
  month date NOT NULL,
  gender text NOT NULL,
  prev_month date,
  clients bigint NOT NULL
);
CREATE UNIQUE INDEX client_months_key ON client_months (salon_id, month, gender, prev_month) NULLS NOT DISTINCT;
INSERT INTO sales_day_totals (salon_id, day, gender, services_cents, products_cents, discount_cents, line_count, appointments, clients)
SELECT salon_id, day, gender, sum(s), sum(p), sum(d), sum(l), sum(a), sum(c) FROM (
  SELECT salon_id, day, gender, CASE WHEN kind = 'SERVICE' THEN revenue_cents ELSE 0 END AS s,
    CASE WHEN kind = 'PRODUCT' THEN revenue_cents ELSE 0 END AS p, discount_cents AS d, line_count AS l, 0 AS a, 0 AS c
  FROM sales_daily
  UNION ALL SELECT salon_id, day, gender, 0, 0, 0, 0, appointments, 0 FROM appointments_daily
  UNION ALL SELECT salon_id, day, gender, 0, 0, 0, 0, 0, count(*) FROM client_days GROUP BY 1, 2, 3
) x GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
INSERT INTO sales_month_totals (salon_id, month, gender, services_cents, products_cents, discount_cents, line_count, appointments)
SELECT salon_id, date_trunc('month', day)::date, gender, sum(services_cents), sum(products_cents), sum(discount_cents), sum(line_count),
  sum(appointments)
FROM sales_day_totals GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
INSERT INTO client_months (salon_id, month, gender, prev_month, clients)
SELECT salon_id, date_trunc('month', day)::date, gender, date_trunc('month', prev_day)::date, count(*)
FROM client_days WHERE prev_day IS NULL OR prev_day < date_trunc('month', day)::date
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
CREATE TABLE discounted_appointments (
  salon_id integer NOT NULL,
  day date NOT NULL,
  appointment_id bigint NOT NULL,
  client_id bigint,
  s_list bigint,
  s_paid bigint,
  s_disc bigint,
  s_lines bigint,
  p_list bigint,
  p_paid bigint,
  p_disc bigint,
  p_lines bigint,
  PRIMARY KEY (salon_id, day, appointment_id)
);
INSERT INTO discounted_appointments
SELECT salon_id, day, appointment_id, min(client_id),
  sum(list_amount_cents) FILTER (WHERE kind = 'SERVICE'), sum(paid_amount_cents) FILTER (WHERE kind = 'SERVICE'),
  sum(discount_cents) FILTER (WHERE kind = 'SERVICE'), count(*) FILTER (WHERE kind = 'SERVICE'),
  sum(list_amount_cents) FILTER (WHERE kind = 'PRODUCT'), sum(paid_amount_cents) FILTER (WHERE kind = 'PRODUCT'),
  sum(discount_cents) FILTER (WHERE kind = 'PRODUCT'), count(*) FILTER (WHERE kind = 'PRODUCT')
FROM sale_lines WHERE appointment_id IS NOT NULL
GROUP BY salon_id, day, appointment_id HAVING sum(discount_cents) > 0 ORDER BY 1, 2, 3;
ANALYZE discounted_appointments;
ANALYZE sales_day_totals;
ANALYZE sales_month_totals;
ANALYZE client_months;
`;
