import type { DbOrTx } from '../../db/database.js';

export interface ClosureRow {
  closureId: number;
  salonId: number;
  startDate: string;
  endDate: string;
  label: string;
}

const CLOSURE_COLUMNS = ['id as closureId', 'salon_id as salonId', 'start_day as startDate', 'end_day as endDate', 'label'] as const;

export function findClosure(db: DbOrTx, id: number): Promise<ClosureRow | undefined> {
  return db.selectFrom('salon_closures').select(CLOSURE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The salon's closures overlapping startDay..endDay, except `exceptId`. */
export function overlappingClosures(
  db: DbOrTx,
  salonId: number,
  startDay: string,
  endDay: string,
  exceptId?: number,
): Promise<ClosureRow[]> {
  let query = db
    .selectFrom('salon_closures')
    .select(CLOSURE_COLUMNS)
    .where('salon_id', '=', salonId)
    .where('start_day', '<=', endDay)
    .where('end_day', '>=', startDay);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.orderBy('start_day').execute();
}

export async function insertClosure(
  db: DbOrTx,
  row: { salonId: number; startDay: string; endDay: string; label: string; createdBy: number },
): Promise<ClosureRow> {
  return db
    .insertInto('salon_closures')
    .values({ salon_id: row.salonId, start_day: row.startDay, end_day: row.endDay, label: row.label, created_by: row.createdBy })
    .returning(CLOSURE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateClosureRow(
  db: DbOrTx,
  id: number,
  row: { startDay: string; endDay: string; label: string },
): Promise<ClosureRow> {
  return db
    .updateTable('salon_closures')
    .set({ start_day: row.startDay, end_day: row.endDay, label: row.label })
    .where('id', '=', id)
    .returning(CLOSURE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteClosureRow(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('salon_closures').where('id', '=', id).execute();
}

/** Sets (or with null clears) the salon's patron-saint day. */
export async function writePatronDay(
  db: DbOrTx,
  salonId: number,
  patronDay: { month: number; day: number; label: string } | null,
  userId: number,
): Promise<void> {
  if (patronDay === null) {
    await db.deleteFrom('salon_patron_days').where('salon_id', '=', salonId).execute();
    return;
  }
  const values = { month: patronDay.month, day: patronDay.day, label: patronDay.label, updated_by: userId, updated_at: new Date() };
  await db
    .insertInto('salon_patron_days')
    .values({ salon_id: salonId, ...values })
    .onConflict((oc) => oc.column('salon_id').doUpdateSet(values))
    .execute();
}

/** Locks the salon's row, so two writers of its closures run one after the other. */
export async function lockSalon(db: DbOrTx, salonId: number): Promise<boolean> {
  const row = await db.selectFrom('salons').select('id').where('id', '=', salonId).forUpdate().executeTakeFirst();
  return row !== undefined;
}
