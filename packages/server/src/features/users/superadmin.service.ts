import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hashPassword, passwordProblem } from '../../lib/password.js';
import { insertUserWithPermissions, revokeUserSessions, setPasswordHash } from './users.query.js';

/** The permission id of SUPERADMIN (ids follow ROLES order). */
const SUPERADMIN_PERMISSION = 1;

export type SuperadminResult = { outcome: 'created' | 'reset'; userId: number };

/**
 * The first account of a chain that starts empty (DEMO=0): a chain-level SUPERADMIN with this
 * username and password. An existing user of that name is made SUPERADMIN and gets the new
 * password (their sessions end) only when `reset` is asked; otherwise it is an error.
 */
export async function createSuperadmin(db: Db, username: string, password: string, reset = false): Promise<SuperadminResult> {
  const name = username.trim();
  if (!/^[A-Za-z0-9._@-]{3,64}$/.test(name)) throw new Error('The username must be 3 to 64 letters, digits or . _ @ - characters');
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom('users').select('id').where(sql`lower(username)`, '=', name.toLowerCase()).executeTakeFirst();
    if (!existing) {
      const userId = await insertUserWithPermissions(tx, {
        username: name,
        passwordHash,
        salonId: null,
        permissionIds: [SUPERADMIN_PERMISSION],
        firstName: name,
        lastName: '',
      });
      return { outcome: 'created', userId };
    }
    if (!reset) throw new Error(`A user named ${name} exists already: add --reset to make them SUPERADMIN with this password`);
    await setPasswordHash(tx, existing.id, passwordHash);
    const hasRole = await tx
      .selectFrom('user_permissions')
      .select('id')
      .where('user_id', '=', existing.id)
      .where('permission_id', '=', SUPERADMIN_PERMISSION)
      .executeTakeFirst();
    if (!hasRole) await tx.insertInto('user_permissions').values({ user_id: existing.id, permission_id: SUPERADMIN_PERMISSION }).execute();
    await revokeUserSessions(tx, existing.id, new Date());
    return { outcome: 'reset', userId: existing.id };
  });
}
