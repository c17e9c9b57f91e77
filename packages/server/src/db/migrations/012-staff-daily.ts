/**
 * Staff analysis rollups, kept by refreshSalesRollup like the others:
 * - staff_daily: per salon, day, staff member and client gender, the paid amounts of their sale
 *   lines (walk-ins and DONE appointments) by kind and recommended, the discounts, their visits
 *   (DONE appointments with a line of theirs), those with a product and those rebooked
 *   (db/staff-hours.ts's definition);
 * - staff_client_days: one row per salon, day, staff member and client on their lines, so
 *   distinct clients over a range stay exact.
 * Both are filled here from the raw tables, in key order.
 */
export const staffDailySchema = `
CREATE TABLE staff_daily (
  salon_id integer NOT NULL,
  day date NOT NULL,
  staff_id integer NOT NULL,
  gender text NOT NULL CHECK (gender IN ('MALE', 'FEMALE', 'UNKNOWN')),
  earned_cents bigint NOT NULL,
  recommended_cents bigint NOT NULL,
  service_cents bigint NOT NULL,
  service_rec_cents bigint NOT NULL,
  product_cents bigint NOT NULL,
  product_rec_cents bigint NOT NULL,
  discount_cents bigint NOT NULL,
  discount_rec_cents bigint NOT NULL,
  visits integer NOT NULL,
  visits_with_product integer NOT NULL,
  rebooked integer NOT NULL,
  PRIMARY KEY (salon_id, day, staff_id, gender)
);
CREATE TABLE staff_client_days (
  salon_id integer NOT NULL,
  day date NOT NULL,
  staff_id integer NOT NULL,
  client_id bigint NOT NULL,
  gender text NOT NULL CHECK (gender IN ('MALE', 'FEMALE', 'UNKNOWN')),
  PRIMARY KEY (salon_id, day, staff_id, client_id)
);

CREATE TEMP TABLE staff_lines ON COMMIT DROP AS
SELECT sl.salon_id, sl.day, sl.staff_id, COALESCE(c.gender, 'UNKNOWN') AS gender, sl.appointment_id, sl.client_id, sl.kind,
  sl.recommended, sl.paid_amount_cents AS paid, sl.discount_cents AS disc
FROM sale_lines sl
LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
LEFT JOIN appointments a ON a.salon_id = sl.salon_id AND a.id = sl.appointment_id
WHERE sl.staff_id IS NOT NULL AND (sl.appointment_id IS NULL OR a.status = 'DONE');

INSERT INTO staff_daily
SELECT m.salon_id, m.day, m.staff_id, m.gender, m.earned, m.rec, m.svc, m.svc_rec, m.prod, m.prod_rec, m.disc, m.disc_rec,
  COALESCE(v.visits, 0), COALESCE(v.with_product, 0), COALESCE(v.rebooked, 0)
FROM (
  SELECT salon_id, day, staff_id, gender, sum(paid) AS earned, COALESCE(sum(paid) FILTER (WHERE recommended), 0) AS rec,
    COALESCE(sum(paid) FILTER (WHERE kind = 'SERVICE'), 0) AS svc, COALESCE(sum(paid) FILTER (WHERE kind = 'SERVICE' AND recommended), 0) AS svc_rec,
    COALESCE(sum(paid) FILTER (WHERE kind = 'PRODUCT'), 0) AS prod, COALESCE(sum(paid) FILTER (WHERE kind = 'PRODUCT' AND recommended), 0) AS prod_rec,
    sum(disc) AS disc, COALESCE(sum(disc) FILTER (WHERE recommended), 0) AS disc_rec
  FROM staff_lines GROUP BY 1, 2, 3, 4
) m
LEFT JOIN (
  SELECT x.salon_id, x.day, x.staff_id, x.gender, count(*) AS visits, count(*) FILTER (WHERE x.has_product) AS with_product,
    count(*) FILTER (WHERE a.client_id IS NOT NULL AND COALESCE((
      SELECT nx.booked_at <= a.end_at + interval '7 days'
      FROM appointments nx
      WHERE nx.salon_id = a.salon_id AND nx.client_id = a.client_id AND nx.status <> 'CANCELLED'
        AND nx.day >= a.day AND (nx.start_at, nx.id) > (a.start_at, a.id)
      ORDER BY nx.day, nx.start_at, nx.id LIMIT 1), false)) AS rebooked
  FROM (
    SELECT salon_id, day, staff_id, gender, appointment_id, bool_or(kind = 'PRODUCT') AS has_product
    FROM staff_lines WHERE appointment_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5
  ) x
  JOIN appointments a ON a.salon_id = x.salon_id AND a.id = x.appointment_id
  GROUP BY 1, 2, 3, 4
) v ON v.salon_id = m.salon_id AND v.day = m.day AND v.staff_id = m.staff_id AND v.gender = m.gender
ORDER BY 1, 2, 3, 4;

INSERT INTO staff_client_days
SELECT salon_id, day, staff_id, client_id, min(gender) FROM staff_lines WHERE client_id IS NOT NULL
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
`;
