import type {
  CampaignHeader,
  CampaignItemRow,
  CampaignSalonRow,
  CampaignStaffRow,
  CampaignTeamLeaderRow,
  TierMode,
} from '@salon/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { campaignRevenueCentsSql } from '../../lib/campaign-revenue.query.js';

/** One salon's part of one campaign. */
export interface SalonCampaignKey {
  salonId: number;
  campaignId: number;
}

/**
 * The (salon, campaign) parts asked: listed, or every part of some campaigns limited to some salons (null: all), which
 * the statement then reads from campaign_salons itself (no round trip to find them first).
 */
export type PartsAsked = readonly SalonCampaignKey[] | { campaignIds: readonly number[]; salonIds: readonly number[] | null };

const isNoPart = (parts: PartsAsked) => ('campaignIds' in parts ? parts.campaignIds.length === 0 : parts.length === 0);

/**
 * The (salon, campaign) pairs asked, as a derived table p(salon_id, campaign_id). The arrays are read through scalar
 * subqueries so that no plan sees their length: unnest of a constant array is estimated at its length, so the custom
 * plans of one pair (GetStatsCampaign) cost a fraction of the generic plan (10 pairs assumed) and PostgreSQL planned
 * the prepared statement on every call, which cost more than running it. Now every
 * plan assumes 10 pairs and the generic one is kept after five runs of a connection.
 */
function pairsSql(keys: PartsAsked): RawBuilder<unknown> {
  if ('campaignIds' in keys) {
    return sql`SELECT cs.salon_id, cs.campaign_id FROM campaign_salons cs
      WHERE cs.campaign_id = ANY((SELECT ${keys.campaignIds}::integer[])::integer[])
        AND ((SELECT ${keys.salonIds}::integer[]) IS NULL OR cs.salon_id = ANY((SELECT ${keys.salonIds}::integer[])::integer[]))`;
  }
  return sql`SELECT * FROM unnest((SELECT ${keys.map((k) => k.salonId)}::integer[]), (SELECT ${keys.map((k) => k.campaignId)}::integer[])) AS p(salon_id, campaign_id)`;
}

/**
 * The CTEs every campaign figure is read from, ending in `figures(salon_id, campaign_id, user_id,
 * item_row_id, units, revenue_cents, bonus_cents)`: one row per campaign staff member and counted
 * item of each asked (salon, campaign).
 * - Open (campaign_salons.closed_at null): the person's sale lines (sale_lines.staff_id) of the
 *   salon on the campaign's days whose service / product is the item's (by kind), summed: read
 *   from the daily rollup item_staff_daily (every line, any appointment status; each listed item's
 *   days through its (salon_id, kind, item_id, day) index, ~1/3 of the raw lines' rows); the
 *   bonus by the item's kind: PER_UNIT units x cents per unit; PERCENT round(paid cents x % / 100);
 *   TIERS on the person's units of the item: STRAIGHT units x the rate of the highest tier with
 *   from_units <= units, SLIDING sum over tiers of rate x max(0, min(units, next tier's
 *   from_units) - from_units). Nothing below the lowest tier; 0 when no tier is reached.
 * - Closed: the rows written at close (campaign_results), whatever the sales say since.
 */
