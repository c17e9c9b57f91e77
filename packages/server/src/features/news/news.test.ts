import type { NewsDTO, NewsListResponse } from '@salon/contracts';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';

type NewsList = Static<typeof NewsListResponse>;
type News = Static<typeof NewsDTO>;

let t: TestApp;
let fx: Awaited<ReturnType<typeof seedAccessFixture>>;
const codes: Record<string, string> = {};

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { query?: Record<string, string | number>; payload?: unknown } = {},
) {
  return t.app.inject({
    method,
    url,
    query: options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined,
    payload: options.payload as object | undefined,
  });
}

async function post(as: string, payload: unknown): Promise<News> {
  const res = await call('POST', `/api/News/${codes[as]}`, { payload });
  if (res.statusCode !== 200) throw new Error(`POST news as ${as}: ${res.statusCode} ${res.body}`);
  return res.json() as News;
}

async function list(as: string, query?: Record<string, string | number>): Promise<NewsList> {
  const res = await call('GET', `/api/News/${codes[as]}`, query ? { query } : {});
  expect(res.statusCode).toBe(200);
  return res.json() as NewsList;
}

let salonNews: News;
let chainNews: News;
let otherSalonNews: News;

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailuresPerAddress: 1000 });
  fx = await seedAccessFixture(t.db);
  for (const name of ['superadmin', 'manager', 'reception', 'stylist', 'manager2', 'marketing']) codes[name] = await signIn(t.app, name);
  // Published one after another, oldest first.
  chainNews = await post('superadmin', {
    title: 'Chain meeting',
    body: 'All managers on Monday.\nSee https://example.com/agenda',
    salonId: null,
  });
  otherSalonNews = await post('manager2', { title: 'Salone Due news', body: 'Only for salon 2' });
  salonNews = await post('manager', { title: 'New colour line', body: 'Training on <b>Friday</b> at 9' });
});
afterAll(() => t.close());

