import type { DbOrTx } from '../db/database.js';
import { assertUserInCallerSalon, hasAnyRole } from '../plugins/auth.js';
import { HttpError } from '../plugins/errors.js';
import type { Caller } from './caller.js';
import type { UserAccess } from './users.query.js';

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
