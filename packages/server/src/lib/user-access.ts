import type { DbOrTx, Role } from '../db/database.js';
import type { Caller } from './caller.js';
import { HttpError } from './http-error.js';
import { findUserAccess, type UserAccess } from './users.query.js';

/**
 * Throws unless the user `userId` belongs to the caller's salon (a superadmin passes for any
 * user): 404 when there is no such user, 403 when it is another salon's (or a chain-level
 * user). Use it for every route that names a user by id; a salonId check alone does not
 * cover them. Returns the user's salon and roles.
 */
export async function assertUserInCallerSalon(db: DbOrTx, caller: Caller, userId: number): Promise<UserAccess> {
  const user = await findUserAccess(db, userId);
  if (!user) throw new HttpError(404, `User ${userId} does not exist`, 'userId');
  if (caller.isSuperadmin) return user;
  if (caller.salonId === null || user.salonId !== caller.salonId) throw new HttpError(403, `You have no access to user ${userId}`);
  return user;
}

export function hasAnyRole(caller: Caller, roles: readonly Role[]): boolean {
  return roles.some((role) => caller.roles.includes(role));
}

/** Roles that manage users, passwords and permissions. */
export const MANAGERS = ['SUPERADMIN', 'ADMIN'] as const;

/**
 * Throws unless the caller may manage the user: a superadmin anyone, an ADMIN the users of
 * their own salon except superadmins. Returns the user's salon and roles.
 */
export async function assertCanManageUser(db: DbOrTx, caller: Caller, userId: number): Promise<UserAccess> {
  if (!hasAnyRole(caller, MANAGERS)) throw new HttpError(403, 'Your role does not allow this call');
  const user = await assertUserInCallerSalon(db, caller, userId);
  if (!caller.isSuperadmin && user.roles.includes('SUPERADMIN')) throw new HttpError(403, 'Only a superadmin may manage a superadmin');
  return user;
}

/** Throws unless the caller may read this user: themselves, or a user they may manage. */
export async function assertCanReadUser(db: DbOrTx, caller: Caller, userId: number): Promise<void> {
  if (userId === caller.userId) return;
  if (!hasAnyRole(caller, MANAGERS)) throw new HttpError(403, 'You may only read your own user');
  await assertUserInCallerSalon(db, caller, userId);
}
