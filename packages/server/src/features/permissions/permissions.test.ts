import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCode } from '../../lib/session-code.js';
import { createTestApp, insertUser, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let fx: Awaited<ReturnType<typeof seedAccessFixture>>;
const codes: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedAccessFixture(t.db);
  for (const name of ['superadmin', 'manager', 'reception', 'stylist', 'manager2', 'noroles']) codes[name] = await signIn(t.app, name);
});
afterAll(() => t.close());

const grant = (code: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/UserPermissions/${code}`, payload: payload as object });
const revoke = (code: string | undefined, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/UserPermissions/${code}/${id}` });
const userPermissions = (code: string | undefined, userId: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/UserPermissions/User/${code}/${userId}` });

async function grantId(userId: number, permissionId: number): Promise<number> {
  const row = await t.db
    .selectFrom('user_permissions')
    .select('id')
    .where('user_id', '=', userId)
    .where('permission_id', '=', permissionId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /api/Permissions/{SESSIONCODE}', () => {
  it('lists the six permissions to anyone signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Permissions/${codes.noroles}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { permissionId: 1, permission: 'SUPERADMIN' },
      { permissionId: 2, permission: 'ADMIN' },
      { permissionId: 3, permission: 'RECEPTIONIST' },
      { permissionId: 4, permission: 'SALESMARKETING' },
      { permissionId: 5, permission: 'IMAGE' },
      { permissionId: 6, permission: 'ASSISTANCE' },
    ]);
  });

  it('answers 401 to a forged code', async () => {
    const forged = createSessionCode('not-the-server-secret', new Date(Date.now() + 3_600_000));
    expect((await t.app.inject({ method: 'GET', url: `/api/Permissions/${forged}` })).statusCode).toBe(401);
  });
});

describe('GET /api/UserPermissions/User/{SESSIONCODE}/{userId}', () => {
  it('gives your own permissions, and an ADMIN those of their salon users', async () => {
    const own = await userPermissions(codes.stylist, fx.users.stylist);
    expect(own.json()).toEqual([{ userPermissionId: expect.any(Number), userId: fx.users.stylist, permissionId: 5, permission: 'IMAGE' }]);
    const other = await userPermissions(codes.manager, fx.users.reception);
    expect(other.json()).toMatchObject([{ permissionId: 3, permission: 'RECEPTIONIST' }]);
    expect((await userPermissions(codes.superadmin, fx.users.manager2)).statusCode).toBe(200);
  });

  it("refuses another salon's user to an ADMIN and other users to non-admins with 403; 404 and 400 for bad ids", async () => {
    expect((await userPermissions(codes.manager, fx.users.manager2)).statusCode).toBe(403);
    expect((await userPermissions(codes.reception, fx.users.stylist)).statusCode).toBe(403);
    expect((await userPermissions(codes.superadmin, 999999)).statusCode).toBe(404);
    const bad = await userPermissions(codes.superadmin, 'abc');
    expect(bad.json()).toMatchObject({ statusCode: 400, parameter: 'userId' });
  });
});

describe('POST /api/UserPermissions/{SESSIONCODE}', () => {
  it('lets an ADMIN grant a permission to a user of their salon', async () => {
    const res = await grant(codes.manager, { userId: fx.users.stylist, permissionId: 6 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: fx.users.stylist, permissionId: 6, permission: 'ASSISTANCE' });
    const now = await userPermissions(codes.stylist, fx.users.stylist);
    expect(now.json().map((p: { permission: string }) => p.permission)).toEqual(['IMAGE', 'ASSISTANCE']);
  });

  it('refuses a permission the user already has with 409', async () => {
    const res = await grant(codes.manager, { userId: fx.users.stylist, permissionId: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`User ${fx.users.stylist} already has permission 5`);
  });

  it("refuses SUPERADMIN, another salon's user and a superadmin target to an ADMIN, and any grant to non-admins, with 403", async () => {
    const superGrant = await grant(codes.manager, { userId: fx.users.reception, permissionId: 1 });
    expect(superGrant.statusCode).toBe(403);
    expect(superGrant.json().message).toBe('Only a superadmin may grant SUPERADMIN');
    expect((await grant(codes.manager, { userId: fx.users.manager2, permissionId: 3 })).statusCode).toBe(403);
    expect((await grant(codes.manager, { userId: fx.users.superadmin, permissionId: 3 })).statusCode).toBe(403);
    expect((await grant(codes.reception, { userId: fx.users.stylist, permissionId: 3 })).statusCode).toBe(403);
  });

  it('lets a SUPERADMIN grant SUPERADMIN', async () => {
    const id = await insertUser(t.db, 'deputy', fx.salon2, ['IMAGE']);
    const res = await grant(codes.superadmin, { userId: id, permissionId: 1 });
    expect(res.json()).toMatchObject({ userId: id, permission: 'SUPERADMIN' });
  });

  it('answers 400 for a bad body and 404 for an unknown user', async () => {
    for (const payload of [
      { userId: fx.users.stylist, permissionId: 7 },
      { userId: 'abc', permissionId: 3 },
      { permissionId: 3 },
      [1, 2],
    ]) {
      expect((await grant(codes.superadmin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await grant(codes.superadmin, { userId: 999999, permissionId: 3 })).statusCode).toBe(404);
  });
});

describe('DELETE /api/UserPermissions/{SESSIONCODE}/{id}', () => {
  it("lets an ADMIN revoke a salon user's permission; the user loses the role at once", async () => {
    const id = await insertUser(t.db, 'demoted', fx.salon1, ['ADMIN', 'RECEPTIONIST']);
    const theirs = await signIn(t.app, 'demoted');
    expect((await t.app.inject({ method: 'GET', url: `/api/Users/${theirs}` })).statusCode).toBe(200);
    const res = await revoke(codes.manager, await grantId(id, 2));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/Users/${theirs}` })).statusCode).toBe(403);
  });

  it("refuses another salon's grant and a superadmin's grant to an ADMIN with 403; 404 for an unknown grant", async () => {
    expect((await revoke(codes.manager, await grantId(fx.users.manager2, 2))).statusCode).toBe(403);
    expect((await revoke(codes.manager, await grantId(fx.users.superadmin, 1))).statusCode).toBe(403);
    expect((await revoke(codes.reception, await grantId(fx.users.stylist, 5))).statusCode).toBe(403);
    expect((await revoke(codes.manager, 999999)).statusCode).toBe(404);
    expect((await revoke(codes.manager, 'abc')).json()).toMatchObject({ statusCode: 400, parameter: 'id' });
  });

  it('refuses to remove the last ADMIN of a salon with 409, and allows it once another admin exists', async () => {
    // manager2 is salon 2's only ADMIN.
    const own = await grantId(fx.users.manager2, 2);
    const last = await revoke(codes.manager2, own);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/last ADMIN of salon .*without an administrator/);
    const helper = await insertUser(t.db, 'coadmin', fx.salon2, []);
    expect((await grant(codes.manager2, { userId: helper, permissionId: 2 })).statusCode).toBe(200);
    expect((await revoke(codes.manager2, own)).statusCode).toBe(200);
  });

  it('refuses to remove the last SUPERADMIN with 409', async () => {
    const deputy = await t.db.selectFrom('users').select('id').where('username', '=', 'deputy').executeTakeFirstOrThrow();
    expect((await revoke(codes.superadmin, await grantId(deputy.id, 1))).statusCode).toBe(200);
    const last = await revoke(codes.superadmin, await grantId(fx.users.superadmin, 1));
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/last SUPERADMIN/);
  });
});
