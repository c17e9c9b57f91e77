import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/database.js';
import { assertUserInCallerSalon, hasAnyRole } from '../../lib/user-access.js';
import { assertSalonAccess } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';

/** The signed-in caller (the auth plugin's, without importing the sessions feature). */
export type Caller = NonNullable<FastifyRequest['caller']>;

/** Who manages shifts, days off and approvals: ADMIN in their salon, SUPERADMIN anywhere. */
export const STAFF_MANAGERS = ['SUPERADMIN', 'ADMIN'] as const;

export function isStaffManager(caller: Caller): boolean {
  return hasAnyRole(caller, STAFF_MANAGERS);
}

/** 403 unless the caller manages this salon's staff. */
export function assertManagesSalon(caller: Caller, salonId: number): void {
  if (!isStaffManager(caller)) throw new HttpError(403, 'Only an ADMIN of the salon or a SUPERADMIN may do this');
  assertSalonAccess(caller, salonId);
}

/** 403/404 unless the caller may read this person's shifts, days off and requests: themselves, or a manager of their salon. */
export async function assertCanReadStaff(db: DbOrTx, caller: Caller, userId: number): Promise<void> {
  if (userId === caller.userId) return;
  if (!isStaffManager(caller)) throw new HttpError(403, 'You may only read your own shifts, days off and requests');
  await assertUserInCallerSalon(db, caller, userId);
}

/**
 * The salon a list call is about: the salonId given (the auth plugin has already refused
 * another salon to a non-superadmin) or the caller's own; 400 when neither.
 */
export function salonOfCall(caller: Caller, salonId: number | undefined): number {
  const salon = salonId ?? caller.salonId;
  if (salon === null || salon === undefined) {
    throw new HttpError(400, 'Missing query parameter salonId: you belong to no salon', 'salonId');
  }
  return salon;
}
