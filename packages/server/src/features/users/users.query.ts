import type { UserDTO } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx, Gender, Role } from '../../db/database.js';

type UserDto = Static<typeof UserDTO>;

/** What access checks need to know about a user. */
export interface UserAccess {
  userId: number;
  salonId: number | null;
  roles: Role[];
}

export async function findUserAccess(db: DbOrTx, userId: number): Promise<UserAccess | undefined> {
  const user = await db.selectFrom('users').select(['id', 'salon_id']).where('id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  const roles = await db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select('permissions.permission')
    .where('user_permissions.user_id', '=', userId)
    .orderBy('permissions.id')
    .execute();
  return { userId: user.id, salonId: user.salon_id, roles: roles.map((r) => r.permission) };
}

export interface UserFilter {
  /** Only users of this salon. */
  salonId?: number;
  userId?: number;
  /** Only users with a shift starting on this date (YYYY-MM-DD, their salon's time zone) and no whole day off that day. */
  workingOn?: string;
}

/** Users in the client's shape (UserDTO), roles from their permissions; never the password hash. */
export async function listUserDtos(db: DbOrTx, filter: UserFilter = {}): Promise<UserDto[]> {
  let query = db.selectFrom('users').select([
    'users.id',
    'users.salon_id',
    'users.first_name',
    'users.last_name',
    'users.phone_number',
    'users.email',
    'users.username',
    'users.title',
    'users.note',
    'users.gender',
    'users.employment_start',
    'users.employment_end',
    'users.language',
    'users.settings',
    'users.shortcuts',
    sql<Role[]>`coalesce((
        SELECT json_agg(p.permission ORDER BY p.id)
        FROM user_permissions up JOIN permissions p ON p.id = up.permission_id
        WHERE up.user_id = users.id
      ), '[]'::json)`.as('roles'),
  ]);
  if (filter.salonId !== undefined) query = query.where('users.salon_id', '=', filter.salonId);
  if (filter.userId !== undefined) query = query.where('users.id', '=', filter.userId);
  if (filter.workingOn !== undefined) {
    const day = filter.workingOn;
    // A shift belongs to the salon-local day it starts (one crossing midnight too); a whole day off that day excludes the person.
    query = query
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('user_timeframes as t')
            .innerJoin('salons as s', 's.id', 't.salon_id')
            .select(sql`1`.as('one'))
            .whereRef('t.user_id', '=', 'users.id')
            .whereRef('t.salon_id', '=', 'users.salon_id')
            .where(sql<boolean>`t.day_start >= (${day}::date::timestamp AT TIME ZONE s.time_zone)`)
            .where(sql<boolean>`t.day_start < ((${day}::date + 1)::timestamp AT TIME ZONE s.time_zone)`),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_shifts as o')
              .select(sql`1`.as('one'))
              .whereRef('o.user_id', '=', 'users.id')
              .where('o.part', '=', 'FULL_DAY')
              .where(sql<boolean>`o.start_day <= ${day}::date AND o.end_day >= ${day}::date`),
          ),
        ),
      );
  }
  const rows = await query.orderBy('users.last_name').orderBy('users.first_name').orderBy('users.id').execute();
  return rows.map((user) => ({
    userId: user.id,
    salonId: user.salon_id,
    role: user.roles,
    firstName: user.first_name,
    lastName: user.last_name,
    phoneNumber: user.phone_number,
    email: user.email,
    username: user.username,
    title: user.title,
    note: user.note,
    gender: user.gender,
    employmentStart: user.employment_start,
    employmentEnd: user.employment_end,
    language: user.language,
    settings: (user.settings as Record<string, unknown> | null) ?? null,
    data: { shortcuts: user.shortcuts ?? [] },
  }));
}

export async function getUserDtoById(db: DbOrTx, userId: number): Promise<UserDto | undefined> {
  const [user] = await listUserDtos(db, { userId });
  return user;
}

/** The id of the user holding this username, compared case-insensitively, if any. */
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
