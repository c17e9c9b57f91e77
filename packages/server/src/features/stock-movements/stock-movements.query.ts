import {
  type ProfessionalUseResponse,
  STOCK_REORDER_COVER_DAYS,
  STOCK_USAGE_DAYS,
  type StockMovement,
  type StockMovementType,
  type StockStatusResponse,
} from '@salon/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { addDays } from '../../lib/months.js';
import { euros } from '../../lib/report-range.js';

type Movement = Static<typeof StockMovement>;
type Status = Static<typeof StockStatusResponse>;
type ProfessionalUse = Static<typeof ProfessionalUseResponse>;

export interface StockScope {
  salonId: number;
  from: string;
  to: string;
}

export interface MovementFilters {
  type?: StockMovementType;
  /** Part of the product's name or brand, case-insensitive. */
  search?: string;
}

/** The position after which a page starts: the last movement of the previous page. */
export interface MovementKey {
  day: string;
  id: number;
}

interface RawMovement {
  id: number;
  day: string;
  product_id: number;
  name: string;
  brand: string;
  category: 'RESALE' | 'PROFESSIONAL';
  type: StockMovementType;
  quantity: number;
  unit_cost_cents: number;
  note: string;
}

/** `AND ...` for the type and product filters (the search is a LIKE pattern with its wildcards escaped). */
function filterSql(filters: MovementFilters): RawBuilder<unknown> {
  const type = filters.type === undefined ? sql`` : sql`AND m.type = ${filters.type}`;
  if (filters.search === undefined) return type;
  const pattern = `%${filters.search.replace(/[\\%_]/g, '\\$&')}%`;
  return sql`${type} AND m.product_id IN (SELECT id FROM products WHERE name ILIKE ${pattern} OR brand ILIKE ${pattern})`;
}

function movementOf(row: RawMovement): Movement {
  return {
    movementId: Number(row.id),
    day: row.day,
    productId: row.product_id,
    productName: row.name,
    brand: row.brand,
    category: row.category,
    type: row.type,
    quantity: row.quantity,
    unitCost: euros(row.unit_cost_cents),
    value: euros(row.quantity * row.unit_cost_cents),
    note: row.note,
  };
}

/**
 * The movements of the range after `after` (keyset: by day, then id, which is unique), at most
 * `limit` of them (null: all, for the export). Reads stock_movements_keyset_idx in its order.
 */
export async function getStockMovements(
  db: DbOrTx,
  scope: StockScope,
  filters: MovementFilters,
  after: MovementKey | null,
  limit: number | null,
): Promise<Movement[]> {
  const start = after === null ? sql`` : sql`AND (m.day, m.id) > (${after.day}::date, ${after.id}::bigint)`;
  const { rows } = await sql<RawMovement>`
    SELECT m.id, m.day, m.product_id, p.name, p.brand, p.category, m.type, m.quantity, m.unit_cost_cents, m.note
    FROM stock_movements m
    JOIN products p ON p.id = m.product_id
    WHERE m.salon_id = ${scope.salonId} AND m.day BETWEEN ${scope.from}::date AND ${scope.to}::date ${start} ${filterSql(filters)}
    ORDER BY m.day, m.id
    ${limit === null ? sql`` : sql`LIMIT ${limit}`}
  `.execute(db);
  return rows.map(movementOf);
}

/** How many movements of the range match the filters, and how many of them come up to `upTo` (inclusive). */
export async function countStockMovements(
  db: DbOrTx,
  scope: StockScope,
  filters: MovementFilters,
  upTo: MovementKey | null,
): Promise<{ total: number; upTo: number }> {
  const until = upTo === null ? sql`false` : sql`(m.day, m.id) <= (${upTo.day}::date, ${upTo.id}::bigint)`;
  const { rows } = await sql<{ total: number; up_to: number }>`
    SELECT count(*) AS total, count(*) FILTER (WHERE ${until}) AS up_to
    FROM stock_movements m
    WHERE m.salon_id = ${scope.salonId} AND m.day BETWEEN ${scope.from}::date AND ${scope.to}::date ${filterSql(filters)}
  `.execute(db);
  return { total: Number(rows[0]?.total ?? 0), upTo: Number(rows[0]?.up_to ?? 0) };
}

interface RawStatus {
  product_id: number;
  name: string;
  brand: string;
  category: 'RESALE' | 'PROFESSIONAL';
  opening: number;
  net: number;
  on_hand: number;
  unit_cost_cents: number;
  value_cents: number;
  daily_usage: number;
  days_of_cover: number | null;
  reorder_level: number;
  reorder: boolean;
  total_value_cents: number;
  total_units: number;
  to_reorder: number;
}

