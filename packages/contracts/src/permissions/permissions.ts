import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { ErrorResponse, Id, RoleSchema, SessionCode, SessionParams } from '../common/schemas.js';
import { UserPermissionDTO } from '../sessions/sessions.js';

export const PermissionDTO = Type.Object({
  permissionId: Type.Integer({ description: '1 SUPERADMIN, 2 ADMIN, 3 RECEPTIONIST, 4 SALESMARKETING, 5 IMAGE, 6 ASSISTANCE' }),
  permission: RoleSchema,
});

export const PermissionId = Type.Integer({
  minimum: 1,
  maximum: 6,
  description: '1 SUPERADMIN, 2 ADMIN, 3 RECEPTIONIST, 4 SALESMARKETING, 5 IMAGE, 6 ASSISTANCE',
});

export const listPermissions = defineEndpoint({
  method: 'GET',
  path: '/api/Permissions/{SESSIONCODE}',
  summary: 'The six permissions (roles) a user can hold',
  tags: ['Permissions'],
  params: SessionParams,
  response: Type.Array(PermissionDTO, { description: 'Ordered by permissionId' }),
});

export const listUserPermissions = defineEndpoint({
  method: 'GET',
  path: '/api/UserPermissions/User/{SESSIONCODE}/{userId}',
  summary: "A user's permissions: your own, or (ADMIN) a user of your salon, or (SUPERADMIN) anyone's",
  tags: ['Permissions'],
  params: Type.Object({ SESSIONCODE: SessionCode, userId: Id }),
  response: Type.Array(UserPermissionDTO, { description: 'Ordered by permissionId' }),
  errors: { 404: ErrorResponse },
});

export const createUserPermission = defineEndpoint({
  method: 'POST',
  path: '/api/UserPermissions/{SESSIONCODE}',
  summary: 'Grant a permission to a user (ADMIN for users of their salon, SUPERADMIN for anyone; only a SUPERADMIN grants SUPERADMIN)',
  tags: ['Permissions'],
  params: SessionParams,
  body: Type.Object({
    userId: Id,
    permissionId: PermissionId,
  }),
  response: UserPermissionDTO,
  errors: { 404: ErrorResponse },
});

export const deleteUserPermission = defineEndpoint({
  method: 'DELETE',
  path: '/api/UserPermissions/{SESSIONCODE}/{id}',
  summary: 'Revoke a permission grant by its userPermissionId; a salon never loses its last ADMIN this way (409)',
  tags: ['Permissions'],
  params: Type.Object({ SESSIONCODE: SessionCode, id: Id }),
  response: Type.Object({ success: Type.Literal(true, { description: 'The grant is gone' }) }),
  errors: { 404: ErrorResponse },
});
