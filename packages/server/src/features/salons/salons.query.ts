import type { SalonDTO } from '@salon/contracts';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { type Clock, salonToday } from '../../lib/today.js';

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