function figuresCtes(keys: PartsAsked): RawBuilder<unknown> {
  return sql`pairs AS (${pairsSql(keys)}),
open_parts AS (
  SELECT cs.salon_id, cs.campaign_id, c.date_from, c.date_to, c.tier_mode
  FROM campaign_salons cs
  JOIN pairs p ON p.salon_id = cs.salon_id AND p.campaign_id = cs.campaign_id
  JOIN campaigns c ON c.id = cs.campaign_id
  WHERE cs.closed_at IS NULL
),
listed AS (
  SELECT DISTINCT o.salon_id, o.campaign_id, o.date_from, o.date_to,
    CASE WHEN i.service_id IS NOT NULL THEN 'SERVICE' ELSE 'PRODUCT' END AS kind, COALESCE(i.service_id, i.product_id) AS item_id
  FROM open_parts o
  JOIN campaign_services_products i ON i.salon_id = o.salon_id AND i.campaign_id = o.campaign_id
),
sold AS (
  SELECT li.salon_id, li.campaign_id, x.user_id, li.kind, li.item_id, x.units, x.revenue_cents
  FROM listed li
  CROSS JOIN LATERAL (
    SELECT d.staff_id AS user_id, sum(d.quantity)::bigint AS units, sum(d.revenue_cents) AS revenue_cents
    FROM item_staff_daily d
    WHERE d.salon_id = li.salon_id AND d.kind = li.kind AND d.item_id = li.item_id
      AND d.day BETWEEN li.date_from AND li.date_to AND d.staff_id IS NOT NULL
    GROUP BY d.staff_id
  ) x
),
live AS (
  SELECT o.salon_id, o.campaign_id, st.user_id, i.id AS item_row_id, o.tier_mode, i.bonus_kind, i.bonus_per_unit_cents, i.bonus_percent,
    COALESCE(s.units, 0) AS units, COALESCE(s.revenue_cents, 0) AS revenue_cents
  FROM open_parts o
  JOIN campaign_staff st ON st.salon_id = o.salon_id AND st.campaign_id = o.campaign_id
  JOIN campaign_services_products i ON i.salon_id = o.salon_id AND i.campaign_id = o.campaign_id
  LEFT JOIN sold s ON s.salon_id = o.salon_id AND s.campaign_id = o.campaign_id AND s.user_id = st.user_id
    AND s.kind = CASE WHEN i.service_id IS NOT NULL THEN 'SERVICE' ELSE 'PRODUCT' END
    AND s.item_id = COALESCE(i.service_id, i.product_id)
),
figures AS (
  SELECT l.salon_id, l.campaign_id, l.user_id, l.item_row_id, l.units, l.revenue_cents,
    (CASE l.bonus_kind
      WHEN 'PER_UNIT' THEN l.units * l.bonus_per_unit_cents
      WHEN 'PERCENT' THEN round(l.revenue_cents * l.bonus_percent / 100)
      WHEN 'TIERS' THEN COALESCE(CASE l.tier_mode
        WHEN 'STRAIGHT' THEN (SELECT l.units * t.per_unit_cents FROM campaign_item_tiers t
          WHERE t.salon_id = l.salon_id AND t.campaign_id = l.campaign_id AND t.item_row_id = l.item_row_id AND t.from_units <= l.units
          ORDER BY t.from_units DESC LIMIT 1)
        ELSE (SELECT sum(b.per_unit_cents * greatest(0, least(l.units, b.next_from) - b.from_units)) FROM (
            SELECT t.per_unit_cents, t.from_units, lead(t.from_units) OVER (ORDER BY t.from_units) AS next_from
            FROM campaign_item_tiers t
            WHERE t.salon_id = l.salon_id AND t.campaign_id = l.campaign_id AND t.item_row_id = l.item_row_id) b)
        END, 0)
      ELSE 0 END)::bigint AS bonus_cents
  FROM live l
  UNION ALL
  SELECT r.salon_id, r.campaign_id, r.user_id, r.item_row_id, r.units, r.revenue_cents, r.bonus_cents
  FROM campaign_results r
  JOIN pairs p ON p.salon_id = r.salon_id AND p.campaign_id = r.campaign_id
  JOIN campaign_salons cs ON cs.salon_id = r.salon_id AND cs.campaign_id = r.campaign_id AND cs.closed_at IS NOT NULL
)`;
}

const euros = (cents: RawBuilder<unknown>) => sql`round((${cents})::numeric / 100, 2)`;

interface HeaderRow {
  campaignId: number;
  name: string;
  description: string;
  month: number | null;
  year: number | null;
  fromDate: string;
  toDate: string;
  tierMode: TierMode;
  createdBy: string;
  createdAt: Date;
}

/** The campaigns' own fields (no status: that needs the salons shown and today), by first day then name. */
export async function listCampaignHeaders(db: DbOrTx, ids: readonly number[]): Promise<HeaderRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<HeaderRow>`SELECT c.id AS "campaignId", c.name, c.description, c.month, c.year,
      c.date_from AS "fromDate", c.date_to AS "toDate", c.tier_mode AS "tierMode",
      COALESCE(btrim(u.first_name || ' ' || u.last_name), '') AS "createdBy", c.created_at AS "createdAt"
    FROM campaigns c LEFT JOIN users u ON u.id = c.created_by
    WHERE c.id = ANY(${ids}::integer[])
    ORDER BY c.date_from, c.name, c.id`.execute(db);
  return rows;
}

