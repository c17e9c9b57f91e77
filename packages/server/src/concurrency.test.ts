import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import type { DatabaseHandle } from './db/connect.js';
import { createTestDatabase, insertSalon, insertUser, testConfig } from './test/helpers.js';

// Concurrent requests over real HTTP, on the suite's server (the embedded PostgreSQL, or
// PostgreSQL 15 with DATABASE_URL): with the retired PGlite, 10 writers and 30 readers gave
// readers other users' records, 500s, spurious 401/404, and then the process died.
const WRITERS = 10;
const READERS = 30;
const SECONDS = 4;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let base: string;

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function signIn(username: string): Promise<string> {
  const res = await call('POST', `/api/Sessions/Login?username=${username}&password=secret123`);
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status}`);
  return res.body.sessionCode as string;
}

beforeAll(async () => {
  database = await createTestDatabase(10);
  app = await buildApp({ config: testConfig({ loginMaxFailuresPerAddress: 1000 }), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe(`${WRITERS} concurrent writers and ${READERS} concurrent readers for ${SECONDS} s`, () => {
  it('give every reader its own record, keep every acknowledged write, and answer no 5xx', async () => {
    const db = database.db;
    const salons = [await insertSalon(db, 'Salone Uno', 'S1'), await insertSalon(db, 'Salone Due', 'S2')];
    const readers: { id: number; username: string; salonId: number; code: string }[] = [];
    for (let i = 0; i < READERS; i++) {
      const salonId = salons[i % 2] as number;
      const username = `reader${i}`;
      readers.push({ id: await insertUser(db, username, salonId, ['IMAGE']), username, salonId, code: '' });
    }
    const writers: { id: number; salonId: number; target: number; code: string }[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const salonId = salons[i % 2] as number;
      const id = await insertUser(db, `writer${i}`, salonId, ['ADMIN']);
      const target = await insertUser(db, `target${i}`, salonId, ['IMAGE']);
      writers.push({ id, salonId, target, code: '' });
    }
    for (const reader of readers) reader.code = await signIn(reader.username);
    for (const [i, writer] of writers.entries()) writer.code = await signIn(`writer${i}`);

    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const wrongRecords: string[] = [];
    const created: string[] = [];
    const lastNote = new Map<number, string>();
    const lastTarget = new Map<number, number>();
    const until = Date.now() + SECONDS * 1000;

    const writer = async (index: number) => {
      const w = writers[index] as (typeof writers)[number];
      for (let n = 0; Date.now() < until; n++) {
        if (index < 4) {
          // Creates users: inserts into two tables in one transaction.
          const username = `new${index}x${n}`;
          const res = await call('POST', `/api/Users/${w.code}`, {
            username,
            password: 'secret123',
            salonId: w.salonId,
            permissionIds: [5],
          });
          count(res.status);
          if (res.status === 200) created.push(username);
        } else if (index < 8) {
          // Updates one user's note again and again: the last acknowledged value must stay.
          const note = `note ${index} ${n}`;
          const res = await call('PUT', `/api/Users/${w.code}/${w.target}`, { note });
          count(res.status);
          if (res.status === 200) lastNote.set(w.target, note);
        } else {
          // Saves check-up targets (the loop that first showed the mix-ups).
          const res = await call('POST', `/api/ReportDataAnalysis/AddCheckUp/${w.code}/${w.salonId}`, [
            { kpi: 'averageTicket', target: n },
          ]);
          count(res.status);
          if (res.status === 200) lastTarget.set(w.salonId, n);
        }
      }
    };

    const reader = async (index: number) => {
      const r = readers[index] as (typeof readers)[number];
      while (Date.now() < until) {
        const res = await call('GET', `/api/Users/${r.code}/${r.id}`);
        count(res.status);
        if (res.status === 200 && (res.body.userId !== r.id || res.body.username !== r.username || res.body.salonId !== r.salonId)) {
          wrongRecords.push(`${r.username} got ${res.body.username}`);
        }
      }
    };

    await Promise.all([...writers.map((_, i) => writer(i)), ...readers.map((_, i) => reader(i))]);

    const answered = Object.fromEntries(statuses);
    expect(wrongRecords).toEqual([]);
    expect(answered).toEqual(expect.objectContaining({ 200: expect.any(Number) }));
    // Every answer was a success: no 5xx, and no spurious 401, 404 or 409 either.
    expect(Object.keys(answered)).toEqual(['200']);
    expect(answered[200]).toBeGreaterThan(READERS * 2);
    expect(created.length).toBeGreaterThan(0);

    const stored = await db.selectFrom('users').select('username').where('username', 'in', created).execute();
    expect(stored).toHaveLength(created.length);
    for (const [userId, note] of lastNote) {
      expect((await db.selectFrom('users').select('note').where('id', '=', userId).executeTakeFirstOrThrow()).note).toBe(note);
    }
    // One check-up writer per salon: its last acknowledged target is the one stored.
    expect(lastTarget.size).toBe(2);
    for (const [salonId, target] of lastTarget) {
      const row = await db
        .selectFrom('check_ups')
        .select('target')
        .where('salon_id', '=', salonId)
        .where('kpi', '=', 'averageTicket')
        .executeTakeFirstOrThrow();
      expect(Number(row.target)).toBe(target);
    }
  });
});
