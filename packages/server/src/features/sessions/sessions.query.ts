import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { DbOrTx, UsersTable } from '../../db/database.js';

export interface SessionRow {
  sessionId: number;
  userId: number;
  expiresAt: Date;
  expiresMax: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
}

export async function findSessionByHash(db: DbOrTx, codeHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .select([
      'id as sessionId',
      'user_id as userId',
      'expires_at as expiresAt',
      'expires_max as expiresMax',
      'last_seen_at as lastSeenAt',
      'revoked_at as revokedAt',
    ])
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

export async function insertSession(db: DbOrTx, userId: number, codeHash: string, expiresAt: Date, expiresMax: Date): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt, expires_max: expiresMax })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function touchSession(db: DbOrTx, sessionId: number, now: Date, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** What sign-in and every session check need of a user: names are compared case-insensitively. */
export async function findUserForLogin(db: DbOrTx, username: string) {
  return db
    .selectFrom('users')
    .leftJoin('salons', 'salons.id', 'users.salon_id')
    .select(['users.id', 'users.password_hash', 'users.employment_end as employmentEnd', 'salons.time_zone as timeZone'])
    .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** The user behind a session: salon, and what decides whether their employment has ended. */
export async function findSessionUser(db: DbOrTx, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('salons', 'salons.id', 'users.salon_id')
    .select(['users.id', 'users.salon_id', 'users.employment_end as employmentEnd', 'salons.time_zone as timeZone'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function getOrCreateSecret(db: DbOrTx, name: string, create: () => string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: create() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** A user's own settings, shortcuts (JSON text) and language; nothing when there is no change. */
export async function updateOwnSettings(
  db: DbOrTx,
  userId: number,
  changes: Pick<Updateable<UsersTable>, 'settings' | 'shortcuts' | 'language'>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}
