import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCode, hashSessionCode } from '../../lib/session-code.js';
import { dateInZone } from '../../lib/today.js';
import { createTestApp, insertUser, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';
import { findSessionCaller } from './sessions.query.js';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof seedAccessFixture>>;

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailuresPerUserAndAddress: 3, loginMaxFailuresPerAddress: 1000 });
  fixture = await seedAccessFixture(t.db);
});
afterAll(() => t.close());

describe('Login', () => {
  it('returns a session code, the user and their permissions', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: 'manager', password: 'secret123' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.sessionCode).toMatch(/^s1\./);
    expect(body.userDTO).toMatchObject({ username: 'manager', salonId: fixture.salon1, role: ['ADMIN'] });
    expect(body.userPermissionsDTO).toEqual([expect.objectContaining({ permissionId: 2, permission: 'ADMIN' })]);
    expect(new Date(body.expiryDateMax).getTime()).toBeGreaterThan(Date.now());
  });

  it('gives a new code on every login', async () => {
    const a = await signIn(t.app, 'reception');
    const b = await signIn(t.app, 'reception');
    expect(a).not.toBe(b);
  });

  it('names the missing fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Sessions/Login' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { username: expect.any(String), password: expect.any(String) } });
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: 'marketing', password: 'nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: 'ghost', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().errors).toEqual(unknown.json().errors);
  });

  it('throttles repeated failures for a username with 429, even with the right password', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: 'assistant', password: 'bad' } });
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: 'assistant', password: 'secret123' } });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().message).toMatch(/Too many failed sign-ins/);
  });
});

describe('the sign-in throttle', () => {
  let throttled: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    throttled = await createTestApp({ loginMaxFailuresPerUserAndAddress: 3, loginMaxFailuresPerAddress: 5 }, t.database);
    proxied = await createTestApp(
      { loginMaxFailuresPerUserAndAddress: 3, loginMaxFailuresPerAddress: 5, trustProxy: ['10.9.9.9'] },
      t.database,
    );
  });
  afterAll(async () => {
    await throttled.close();
    await proxied.close();
  });

  const login = (app: TestApp, username: string, password: string, remoteAddress: string, forwardedFor?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/Sessions/Login',
      query: { username, password },
      remoteAddress,
      ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
    });

  it('counts failures per username and address: wrong passwords from one address do not lock the user out elsewhere', async () => {
    for (let i = 0; i < 3; i++) expect((await login(throttled, 'stylist', 'guess', '10.1.0.1')).statusCode).toBe(401);
    expect((await login(throttled, 'stylist', 'secret123', '10.1.0.1')).statusCode).toBe(429);
    expect((await login(throttled, 'stylist', 'secret123', '10.1.0.2')).statusCode).toBe(200);
    // The name as typed in another case is the same user.
    expect((await login(throttled, 'STYLIST', 'secret123', '10.1.0.1')).statusCode).toBe(429);
  });

  it('still limits an address, whatever usernames it tries: past the limit each other username gets one check, a wrong one answered 429', async () => {
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) expect((await login(throttled, name, 'guess', '10.1.0.3')).statusCode).toBe(401);
    const blocked = await login(throttled, 'reception', 'guess', '10.1.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));
    // That failure was reception's own at this address: now even the right password waits.
    expect((await login(throttled, 'reception', 'secret123', '10.1.0.3')).statusCode).toBe(429);
    expect((await login(throttled, 'a1', 'guess', '10.1.0.3')).statusCode).toBe(429);
    expect((await login(throttled, 'reception', 'secret123', '10.1.0.4')).statusCode).toBe(200);
  });

  it("lets a right password sign in from an address locked by other usernames' failures (a shared front-desk computer)", async () => {
    for (const name of ['e1', 'e2', 'e3', 'e4', 'e5']) expect((await login(throttled, name, 'guess', '10.1.0.8')).statusCode).toBe(401);
    expect((await login(throttled, 'stylist', 'secret123', '10.1.0.8')).statusCode).toBe(200);
    expect((await login(throttled, 'manager', 'secret123', '10.1.0.8')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For by default: a client cannot pick a new address for each guess', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(throttled, `b${i}`, 'guess', '10.1.0.5', `198.51.100.${i}`)).statusCode).toBe(401);
    }
    // Believed, the header would make this a fresh address answering 401.
    expect((await login(throttled, 'marketing', 'guess', '10.1.0.5', '198.51.100.99')).statusCode).toBe(429);
  });

  it('believes X-Forwarded-For from the proxies TRUST_PROXY names, and only from them', async () => {
    for (let i = 0; i < 5; i++) expect((await login(proxied, `c${i}`, 'guess', '10.9.9.9', '192.0.2.1')).statusCode).toBe(401);
    expect((await login(proxied, 'marketing', 'guess', '10.9.9.9', '192.0.2.1')).statusCode).toBe(429);
    expect((await login(proxied, 'marketing', 'secret123', '10.9.9.9', '192.0.2.2')).statusCode).toBe(200);
    // Another sender is not the proxy: its header is not believed, its own address counts.
    for (let i = 0; i < 5; i++) expect((await login(proxied, `d${i}`, 'guess', '10.1.0.6', `192.0.2.${10 + i}`)).statusCode).toBe(401);
    expect((await login(proxied, 'marketing', 'guess', '10.1.0.6', '192.0.2.50')).statusCode).toBe(429);
  });

  it('takes the address a hop count of proxies saw: TRUST_PROXY=1 believes the last X-Forwarded-For entry only', async () => {
    const oneHop = await createTestApp({ trustProxy: 1 }, t.database);
    try {
      await login(oneHop, 'hops', 'guess', '10.1.0.7', '203.0.113.7, 198.51.100.77');
      const rows = await t.db.selectFrom('login_failures').select('address').where('username', '=', 'hops').execute();
      expect(rows.map((row) => row.address)).toEqual(['198.51.100.77']);
    } finally {
      await oneHop.close();
    }
  });
});