/**
 * Stock per product at the end of `to`: every movement up to `to` summed (opening = before
 * `from`, net change = within the range); usage = units out as SALE or INTERNAL_USE in the
 * STOCK_USAGE_DAYS days ending on `to`; days of cover = on hand / daily usage; reorder level =
 * ceil(usage x STOCK_REORDER_COVER_DAYS / STOCK_USAGE_DAYS); the whole-stock totals as window sums.
 * The months wholly before the raw window (the month of min(from, usage start)) are read from
 * stock_monthly (db/rollups/stock.ts: per product and month), the window from the movements.
 */
export async function getStockStatus(db: DbOrTx, scope: StockScope): Promise<Status> {
  const usageFrom = addDays(scope.to, 1 - STOCK_USAGE_DAYS);
  const { rows } = await sql<RawStatus>`
    WITH window_start AS (
      SELECT date_trunc('month', least(${scope.from}::date, ${usageFrom}::date))::date AS d
    ), moves AS (
      SELECT r.product_id, NULL::date AS day, NULL::text AS type, r.quantity
      FROM stock_monthly r
      WHERE r.salon_id = ${scope.salonId} AND r.month < (SELECT d FROM window_start)
      UNION ALL
      SELECT m.product_id, m.day, m.type, m.quantity
      FROM stock_movements m
      WHERE m.salon_id = ${scope.salonId} AND m.day >= (SELECT d FROM window_start) AND m.day <= ${scope.to}::date
    ), per_product AS (
      SELECT m.product_id,
        COALESCE(sum(m.quantity) FILTER (WHERE m.day IS NULL OR m.day < ${scope.from}::date), 0)::bigint AS opening,
        COALESCE(sum(m.quantity) FILTER (WHERE m.day >= ${scope.from}::date), 0)::bigint AS net,
        sum(m.quantity)::bigint AS on_hand,
        COALESCE(-sum(m.quantity) FILTER (WHERE m.day >= ${usageFrom}::date AND m.type IN ('SALE', 'INTERNAL_USE')), 0)::bigint AS used
      FROM moves m
      GROUP BY m.product_id
    ), figures AS (
      SELECT s.product_id, p.name, p.brand, p.category, s.opening, s.net, s.on_hand, p.unit_cost_cents,
        s.on_hand * p.unit_cost_cents AS value_cents,
        round(s.used::numeric / ${sql.lit(STOCK_USAGE_DAYS)}, 2) AS daily_usage,
        CASE WHEN s.used > 0 THEN round(greatest(s.on_hand, 0)::numeric * ${sql.lit(STOCK_USAGE_DAYS)} / s.used, 1) END AS days_of_cover,
        greatest(ceil(s.used::numeric * ${sql.lit(STOCK_REORDER_COVER_DAYS)} / ${sql.lit(STOCK_USAGE_DAYS)}), 0)::integer AS reorder_level
      FROM per_product s
      JOIN products p ON p.id = s.product_id
    )
    SELECT f.*, f.reorder_level > 0 AND f.on_hand <= f.reorder_level AS reorder,
      sum(f.value_cents) OVER () AS total_value_cents,
      sum(f.on_hand) OVER () AS total_units,
      count(*) FILTER (WHERE f.reorder_level > 0 AND f.on_hand <= f.reorder_level) OVER () AS to_reorder
    FROM figures f
    ORDER BY reorder DESC, f.days_of_cover ASC NULLS LAST, f.name, f.product_id
  `.execute(db);
  const first = rows[0];
  return {
    salonId: scope.salonId,
    fromDate: scope.from,
    toDate: scope.to,
    usageFrom,
    reorderCoverDays: STOCK_REORDER_COVER_DAYS,
    totals: {
      products: rows.length,
      productsToReorder: Number(first?.to_reorder ?? 0),
      stockValue: euros(first?.total_value_cents),
      units: Number(first?.total_units ?? 0),
    },
    rows: rows.map((r) => ({
      productId: r.product_id,
      productName: r.name,
      brand: r.brand,
      category: r.category,
      openingQuantity: Number(r.opening),
      netChange: Number(r.net),
      onHand: Number(r.on_hand),
      unitCost: euros(r.unit_cost_cents),
      stockValue: euros(r.value_cents),
      dailyUsage: Number(r.daily_usage),
      daysOfCover: r.days_of_cover === null ? null : Number(r.days_of_cover),
      reorderLevel: r.reorder_level,
      reorder: r.reorder,
    })),
  };
}

