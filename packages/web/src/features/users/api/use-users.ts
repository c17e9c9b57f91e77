import {
  type BodyOf,
  createUser,
  createUserPermission,
  deleteUserPermission,
  listUserPermissions,
  listUsers,
  type ResponseOf,
  setPasswordAdmin,
  updateUser,
} from '@salon/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type UserRow = ResponseOf<typeof listUsers>[number];
export type UserPermissionRow = ResponseOf<typeof listUserPermissions>[number];

const usersKey = ['users'] as const;

/** The staff list: an ADMIN's salon, a superadmin's every salon (or one with `salonId`). */
export function useUsers(salonId: number | null) {
  return useQuery({
    queryKey: [...usersKey, 'list', salonId ?? 'all'],
    queryFn: ({ signal }) => callApi(listUsers, { query: salonId === null ? {} : { salonId } }, { signal }),
  });
}

/** One user's permission grants (their ids are what a revoke deletes). */
export function useUserPermissions(userId: number | null) {
  return useQuery({
    queryKey: [...usersKey, 'permissions', userId],
    queryFn: ({ signal }) => callApi(listUserPermissions, { params: { userId: userId ?? 0 } }, { signal }),
    enabled: userId !== null,
  });
}

/** The mutations of the users screen; each refreshes the list when it lands. */
export function useUserMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: usersKey });
  return {
    create: useMutation({
      mutationFn: (body: BodyOf<typeof createUser>) => callApi(createUser, { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ userId, body }: { userId: number; body: BodyOf<typeof updateUser> }) =>
        callApi(updateUser, { params: { userId }, body }),
      onSuccess: refresh,
    }),
    resetPassword: useMutation({
      mutationFn: ({ userId, password }: { userId: number; password: string }) =>
        callApi(setPasswordAdmin, { params: { userId }, query: { password } }),
    }),
    grant: useMutation({
      mutationFn: ({ userId, permissionId }: { userId: number; permissionId: number }) =>
        callApi(createUserPermission, { body: { userId, permissionId } }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: number) => callApi(deleteUserPermission, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