describe('user names', () => {
  it('are case-insensitive at sign-in: Manager signs in as manager', async () => {
    for (const typed of ['Manager', 'MANAGER', ' manager ']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username: typed, password: 'secret123' } });
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().userDTO).toMatchObject({ userId: fixture.users.manager, username: 'manager' });
    }
  });

  it('cannot differ only in case: the database refuses a second one (migration 007)', async () => {
    await expect(insertUser(t.db, 'Reception', fixture.salon1, [])).rejects.toThrow(/users_username_lower_key/);
  });
});

describe('a user whose employment has ended', () => {
  const today = () => dateInZone(new Date(), 'Europe/Rome');
  const yesterday = () => dateInZone(new Date(Date.now() - 86_400_000), 'Europe/Rome');
  const setEnd = (userId: number, end: string | null) =>
    t.db.updateTable('users').set({ employment_end: end }).where('id', '=', userId).execute();
  const loginAs = (username: string, password = 'secret123') =>
    t.app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username, password } });

  it('cannot sign in the day after employmentEnd, answered like a wrong password; on the last day they still can', async () => {
    const leaver = await insertUser(t.db, 'leaver', fixture.salon1, ['IMAGE']);
    await setEnd(leaver, today());
    expect((await loginAs('leaver')).statusCode).toBe(200);
    await setEnd(leaver, yesterday());
    const refused = await loginAs('leaver');
    const wrong = await loginAs('leaver', 'not-the-password');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(wrong.json());
    expect(refused.json()).toMatchObject({ success: false, message: 'Failed to login' });
  });

  it('loses the sessions still open: every call and Check answer 401', async () => {
    const chainLevel = await insertUser(t.db, 'chain-leaver', null, ['SUPERADMIN']);
    const salonLevel = await insertUser(t.db, 'salon-leaver', fixture.salon1, ['ADMIN']);
    for (const [username, userId] of [
      ['chain-leaver', chainLevel],
      ['salon-leaver', salonLevel],
    ] as const) {
      const code = await signIn(t.app, username);
      const read = () => t.app.inject({ method: 'GET', url: `/api/Users/${code}/${userId}` });
      expect((await read()).statusCode, username).toBe(200);
      await setEnd(userId, yesterday());
      const after = await read();
      expect(after.statusCode, username).toBe(401);
      expect(after.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized Access' });
      const check = await t.app.inject({ method: 'POST', url: '/api/Sessions/Check/', query: { sessionCode: code } });
      expect(check.statusCode, username).toBe(401);
      // Employment extended again: the same session works.
      await setEnd(userId, null);
      expect((await read()).statusCode, username).toBe(200);
    }
  });
});

