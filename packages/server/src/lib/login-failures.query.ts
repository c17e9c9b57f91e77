import type { DbOrTx } from '../db/database.js';

/** Failed sign-ins (table login_failures): the throttle of sign-ins and of password checks. */

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

export interface FailureLimits {
  loginMaxFailuresPerUserAndAddress: number;
  loginMaxFailuresPerAddress: number;
}

/**
 * What the throttle lets through: 'open' checks the password as usual; 'blocked' answers 429
 * without checking; 'right-only' (the address is over its limit, but none of its failures were
 * for this username) signs in a right password and answers 429 to a wrong one, so one colleague's
 * typos on a shared computer do not lock the others out.
 */
export function throttleOf(
  failures: { byUserAtAddress: number; byAddress: number },
  limits: FailureLimits,
): 'open' | 'blocked' | 'right-only' {
  if (failures.byUserAtAddress >= limits.loginMaxFailuresPerUserAndAddress) return 'blocked';
  if (failures.byAddress < limits.loginMaxFailuresPerAddress) return 'open';
  return failures.byUserAtAddress === 0 ? 'right-only' : 'blocked';
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
