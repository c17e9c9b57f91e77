import { sql } from 'kysely';
import type { DbOrTx, Gender } from '../../db/database.js';

export async function findUsernameOwner(db: DbOrTx, username: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  return row?.id;
}

export async function getSalonTimeZone(db: DbOrTx, salonId: number): Promise<string | undefined> {
  const row = await db.selectFrom('salons').select('time_zone').where('id', '=', salonId).executeTakeFirst();
  return row?.time_zone;
}

export async function salonExists(db: DbOrTx, salonId: number): Promise<boolean> {
  return (await db.selectFrom('salons').select('id').where('id', '=', salonId).executeTakeFirst()) !== undefined;
}

export interface UserProfile {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  email?: string;
  title?: string;
  note?: string;
  gender?: Gender | null;
  employmentStart?: string | null;
  employmentEnd?: string | null;
  language?: 'en' | 'it';
  annualDaysOff?: number;
}

function profileColumns(profile: UserProfile) {
  return {
    ...(profile.firstName !== undefined ? { first_name: profile.firstName.trim() } : {}),
    ...(profile.lastName !== undefined ? { last_name: profile.lastName.trim() } : {}),
    ...(profile.phoneNumber !== undefined ? { phone_number: profile.phoneNumber.trim() } : {}),
    ...(profile.email !== undefined ? { email: profile.email.trim() } : {}),
    ...(profile.title !== undefined ? { title: profile.title.trim() } : {}),
    ...(profile.note !== undefined ? { note: profile.note } : {}),
    ...(profile.gender !== undefined ? { gender: profile.gender } : {}),
    ...(profile.employmentStart !== undefined ? { employment_start: profile.employmentStart } : {}),
    ...(profile.employmentEnd !== undefined ? { employment_end: profile.employmentEnd } : {}),
    ...(profile.language !== undefined ? { language: profile.language } : {}),
    ...(profile.annualDaysOff !== undefined ? { annual_allowance_days: profile.annualDaysOff } : {}),
  };
}

export interface NewUser extends UserProfile {
  username: string;
  passwordHash: string;
  salonId: number | null;
  permissionIds: number[];
}

/** Inserts the user and their permissions; call inside a transaction. Returns the new id. */
export async function insertUserWithPermissions(tx: DbOrTx, user: NewUser): Promise<number> {
  const { id } = await tx
    .insertInto('users')
    .values({ username: user.username, password_hash: user.passwordHash, salon_id: user.salonId, ...profileColumns(user) })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (user.permissionIds.length > 0) {
    await tx
      .insertInto('user_permissions')
      .values(user.permissionIds.map((permissionId) => ({ user_id: id, permission_id: permissionId })))
      .execute();
  }
  return id;
}

export async function updateUserRow(
  db: DbOrTx,
  userId: number,
  changes: UserProfile & { username?: string; salonId?: number | null },
): Promise<void> {
  const values = {
    ...profileColumns(changes),
    ...(changes.username !== undefined ? { username: changes.username } : {}),
    ...(changes.salonId !== undefined ? { salon_id: changes.salonId } : {}),
  };
  if (Object.keys(values).length === 0) return;
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

export async function getEmploymentDates(db: DbOrTx, userId: number) {
  return db.selectFrom('users').select(['employment_start as start', 'employment_end as end']).where('id', '=', userId).executeTakeFirst();
}

export async function getCredentials(db: DbOrTx, userId: number) {
  return db.selectFrom('users').select(['username', 'password_hash as passwordHash']).where('id', '=', userId).executeTakeFirst();
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Revokes the user's live sessions, except `keepSessionId`; returns how many were revoked. */
export async function revokeUserSessions(db: DbOrTx, userId: number, now: Date, keepSessionId?: number): Promise<number> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) query = query.where('id', '<>', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
