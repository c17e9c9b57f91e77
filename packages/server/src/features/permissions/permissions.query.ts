import type { PermissionDTO } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx, Role } from '../../db/database.js';
import { userRolesJoin } from '../../lib/users.query.js';

export async function listPermissionDtos(db: DbOrTx): Promise<Static<typeof PermissionDTO>[]> {
  return db.selectFrom('permissions').select(['id as permissionId', 'permission']).orderBy('id').execute();
}

export async function findUserPermission(db: DbOrTx, userPermissionId: number) {
  return userRolesJoin(db)
    .select([
      'user_permissions.id as userPermissionId',
      'user_permissions.user_id as userId',
      'permissions.id as permissionId',
      'permissions.permission',
    ])
    .where('user_permissions.id', '=', userPermissionId)
    .executeTakeFirst();
}

/** Inserts the grant unless the user already has it; returns its id, or undefined for a duplicate. */
export async function insertUserPermission(db: DbOrTx, userId: number, permissionId: number): Promise<number | undefined> {
  const row = await db
    .insertInto('user_permissions')
    .values({ user_id: userId, permission_id: permissionId })
    .onConflict((oc) => oc.columns(['user_id', 'permission_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function deleteUserPermissionRow(db: DbOrTx, userPermissionId: number): Promise<void> {
  await db.deleteFrom('user_permissions').where('id', '=', userPermissionId).execute();
}

/**
 * Serialises changes to one permission's grants (row lock on the permission, held until the
 * transaction ends), so two "last admin" checks cannot both pass.
 */
export async function lockPermission(tx: DbOrTx, permissionId: number): Promise<void> {
  await sql`SELECT id FROM permissions WHERE id = ${permissionId} FOR UPDATE`.execute(tx);
}

/** How many users hold `role` (within a salon when salonId is given), not counting one grant. */
export async function countHolders(db: DbOrTx, role: Role, salonId: number | null, exceptUserPermissionId: number): Promise<number> {
  let query = db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .innerJoin('users', 'users.id', 'user_permissions.user_id')
    .select((eb) => eb.fn.count<number>('user_permissions.id').as('n'))
    .where('permissions.permission', '=', role)
    .where('user_permissions.id', '<>', exceptUserPermissionId);
  if (salonId !== null) query = query.where('users.salon_id', '=', salonId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
