/**
 * Faster campaign and stock reads (migration 023).
 *
 * Campaign figures read only the lines of the items a campaign lists, not every line of its
 * salons and days:
 * - sale_lines_item_idx: a salon's lines of one service or product (kind + the item id as the
 *   campaign figures match it) over a range of days: the staff x item sums of an open campaign
 *   read only the listed items' lines, index-only (it carries every column they read; a key-only
 *   index left a heap fetch per line).
 * - item_sales_daily_item_idx: the same for the daily item rollup (the salon's counted revenue,
 *   lib/campaign-revenue.query.ts), index-only with revenue_cents.
 *
 * Professional use (ProfessionalProductsUse) reads one row per salon and day instead of every
 * movement and every sales_daily row of the range:
 * - professional_use_daily: -sum(quantity x unit cost) of the day's INTERNAL_USE movements of
 *   PROFESSIONAL products (a row only for days that have some). Kept by statement triggers on
 *   stock_movements (any insert, update, delete: the import, the demo, tests) and on products (a
 *   category change), through professional_use_refresh(salons, days), in the writer's transaction.
 * - service_units_daily: the quantities of the day's service lines (sales_daily SERVICE rows:
 *   DONE appointments only), kept by refreshSalesRollup / rebuildRollups (db/rollups.ts).
 *
 * Stock status sums every movement of the salon up to the range end: stock_monthly holds per salon, product and month the quantity and the number of
 * movements, so whole months before the raw window are one row per product and month. Kept by the
 * same stock_movements triggers (stock_monthly_refresh).
 */
