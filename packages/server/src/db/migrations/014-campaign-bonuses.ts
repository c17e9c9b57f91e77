/**
 * Incentive campaigns: how each counted item pays and the frozen figures at close.
 * - campaigns.tier_mode: STRAIGHT (every unit at the rate of the highest tier reached) or
 *   SLIDING (each band of units at its own tier's rate).
 * - campaign_services_products.bonus_kind: PER_UNIT (bonus_per_unit_cents), PERCENT
 *   (bonus_percent of the paid amount) or TIERS (campaign_item_tiers); exactly one of
 *   service_id / product_id.
 * - campaign_salons.closed_*: a salon's part closed after the campaign ended; at close the
 *   salon's counted revenue and every (staff member, item) figure are written in one
 *   transaction (closed_revenue_cents, campaign_results) and read instead of the sales from then on.
 */
export const campaignBonusesSchema = `
ALTER TABLE campaigns ADD COLUMN tier_mode text NOT NULL DEFAULT 'STRAIGHT' CHECK (tier_mode IN ('STRAIGHT', 'SLIDING'));

ALTER TABLE campaign_services_products
  ADD COLUMN bonus_kind text NOT NULL DEFAULT 'PER_UNIT' CHECK (bonus_kind IN ('PER_UNIT', 'PERCENT', 'TIERS'));
UPDATE campaign_services_products SET bonus_kind = 'PERCENT' WHERE bonus_percent > 0;
ALTER TABLE campaign_services_products ADD CONSTRAINT campaign_services_products_one_item
  CHECK (num_nonnulls(service_id, product_id) = 1);

CREATE TABLE campaign_item_tiers (
  salon_id integer NOT NULL,
  campaign_id integer NOT NULL,
  item_row_id integer NOT NULL,
  from_units integer NOT NULL CHECK (from_units >= 0),
  per_unit_cents integer NOT NULL CHECK (per_unit_cents >= 0),
  PRIMARY KEY (salon_id, campaign_id, item_row_id, from_units),
  FOREIGN KEY (salon_id, campaign_id, item_row_id) REFERENCES campaign_services_products (salon_id, campaign_id, id) ON DELETE CASCADE
);

ALTER TABLE campaign_salons
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN closed_by integer REFERENCES users(id),
  ADD COLUMN closed_revenue_cents bigint,
  ADD CONSTRAINT campaign_salons_closed_figures CHECK ((closed_at IS NULL) = (closed_revenue_cents IS NULL));

CREATE TABLE campaign_results (
  salon_id integer NOT NULL,
  campaign_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id),
  item_row_id integer NOT NULL,
  units bigint NOT NULL,
  revenue_cents bigint NOT NULL,
  bonus_cents bigint NOT NULL,
  PRIMARY KEY (salon_id, campaign_id, user_id, item_row_id),
  FOREIGN KEY (salon_id, campaign_id) REFERENCES campaign_salons (salon_id, campaign_id) ON DELETE CASCADE
);
`;
