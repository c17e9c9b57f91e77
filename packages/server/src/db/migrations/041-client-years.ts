/**
 * client_years: per salon, calendar year (its 1 January), client and gender, the sums
 * of the client's client_days of that year (visits, revenue, service and product revenue), their
 * last day, and their last day with an appointment with that day's last appointment id. Sales per
 * client reads a range's whole calendar years from it and its other days from client_days: a
 * salon-year is one row per client (about 6,900 on the bench chain) instead of their ~29,000 client
 * days (a month grain would not help: a client has about one day per month). Gender is in the key
 * as in client_days, so a gender filter stays exact; single_gender marks the row of a client whose
 * days of the year all have one gender (nearly all), which is then their row of the year's list as
 * it is, without summing. Kept by refreshSalesRollup / rebuildRollups (db/rollups.ts) for the
 * clients a refresh touches (all their rows of the years it covers); filled here in key order.
 */
export const clientYearsSchema = `
CREATE TABLE client_years (
  salon_id integer NOT NULL,
  year date NOT NULL,
  client_id bigint NOT NULL,
  gender text NOT NULL,
  appointments bigint NOT NULL,
  revenue_cents bigint NOT NULL,
  service_revenue_cents bigint NOT NULL,
  product_revenue_cents bigint NOT NULL,
  last_day date NOT NULL,
  last_appointment_day date,
  last_appointment_id bigint,
  single_gender boolean NOT NULL,
  PRIMARY KEY (salon_id, year, client_id, gender)
);
INSERT INTO client_years (salon_id, year, client_id, gender, appointments, revenue_cents, service_revenue_cents, product_revenue_cents,
  last_day, last_appointment_day, last_appointment_id, single_gender)
SELECT salon_id, date_trunc('year', day)::date, client_id, gender, sum(appointments), sum(revenue_cents), sum(service_revenue_cents),
  sum(product_revenue_cents), max(day), max(day) FILTER (WHERE last_appointment_id IS NOT NULL),
  (max(ARRAY[day - DATE '2000-01-01', last_appointment_id]) FILTER (WHERE last_appointment_id IS NOT NULL))[2],
  count(*) OVER (PARTITION BY salon_id, date_trunc('year', day)::date, client_id) = 1
FROM client_days GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
`;
