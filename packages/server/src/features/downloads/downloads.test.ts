import { DOWNLOAD_LINK_SECONDS } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadLinks } from '../../lib/download-links.js';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';

const source = (text: string) => ({
  fileName: 'Lost List status.xlsx',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  produce: async () => Buffer.from(text),
});

describe('DownloadLinks', () => {
  it('opens a link for the session that made it until it expires, never for another session', () => {
    let now = 1_000_000;
    const links = new DownloadLinks(() => now);
    const made = links.create({ sessionId: 7 }, 'CODE', source('x'));
    const token = made.link.split('/').at(-1) ?? '';
    expect(made.link).toBe(`/api/Downloads/CODE/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.expiresAt).toBe(new Date(1_000_000 + DOWNLOAD_LINK_SECONDS * 1000).toISOString());
    expect(links.open({ sessionId: 7 }, token)?.fileName).toBe('Lost List status.xlsx');
    expect(links.open({ sessionId: 8 }, token)).toBeUndefined();
    now += DOWNLOAD_LINK_SECONDS * 1000 - 1;
    expect(links.open({ sessionId: 7 }, token)).toBeDefined();
    now += 1;
    expect(links.open({ sessionId: 7 }, token)).toBeUndefined();
    expect(links.size).toBe(0);
  });

  it('gives every link its own token', () => {
    const links = new DownloadLinks();
    const tokens = new Set(Array.from({ length: 50 }, () => links.create({ sessionId: 1 }, 'C', source('x')).link));
    expect(tokens.size).toBe(50);
  });
});

describe('GET /api/Downloads/{SESSIONCODE}/{token}', () => {
  let t: TestApp;
  let first: string;
  let second: string;
  let firstSessionId: number;

  beforeAll(async () => {
    t = await createTestApp({ loginMaxFailuresPerAddress: 1000 });
    const fx = await seedAccessFixture(t.db);
    first = await signIn(t.app, 'manager');
    second = await signIn(t.app, 'manager');
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', fx.users.manager).orderBy('id').execute();
    firstSessionId = sessions[0]?.id ?? 0;
  });
  afterAll(() => t.close());

  it('serves the file with its name to the session that asked, and 404 to the same user in another session', async () => {
    const made = t.app.downloads.create({ sessionId: firstSessionId }, first, source('the lost list'));
    const res = await t.app.inject({ method: 'GET', url: made.link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Lost List status.xlsx"');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.body).toBe('the lost list');
    // It works again within its minutes (a browser may retry).
    expect((await t.app.inject({ method: 'GET', url: made.link })).statusCode).toBe(200);

    const other = await t.app.inject({ method: 'GET', url: made.link.replace(first, second) });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toMatch(/does not exist or has expired/);
    expect(other.body).not.toContain('the lost list');
  });

  it('answers 404 to an unknown token, 400 to a malformed one and 401 without a session', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/api/Downloads/${first}/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/Downloads/${first}/short` })).statusCode).toBe(400);
    const made = t.app.downloads.create({ sessionId: firstSessionId }, first, source('x'));
    expect((await t.app.inject({ method: 'GET', url: made.link.replace(first, 'not-a-session') })).statusCode).toBe(401);
  });
});
