import type { DbOrTx } from '../db/database.js';
import { CHAIN_TIME_ZONE, type Clock, salonToday } from './today.js';

/** A salon's name and code with today in its own time zone (lib/today.ts). */
export interface SalonToday {
  salonId: number;
  name: string;
  code: string;
  timeZone: string;
  today: string;
}

/** The salon and its today; undefined when it does not exist. */
export async function getSalonToday(db: DbOrTx, clock: Clock, salonId: number): Promise<SalonToday | undefined> {
  const row = await db.selectFrom('salons').select(['id', 'name', 'code', 'time_zone']).where('id', '=', salonId).executeTakeFirst();
  if (!row) return undefined;
  return { salonId: row.id, name: row.name, code: row.code, timeZone: row.time_zone, today: salonToday(row.time_zone, clock) };
}

/** Today for a salon's default dates: in its time zone, or the chain's when it does not exist (its report is empty anyway). */
export async function getTodayOfSalon(db: DbOrTx, clock: Clock, salonId: number): Promise<string> {
  const row = await db.selectFrom('salons').select('time_zone').where('id', '=', salonId).executeTakeFirst();
  return salonToday(row?.time_zone ?? CHAIN_TIME_ZONE, clock);
}
