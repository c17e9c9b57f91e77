import { brotliDecompressSync, constants, crc32, gunzipSync, inflateRawSync } from 'node:zlib';
import { StaffDailyDetailsResponse } from '@salon/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/database.js';
import { rebuildRollups, refreshSalesRollup } from '../../db/rollups.js';
import type { GenderScope } from '../../lib/report-range.js';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';
import { expectSchemaBytes } from '../../test/schema-bytes.js';
import { getStaffDailyDetails, getStaffDailyDetailsJson } from './staff-analysis.query.js';
import { acceptsGzip } from './staff-analysis.routes.js';

/**
 * staff_day_bodies (migration 048): the daily details' rendered days are never stale. Every write kind that moves
 * a day's figures (or a name in it) runs after every body was rendered, then each stored body is compared with the
 * day rendered afresh from staff_day_details (getStaffDailyDetails): a missing invalidation leaves a stale body.
 */
let t: TestApp;
let f: ReportFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db);
});
afterAll(() => t.close());

const GENDERS: GenderScope[] = ['ALL', 'MALE', 'FEMALE'];
const ALL_TIME = ['1900-01-01', '2999-12-31'] as const;

async function salons(): Promise<number[]> {
  return (await t.db.selectFrom('salons').select('id').orderBy('id').execute()).map((s) => s.id);
}

/** Every salon's and scope's days read through the cache: every body rendered and stored. */
async function warm(): Promise<void> {
  for (const salonId of await salons()) for (const gender of GENDERS) await getStaffDailyDetailsJson(t.db, salonId, ...ALL_TIME, gender);
  const { rows } = await sql<{ missing: number }>`SELECT count(*) FILTER (WHERE body IS NULL) AS missing FROM staff_day_bodies`.execute(
    t.db,
  );
  expect(Number(rows[0]?.missing)).toBe(0);
}

/** A stored body's text (null: not rendered), its CRC-32 and length checked. */
function textOf(r: { body: Buffer | null; body_crc: number | null; body_bytes: number | null }): string | null {
  if (r.body === null) return null;
  const raw = inflateRawSync(r.body, { finishFlush: constants.Z_SYNC_FLUSH });
  expect([Number(r.body_crc), Number(r.body_bytes)]).toEqual([crc32(raw), raw.length]);
  return raw.toString('utf8');
}

const bodyOfDay = async (db: DbOrTx, salonId: number, gender: GenderScope, day: string) => {
  const { rows } = await sql<{ body: Buffer | null; body_crc: number | null; body_bytes: number | null }>`
    SELECT body, body_crc, body_bytes FROM staff_day_bodies WHERE salon_id = ${salonId} AND gender = ${gender} AND day = ${day}::date`.execute(
    db,
  );
  return rows[0] ? textOf(rows[0]) : undefined;
};

/**
 * staff_day_bodies lists exactly the days of staff_day_details, and every stored body is the day's element as
 * rendered now; the cached answer is the uncached one's JSON. Returns the number of stored bodies compared.
 */
async function expectBodiesFresh(): Promise<number> {
  let compared = 0;
  for (const salonId of await salons()) {
    for (const gender of GENDERS) {
      const fresh = await getStaffDailyDetails(t.db, salonId, ...ALL_TIME, gender);
      const { rows } = await sql<{ day: string; body: Buffer | null; body_crc: number | null; body_bytes: number | null }>`
        SELECT day, body, body_crc, body_bytes FROM staff_day_bodies WHERE salon_id = ${salonId} AND gender = ${gender} ORDER BY day`.execute(
        t.db,
      );
      expect(rows.map((r) => r.day)).toEqual(fresh.days.map((d) => d.day));
      rows.forEach((r, i) => {
        const text = textOf(r);
        if (text === null) return;
        expect({ salonId, gender, day: r.day, body: JSON.parse(text) }).toEqual({ salonId, gender, day: r.day, body: fresh.days[i] });
        expect(text).toBe(JSON.stringify(fresh.days[i]));
        compared++;
      });
      expect(await getStaffDailyDetailsJson(t.db, salonId, ...ALL_TIME, gender)).toBe(JSON.stringify(fresh));
    }
  }
  return compared;
}

/** Renders every body, runs `write`, checks every stored body against a fresh render and that `changed` moved. */
async function afterWrite(write: () => Promise<void>, changed: { salonId?: number; gender?: GenderScope; day: string }) {
  await warm();
  const salonId = changed.salonId ?? f.salon1;
  const gender = changed.gender ?? 'ALL';
  const before = await bodyOfDay(t.db, salonId, gender, changed.day);
  await write();
  // The write really changes that day's answer (else the test would prove nothing).
  const now = (await getStaffDailyDetails(t.db, salonId, changed.day, changed.day, gender)).days[0];
  expect(JSON.stringify(now)).not.toBe(before);
  expect(await expectBodiesFresh()).toBeGreaterThan(0);
}