export const campaignStockReadsSchema = `
CREATE INDEX sale_lines_item_idx ON sale_lines (salon_id, kind, (COALESCE(service_id, product_id)), day)
  INCLUDE (staff_id, quantity, paid_amount_cents, service_id, product_id);
CREATE INDEX item_sales_daily_item_idx ON item_sales_daily (salon_id, kind, item_id, day) INCLUDE (revenue_cents);

CREATE TABLE professional_use_daily (
  salon_id integer NOT NULL,
  day date NOT NULL,
  cost_cents bigint NOT NULL,
  PRIMARY KEY (salon_id, day)
);
INSERT INTO professional_use_daily (salon_id, day, cost_cents)
SELECT m.salon_id, m.day, -sum(m.quantity * m.unit_cost_cents)
FROM stock_movements m
WHERE m.type = 'INTERNAL_USE' AND m.product_id IN (SELECT id FROM products WHERE category = 'PROFESSIONAL')
GROUP BY 1, 2 ORDER BY 1, 2;

CREATE TABLE service_units_daily (
  salon_id integer NOT NULL,
  day date NOT NULL,
  services bigint NOT NULL,
  PRIMARY KEY (salon_id, day)
);
INSERT INTO service_units_daily (salon_id, day, services)
SELECT salon_id, day, sum(quantity) FROM sales_daily WHERE kind = 'SERVICE' GROUP BY 1, 2 ORDER BY 1, 2;

-- Recomputes professional_use_daily for the (salon, day) pairs given (parallel arrays).
CREATE FUNCTION professional_use_refresh(salons integer[], days date[]) RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM professional_use_daily r USING unnest(salons, days) k(salon_id, day) WHERE r.salon_id = k.salon_id AND r.day = k.day;
  INSERT INTO professional_use_daily (salon_id, day, cost_cents)
  SELECT m.salon_id, m.day, -sum(m.quantity * m.unit_cost_cents)
  FROM (SELECT DISTINCT salon_id, day FROM unnest(salons, days) k(salon_id, day)) k
  JOIN stock_movements m ON m.salon_id = k.salon_id AND m.day = k.day AND m.type = 'INTERNAL_USE'
  WHERE m.product_id IN (SELECT id FROM products WHERE category = 'PROFESSIONAL')
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (salon_id, day) DO UPDATE SET cost_cents = EXCLUDED.cost_cents;
$fn$;

CREATE TABLE stock_monthly (
  salon_id integer NOT NULL,
  product_id integer NOT NULL,
  month date NOT NULL,
  quantity bigint NOT NULL,
  movements integer NOT NULL,
  PRIMARY KEY (salon_id, product_id, month)
);
INSERT INTO stock_monthly (salon_id, product_id, month, quantity, movements)
SELECT salon_id, product_id, date_trunc('month', day)::date, sum(quantity), count(*)
FROM stock_movements GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;

-- Recomputes stock_monthly for the (salon, product, month) triples given (parallel arrays), reading
-- each affected salon-month once through stock_movements_keyset_idx (a whole import: every row once).
CREATE FUNCTION stock_monthly_refresh(salons integer[], products integer[], months date[]) RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM stock_monthly r USING unnest(salons, products, months) k(salon_id, product_id, month)
    WHERE r.salon_id = k.salon_id AND r.product_id = k.product_id AND r.month = k.month;
  INSERT INTO stock_monthly (salon_id, product_id, month, quantity, movements)
  SELECT m.salon_id, m.product_id, date_trunc('month', m.day)::date, sum(m.quantity), count(*)
  FROM (SELECT DISTINCT salon_id, month FROM unnest(salons, months) k(salon_id, month)) sm
  JOIN stock_movements m ON m.salon_id = sm.salon_id AND m.day >= sm.month AND m.day < (sm.month + interval '1 month')::date
  WHERE (m.salon_id, m.product_id, date_trunc('month', m.day)::date) IN (SELECT * FROM unnest(salons, products, months))
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (salon_id, product_id, month) DO UPDATE SET quantity = EXCLUDED.quantity, movements = EXCLUDED.movements;
$fn$;

-- The days an INSERT / UPDATE / DELETE of stock movements touched (old and new rows of INTERNAL_USE),
-- and the (product, month) of every row for stock_monthly.
CREATE FUNCTION stock_movements_professional_use() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM professional_use_refresh(array_agg(k.salon_id), array_agg(k.day))
      FROM (SELECT DISTINCT salon_id, day FROM new_rows WHERE type = 'INTERNAL_USE') k;
    PERFORM stock_monthly_refresh(array_agg(k.salon_id), array_agg(k.product_id), array_agg(k.month))
      FROM (SELECT DISTINCT salon_id, product_id, date_trunc('month', day)::date AS month FROM new_rows) k;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM professional_use_refresh(array_agg(k.salon_id), array_agg(k.day))
      FROM (SELECT salon_id, day FROM old_rows WHERE type = 'INTERNAL_USE'
            UNION SELECT salon_id, day FROM new_rows WHERE type = 'INTERNAL_USE') k;
    PERFORM stock_monthly_refresh(array_agg(k.salon_id), array_agg(k.product_id), array_agg(k.month))
      FROM (SELECT salon_id, product_id, date_trunc('month', day)::date AS month FROM old_rows
            UNION SELECT salon_id, product_id, date_trunc('month', day)::date FROM new_rows) k;
  ELSE
    PERFORM professional_use_refresh(array_agg(k.salon_id), array_agg(k.day))
      FROM (SELECT DISTINCT salon_id, day FROM old_rows WHERE type = 'INTERNAL_USE') k;
    PERFORM stock_monthly_refresh(array_agg(k.salon_id), array_agg(k.product_id), array_agg(k.month))
      FROM (SELECT DISTINCT salon_id, product_id, date_trunc('month', day)::date AS month FROM old_rows) k;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER stock_movements_professional_use_ins AFTER INSERT ON stock_movements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_professional_use();
CREATE TRIGGER stock_movements_professional_use_upd AFTER UPDATE ON stock_movements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_professional_use();
CREATE TRIGGER stock_movements_professional_use_del AFTER DELETE ON stock_movements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_professional_use();

-- A product's category decides whether its movements count: a change recomputes their days.
CREATE FUNCTION products_professional_use() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM professional_use_refresh(array_agg(k.salon_id), array_agg(k.day))
    FROM (SELECT DISTINCT m.salon_id, m.day
          FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.category IS DISTINCT FROM o.category
          JOIN stock_movements m ON m.product_id = n.id AND m.type = 'INTERNAL_USE') k;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER products_professional_use_upd AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_professional_use();

ANALYZE professional_use_daily;
ANALYZE service_units_daily;
ANALYZE stock_monthly;
`;
