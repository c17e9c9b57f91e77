import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCode } from '../../lib/session-code.js';
import { createTestApp, insertUser, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';
import { insertUserWithPermissions } from './users.query.js';

let t: TestApp;
let fx: Awaited<ReturnType<typeof seedAccessFixture>>;
const codes: Record<string, string> = {};

interface CallOptions {
  query?: Record<string, string | number>;
  payload?: unknown;
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: CallOptions = {}) {
  return t.app.inject({
    method,
    url,
    query: options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined,
    payload: options.payload as object | undefined,
  });
}

async function loginStatus(username: string, password: string): Promise<number> {
  const res = await call('POST', '/api/Sessions/Login', { query: { username, password } });
  return res.statusCode;
}

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailuresPerAddress: 1000, loginMaxFailuresPerUserAndAddress: 3 });
  fx = await seedAccessFixture(t.db);
  for (const name of ['superadmin', 'manager', 'reception', 'stylist', 'manager2', 'noroles']) codes[name] = await signIn(t.app, name);
  // Shifts, in UTC; salon 1 counts days in Europe/Rome, UTC+1 in March 2024 (before the DST switch on the 31st).
  await t.db
    .insertInto('user_timeframes')
    .values([
      // 09:00-17:00 Rome on the 10th.
      {
        salon_id: fx.salon1,
        user_id: fx.users.reception,
        day_start: new Date('2024-03-10T08:00:00Z'),
        day_end: new Date('2024-03-10T16:00:00Z'),
      },
      // 23:30 on the 9th to 01:30 on the 10th, Rome: the shift belongs to the 9th (the day it starts).
      {
        salon_id: fx.salon1,
        user_id: fx.users.marketing,
        day_start: new Date('2024-03-09T22:30:00Z'),
        day_end: new Date('2024-03-10T00:30:00Z'),
      },
      // 00:30-03:00 on the 11th, Rome (still the 10th in UTC): not working on the 10th.
      {
        salon_id: fx.salon1,
        user_id: fx.users.assistant,
        day_start: new Date('2024-03-10T23:30:00Z'),
        day_end: new Date('2024-03-11T02:00:00Z'),
      },
      // Another salon's shift on the 10th.
      {
        salon_id: fx.salon2,
        user_id: fx.users.manager2,
        day_start: new Date('2024-03-10T08:00:00Z'),
        day_end: new Date('2024-03-10T12:00:00Z'),
      },
    ])
    .execute();
});
afterAll(() => t.close());

