import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../test/helpers.js';
import { errorsPlugin, HttpError } from './errors.js';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, workQueuePlugin } from './work-queue.js';

/** A bare app: GET /slow (signed-in) waits until `open()`, GET /fail throws; GET /health and POST /slow (a write) never wait. */
async function bareApp(concurrency: number, maxQueued: number) {
  const app = Fastify();
  await app.register(errorsPlugin);
  await app.register(workQueuePlugin, { concurrency, maxQueued });
  let open!: () => void;
  const gate = new Promise<void>((done) => {
    open = done;
  });
  const started: number[] = [];
  app.get('/slow/:n', { config: { access: 'session' } }, async (request) => {
    started.push(Number((request.params as { n: string }).n));
    await gate;
    return { ok: true };
  });
  app.post('/slow', { config: { access: 'session' } }, async () => ({ written: true }));
  app.get('/fail', { config: { access: 'session' } }, async () => {
    throw new HttpError(409, 'no');
  });
  app.get('/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  await app.ready();
  return { app, open, started };
}

const settle = () => new Promise((done) => setTimeout(done, 50));

describe('the work queue (bare app)', () => {
  it('works on `concurrency` reads at once, in arrival order, and answers public calls and writes meanwhile', async () => {
    const { app, open, started } = await bareApp(2, 10);
    const slow = [1, 2, 3, 4, 5].map((n) => app.inject({ method: 'GET', url: `/slow/${n}` }));
    await settle();
    expect(started).toEqual([1, 2]);
    expect(app.workQueue).toEqual({ running: 2, queued: 3 });
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/slow' })).statusCode).toBe(200);
    open();
    expect((await Promise.all(slow)).map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(app.workQueue).toEqual({ running: 0, queued: 0 });
    await app.close();
  });

  it('answers 503 with Retry-After when the queue is full, and frees the turn of a call that failed', async () => {
    const { app, open } = await bareApp(1, 1);
    const first = app.inject({ method: 'GET', url: '/slow/1' });
    const second = app.inject({ method: 'GET', url: '/slow/2' });
    await settle();
    const third = await app.inject({ method: 'GET', url: '/slow/3' });
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(third.json().message).toBe(BUSY_MESSAGE);
    open();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/fail' })).statusCode).toBe(409);
    expect(app.workQueue).toEqual({ running: 0, queued: 0 });
    expect((await app.inject({ method: 'GET', url: '/slow/4' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('the work queue in the API', () => {
  let t: TestApp;
  let code: string;
  let salonId: number;
  let locker: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({ workConcurrency: 2, workQueueMax: 100 });
    const fx = await seedAccessFixture(t.db);
    salonId = fx.salon1;
    code = await signIn(t.app, 'manager');
    locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker.end();
    await t.close();
  });

  it('answers /api/health while two slow reports are worked on and more wait for their turn', async () => {
    // The reports read clients (new clients per day): a lock held on it keeps them running until released.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE clients IN ACCESS EXCLUSIVE MODE');
    const url = `/api/Stats/GetSalesDataAnalysisPerDay/2025-03-31/2025-03-01/${salonId}/${code}`;
    const reports = Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url }));
    for (let i = 0; i < 100 && t.app.workQueue.queued < 3; i++) await settle();
    expect(t.app.workQueue).toEqual({ running: 2, queued: 3 });
    const started = performance.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
    expect(performance.now() - started).toBeLessThan(5000);
    // Still held: health did not wait for them.
    expect(t.app.workQueue).toEqual({ running: 2, queued: 3 });
    await locker.query('COMMIT');
    expect((await Promise.all(reports)).map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(t.app.workQueue).toEqual({ running: 0, queued: 0 });
  });
});
