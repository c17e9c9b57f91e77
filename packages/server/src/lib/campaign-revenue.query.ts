import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';

/**
 * The one definition of a campaign's revenue (performance's campaign progress, the
 * campaign stats): the paid amount of the salon's sale lines (DONE appointments and walk-ins,
 * every client gender) on the days from..to whose service or product the campaign lists for that
 * salon in campaign_services_products; every line of those days when it lists none. Read from the
 * daily rollup item_sales_daily (kind + item_id per salon and day). A listed row matches by kind:
 * its service_id a SERVICE line, its product_id a PRODUCT line (service and product ids overlap).
 */
export function campaignRevenueCentsSql(
  salonId: RawBuilder<unknown>,
  campaignId: RawBuilder<unknown>,
  from: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
): RawBuilder<number> {
  // The listed items as two small arrays read once; kind and item_id then bound the rollup's index
  // scan (a per-row EXISTS was far slower).
  const sumOf = (filter: RawBuilder<unknown>) => sql`(SELECT COALESCE(sum(isd.revenue_cents), 0) FROM item_sales_daily isd
    WHERE isd.salon_id = ${salonId} AND isd.day BETWEEN ${from} AND ${to} ${filter})`;
  return sql<number>`(SELECT CASE WHEN listed.n = 0 THEN ${sumOf(sql``)}
      ELSE ${sumOf(sql`AND isd.kind = 'SERVICE' AND isd.item_id = ANY(listed.services)`)}
        + ${sumOf(sql`AND isd.kind = 'PRODUCT' AND isd.item_id = ANY(listed.products)`)} END
    FROM (SELECT count(*) AS n, array_agg(csp.service_id) FILTER (WHERE csp.service_id IS NOT NULL) AS services,
        array_agg(csp.product_id) FILTER (WHERE csp.product_id IS NOT NULL) AS products
      FROM campaign_services_products csp WHERE csp.salon_id = ${salonId} AND csp.campaign_id = ${campaignId}) listed)`;
}

/** A campaign's revenue in cents for one salon over from..to (`campaignRevenueCentsSql`). */
export async function getCampaignRevenueCents(db: DbOrTx, salonId: number, campaignId: number, from: string, to: string): Promise<number> {
  const { rows } = await sql<{ cents: number }>`SELECT ${campaignRevenueCentsSql(
    sql`${salonId}::integer`,
    sql`${campaignId}::integer`,
    sql`${from}::date`,
    sql`${to}::date`,
  )} AS cents`.execute(db);
  return Number(rows[0]?.cents ?? 0);
}