describe('GET /api/Users/{SESSIONCODE}', () => {
  it('lists the users of their own salon to an ADMIN, without password hashes', async () => {
    const res = await call('GET', `/api/Users/${codes.manager}`);
    expect(res.statusCode).toBe(200);
    const users = res.json() as { username: string; salonId: number }[];
    // Salon 1: manager, reception, marketing, stylist, assistant, noroles.
    expect(users.map((u) => u.username).sort()).toEqual(['assistant', 'manager', 'marketing', 'noroles', 'reception', 'stylist']);
    expect(users.every((u) => u.salonId === fx.salon1)).toBe(true);
    expect(res.body).not.toMatch(/scrypt|password/i);
  });

  it('lists every user to a SUPERADMIN, or one salon with ?salonId', async () => {
    const all = await call('GET', `/api/Users/${codes.superadmin}`);
    expect(all.json()).toHaveLength(8);
    const two = await call('GET', `/api/Users/${codes.superadmin}`, { query: { salonId: fx.salon2 } });
    expect(two.json().map((u: { username: string }) => u.username)).toEqual(['manager2']);
  });

  it('gives the roles derived from the permissions', async () => {
    const res = await call('GET', `/api/Users/${codes.manager}`);
    const stylist = res.json().find((u: { username: string }) => u.username === 'stylist');
    expect(stylist).toMatchObject({ userId: fx.users.stylist, role: ['IMAGE'], data: { shortcuts: [] }, language: 'en' });
  });

  it("refuses another salon's salonId to an ADMIN with 403", async () => {
    const res = await call('GET', `/api/Users/${codes.manager}`, { query: { salonId: fx.salon2 } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses roles other than ADMIN and SUPERADMIN with 403', async () => {
    expect((await call('GET', `/api/Users/${codes.reception}`)).statusCode).toBe(403);
    expect((await call('GET', `/api/Users/${codes.stylist}`)).statusCode).toBe(403);
    expect((await call('GET', `/api/Users/${codes.noroles}`)).statusCode).toBe(403);
  });

  it('answers 401 to a forged, a revoked or a missing session', async () => {
    const forged = createSessionCode('not-the-server-secret', new Date(Date.now() + 3_600_000));
    expect((await call('GET', `/api/Users/${forged}`)).statusCode).toBe(401);
    const code = await signIn(t.app, 'manager');
    await call('POST', '/api/Sessions/Logout/', { query: { sessionCode: code } });
    const revoked = await call('GET', `/api/Users/${code}`);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized Access' });
    expect((await call('GET', '/api/Users')).statusCode).toBe(404);
  });
});

describe('GET /api/Users/GetOnlyWorking/{SESSIONCODE}', () => {
  const working = async (code: string, query: Record<string, string | number>) => {
    const res = await call('GET', `/api/Users/GetOnlyWorking/${code}`, { query });
    expect(res.statusCode).toBe(200);
    return (res.json() as { username: string }[]).map((u) => u.username);
  };

  it("lists the salon's users with a shift starting on the date, in the salon's time zone", async () => {
    // Ordered by last name (all 'Test') then first name (= username).
    expect(await working(codes.manager as string, { salonId: fx.salon1, date: '2024-03-10' })).toEqual(['reception']);
    expect(await working(codes.manager as string, { salonId: fx.salon1, date: '2024-03-09' })).toEqual(['marketing']);
    expect(await working(codes.manager as string, { salonId: fx.salon1, date: '2024-03-11' })).toEqual(['assistant']);
    expect(await working(codes.manager as string, { salonId: fx.salon1, date: '2024-03-12' })).toEqual([]);
  });

  it("defaults to the caller's salon and is open to every role", async () => {
    const res = await call('GET', `/api/Users/GetOnlyWorking/${codes.stylist}`, { query: { date: '2024-03-10' } });
    expect((res.json() as { firstName: string }[]).map((u) => u.firstName)).toEqual(['reception']);
    expect(await working(codes.superadmin as string, { salonId: fx.salon2, date: '2024-03-10' })).toEqual(['manager2']);
  });

  it('gives staff names, title and roles of their colleagues, and managers the whole user', async () => {
    await t.db
      .updateTable('users')
      .set({ phone_number: '+39 333 1', email: 'r@x.it', note: 'late twice', settings: JSON.stringify({ customScrollbars: false }) })
      .where('id', '=', fx.users.reception)
      .execute();
    const colleague = {
      userId: fx.users.reception,
      salonId: fx.salon1,
      role: ['RECEPTIONIST'],
      firstName: 'reception',
      lastName: 'Test',
      title: '',
    };
    for (const name of ['stylist', 'reception']) {
      const res = await call('GET', `/api/Users/GetOnlyWorking/${codes[name]}`, { query: { date: '2024-03-10' } });
      expect(res.statusCode).toBe(200);
      // The reception's own entry is whole for the reception, a colleague's answer for the others.
      if (name === 'reception') expect(res.json()[0]).toMatchObject({ phoneNumber: '+39 333 1', note: 'late twice' });
      else expect(res.json()).toEqual([colleague]);
    }
    const manager = await call('GET', `/api/Users/GetOnlyWorking/${codes.manager}`, { query: { date: '2024-03-10' } });
    expect(manager.json()[0]).toMatchObject({
      username: 'reception',
      phoneNumber: '+39 333 1',
      email: 'r@x.it',
      note: 'late twice',
      settings: { customScrollbars: false },
    });
  });

  it('refuses another salon with 403, a bad date with 400, a superadmin without salonId with 400, an unknown salon with 404', async () => {
    expect((await call('GET', `/api/Users/GetOnlyWorking/${codes.reception}`, { query: { salonId: fx.salon2 } })).statusCode).toBe(403);
    const bad = await call('GET', `/api/Users/GetOnlyWorking/${codes.manager}`, { query: { date: '2024-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().parameter).toBe('date');
    const noSalon = await call('GET', `/api/Users/GetOnlyWorking/${codes.superadmin}`);
    expect(noSalon.statusCode).toBe(400);
    expect(noSalon.json().parameter).toBe('salonId');
    expect((await call('GET', `/api/Users/GetOnlyWorking/${codes.superadmin}`, { query: { salonId: 999 } })).statusCode).toBe(404);
  });
});

describe('GET /api/Users/{SESSIONCODE}/{userId}', () => {
  it('lets anyone signed in read their own user', async () => {
    const res = await call('GET', `/api/Users/${codes.stylist}/${fx.users.stylist}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: fx.users.stylist, username: 'stylist', role: ['IMAGE'] });
    expect(res.json()).not.toHaveProperty('password_hash');
    expect((await call('GET', `/api/Users/${codes.noroles}/${fx.users.noroles}`)).statusCode).toBe(200);
  });

  it('lets an ADMIN read users of their salon and a SUPERADMIN anyone', async () => {
    expect((await call('GET', `/api/Users/${codes.manager}/${fx.users.reception}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/Users/${codes.superadmin}/${fx.users.manager2}`)).statusCode).toBe(200);
  });

  it("refuses another salon's user (or a chain-level one) to an ADMIN, and other users to non-admins, with 403", async () => {
    expect((await call('GET', `/api/Users/${codes.manager}/${fx.users.manager2}`)).statusCode).toBe(403);
    expect((await call('GET', `/api/Users/${codes.manager}/${fx.users.superadmin}`)).statusCode).toBe(403);
    expect((await call('GET', `/api/Users/${codes.stylist}/${fx.users.reception}`)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown user and 400 naming userId for a malformed one', async () => {
    expect((await call('GET', `/api/Users/${codes.superadmin}/999999`)).statusCode).toBe(404);
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      const res = await call('GET', `/api/Users/${codes.superadmin}/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().parameter).toBe('userId');
    }
  });
});

describe('POST /api/Users/{SESSIONCODE}', () => {
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    username: 'newbie',
    password: 'Welcome2024',
    salonId: fx.salon1,
    permissionIds: [3, 5],
    firstName: 'Nadia',
    lastName: 'Nuova',
    email: 'nadia@example.com',
    employmentStart: '2024-01-15',
    ...overrides,
  });

  it('creates a user of their salon with permissions, who can then sign in', async () => {
    const res = await call('POST', `/api/Users/${codes.manager}`, { payload: newUser() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'newbie',
      salonId: fx.salon1,
      role: ['RECEPTIONIST', 'IMAGE'],
      firstName: 'Nadia',
      employmentStart: '2024-01-15',
      employmentEnd: null,
    });
    expect(res.body).not.toContain('Welcome2024');
    expect(await loginStatus('newbie', 'Welcome2024')).toBe(200);
  });

  it('refuses a taken username with 409, case-insensitively', async () => {
    const res = await call('POST', `/api/Users/${codes.manager}`, { payload: newUser({ username: 'NEWBIE' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: "The username 'NEWBIE' is already taken", parameter: 'username' });
    const manager = await call('POST', `/api/Users/${codes.manager}`, { payload: newUser({ username: 'MANAGER' }) });
    expect(manager.statusCode).toBe(409);
  });

  it('creates only one of two users differing in case sent at the same time: the unique index on lower(username) decides', async () => {
    const answers = await Promise.all(
      ['Twin', 'TWIN', 'twin', 'tWIN'].map((username) => call('POST', `/api/Users/${codes.manager}`, { payload: newUser({ username }) })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const rows = await t.db.selectFrom('users').select('username').where('username', 'ilike', 'twin').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses another salon, no salon and the SUPERADMIN permission to an ADMIN with 403', async () => {
    expect(
      (await call('POST', `/api/Users/${codes.manager}`, { payload: newUser({ username: 'tmp1', salonId: fx.salon2 }) })).statusCode,
    ).toBe(403);
    const chain = await call('POST', `/api/Users/${codes.manager}`, { payload: newUser({ username: 'tmp2', salonId: null }) });
    expect(chain.statusCode).toBe(403);
    expect(chain.json().message).toMatch(/superadmin/);
    expect(
      (await call('POST', `/api/Users/${codes.manager}`, { payload: newUser({ username: 'tmp3', permissionIds: [1] }) })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/Users/${codes.reception}`, { payload: newUser({ username: 'tmp4' }) })).statusCode).toBe(403);
  });

  it('lets a SUPERADMIN create a chain-level user, and answers 404 for an unknown salon', async () => {
    const res = await call('POST', `/api/Users/${codes.superadmin}`, {
      payload: newUser({ username: 'chief2', salonId: null, permissionIds: [1] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ salonId: null, role: ['SUPERADMIN'] });
    expect(
      (await call('POST', `/api/Users/${codes.superadmin}`, { payload: newUser({ username: 'tmp5', salonId: 999 }) })).statusCode,
    ).toBe(404);
  });

  it('refuses a short password, a password without digits, and employment ending before it starts, with 400 naming the field', async () => {
    const short = await call('POST', `/api/Users/${codes.manager}`, { payload: newUser({ username: 'tmp6', password: 'abc1' }) });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ parameter: 'password', message: 'The password must be at least 8 characters long' });
    const letters = await call('POST', `/api/Users/${codes.manager}`, { payload: newUser({ username: 'tmp7', password: 'onlyletters' }) });
    expect(letters.json()).toMatchObject({ statusCode: 400, parameter: 'password' });
    const dates = await call('POST', `/api/Users/${codes.manager}`, {
      payload: newUser({ username: 'tmp8', employmentStart: '2024-05-01', employmentEnd: '2024-04-30' }),
    });
    expect(dates.json()).toMatchObject({ statusCode: 400, parameter: 'employmentEnd' });
  });

  it('answers 400, never 500, to malformed bodies', async () => {
    const bodies: Record<string, unknown>[] = [
      newUser({ username: 'tmp9', employmentStart: '2024-02-30' }),
      newUser({ username: 'tmp9', gender: 'OTHER' }),
      newUser({ username: 'tmp9', permissionIds: ['abc'] }),
      newUser({ username: 'tmp9', permissionIds: [7] }),
      newUser({ username: 'tmp9', permissionIds: [3, 3] }),
      newUser({ username: 'tmp9', salonId: 'abc' }),
      newUser({ username: 'tmp9', salonId: 99999999999 }),
      newUser({ username: { nested: true } }),
      newUser({ username: 'has space' }),
      newUser({ username: 'tmp9', email: 'not-an-email' }),
      { username: 'tmp9' },
    ];
    for (const payload of bodies) {
      const res = await call('POST', `/api/Users/${codes.superadmin}`, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
    }
    const list = await call('GET', `/api/Users/${codes.superadmin}`);
    expect(list.json().some((u: { username: string }) => u.username === 'tmp9')).toBe(false);
  });

  it('writes the user and their permissions in one transaction', async () => {
    // Permission 7 does not exist: the grant fails after the user row was written, so neither stays.
    const attempt = t.db
      .transaction()
      .execute((tx) =>
        insertUserWithPermissions(tx, { username: 'halfdone', passwordHash: 'x', salonId: fx.salon1, permissionIds: [3, 7] }),
      );
    await expect(attempt).rejects.toThrow();
    const row = await t.db.selectFrom('users').select('id').where('username', '=', 'halfdone').executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('PUT /api/Users/{SESSIONCODE}/{userId}', () => {
  it('changes only the fields given', async () => {
    const res = await call('PUT', `/api/Users/${codes.manager}/${fx.users.reception}`, {
      payload: { title: 'Front desk', phoneNumber: '+39 02 123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Front desk', phoneNumber: '+39 02 123', firstName: 'reception', role: ['RECEPTIONIST'] });
  });

  it("refuses another salon's user, a superadmin, a move and a chain-level user to an ADMIN with 403", async () => {
    expect((await call('PUT', `/api/Users/${codes.manager}/${fx.users.manager2}`, { payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await call('PUT', `/api/Users/${codes.manager}/${fx.users.superadmin}`, { payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await call('PUT', `/api/Users/${codes.manager}/${fx.users.stylist}`, { payload: { salonId: fx.salon2 } })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/api/Users/${codes.manager}/${fx.users.stylist}`, { payload: { salonId: null } })).statusCode).toBe(403);
    expect((await call('PUT', `/api/Users/${codes.reception}/${fx.users.reception}`, { payload: { title: 'x' } })).statusCode).toBe(403);
  });

  it('refuses a taken username with 409 and an employment end before the stored start with 400', async () => {
    const taken = await call('PUT', `/api/Users/${codes.manager}/${fx.users.stylist}`, { payload: { username: 'Reception' } });
    expect(taken.statusCode).toBe(409);
    await call('PUT', `/api/Users/${codes.manager}/${fx.users.stylist}`, { payload: { employmentStart: '2024-06-01' } });
    const end = await call('PUT', `/api/Users/${codes.manager}/${fx.users.stylist}`, { payload: { employmentEnd: '2024-05-31' } });
    expect(end.json()).toMatchObject({ statusCode: 400, parameter: 'employmentEnd' });
  });

  it('lets a SUPERADMIN move a user to another salon; 404 for an unknown user', async () => {
    const id = await insertUser(t.db, 'mover', fx.salon1, ['IMAGE']);
    const res = await call('PUT', `/api/Users/${codes.superadmin}/${id}`, { payload: { salonId: fx.salon2 } });
    expect(res.json()).toMatchObject({ salonId: fx.salon2 });
    expect((await call('PUT', `/api/Users/${codes.superadmin}/999999`, { payload: { title: 'x' } })).statusCode).toBe(404);
  });
});

describe('PUT /api/Users/SetPassword/{SESSIONCODE}/{userId}', () => {
  it('changes your own password after checking the old one; the old one no longer signs in; other sessions end', async () => {
    const id = await insertUser(t.db, 'changer', fx.salon1, ['RECEPTIONIST'], 'OldPass111');
    const code = await signIn(t.app, 'changer', 'OldPass111');
    const other = await signIn(t.app, 'changer', 'OldPass111');
    const res = await call('PUT', `/api/Users/SetPassword/${code}/${id}`, { query: { password: 'NewPass222', oldPassword: 'OldPass111' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, revokedSessions: 1 });
    expect(await loginStatus('changer', 'NewPass222')).toBe(200);
    expect(await loginStatus('changer', 'OldPass111')).toBe(401);
    expect((await call('GET', `/api/Users/${code}/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/Users/${other}/${id}`)).statusCode).toBe(401);
  });

  it('refuses a wrong old password with 400 naming oldPassword, and keeps the password', async () => {
    const id = await insertUser(t.db, 'forgetful', fx.salon1, ['IMAGE'], 'Right1234');
    const code = await signIn(t.app, 'forgetful', 'Right1234');
    const res = await call('PUT', `/api/Users/SetPassword/${code}/${id}`, { query: { password: 'NewPass222', oldPassword: 'Wrong1234' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ parameter: 'oldPassword', message: 'The old password (oldPassword) is not correct' });
    expect(await loginStatus('forgetful', 'Right1234')).toBe(200);
  });

  it('refuses a too short new password, a missing old one, and the same password, with 400', async () => {
    const id = await insertUser(t.db, 'shorty', fx.salon1, ['IMAGE'], 'Right1234');
    const code = await signIn(t.app, 'shorty', 'Right1234');
    const short = await call('PUT', `/api/Users/SetPassword/${code}/${id}`, { query: { password: 'ab12', oldPassword: 'Right1234' } });
    expect(short.json()).toMatchObject({ statusCode: 400, parameter: 'password' });
    const missing = await call('PUT', `/api/Users/SetPassword/${code}/${id}`, { query: { password: 'NewPass222' } });
    expect(missing.json()).toMatchObject({ statusCode: 400, parameter: 'oldPassword' });
    const same = await call('PUT', `/api/Users/SetPassword/${code}/${id}`, { query: { password: 'Right1234', oldPassword: 'Right1234' } });
    expect(same.json()).toMatchObject({ statusCode: 400, parameter: 'password' });
  });

  it('throttles wrong old passwords like failed sign-ins: 429 after 3, even with the right one', async () => {
    const id = await insertUser(t.db, 'guesser', fx.salon1, ['IMAGE'], 'Right1234');
    const code = await signIn(t.app, 'guesser', 'Right1234');
    for (const guess of ['Guess0001', 'Guess0002', 'Guess0003']) {
      const res = await call('PUT', `/api/Users/SetPassword/${code}/${id}`, { query: { password: 'NewPass222', oldPassword: guess } });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await call('PUT', `/api/Users/SetPassword/${code}/${id}`, {
      query: { password: 'NewPass222', oldPassword: 'Right1234' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().message).toMatch(/Too many wrong passwords/);
    expect(await loginStatus('guesser', 'Right1234')).toBe(429);
  });

  it("refuses someone else's password with 403, even to an ADMIN", async () => {
    const res = await call('PUT', `/api/Users/SetPassword/${codes.manager}/${fx.users.reception}`, {
      query: { password: 'NewPass222', oldPassword: 'secret123' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/Users/SetPasswordAdmin/{SESSIONCODE}/{userId}', () => {
  it("lets an ADMIN reset a salon user's password: the new one works, the old one does not, their sessions end", async () => {
    const id = await insertUser(t.db, 'resettee', fx.salon1, ['RECEPTIONIST'], 'Before111');
    const theirs = await signIn(t.app, 'resettee', 'Before111');
    const res = await call('PUT', `/api/Users/SetPasswordAdmin/${codes.manager}/${id}`, { query: { password: 'After2222' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, revokedSessions: 1 });
    expect(await loginStatus('resettee', 'After2222')).toBe(200);
    expect(await loginStatus('resettee', 'Before111')).toBe(401);
    expect((await call('GET', `/api/Users/${theirs}/${id}`)).statusCode).toBe(401);
  });

  it("refuses another salon's user, a superadmin, yourself and non-admins with 403; a weak password with 400", async () => {
    const q = { query: { password: 'After2222' } };
    expect((await call('PUT', `/api/Users/SetPasswordAdmin/${codes.manager}/${fx.users.manager2}`, q)).statusCode).toBe(403);
    expect((await call('PUT', `/api/Users/SetPasswordAdmin/${codes.manager}/${fx.users.superadmin}`, q)).statusCode).toBe(403);
    expect((await call('PUT', `/api/Users/SetPasswordAdmin/${codes.manager}/${fx.users.manager}`, q)).statusCode).toBe(403);
    expect((await call('PUT', `/api/Users/SetPasswordAdmin/${codes.reception}/${fx.users.stylist}`, q)).statusCode).toBe(403);
    const weak = await call('PUT', `/api/Users/SetPasswordAdmin/${codes.manager}/${fx.users.stylist}`, { query: { password: 'short' } });
    expect(weak.json()).toMatchObject({ statusCode: 400, parameter: 'password' });
  });

  it("lets a SUPERADMIN reset any salon's user", async () => {
    const id = await insertUser(t.db, 'far-away', fx.salon2, ['IMAGE'], 'Before111');
    const res = await call('PUT', `/api/Users/SetPasswordAdmin/${codes.superadmin}/${id}`, { query: { password: 'After2222' } });
    expect(res.statusCode).toBe(200);
    expect(await loginStatus('far-away', 'After2222')).toBe(200);
  });
});

describe('What the /users screen shows: last sign-in, active, annual days-off allowance', () => {
  it('gives the last sign-in (null before the first), isActive from the employment end, and the allowance (default 24)', async () => {
    const id = await insertUser(t.db, 'neverin', fx.salon1, ['RECEPTIONIST']);
    await t.db.updateTable('users').set({ employment_end: '2020-12-31' }).where('id', '=', id).execute();
    const users = (await call('GET', `/api/Users/${codes.manager}`)).json() as {
      userId: number;
      lastSignInAt: string | null;
      isActive: boolean;
      annualDaysOff: number;
    }[];
    const neverIn = users.find((u) => u.userId === id);
    expect(neverIn).toMatchObject({ lastSignInAt: null, isActive: false, annualDaysOff: 24 });
    const manager = users.find((u) => u.userId === fx.users.manager);
    expect(manager?.isActive).toBe(true);
    expect(Date.parse(manager?.lastSignInAt ?? '')).toBeGreaterThan(Date.now() - 10 * 60_000);
  });

  it('creates and updates the allowance (half days allowed) and ends the employment; refuses a bad allowance with 400', async () => {
    const created = await call('POST', `/api/Users/${codes.manager}`, {
      payload: { username: 'allowance', password: 'Welcome2024', salonId: fx.salon1, permissionIds: [3], annualDaysOff: 26.5 },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ annualDaysOff: 26.5, isActive: true, lastSignInAt: null });
    const userId = created.json().userId as number;
    const updated = await call('PUT', `/api/Users/${codes.manager}/${userId}`, {
      payload: { annualDaysOff: 20, employmentEnd: '2021-01-31' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ annualDaysOff: 20, isActive: false, employmentEnd: '2021-01-31' });
    for (const annualDaysOff of [-1, 24.3, 400, '24']) {
      const res = await call('PUT', `/api/Users/${codes.manager}/${userId}`, { payload: { annualDaysOff } });
      expect(res.statusCode, String(annualDaysOff)).toBe(400);
    }
  });
});