/** The header with its status, given the salons shown and today. */
export function toHeader(row: HeaderRow, salons: readonly Pick<CampaignSalonRow, 'closedAt'>[], today: string): CampaignHeader {
  const status =
    salons.length > 0 && salons.every((s) => s.closedAt !== null)
      ? 'CLOSED'
      : today < row.fromDate
        ? 'UPCOMING'
        : today <= row.toDate
          ? 'RUNNING'
          : 'ENDED';
  return { ...row, createdAt: row.createdAt.toISOString(), status };
}

/**
 * Campaign ids of the salons given (null = any salon) whose period overlaps from..to (null = any
 * period), by first day.
 */
export async function findCampaignIds(
  db: DbOrTx,
  salonIds: readonly number[] | null,
  from: string | null,
  to: string | null,
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT c.id FROM campaigns c
    WHERE (${from}::date IS NULL OR c.date_to >= ${from}::date) AND (${to}::date IS NULL OR c.date_from <= ${to}::date)
      AND (${salonIds}::integer[] IS NULL OR EXISTS (
        SELECT 1 FROM campaign_salons cs WHERE cs.campaign_id = c.id AND cs.salon_id = ANY(${salonIds}::integer[])))
    ORDER BY c.date_from, c.name, c.id`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * The (salon, campaign) parts of the campaigns whose period overlaps from..to, limited to the salons given (null =
 * all): findSalonParts of findCampaignIds' campaigns, without waiting for them.
 */
export async function findPartsOverlapping(
  db: DbOrTx,
  salonIds: readonly number[] | null,
  from: string,
  to: string,
): Promise<SalonCampaignKey[]> {
  const { rows } = await sql<SalonCampaignKey>`SELECT cs.salon_id AS "salonId", cs.campaign_id AS "campaignId"
    FROM campaign_salons cs JOIN campaigns c ON c.id = cs.campaign_id
    WHERE c.date_to >= ${from}::date AND c.date_from <= ${to}::date
      AND (${salonIds}::integer[] IS NULL OR cs.salon_id = ANY(${salonIds}::integer[]))`.execute(db);
  return rows;
}

/** The (salon, campaign) pairs of these campaigns, limited to the salons given (null = all). */
export async function findSalonParts(
  db: DbOrTx,
  campaignIds: readonly number[],
  salonIds: readonly number[] | null,
): Promise<SalonCampaignKey[]> {
  if (campaignIds.length === 0) return [];
  const { rows } = await sql<SalonCampaignKey>`SELECT cs.salon_id AS "salonId", cs.campaign_id AS "campaignId"
    FROM campaign_salons cs
    WHERE cs.campaign_id = ANY(${campaignIds}::integer[]) AND (${salonIds}::integer[] IS NULL OR cs.salon_id = ANY(${salonIds}::integer[]))`.execute(
    db,
  );
  return rows;
}

export type SalonRowWithKey = CampaignSalonRow & { campaignId: number };
export type StaffRowWithKey = CampaignStaffRow & { campaignId: number };
export type TeamLeaderRowWithKey = CampaignTeamLeaderRow & { campaignId: number };
export type ItemRowWithKey = CampaignItemRow & { campaignId: number };

/**
 * `figuresCtes` and what every row is summed from: team (per part: the campaign staff's units,
 * revenue, bonus), leaders (per part: sum of round(team revenue cents x % / 100)), per_staff,
 * per_item (of one person when userId is given) and base (the salon row before formatting;
 * MATERIALIZED: inlined, its revenue subquery ran once per use in the row, revenue and achieved).
 */
function statsCtes(keys: PartsAsked, userId: number | null): RawBuilder<unknown> {
  return sql`${figuresCtes(keys)},
team AS (
  SELECT salon_id, campaign_id, sum(units) AS units, sum(revenue_cents) AS revenue_cents, sum(bonus_cents) AS bonus_cents
  FROM figures GROUP BY 1, 2
),
leaders AS (
  SELECT tl.salon_id, tl.campaign_id, sum(round(COALESCE(t.revenue_cents, 0) * tl.bonus_percent / 100)) AS bonus_cents
  FROM campaign_team_leaders tl
  JOIN pairs p ON p.salon_id = tl.salon_id AND p.campaign_id = tl.campaign_id
  LEFT JOIN team t ON t.salon_id = tl.salon_id AND t.campaign_id = tl.campaign_id
  GROUP BY 1, 2
),
per_staff AS (
  SELECT salon_id, campaign_id, user_id, sum(units) AS units, sum(revenue_cents) AS revenue_cents, sum(bonus_cents) AS bonus_cents
  FROM figures GROUP BY 1, 2, 3
),
per_item AS (
  SELECT salon_id, campaign_id, item_row_id, sum(units) AS units, sum(revenue_cents) AS revenue_cents, sum(bonus_cents) AS bonus_cents
  FROM figures WHERE ${userId}::integer IS NULL OR user_id = ${userId}::integer GROUP BY 1, 2, 3
),
base AS MATERIALIZED (
  SELECT cs.salon_id, cs.campaign_id, sa.name AS salon_name, cs.target_cents, cs.closed_at, cs.closed_by,
    CASE WHEN cs.closed_at IS NULL
      THEN ${campaignRevenueCentsSql(sql`cs.salon_id`, sql`cs.campaign_id`, sql`c.date_from`, sql`c.date_to`)}
      ELSE cs.closed_revenue_cents END AS revenue_cents,
    COALESCE(t.units, 0) AS units, COALESCE(t.revenue_cents, 0) AS team_cents, COALESCE(t.bonus_cents, 0) AS staff_bonus_cents,
    COALESCE(l.bonus_cents, 0) AS leader_bonus_cents,
    (SELECT count(*) FROM campaign_staff st WHERE st.salon_id = cs.salon_id AND st.campaign_id = cs.campaign_id) AS staff_count
  FROM campaign_salons cs
  JOIN pairs p ON p.salon_id = cs.salon_id AND p.campaign_id = cs.campaign_id
  JOIN campaigns c ON c.id = cs.campaign_id
  JOIN salons sa ON sa.id = cs.salon_id
  LEFT JOIN team t ON t.salon_id = cs.salon_id AND t.campaign_id = cs.campaign_id
  LEFT JOIN leaders l ON l.salon_id = cs.salon_id AND l.campaign_id = cs.campaign_id
)`;
}

/**
 * Each part's row: target, the salon's counted revenue (open: the sales,
 * lib/campaign-revenue.query.ts; closed: the figure written at close), the team's units,
 * revenue and bonuses, the team leaders' bonus, close. By campaign, then salon name.
 */
const salonSelect = sql`SELECT b.campaign_id AS "campaignId", b.salon_id AS "salonId", b.salon_name AS "salonName",
  ${euros(sql`b.target_cents`)} AS target, ${euros(sql`b.revenue_cents`)} AS revenue, b.units::integer AS units,
  CASE WHEN b.target_cents > 0 THEN round(b.revenue_cents * 100.0 / b.target_cents, 2) END AS achieved,
  ${euros(sql`b.team_cents`)} AS "teamRevenue", ${euros(sql`b.staff_bonus_cents`)} AS "staffBonus",
  ${euros(sql`b.leader_bonus_cents`)} AS "teamLeaderBonus", ${euros(sql`b.staff_bonus_cents + b.leader_bonus_cents`)} AS "bonusTotal",
  b.staff_count::integer AS "staffCount",
  to_char(b.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "closedAt",
  CASE WHEN b.closed_at IS NOT NULL THEN COALESCE((SELECT btrim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = b.closed_by), '') END AS "closedBy"
FROM base b
ORDER BY b.campaign_id, b.salon_name, b.salon_id`;

/** The staff rows (one person's with userId): best achieved first (no target last), then by name. */
const staffSelect = (userId: number | null) => sql`SELECT st.campaign_id AS "campaignId", st.salon_id AS "salonId", st.user_id AS "userId",
  u.first_name AS "firstName", u.last_name AS "lastName",
  ${euros(sql`st.target_cents`)} AS target, st.feedback,
  COALESCE(ps.units, 0)::integer AS units, ${euros(sql`COALESCE(ps.revenue_cents, 0)`)} AS revenue,
  CASE WHEN st.target_cents > 0 THEN round(COALESCE(ps.revenue_cents, 0) * 100.0 / st.target_cents, 2) END AS achieved,
  ${euros(sql`COALESCE(ps.bonus_cents, 0)`)} AS bonus,
  EXISTS (SELECT 1 FROM campaign_team_leaders tl WHERE tl.salon_id = st.salon_id AND tl.campaign_id = st.campaign_id AND tl.user_id = st.user_id) AS "isTeamLeader"
FROM campaign_staff st
JOIN pairs p ON p.salon_id = st.salon_id AND p.campaign_id = st.campaign_id
JOIN users u ON u.id = st.user_id
LEFT JOIN per_staff ps ON ps.salon_id = st.salon_id AND ps.campaign_id = st.campaign_id AND ps.user_id = st.user_id
WHERE ${userId}::integer IS NULL OR st.user_id = ${userId}::integer
ORDER BY st.campaign_id, st.salon_id, achieved DESC NULLS LAST, u.last_name, u.first_name, st.user_id`;

/** The team leader rows: bonus = round(team revenue cents x bonus % / 100), by name. */
const leaderSelect = (userId: number | null) => sql`SELECT tl.campaign_id AS "campaignId", tl.salon_id AS "salonId", tl.user_id AS "userId",
  u.first_name AS "firstName", u.last_name AS "lastName",
  tl.bonus_percent::float8 AS "bonusPercent", ${euros(sql`COALESCE(t.revenue_cents, 0)`)} AS "teamRevenue",
  ${euros(sql`round(COALESCE(t.revenue_cents, 0) * tl.bonus_percent / 100)`)} AS bonus
FROM campaign_team_leaders tl
JOIN pairs p ON p.salon_id = tl.salon_id AND p.campaign_id = tl.campaign_id
JOIN users u ON u.id = tl.user_id
LEFT JOIN team t ON t.salon_id = tl.salon_id AND t.campaign_id = tl.campaign_id
WHERE ${userId}::integer IS NULL OR tl.user_id = ${userId}::integer
ORDER BY tl.campaign_id, tl.salon_id, u.last_name, u.first_name, tl.user_id`;

const tiersJson = (salon: RawBuilder<unknown>, campaign: RawBuilder<unknown>, item: RawBuilder<unknown>) =>
  sql`COALESCE((SELECT json_agg(json_build_object('fromUnits', t.from_units, 'perUnit', round(t.per_unit_cents::numeric / 100, 2)) ORDER BY t.from_units)
    FROM campaign_item_tiers t WHERE t.salon_id = ${salon} AND t.campaign_id = ${campaign} AND t.item_row_id = ${item}), '[]'::json)`;

/** The counted items with the figures of the campaign's staff (of one person with userId), services first, then by name. */
const itemSelect = sql`SELECT i.campaign_id AS "campaignId", i.salon_id AS "salonId", i.id AS "itemRowId",
  CASE WHEN i.service_id IS NOT NULL THEN 'SERVICE' ELSE 'PRODUCT' END AS kind,
  COALESCE(i.service_id, i.product_id) AS "itemId", COALESCE(s.name, pr.name) AS name, COALESCE(s.category, pr.category) AS category,
  i.bonus_kind AS "bonusKind",
  CASE WHEN i.bonus_kind = 'PER_UNIT' THEN ${euros(sql`i.bonus_per_unit_cents`)} ELSE 0 END AS "bonusPerUnit",
  CASE WHEN i.bonus_kind = 'PERCENT' THEN i.bonus_percent::float8 ELSE 0 END AS "bonusPercent",
  CASE WHEN i.bonus_kind = 'TIERS' THEN ${tiersJson(sql`i.salon_id`, sql`i.campaign_id`, sql`i.id`)} ELSE '[]'::json END AS tiers,
  COALESCE(pi.units, 0)::integer AS units, ${euros(sql`COALESCE(pi.revenue_cents, 0)`)} AS revenue,
  ${euros(sql`COALESCE(pi.bonus_cents, 0)`)} AS bonus
FROM campaign_services_products i
JOIN pairs p ON p.salon_id = i.salon_id AND p.campaign_id = i.campaign_id
LEFT JOIN services s ON s.id = i.service_id
LEFT JOIN products pr ON pr.id = i.product_id
LEFT JOIN per_item pi ON pi.salon_id = i.salon_id AND pi.campaign_id = i.campaign_id AND pi.item_row_id = i.id
ORDER BY i.campaign_id, i.salon_id, (i.service_id IS NULL), COALESCE(s.name, pr.name), i.id`;

export async function getSalonRows(db: DbOrTx, keys: readonly SalonCampaignKey[]): Promise<SalonRowWithKey[]> {
  if (keys.length === 0) return [];
  // Prepared (db/prepared.ts): planning it on every call cost a large share of its time.
  return (await prepared('campaign-salon-rows', sql<SalonRowWithKey>` WITH ${statsCtes(keys, null)} ${salonSelect}`).execute(db)).rows;
}

export async function getStaffRows(
  db: DbOrTx,
  keys: readonly SalonCampaignKey[],
  userId: number | null = null,
): Promise<StaffRowWithKey[]> {
  if (keys.length === 0) return [];
  return (await sql<StaffRowWithKey>`WITH ${statsCtes(keys, userId)} ${staffSelect(userId)}`.execute(db)).rows;
}

export async function getTeamLeaderRows(
  db: DbOrTx,
  keys: readonly SalonCampaignKey[],
  userId: number | null = null,
): Promise<TeamLeaderRowWithKey[]> {
  if (keys.length === 0) return [];
  return (await sql<TeamLeaderRowWithKey>`WITH ${statsCtes(keys, userId)} ${leaderSelect(userId)}`.execute(db)).rows;
}

export async function getItemRows(db: DbOrTx, keys: readonly SalonCampaignKey[], userId: number | null = null): Promise<ItemRowWithKey[]> {
  if (keys.length === 0) return [];
  return (await sql<ItemRowWithKey>`WITH ${statsCtes(keys, userId)} ${itemSelect}`.execute(db)).rows;
}

export interface PartStats {
  salons: SalonRowWithKey[];
  staff: StaffRowWithKey[];
  teamLeaders: TeamLeaderRowWithKey[];
  items: ItemRowWithKey[];
}

/**
 * The salon, staff, team leader and item rows of the parts in one statement (the figures are
 * computed once); with userId the staff, team leader and item rows are that person's.
 */
export async function getPartStats(db: DbOrTx, keys: PartsAsked, userId: number | null = null): Promise<PartStats> {
  if (isNoPart(keys)) return { salons: [], staff: [], teamLeaders: [], items: [] };
  const agg = (select: RawBuilder<unknown>) => sql`(SELECT COALESCE(json_agg(x), '[]'::json) FROM (${select}) x)`;
  // A prepared statement (db/prepared.ts): its planning is a large share of its time.
  const { rows } = await prepared(
    'campaign-part-stats',
    sql<PartStats>` WITH ${statsCtes(keys, userId)}
    SELECT ${agg(salonSelect)} AS salons, ${agg(staffSelect(userId))} AS staff, ${agg(leaderSelect(userId))} AS "teamLeaders",
      ${agg(itemSelect)} AS items`,
  ).execute(db);
  return rows[0] ?? { salons: [], staff: [], teamLeaders: [], items: [] };
}

/**
 * Closes salons' parts: writes every (staff member, item) figure of the sales as they are now
 * and each salon's counted revenue, and marks the parts closed (at `closedAt`, default now), in
 * the caller's transaction.
 */
export async function freezeSalonParts(
  tx: DbOrTx,
  keys: readonly SalonCampaignKey[],
  closedBy: number | null,
  closedAt: string | null = null,
): Promise<void> {
  if (keys.length === 0) return;
  await sql`INSERT INTO campaign_results (salon_id, campaign_id, user_id, item_row_id, units, revenue_cents, bonus_cents)
    WITH ${figuresCtes(keys)}
    SELECT salon_id, campaign_id, user_id, item_row_id, units, revenue_cents, bonus_cents FROM figures`.execute(tx);
  await sql`UPDATE campaign_salons cs SET closed_at = COALESCE(${closedAt}::timestamptz, now()), closed_by = ${closedBy}::integer,
      closed_revenue_cents = ${campaignRevenueCentsSql(sql`cs.salon_id`, sql`cs.campaign_id`, sql`c.date_from`, sql`c.date_to`)}
    FROM campaigns c, (${pairsSql(keys)}) p
    WHERE c.id = cs.campaign_id AND cs.salon_id = p.salon_id AND cs.campaign_id = p.campaign_id`.execute(tx);
}

/** The active services and products to choose from (the catalogue, no stock), services first, by category and name. */
export async function listItemOptions(db: DbOrTx) {
  const { rows } = await sql<{ kind: 'SERVICE' | 'PRODUCT'; itemId: number; name: string; category: string; listPrice: number }>`
    SELECT 'SERVICE' AS kind, id AS "itemId", name, category, round(list_price_cents::numeric / 100, 2) AS "listPrice" FROM services WHERE active
    UNION ALL
    SELECT 'PRODUCT', id, name, category, round(list_price_cents::numeric / 100, 2) FROM products WHERE active
    ORDER BY 1 DESC, 4, 3`.execute(db);
  return rows;
}
