/**
 * Daily rollups: what the long-range reports read instead of scanning years of
 * sale lines. Kept current by `refreshSalesRollup` in the same transaction as the writes and
 * rebuilt by `npm run rollups -w @salon/server`. Every key leads with salon_id.
 *
 * gender is the client's gender at refresh time: 'UNKNOWN' for lines without a client or a
 * client without a gender (in the all-genders totals, in neither gender variant).
 */
export const rollupsSchema = `
-- One row per salon, day, client gender and sale category (walk-in retail apart).
CREATE TABLE sales_daily (
  salon_id integer NOT NULL,
  day date NOT NULL,
  gender text NOT NULL CHECK (gender IN ('MALE', 'FEMALE', 'UNKNOWN')),
  kind text NOT NULL CHECK (kind IN ('SERVICE', 'PRODUCT')),
  category text NOT NULL,
  is_walk_in boolean NOT NULL,
  revenue_cents bigint NOT NULL,
  list_cents bigint NOT NULL,
  discount_cents bigint NOT NULL,
  quantity bigint NOT NULL,
  line_count integer NOT NULL,
  recommended_revenue_cents bigint NOT NULL,
  recommended_list_cents bigint NOT NULL,
  recommended_discount_cents bigint NOT NULL,
  recommended_quantity bigint NOT NULL,
  PRIMARY KEY (salon_id, day, gender, kind, category, is_walk_in)
);

-- One row per salon, day, client gender and sold item (service or product).
CREATE TABLE item_sales_daily (
  salon_id integer NOT NULL,
  day date NOT NULL,
  gender text NOT NULL CHECK (gender IN ('MALE', 'FEMALE', 'UNKNOWN')),
  kind text NOT NULL CHECK (kind IN ('SERVICE', 'PRODUCT')),
  item_id integer NOT NULL,
  category text NOT NULL,
  revenue_cents bigint NOT NULL,
  list_cents bigint NOT NULL,
  discount_cents bigint NOT NULL,
  quantity bigint NOT NULL,
  line_count integer NOT NULL,
  PRIMARY KEY (salon_id, day, gender, kind, item_id)
);

-- DONE appointments per salon, day and client gender, with the counts the reports need.
CREATE TABLE appointments_daily (
  salon_id integer NOT NULL,
  day date NOT NULL,
  gender text NOT NULL CHECK (gender IN ('MALE', 'FEMALE', 'UNKNOWN')),
  appointments integer NOT NULL,
  with_service integer NOT NULL,
  with_product integer NOT NULL,
  with_colour integer NOT NULL,
  with_treatment integer NOT NULL,
  with_discount integer NOT NULL,
  discount_cents bigint NOT NULL,
  booked_minutes bigint NOT NULL,
  PRIMARY KEY (salon_id, day, gender)
);

-- One row per salon, day and client who bought that day (appointment or walk-in): distinct
-- clients over a range cannot be summed from daily counts, so they are counted here.
CREATE TABLE client_days (
  salon_id integer NOT NULL,
  day date NOT NULL,
  client_id bigint NOT NULL,
  gender text NOT NULL CHECK (gender IN ('MALE', 'FEMALE', 'UNKNOWN')),
  appointments integer NOT NULL,
  revenue_cents bigint NOT NULL,
  service_revenue_cents bigint NOT NULL,
  product_revenue_cents bigint NOT NULL,
  has_service boolean NOT NULL,
  has_product boolean NOT NULL,
  last_appointment_id bigint,
  PRIMARY KEY (salon_id, day, client_id)
);
CREATE INDEX client_days_client_idx ON client_days (salon_id, client_id, day);
`;
