import { sql } from 'kysely';
import type { DbOrTx, Role } from '../../db/database.js';

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

export async function getUserRoles(db: DbOrTx, userId: number): Promise<Role[]> {
  const rows = await db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select('permissions.permission')
    .where('user_permissions.user_id', '=', userId)
    .orderBy('permissions.id')
    .execute();
  return rows.map((r) => r.permission);
}

/** User names are case-insensitive: failures are kept and counted under the lower-cased name. */
export function failureKey(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Failed sign-ins since `since` from this address: of this username (byUserAtAddress) and of
 * any (byAddress). Failures from other addresses never count: a stranger cannot lock a user out.
 */
export async function countRecentFailures(db: DbOrTx, username: string, address: string, since: Date) {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [
      eb.fn.count<number>(eb.case().when('username', '=', failureKey(username)).then(1).end()).as('byUserAtAddress'),
      eb.fn.countAll<number>().as('byAddress'),
    ])
    .where('address', '=', address)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return { byUserAtAddress: Number(row.byUserAtAddress), byAddress: Number(row.byAddress) };
}

export async function recordFailure(db: DbOrTx, username: string, address: string): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ username: failureKey(username), address })
    .execute();
}

/** After a sign-in: forgets this username's failures from this address, and every failure older than `before`. */
export async function clearFailures(db: DbOrTx, username: string, address: string, before: Date): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb.and([eb('username', '=', failureKey(username)), eb('address', '=', address)]), eb('at', '<', before)]))
    .execute();
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
