/**
 * Users as every feature reads them: their roles (the user_permissions ⨝ permissions join is
 * written here once), access facts and the client's UserDTO. Writes stay in features/users.
 */
import { Settings, type StaffUserDTO, type UserPermissionDTO } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import { Check } from 'typebox/value';
import type { DbOrTx, Role } from '../db/database.js';

type UserDto = Static<typeof StaffUserDTO>;

/** What access checks need to know about a user. */
export interface UserAccess {
  userId: number;
  salonId: number | null;
  roles: Role[];
}

export async function findUserAccess(db: DbOrTx, userId: number): Promise<UserAccess | undefined> {
  const user = await db.selectFrom('users').select(['id', 'salon_id']).where('id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  return { userId: user.id, salonId: user.salon_id, roles: await getUserRoles(db, userId) };
}

export interface UserFilter {
  /** Only users of this salon. */
  salonId?: number;
  userId?: number;
  /** Only users with a shift starting on this date (YYYY-MM-DD, their salon's time zone) and no whole day off that day. */
  workingOn?: string;
  /** The day isActive is judged on (a pinned DEMO_TODAY); default today in each user's salon time zone. */
  today?: string;
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
    'users.annual_allowance_days',
    sql<Date | null>`(SELECT max(se.created_at) FROM sessions se WHERE se.user_id = users.id)`.as('last_sign_in_at'),
    sql<boolean>`(users.employment_end IS NULL OR users.employment_end >= coalesce(${filter.today ?? null}::date,
        (now() AT TIME ZONE coalesce((SELECT s.time_zone FROM salons s WHERE s.id = users.salon_id), 'Europe/Rome'))::date))`.as(
      'is_active',
    ),
    sql<Role[]>`coalesce((${userRolesJoin(db)
      .select(sql`json_agg(permissions.permission ORDER BY permissions.id)`.as('roles'))
      .where(sql<boolean>`user_permissions.user_id = users.id`)}), '[]'::json)`.as('roles'),
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
    // Settings stored before their schema existed are answered as the defaults (null) unless they fit it.
    settings: Check(Settings, user.settings) ? (user.settings as Static<typeof Settings>) : null,
    data: { shortcuts: user.shortcuts ?? [] },
    lastSignInAt: user.last_sign_in_at ? new Date(user.last_sign_in_at).toISOString() : null,
    isActive: user.is_active,
    annualDaysOff: Number(user.annual_allowance_days),
  }));
}

export async function getUserDtoById(db: DbOrTx, userId: number, today?: string): Promise<UserDto | undefined> {
  const [user] = await listUserDtos(db, { userId, ...(today !== undefined ? { today } : {}) });
  return user;
}

/** The id of the user holding this username, compared case-insensitively, if any. */

/** user_permissions joined to their permission: the one place a user's roles are joined. */
export function userRolesJoin(db: DbOrTx) {
  return db.selectFrom('user_permissions').innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id');
}

/** A user's roles, in permission order. */
export async function getUserRoles(db: DbOrTx, userId: number): Promise<Role[]> {
  const rows = await userRolesJoin(db)
    .select('permissions.permission')
    .where('user_permissions.user_id', '=', userId)
    .orderBy('permissions.id')
    .execute();
  return rows.map((r) => r.permission);
}

/** A user's grants in the client's shape (UserPermissionDTO). */
export async function listUserPermissionDtos(db: DbOrTx, userId: number): Promise<Static<typeof UserPermissionDTO>[]> {
  return userRolesJoin(db)
    .select([
      'user_permissions.id as userPermissionId',
      'user_permissions.user_id as userId',
      'permissions.id as permissionId',
      'permissions.permission',
    ])
    .where('user_permissions.user_id', '=', userId)
    .orderBy('permissions.id')
    .execute();
}