describe('the session check', () => {
  it('reads the session, its user and their roles in one statement: roles in permission order, salon and time zone', async () => {
    // Granted out of permission order (ASSISTANCE is 6, ADMIN 2, RECEPTIONIST 3).
    const userId = await insertUser(t.db, 'many-roles', fixture.salon1, ['ASSISTANCE', 'ADMIN', 'RECEPTIONIST']);
    const code = await signIn(t.app, 'many-roles');
    const caller = await findSessionCaller(t.db, hashSessionCode(code));
    expect(caller).toMatchObject({
      userId,
      foundUserId: userId,
      salonId: fixture.salon1,
      employmentEnd: null,
      timeZone: 'Europe/Rome',
      revokedAt: null,
      roles: ['ADMIN', 'RECEPTIONIST', 'ASSISTANCE'],
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/Sessions/Check/', query: { sessionCode: code } });
    expect(res.json().userDTO.role).toEqual(['ADMIN', 'RECEPTIONIST', 'ASSISTANCE']);
  });

  it('finds nothing for a hash no session has', async () => {
    expect(await findSessionCaller(t.db, hashSessionCode('not-a-session'))).toBeUndefined();
  });
});

describe('Check and Logout', () => {
  it('check returns the same code and the user; logout kills it', async () => {
    const code = await signIn(t.app, 'stylist');
    const check = await t.app.inject({ method: 'POST', url: '/api/Sessions/Check/', query: { sessionCode: code } });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ sessionCode: code, userDTO: { username: 'stylist', role: ['IMAGE'] } });
    const out = await t.app.inject({ method: 'POST', url: '/api/Sessions/Logout/', query: { sessionCode: code } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'POST', url: '/api/Sessions/Check/', query: { sessionCode: code } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Failed to login with SessionCode.');
  });

  it('rejects a forged code (signed with another key) with 401', async () => {
    const forged = createSessionCode('another-secret', new Date(Date.now() + 3_600_000));
    const res = await t.app.inject({ method: 'POST', url: '/api/Sessions/Check/', query: { sessionCode: forged } });
    expect(res.statusCode).toBe(401);
  });

  it('rejects a code whose embedded expiry has passed with 401', async () => {
    const expired = createSessionCode('test-secret-test-secret-test-secret', new Date(Date.now() - 1000));
    const res = await t.app.inject({ method: 'POST', url: '/api/Sessions/Check/', query: { sessionCode: expired } });
    expect(res.statusCode).toBe(401);
  });

  it('rejects a session whose sliding expiry has passed with 401', async () => {
    const code = await signIn(t.app, 'marketing');
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', fixture.users.marketing)
      .execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/Sessions/Check/', query: { sessionCode: code } });
    expect(res.statusCode).toBe(401);
  });

  it('stores only a hash of the code', async () => {
    const code = await signIn(t.app, 'manager2');
    const rows = await t.db.selectFrom('sessions').select('code_hash').execute();
    expect(rows.some((r) => r.code_hash === code)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
  });
});

describe('/api/auth/user/update', () => {
  it("saves the user's own settings and shortcuts, deduplicated", async () => {
    const code = await signIn(t.app, 'manager');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: { authorization: `Bearer ${code}` },
      payload: { user: { settings: { layout: { style: 'layout2' } }, data: { shortcuts: ['sales-data', 'nps', 'nps'] }, language: 'it' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      settings: { layout: { style: 'layout2' } },
      data: { shortcuts: ['sales-data', 'nps'] },
      language: 'it',
    });
    const again = await t.app.inject({ method: 'POST', url: '/api/Sessions/Check/', query: { sessionCode: code } });
    expect(again.json().userDTO.data.shortcuts).toEqual(['sales-data', 'nps']);
  });

  it('refuses settings and shortcuts outside their schema with 400, and a body over 16 KB with 413', async () => {
    const code = await signIn(t.app, 'reception');
    const save = (user: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/auth/user/update', headers: { authorization: `Bearer ${code}` }, payload: { user } });
    const full = {
      layout: {
        style: 'layout3',
        config: {
          mode: 'boxed',
          scroll: 'body',
          navbar: { display: true, folded: true, position: 'right' },
          toolbar: { display: false, position: 'above' },
          footer: { display: true, position: 'below' },
          leftSidePanel: { display: false },
          rightSidePanel: { display: true },
        },
      },
      theme: { main: 'pink', navbar: 'dark', toolbar: 'light', footer: 'default' },
      customScrollbars: false,
    };
    const ok = await save({ settings: full });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().settings).toEqual(full);
    for (const settings of [
      { junk: 'x'.repeat(1000) },
      { layout: { style: 'layout9' } },
      { theme: { main: 'neon' } },
      { layout: { config: { navbar: { display: 'yes' } } } },
      { customScrollbars: true, extra: {} },
    ]) {
      const res = await save({ settings });
      expect(res.statusCode, JSON.stringify(settings)).toBe(400);
    }
    expect((await save({ data: { shortcuts: ['<script>'] } })).statusCode).toBe(400);
    expect((await save({ data: { shortcuts: ['nps'], extra: 1 } })).statusCode).toBe(400);
    expect((await save({ nickname: 'x' })).statusCode).toBe(400);
    const big = await save({ settings: { customScrollbars: true }, padding: 'x'.repeat(20_000) });
    expect(big.statusCode).toBe(413);
    // Nothing of the refused calls was stored.
    const stored = await t.db.selectFrom('users').select('settings').where('username', '=', 'reception').executeTakeFirstOrThrow();
    expect(stored.settings).toEqual(full);
  });

  it('answers stored settings that do not fit the schema as null (the defaults)', async () => {
    await t.db
      .updateTable('users')
      .set({ settings: JSON.stringify({ junk: 'x'.repeat(100) }) })
      .where('username', '=', 'marketing')
      .execute();
    const code = await signIn(t.app, 'marketing');
    const res = await t.app.inject({ method: 'POST', url: '/api/Sessions/Check/', query: { sessionCode: code } });
    expect(res.json().userDTO.settings).toBeNull();
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/user/update', payload: { user: {} } });
    expect(res.statusCode).toBe(401);
  });
});
