import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { DbOrTx, Role, UsersTable } from '../../db/database.js';

export interface SessionCaller {
  sessionId: number;
  userId: number;
  expiresAt: Date;
  expiresMax: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
  /** The user row's id: null when the user is gone. */
  foundUserId: number | null;
  salonId: number | null;
  employmentEnd: string | null;
  timeZone: string | null;
  /** The user's roles in permission order. */
  roles: Role[];
}

/**
 * A session by its code's hash with what every request needs of its user (salon, time zone,
 * employment end, roles): one round trip, not three, before each report starts.
 */
export async function findSessionCaller(db: DbOrTx, codeHash: string): Promise<SessionCaller | undefined> {
  return db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('salons', 'salons.id', 'users.salon_id')
    .select([
      'sessions.id as sessionId',
      'sessions.user_id as userId',
      'sessions.expires_at as expiresAt',
      'sessions.expires_max as expiresMax',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.revoked_at as revokedAt',
      'users.id as foundUserId',
      'users.salon_id as salonId',
      'users.employment_end as employmentEnd',
      'salons.time_zone as timeZone',
      sql<Role[]>`ARRAY(SELECT p.permission FROM user_permissions up JOIN permissions p ON p.id = up.permission_id
        WHERE up.user_id = users.id ORDER BY p.id)`.as('roles'),
    ])
    .where('sessions.code_hash', '=', codeHash)
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
