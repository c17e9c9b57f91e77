import { createUserPermission, deleteUserPermission, listPermissions, listUserPermissions } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { assertCanManageUser, assertCanReadUser, MANAGERS } from '../../lib/user-access.js';
import { listUserPermissionDtos } from '../../lib/users.query.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import * as q from './permissions.query.js';

const SUPERADMIN_ID = 1;

export async function permissionsRoutes(app: FastifyInstance) {
  registerEndpoint(app, listPermissions, 'session', async () => q.listPermissionDtos(app.db));

  registerEndpoint(app, listUserPermissions, 'session', async ({ params }, request) => {
    await assertCanReadUser(app.db, callerOf(request), params.userId);
    return listUserPermissionDtos(app.db, params.userId);
  });

  registerEndpoint(app, createUserPermission, MANAGERS, async ({ body }, request) => {
    const caller = callerOf(request);
    await assertCanManageUser(app.db, caller, body.userId);
    if (body.permissionId === SUPERADMIN_ID && !caller.isSuperadmin) throw new HttpError(403, 'Only a superadmin may grant SUPERADMIN');
    const id = await q.insertUserPermission(app.db, body.userId, body.permissionId);
    if (id === undefined) {
      throw new HttpError(409, `User ${body.userId} already has permission ${body.permissionId}`, 'permissionId');
    }
    const grant = await q.findUserPermission(app.db, id);
    if (!grant) throw new Error(`user permission ${id} vanished after insert`);
    return grant;
  });

  registerEndpoint(app, deleteUserPermission, MANAGERS, async ({ params }, request) => {
    const caller = callerOf(request);
    const grant = await q.findUserPermission(app.db, params.id);
    if (!grant) throw new HttpError(404, `User permission ${params.id} does not exist`, 'id');
    const target = await assertCanManageUser(app.db, caller, grant.userId);
    await app.db.transaction().execute(async (tx) => {
      await q.lockPermission(tx, grant.permissionId);
      if (
        grant.permission === 'ADMIN' &&
        target.salonId !== null &&
        (await q.countHolders(tx, 'ADMIN', target.salonId, grant.userPermissionId)) === 0
      ) {
        throw new HttpError(
          409,
          `This is the last ADMIN of salon ${target.salonId}: removing it would leave the salon without an administrator. Grant ADMIN to another user of the salon first.`,
        );
      }
      if (grant.permission === 'SUPERADMIN' && (await q.countHolders(tx, 'SUPERADMIN', null, grant.userPermissionId)) === 0) {
        throw new HttpError(409, 'This is the last SUPERADMIN: removing it would leave the chain without a superadmin.');
      }
      await q.deleteUserPermissionRow(tx, grant.userPermissionId);
    });
    return { success: true as const };
  });
}
