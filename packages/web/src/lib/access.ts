import type { Role } from '@salon/contracts';

/**
 * No auth = open to everyone; an empty list = only users with no roles (guests);
 * otherwise the user needs at least one role of the list.
 */
export function hasAccess(auth: readonly Role[] | undefined, roles: readonly Role[]): boolean {
  if (auth === undefined) return true;
  if (auth.length === 0) return roles.length === 0;
  return auth.some((role) => roles.includes(role));
}
