import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connect.js';
import { verifyPassword } from '../../lib/password.js';
import { createTestDatabase } from '../../test/helpers.js';
import { createSuperadmin } from './superadmin.service.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const rolesOf = async (userId: number) =>
  (
    await sql<{ permission_id: number }>`SELECT permission_id FROM user_permissions WHERE user_id = ${userId} ORDER BY 1`.execute(
      database.db,
    )
  ).rows.map((row) => row.permission_id);

describe('createSuperadmin (npm run create-superadmin)', () => {
  it('creates the first account of an empty chain: SUPERADMIN of no salon, who can sign in with the password', async () => {
    const result = await createSuperadmin(database.db, ' owner ', 'first-pass-1');
    expect(result.outcome).toBe('created');
    const user = await database.db.selectFrom('users').selectAll().where('id', '=', result.userId).executeTakeFirstOrThrow();
    expect(user.username).toBe('owner');
    expect(user.salon_id).toBeNull();
    expect(await verifyPassword('first-pass-1', user.password_hash)).toBe(true);
    expect(await rolesOf(result.userId)).toEqual([1]);
  });

  it('refuses a weak password, a bad username and an existing name unless --reset, which grants SUPERADMIN once', async () => {
    await expect(createSuperadmin(database.db, 'boss', 'short')).rejects.toThrow(/at least 8 characters/);
    await expect(createSuperadmin(database.db, 'a b', 'first-pass-1')).rejects.toThrow(/username/);
    await expect(createSuperadmin(database.db, 'OWNER', 'second-pass-2')).rejects.toThrow(/exists already/);
    const reset = await createSuperadmin(database.db, 'OWNER', 'second-pass-2', true);
    expect(reset.outcome).toBe('reset');
    const user = await database.db.selectFrom('users').select('password_hash').where('id', '=', reset.userId).executeTakeFirstOrThrow();
    expect(await verifyPassword('second-pass-2', user.password_hash)).toBe(true);
    expect(await rolesOf(reset.userId)).toEqual([1]);
  });
});