describe('POST /api/News/{SESSIONCODE}', () => {
  it("publishes for the ADMIN's own salon by default, plain text kept as written, with the author and the time", () => {
    expect(salonNews).toMatchObject({
      salonId: fx.salon1,
      salonName: 'Salone Uno',
      title: 'New colour line',
      body: 'Training on <b>Friday</b> at 9',
      authorId: fx.users.manager,
      authorName: 'manager Test',
      updatedAt: null,
      isRead: true,
      canEdit: true,
    });
    expect(Date.parse(salonNews.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(chainNews).toMatchObject({ salonId: null, salonName: null });
  });

  it('refuses chain news and another salon to an ADMIN, and any news to other roles, with 403', async () => {
    const chain = await call('POST', `/api/News/${codes.manager}`, { payload: { title: 'x', body: 'y', salonId: null } });
    expect(chain.statusCode).toBe(403);
    expect(chain.json().message).toBe('Only a superadmin may publish news for the whole chain');
    expect((await call('POST', `/api/News/${codes.manager}`, { payload: { title: 'x', body: 'y', salonId: fx.salon2 } })).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/News/${codes.reception}`, { payload: { title: 'x', body: 'y' } })).statusCode).toBe(403);
  });

  it('refuses a blank or missing title or body and an over-long title with 400 naming the field; 404 for an unknown salon', async () => {
    const blank = await call('POST', `/api/News/${codes.manager}`, { payload: { title: '   ', body: 'y' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().parameter).toBe('title');
    expect((await call('POST', `/api/News/${codes.manager}`, { payload: { title: 'x', body: ' \n ' } })).json().parameter).toBe('body');
    expect((await call('POST', `/api/News/${codes.manager}`, { payload: { title: 'x' } })).statusCode).toBe(400);
    expect((await call('POST', `/api/News/${codes.manager}`, { payload: { title: 'x'.repeat(201), body: 'y' } })).statusCode).toBe(400);
    expect((await call('POST', `/api/News/${codes.superadmin}`, { payload: { title: 'x', body: 'y', salonId: 999 } })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/News/{SESSIONCODE}', () => {
  it("gives everyone their salon's and the chain's news, newest first, with the unread count", async () => {
    const forStylist = await list('stylist');
    expect(forStylist.items.map((n) => n.title)).toEqual(['New colour line', 'Chain meeting']);
    expect(forStylist.total).toBe(2);
    expect(forStylist.unreadCount).toBe(2);
    expect(forStylist.items.every((n) => !n.isRead && !n.canEdit)).toBe(true);
    const forManager2 = await list('manager2');
    expect(forManager2.items.map((n) => n.title)).toEqual(['Salone Due news', 'Chain meeting']);
    // Their own item counts as read.
    expect(forManager2.unreadCount).toBe(1);
  });

  it('gives a SUPERADMIN every item, or one salon and the chain with salonId; the quick panel asks for 3 and still gets the totals', async () => {
    expect((await list('superadmin')).items.map((n) => n.newsId)).toEqual([salonNews.newsId, otherSalonNews.newsId, chainNews.newsId]);
    expect((await list('superadmin', { salonId: fx.salon2 })).items.map((n) => n.newsId)).toEqual([
      otherSalonNews.newsId,
      chainNews.newsId,
    ]);
    const limited = await list('reception', { limit: 1 });
    expect(limited.items).toHaveLength(1);
    expect(limited.total).toBe(2);
    expect(limited.unreadCount).toBe(2);
    // Paging: the next page starts after what was read; a page past the end is empty and keeps the totals.
    const next = await list('reception', { limit: 1, offset: 1 });
    expect(next.items.map((n) => n.newsId)).toEqual([chainNews.newsId]);
    expect(next.total).toBe(2);
    const past = await list('reception', { limit: 1, offset: 5 });
    expect(past).toEqual({ items: [], total: 2, unreadCount: 2 });
    expect((await call('GET', `/api/News/${codes.reception}`, { query: { offset: -1 } })).statusCode).toBe(400);
  });

  it("refuses another salon's salonId to an ADMIN with 403", async () => {
    expect((await call('GET', `/api/News/${codes.manager}`, { query: { salonId: fx.salon2 } })).statusCode).toBe(403);
  });

  it('counts news as read after MarkRead, and news published later as unread again', async () => {
    const marked = await call('POST', `/api/News/MarkRead/${codes.marketing}`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unreadCount: 0 });
    expect((await list('marketing')).unreadCount).toBe(0);
    const later = await post('manager', { title: 'Later', body: 'Published after the read' });
    const after = await list('marketing');
    expect(after.unreadCount).toBe(1);
    expect(after.items.find((n) => n.newsId === later.newsId)?.isRead).toBe(false);
    await call('DELETE', `/api/News/${codes.manager}/${later.newsId}`);
  });
});

describe('PUT and DELETE /api/News/{SESSIONCODE}/{id}', () => {
  it("lets an ADMIN edit their salon's news; omitted fields stay; updatedAt is set", async () => {
    const res = await call('PUT', `/api/News/${codes.manager}/${salonNews.newsId}`, { payload: { title: 'New colour line (moved)' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'New colour line (moved)', body: 'Training on <b>Friday</b> at 9' });
    expect(res.json().updatedAt).not.toBeNull();
  });

  it("refuses chain news and another salon's news to an ADMIN, and any edit to other roles, with 403; 404 for an unknown id", async () => {
    expect((await call('PUT', `/api/News/${codes.manager}/${chainNews.newsId}`, { payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await call('PUT', `/api/News/${codes.manager}/${otherSalonNews.newsId}`, { payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/News/${codes.manager}/${otherSalonNews.newsId}`)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/News/${codes.stylist}/${salonNews.newsId}`)).statusCode).toBe(403);
    expect((await call('PUT', `/api/News/${codes.manager}/999999`, { payload: { title: 'x' } })).statusCode).toBe(404);
  });

  it('lets a SUPERADMIN edit chain news and an ADMIN delete their salon news', async () => {
    expect(
      (await call('PUT', `/api/News/${codes.superadmin}/${chainNews.newsId}`, { payload: { body: 'Tuesday instead' } })).statusCode,
    ).toBe(200);
    const other = await post('manager', { title: 'Temporary', body: 'To delete' });
    expect((await call('DELETE', `/api/News/${codes.manager}/${other.newsId}`)).statusCode).toBe(200);
    expect((await list('stylist')).items.map((n) => n.newsId)).not.toContain(other.newsId);
    expect((await call('DELETE', `/api/News/${codes.manager}/${other.newsId}`)).statusCode).toBe(404);
  });
});
