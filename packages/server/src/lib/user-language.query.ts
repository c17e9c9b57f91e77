import type { DbOrTx } from '../db/database.js';

/** The interface language a user chose (en by default), for files the server writes in words. */
export async function getUserLanguage(db: DbOrTx, userId: number): Promise<'en' | 'it'> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? 'en';
}
