import type { SalonDTO } from '@salon/contracts';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { CHAIN_TIME_ZONE, type Clock, salonToday } from '../../lib/today.js';

/** Salons in the client's shape, each with its today; only `salonId` when given, every salon otherwise. */
export async function listSalonDtos(db: DbOrTx, clock: Clock, salonId?: number): Promise<Static<typeof SalonDTO>[]> {
  let query = db.selectFrom('salons').select(['id', 'name', 'code', 'city', 'address', 'time_zone', 'opening_hours']);
  if (salonId !== undefined) query = query.where('id', '=', salonId);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    city: row.city,
    address: row.address,
    timeZone: row.time_zone,
    today: salonToday(row.time_zone, clock),
    openingHours: row.opening_hours ?? {},
  }));
}

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