interface RawUse {
  month: string | null;
  salon_cents: number;
  salon_services: number;
  chain_cents: number;
  chain_services: number;
  salon_per_service: number | null;
  chain_per_service: number | null;
  vs_average: number | null;
}

/**
 * Professional products used per DONE service, per month of the range and over the range
 * (grouping set ()): cost = -(quantity x unit cost) of the INTERNAL_USE movements of PROFESSIONAL
 * products; services = the quantities of the service lines (sales_daily: DONE appointments
 * only). Both are read from their daily rollups (professional_use_daily in db/rollups/stock.ts,
 * service_units_daily in db/rollups/sales.ts), one row per salon and day. The chain's figures sum every salon, each salon's rows read through its
 * own key range (a LATERAL per salon: both keys are (salon_id, day)).
 */
export async function getProfessionalUse(db: DbOrTx, scope: StockScope): Promise<ProfessionalUse> {
  const { rows } = await sql<RawUse>`
    WITH months AS (
      SELECT m::date AS m FROM generate_series(date_trunc('month', ${scope.from}::date), ${scope.to}::date, interval '1 month') m
    ), used AS (
      SELECT s.id AS salon_id, u.m, u.cents, 0 AS services
      FROM salons s
      CROSS JOIN LATERAL (
        SELECT date_trunc('month', p.day)::date AS m, sum(p.cost_cents) AS cents
        FROM professional_use_daily p
        WHERE p.salon_id = s.id AND p.day BETWEEN ${scope.from}::date AND ${scope.to}::date
        GROUP BY 1
      ) u
    ), done AS (
      SELECT s.id AS salon_id, d.m, 0 AS cents, d.services
      FROM salons s
      CROSS JOIN LATERAL (
        SELECT date_trunc('month', su.day)::date AS m, sum(su.services) AS services
        FROM service_units_daily su
        WHERE su.salon_id = s.id AND su.day BETWEEN ${scope.from}::date AND ${scope.to}::date
        GROUP BY 1
      ) d
    ), both_ AS (
      SELECT * FROM used UNION ALL SELECT * FROM done
    ), per_month AS (
      SELECT to_char(mo.m, 'YYYY-MM') AS month,
        COALESCE(sum(b.cents) FILTER (WHERE b.salon_id = ${scope.salonId}), 0) AS salon_cents,
        COALESCE(sum(b.services) FILTER (WHERE b.salon_id = ${scope.salonId}), 0) AS salon_services,
        COALESCE(sum(b.cents), 0) AS chain_cents,
        COALESCE(sum(b.services), 0) AS chain_services
      FROM months mo
      LEFT JOIN both_ b ON b.m = mo.m
      GROUP BY GROUPING SETS ((mo.m), ())
    ), ratios AS (
      SELECT *, salon_cents::numeric / NULLIF(salon_services, 0) AS salon_ratio, chain_cents::numeric / NULLIF(chain_services, 0) AS chain_ratio
      FROM per_month
    )
    SELECT month, salon_cents, salon_services, chain_cents, chain_services,
      round(salon_ratio / 100, 2) AS salon_per_service,
      round(chain_ratio / 100, 2) AS chain_per_service,
      round((salon_ratio / NULLIF(max(salon_ratio) FILTER (WHERE month IS NULL) OVER (), 0) - 1) * 100, 1) AS vs_average
    FROM ratios
    ORDER BY month NULLS LAST
  `.execute(db);
  const perService = (value: number | null) => (value === null ? null : Number(value));
  const total = rows.find((r) => r.month === null);
  return {
    salonId: scope.salonId,
    fromDate: scope.from,
    toDate: scope.to,
    months: rows.flatMap((r) =>
      r.month === null
        ? []
        : [
            {
              month: r.month,
              services: Number(r.salon_services),
              professionalCost: euros(r.salon_cents),
              costPerService: perService(r.salon_per_service),
              chainCostPerService: perService(r.chain_per_service),
              vsSalonAveragePercent: perService(r.vs_average),
            },
          ],
    ),
    services: Number(total?.salon_services ?? 0),
    professionalCost: euros(total?.salon_cents),
    salonAverage: perService(total?.salon_per_service ?? null),
    chainAverage: perService(total?.chain_per_service ?? null),
  };
}
