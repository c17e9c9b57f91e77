/**
 * The rollup model's own tables (db/rollups/): the stale log, what was applied, and the schema of the
 * stored rows. The declarations do the rest on start (applyRollupModel): the stored tables, the read
 * views of the same names as before and the stale triggers are generated from them.
 *
 * - rollup_stale: append-only, one row per (rollup, salon, key) a write made stale, written by the
 *   generated statement triggers in the writer's transaction; no unique key, so two writers never wait
 *   on each other here. The refresher removes the rows it has brought up to date.
 * - rollup_model: the hash of each rollup's declaration whose stored rows are in place.
 * - rollup_model_ddl: the hash of everything generated, so an unchanged start costs one read.
 */
export const rollupModelSchema = `
CREATE SCHEMA rollup_store;
CREATE TABLE rollup_stale (
  rollup text NOT NULL,
  salon_id integer NOT NULL,
  k integer NOT NULL,
  marked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rollup_stale_key_idx ON rollup_stale (rollup, salon_id, k);
CREATE TABLE rollup_model (
  rollup text PRIMARY KEY,
  storage_hash text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE rollup_model_ddl (hash text NOT NULL);
`;

/**
 * professional_use_daily and stock_monthly move to the model (db/rollups/stock.ts): their refresh
 * functions and triggers go; the generated stale triggers replace them.
 */
export const stockRollupsToModelSchema = `
DROP TRIGGER stock_movements_professional_use_ins ON stock_movements;
DROP TRIGGER stock_movements_professional_use_upd ON stock_movements;
DROP TRIGGER stock_movements_professional_use_del ON stock_movements;
DROP TRIGGER products_professional_use_upd ON products;
DROP FUNCTION stock_movements_professional_use();
DROP FUNCTION products_professional_use();
DROP FUNCTION professional_use_refresh(integer[], date[]);
DROP FUNCTION stock_monthly_refresh(integer[], integer[], date[]);
-- Stock writes refill nothing any more: they no longer wait for the salon's rollup lock.
DROP TRIGGER a_salon_rollup_lock_insert ON stock_movements;
DROP TRIGGER a_salon_rollup_lock_update ON stock_movements;
DROP TRIGGER a_salon_rollup_lock_delete ON stock_movements;
`;
