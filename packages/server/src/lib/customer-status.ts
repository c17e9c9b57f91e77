import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';

/** A client's status from their last visit: the customer status report and the NPS follow-up list. */
export type CustomerStatusValue = 'ACTIVE' | 'AT_RISK' | 'LOST' | 'NO_VISIT';

/** The salon's thresholds (salons.active_client_days / lost_client_days): under `activeDays` ACTIVE, over `lostDays` LOST. */
export interface StatusThresholds {
  activeDays: number;
  lostDays: number;
}

/** The status for a number of days since the last visit (null: no visit), as customerStatusSql computes it. */
export function statusOf(days: number | null, { activeDays, lostDays }: StatusThresholds): CustomerStatusValue {
  if (days === null) return 'NO_VISIT';
  if (days < activeDays) return 'ACTIVE';
  if (days > lostDays) return 'LOST';
  return 'AT_RISK';
}

/** The same rule in SQL: the status on `asOf` (a date) of a client whose last visit is `lastVisit` (a date column, null = none). */
export function customerStatusSql(asOf: string, lastVisit: RawBuilder<unknown>, { activeDays, lostDays }: StatusThresholds) {
  return sql<CustomerStatusValue>`CASE WHEN ${lastVisit} IS NULL THEN 'NO_VISIT'
          WHEN ${asOf}::date - ${lastVisit} < ${activeDays}::int THEN 'ACTIVE'
          WHEN ${asOf}::date - ${lastVisit} > ${lostDays}::int THEN 'LOST'
          ELSE 'AT_RISK' END`;
}

/** The salon's thresholds, or undefined when there is no such salon. */
export async function findStatusThresholds(db: DbOrTx, salonId: number): Promise<StatusThresholds | undefined> {
  const row = await db.selectFrom('salons').select(['active_client_days', 'lost_client_days']).where('id', '=', salonId).executeTakeFirst();
  return row ? { activeDays: Number(row.active_client_days), lostDays: Number(row.lost_client_days) } : undefined;
}
