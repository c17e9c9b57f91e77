import type { DbOrTx } from '../../db/database.js';
import type { Clock } from '../../lib/today.js';
import { salonToday } from '../../lib/today.js';
import { HttpError } from '../../plugins/errors.js';

/** What the customer reports need of a salon: its zone, its today and the status thresholds (salons.active_client_days / lost_client_days). */
export interface CustomerSalon {
  salonId: number;
  /** The salon's name, as its exports are headed. */
  name: string;
  timeZone: string;
  today: string;
  /** Under this many days since the last visit: ACTIVE. */
  activeDays: number;
  /** Over this many days: LOST (in between: AT_RISK). */
  lostDays: number;
}

/** The salon's settings for the customer reports; 404 when there is no such salon. */
export async function getCustomerSalon(db: DbOrTx, clock: Clock, salonId: number): Promise<CustomerSalon> {
  const row = await db
    .selectFrom('salons')
    .select(['name', 'time_zone', 'active_client_days', 'lost_client_days'])
    .where('id', '=', salonId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, `Salon ${salonId} does not exist`, 'salonId');
  return {
    salonId,
    name: row.name,
    timeZone: row.time_zone,
    today: salonToday(row.time_zone, clock),
    activeDays: row.active_client_days,
    lostDays: row.lost_client_days,
  };
}

/** Stores the salon's status thresholds; 404 when there is no such salon. */
export async function saveStatusThresholds(
  db: DbOrTx,
  salonId: number,
  activeDays: number,
  lostDays: number,
): Promise<{ salonId: number; activeDays: number; lostDays: number }> {
  const row = await db
    .updateTable('salons')
    .set({ active_client_days: activeDays, lost_client_days: lostDays })
    .where('id', '=', salonId)
    .returning(['active_client_days', 'lost_client_days'])
    .executeTakeFirst();
  if (!row) throw new HttpError(404, `Salon ${salonId} does not exist`, 'salonId');
  return { salonId, activeDays: row.active_client_days, lostDays: row.lost_client_days };
}