describe('staff_day_bodies (rendered daily details)', () => {
  it('is filled by reads and equals the uncached answer, paged and unpaged', async () => {
    await warm();
    expect(await expectBodiesFresh()).toBeGreaterThan(5);
    for (const page of [{}, { limit: 2 }, { limit: 2, offset: 1 }, { offset: 3 }, { limit: 5, offset: 500 }]) {
      for (const gender of GENDERS) {
        const fresh = await getStaffDailyDetails(t.db, f.salon1, '2024-01-01', '2025-12-31', gender, page);
        expect(await getStaffDailyDetailsJson(t.db, f.salon1, '2024-01-01', '2025-12-31', gender, page)).toBe(JSON.stringify(fresh));
      }
    }
  });

  it('answers gzip clients with the stored parts joined, others with the same JSON (brotli or plain)', async () => {
    const code = await signIn(t.app, 'manager');
    for (const path of [
      `GetStaffDailyDetailsAnalysis/${code}/2024-01-01/2025-12-31/${f.salon1}`,
      `GetStaffDailyDetailsAnalysisGender/${code}/2024-01-01/2025-12-31/${f.salon1}/FEMALE?limit=2&offset=1`,
    ]) {
      const url = `/api/StaffDataAnalysis/${path}`;
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expectSchemaBytes(StaffDailyDetailsResponse, plain);
      for (const encoding of ['gzip', 'gzip, deflate, br, zstd', 'br;q=1, gzip;q=0.5']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect([res.headers['content-encoding'], res.headers.vary, res.headers['content-type']]).toEqual([
          'gzip',
          'accept-encoding',
          'application/json; charset=utf-8',
        ]);
        expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain.body);
      }
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip;q=0' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    }
    expect([acceptsGzip('gzip'), acceptsGzip('*'), acceptsGzip('GZIP;q=0.1'), acceptsGzip(undefined)]).toEqual([true, true, true, false]);
    expect([acceptsGzip('gzip;q=0'), acceptsGzip('br'), acceptsGzip('identity'), acceptsGzip('*, gzip;q=0')]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  /** A walk-in sale of a gel by the stylist on `day`, refreshed in its transaction. */
  const sellGel = (day: string, clientId: number, paidCents: number, discountCents: number) => () =>
    t.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('sale_lines')
        .values({
          salon_id: f.salon1,
          appointment_id: null,
          client_id: clientId,
          staff_id: f.users.stylist,
          day,
          kind: 'PRODUCT',
          product_id: f.products.gel,
          category: 'RESALE',
          list_amount_cents: 1000,
          paid_amount_cents: paidCents,
          discount_cents: discountCents,
        })
        .execute();
      await refreshSalesRollup(tx, f.salon1, day, day);
    });

  it('follows a sale refreshed by refreshSalesRollup', async () => {
    await afterWrite(sellGel('2025-03-04', f.clients.c3, 900, 100), { day: '2025-03-04' });
  });

  it('follows a write dated 364 days before a rendered day (its previous-year side)', async () => {
    // 2024-03-05 is the same weekday 52 weeks before 2025-03-04: only that day's previousYear moves.
    await afterWrite(sellGel('2024-03-05', f.clients.c2, 1000, 0), { day: '2025-03-04' });
  });

  it('follows shifts and attendances (their triggers, through staff_hours_daily)', async () => {
    await afterWrite(
      async () => {
        await t.db
          .insertInto('user_timeframes')
          .values({
            salon_id: f.salon1,
            user_id: f.users.manager,
            day_start: new Date('2025-03-03T14:00:00Z'),
            day_end: new Date('2025-03-03T18:00:00Z'),
          })
          .execute();
      },
      { day: '2025-03-03' },
    );
    await afterWrite(
      async () => {
        await t.db
          .insertInto('attendances')
          .values({
            salon_id: f.salon1,
            user_id: f.users.stylist,
            clock_in: new Date('2025-03-04T08:55:00Z'),
            clock_out: new Date('2025-03-04T16:05:00Z'),
          })
          .execute();
      },
      { day: '2025-03-04' },
    );
    await afterWrite(
      async () => {
        await t.db.deleteFrom('attendances').where('salon_id', '=', f.salon1).where('user_id', '=', f.users.stylist).execute();
      },
      { day: '2025-03-04' },
    );
  });

  it('follows feedback (its trigger)', async () => {
    await afterWrite(
      async () => {
        await t.db
          .insertInto('feedback')
          .values({ salon_id: f.salon1, client_id: f.clients.c1, staff_id: f.users.stylist, score: 2, day: '2025-03-03' })
          .execute();
      },
      { day: '2025-03-03' },
    );
  });

  it("follows a client's gender and first visit", async () => {
    await afterWrite(
      () =>
        t.db.transaction().execute(async (tx) => {
          await tx.updateTable('clients').set({ gender: 'MALE' }).where('id', '=', f.clients.c3).execute();
          await refreshSalesRollup(tx, f.salon1, '2024-06-01', '2025-03-04');
        }),
      { day: '2025-03-04', gender: 'MALE' },
    );
    await afterWrite(
      async () => {
        await t.db.updateTable('clients').set({ first_visit: '2025-03-04' }).where('id', '=', f.clients.c3).execute();
      },
      { day: '2025-03-04' },
    );
  });

  it('follows a rename of a person in a rendered day, or in its previous-year side', async () => {
    await afterWrite(
      async () => {
        await t.db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', f.users.stylist).execute();
      },
      { day: '2025-03-03' },
    );
    // The manager works on 2024-03-05: 2025-03-04 names them in its previous-year side too.
    await afterWrite(
      async () => {
        await t.db.updateTable('users').set({ last_name: 'Other' }).where('id', '=', f.users.manager).execute();
      },
      { day: '2025-03-04' },
    );
  });

  it('is listed again after rebuildRollups', async () => {
    await warm();
    await rebuildRollups(t.db);
    const { rows } = await sql<{ bodies: number }>`SELECT count(body) AS bodies FROM staff_day_bodies`.execute(t.db);
    expect(Number(rows[0]?.bodies)).toBe(0);
    await expectBodiesFresh();
    await warm();
    expect(await expectBodiesFresh()).toBeGreaterThan(0);
  });

  it('keeps no stale body when a write commits between a render and its write-back', async () => {
    await warm();
    // A write invalidates 2025-03-03; the next read renders it, and before the write-back another connection
    // commits a second write to the same day: the rendered body (of the first write's figures) must not be stored.
    await t.db
      .insertInto('feedback')
      .values({ salon_id: f.salon1, client_id: f.clients.c1, staff_id: f.users.stylist, score: 5, day: '2025-03-03' })
      .execute();
    let wrote = false;
    const json = await getStaffDailyDetailsJson(
      t.db,
      f.salon1,
      '2025-03-01',
      '2025-03-31',
      'ALL',
      {},
      {
        beforeWriteBack: async () => {
          await t.db.transaction().execute(async (tx) => {
            await tx
              .insertInto('feedback')
              .values({ salon_id: f.salon1, client_id: f.clients.c1, staff_id: f.users.stylist, score: 1, day: '2025-03-03' })
              .execute();
          });
          wrote = true;
        },
      },
    );
    expect(wrote).toBe(true);
    // The answer is of the read's snapshot (before the second write) ...
    expect(json).not.toBe(JSON.stringify(await getStaffDailyDetails(t.db, f.salon1, '2025-03-01', '2025-03-31', 'ALL')));
    // ... and it was not stored: the day waits for the next read.
    expect(await bodyOfDay(t.db, f.salon1, 'ALL', '2025-03-03')).toBeNull();
    await expectBodiesFresh();
  });

  it('keeps no stale body when a write is in flight (uncommitted) during the write-back', async () => {
    await warm();
    await t.db
      .insertInto('feedback')
      .values({ salon_id: f.salon1, client_id: f.clients.c1, staff_id: f.users.stylist, score: 4, day: '2025-03-03' })
      .execute();
    let commit: () => void = () => {};
    let writer: Promise<void> = Promise.resolve();
    await getStaffDailyDetailsJson(
      t.db,
      f.salon1,
      '2025-03-01',
      '2025-03-31',
      'ALL',
      {},
      {
        beforeWriteBack: async () => {
          let written: () => void = () => {};
          const inserted = new Promise<void>((resolve) => {
            written = resolve;
          });
          writer = t.db.transaction().execute(async (tx) => {
            await tx
              .insertInto('feedback')
              .values({ salon_id: f.salon1, client_id: f.clients.c1, staff_id: f.users.stylist, score: 1, day: '2025-03-03' })
              .execute();
            written();
            await new Promise<void>((resolve) => {
              commit = resolve;
            });
          });
          await inserted;
        },
      },
    );
    commit();
    await writer;
    expect(await bodyOfDay(t.db, f.salon1, 'ALL', '2025-03-03')).toBeNull();
    await expectBodiesFresh();
  });
});
