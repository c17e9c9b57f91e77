import { type ColleagueDTO, USER_DETAIL_ROLES } from '@salon/contracts';
import type { Static } from 'typebox';
import type { Caller } from './caller.js';
import { HttpError } from './http-error.js';

export type Colleague = Static<typeof ColleagueDTO>;

/** The fields every user answer starts from (listUserDtos' rows). */
interface WholeUser {
  userId: number;
  salonId: number | null;
  role: Colleague['role'];
  firstName: string;
  lastName: string;
  title: string;
}

/**
 * A user as this caller may see them, the one place that decides it (USER_FIELDS_BY_ROLE): whole
 * for themselves, a SUPERADMIN and an ADMIN of the user's salon; names, title and roles for anyone else.
 */
export function shapeUser<U extends WholeUser>(caller: Caller, user: U): U | Colleague {
  const managesSalon =
    caller.isSuperadmin ||
    (caller.salonId !== null && user.salonId === caller.salonId && USER_DETAIL_ROLES.some((role) => caller.roles.includes(role)));
  if (user.userId === caller.userId || managesSalon) return user;
  return {
    userId: user.userId,
    salonId: user.salonId,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    title: user.title,
  };
}

/** shapeUser for an endpoint that promises the whole user: 403 when the caller may see less. */
export function shapeWholeUser<U extends WholeUser>(caller: Caller, user: U): U {
  const shaped = shapeUser(caller, user);
  if (shaped !== user) throw new HttpError(403, 'You may only read your own user');
  return user;
}
