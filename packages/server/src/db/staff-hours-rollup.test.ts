import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertSalon, insertUser } from '../test/helpers.js';
import type { DatabaseHandle } from './connect.js';
import type { Db } from './database.js';
import { rebuildRollupModel } from './rollups/apply.js';

let handle: DatabaseHandle;
let db: Db;
let salons: number[];
let users: { id: number; salonId: number }[];
/** People of their own for the shift_hourly test (the planner refuses overlapping shifts of a person). */
let shiftUsers: { id: number; salonId: number }[];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  salons = [await insertSalon(db, 'Hours A', 'HA'), await insertSalon(db, 'Hours B', 'HB')];
  await sql`UPDATE salons SET time_zone = 'America/New_York' WHERE id = ${salons[1]}`.execute(db);
  users = [];
  for (const [i, salonId] of [salons[0], salons[0], salons[0], salons[1], salons[1]].entries()) {
    users.push({ id: await insertUser(db, `hours${i}`, salonId as number, ['RECEPTIONIST']), salonId: salonId as number });
  }
  shiftUsers = [];
  for (const [i, salonId] of [salons[0], salons[0], salons[0], salons[1], salons[1]].entries()) {
    shiftUsers.push({ id: await insertUser(db, `hourly${i}`, salonId as number, ['RECEPTIONIST']), salonId: salonId as number });
  }
});
afterAll(() => handle.close());

/** Rows where staff_hours_daily differs from the shifts and attendances summed from scratch here (0 = in step). */
async function mismatches(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH raw AS (
      SELECT salon_id, day, user_id, sum(shifts) AS shifts, sum(shift_seconds) AS shift_seconds,
        sum(attendances) AS attendances, sum(work_seconds) AS work_seconds
      FROM (
        SELECT t.salon_id, (t.day_start AT TIME ZONE s.time_zone)::date AS day, t.user_id, 1 AS shifts,
          extract(epoch FROM t.day_end - t.day_start) AS shift_seconds, 0 AS attendances, 0 AS work_seconds
        FROM user_timeframes t JOIN salons s ON s.id = t.salon_id
        UNION ALL
        SELECT a.salon_id, (a.clock_in AT TIME ZONE s.time_zone)::date, a.user_id, 0, 0, 1,
          CASE WHEN a.clock_out IS NULL THEN 0 ELSE extract(epoch FROM a.clock_out - a.clock_in) END
        FROM attendances a JOIN salons s ON s.id = a.salon_id
      ) x GROUP BY 1, 2, 3
    )
    SELECT count(*) AS n FROM staff_hours_daily h
    FULL JOIN raw r ON r.salon_id = h.salon_id AND r.day = h.day AND r.user_id = h.user_id
    WHERE h.shifts IS DISTINCT FROM r.shifts::int OR h.shift_seconds IS DISTINCT FROM r.shift_seconds
      OR h.attendances IS DISTINCT FROM r.attendances::int OR h.work_seconds IS DISTINCT FROM r.work_seconds`.execute(db);
  return Number(rows[0]?.n);
}

/**
 * Rows where shift_hourly differs from every shift split here over the salon-local wall-clock hours it covers
 * (an hour's seconds and shifts per salon, local start day and hour), recomputed from scratch (0 = in step).
 */
async function shiftHourlyMismatches(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH local AS (
      SELECT t.salon_id, (t.day_start AT TIME ZONE s.time_zone)::date AS day, t.day_start AT TIME ZONE s.time_zone AS s,
        t.day_end AT TIME ZONE s.time_zone AS e
      FROM user_timeframes t JOIN salons s ON s.id = t.salon_id
    ),
    raw AS (
      SELECT l.salon_id, l.day, h.hour, count(*) AS shifts,
        sum(extract(epoch FROM least(l.e, h.hour + interval '1 hour') - greatest(l.s, h.hour))) AS seconds
      FROM local l
      JOIN LATERAL (
        SELECT date_trunc('hour', l.s) + k * interval '1 hour' AS hour
        FROM generate_series(0, ceil(extract(epoch FROM l.e - date_trunc('hour', l.s)) / 3600)::int - 1) AS k
      ) h ON true
      GROUP BY 1, 2, 3
    )
    SELECT count(*) AS n FROM shift_hourly x
    FULL JOIN raw r ON r.salon_id = x.salon_id AND r.day = x.day AND r.hour = x.hour
    WHERE x.shifts IS DISTINCT FROM r.shifts::int OR x.seconds IS DISTINCT FROM r.seconds`.execute(db);
  return Number(rows[0]?.n);
}

/** A deterministic pseudo-random sequence (the same writes on every run). */
function rng(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
}

describe('staff_hours_daily (shifts and attendances per salon-local day and person) and shift_hourly (shift seconds per local day and hour)', () => {
  it('stays equal to the raw shifts and attendances after random inserts, updates and deletes', async () => {
    const r = rng(21);
    // Shifts and attendances follow each other on one timeline (the planner refuses overlapping shifts), starting at
    // any minute (days that start near midnight UTC, both zones' DST changes), lasting minutes to hours, fractional seconds too.
    const stamp = (minutes: number) => new Date(Date.UTC(2026, 2, 20) + minutes * 60_000);
    let cursor = 0;
    const next = () => {
      const start = cursor + r(10 * 60);
      const length = 1 + r(9 * 60) + r(60) / 7;
      cursor = start + length + 1;
      return { start: stamp(start), end: stamp(start + length) };
    };
    for (let step = 0; step < 40; step++) {
      const u = users[r(users.length)] as { id: number; salonId: number };
      switch (r(8)) {
        case 0:
        case 1: {
          const rows = Array.from({ length: 1 + r(3) }, () => {
            const { start, end } = next();
            return { salon_id: u.salonId, user_id: u.id, day_start: start, day_end: end };
          });
          await db.insertInto('user_timeframes').values(rows).execute();
          break;
        }
        case 2:
          // Moves every shift of the person by the same hours (across days), or halves some (shorter never overlaps).
          if (r(2) === 0) {
            await sql`UPDATE user_timeframes SET day_start = day_start + ${`${r(30) - 15} hours`}::interval,
              day_end = day_end + ${`${r(30) - 15} hours`}::interval WHERE salon_id = ${u.salonId} AND user_id = ${u.id}`.execute(db);
          } else {
            await sql`UPDATE user_timeframes SET day_end = day_start + (day_end - day_start) / 2
              WHERE salon_id = ${u.salonId} AND id IN (SELECT id FROM user_timeframes WHERE salon_id = ${u.salonId} ORDER BY id LIMIT 3 OFFSET ${r(5)})`.execute(
              db,
            );
          }
          break;
        case 3:
          await sql`DELETE FROM user_timeframes WHERE salon_id = ${u.salonId} AND user_id = ${u.id} AND id % 3 = ${r(3)}`.execute(db);
          break;
        case 4:
        case 5:
          await db
            .insertInto('attendances')
            .values({
              salon_id: u.salonId,
              user_id: u.id,
              clock_in: next().start,
              clock_out: r(4) === 0 ? null : stamp(cursor - 1),
            })
            .execute();
          break;
        case 6:
          await sql`UPDATE attendances SET clock_out = CASE WHEN clock_out IS NULL THEN clock_in + interval '5 hours 30 minutes' ELSE NULL END
            WHERE salon_id = ${u.salonId} AND id IN (SELECT id FROM attendances WHERE salon_id = ${u.salonId} ORDER BY id DESC LIMIT 2)`.execute(
            db,
          );
          break;
        default:
          await sql`DELETE FROM attendances WHERE salon_id = ${u.salonId} AND id IN (SELECT id FROM attendances WHERE salon_id = ${u.salonId} ORDER BY id LIMIT 1 OFFSET ${r(4)})`.execute(
            db,
          );
      }
      expect(await mismatches(), `after step ${step}`).toBe(0);
      expect(await shiftHourlyMismatches(), `after step ${step}`).toBe(0);
    }
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM staff_hours_daily`.execute(db);
    expect(Number(rows[0]?.n)).toBeGreaterThan(5);
  });

  it('shift_hourly stays equal to the shifts split from scratch after random inserts, updates and deletes across DST changes', async () => {
    const r = rng(51);
    // Shifts from a week before the spring DST changes of both zones (Rome 29 March, New York 8 March 2026 is
    // before: the autumn one, 1 November, is reached by the longer jumps), starting at any minute, through
    // midnight and across the change, minutes to a day long, fractional seconds too.
    const stamp = (minutes: number) => new Date(Date.UTC(2026, 2, 22) + minutes * 60_000);
    let cursor = 0;
    const next = () => {
      const start = cursor + r(12 * 60) + (r(10) === 0 ? 200 * 24 * 60 : 0);
      const length = 1 + r(r(4) === 0 ? 26 * 60 : 9 * 60) + r(60) / 7;
      cursor = start + length + 1;
      return { start: stamp(start), end: stamp(start + length) };
    };
    for (let step = 0; step < 40; step++) {
      const u = shiftUsers[r(shiftUsers.length)] as { id: number; salonId: number };
      switch (r(5)) {
        case 0:
        case 1: {
          const rows = Array.from({ length: 1 + r(4) }, () => {
            const { start, end } = next();
            return { salon_id: u.salonId, user_id: u.id, day_start: start, day_end: end };
          });
          await db.insertInto('user_timeframes').values(rows).execute();
          break;
        }
        case 2:
          // Moves the person's latest shift later by some hours (across days, maybe), or halves some.
          if (r(2) === 0) {
            const hours = `${1 + r(15)} hours`;
            await sql`UPDATE user_timeframes SET day_start = day_start + ${hours}::interval, day_end = day_end + ${hours}::interval
              WHERE salon_id = ${u.salonId} AND id = (SELECT max(id) FROM user_timeframes WHERE salon_id = ${u.salonId} AND user_id = ${u.id})`.execute(
              db,
            );
            cursor += 16 * 60; // later shifts start after it
          } else {
            await sql`UPDATE user_timeframes SET day_end = day_start + (day_end - day_start) / 2
              WHERE salon_id = ${u.salonId} AND id IN (SELECT id FROM user_timeframes WHERE salon_id = ${u.salonId} ORDER BY id LIMIT 3 OFFSET ${r(5)})`.execute(
              db,
            );
          }
          break;
        case 3:
          await sql`DELETE FROM user_timeframes WHERE salon_id = ${u.salonId} AND user_id = ${u.id} AND id % 3 = ${r(3)}`.execute(db);
          break;
        default:
          // One statement over both salons' rows (shorter: never overlaps).
          await sql`UPDATE user_timeframes SET day_end = day_start + (day_end - day_start) * 0.9
            WHERE id IN (SELECT id FROM user_timeframes ORDER BY id DESC LIMIT 4)`.execute(db);
      }
      expect(await shiftHourlyMismatches(), `after step ${step}`).toBe(0);
      expect(await mismatches(), `after step ${step}`).toBe(0);
    }
    const { rows } = await sql<{
      n: number;
      days: number;
    }>`SELECT count(*) AS n, count(DISTINCT (salon_id, day)) AS days FROM shift_hourly`.execute(db);
    expect(Number(rows[0]?.n)).toBeGreaterThan(50);
    expect(Number(rows[0]?.days)).toBeGreaterThan(10);
  });

  it('stays in step in a rolled-back transaction, a salon moving time zone and a user deleted with their shifts', async () => {
    const u = users[0] as { id: number; salonId: number };
    await db
      .transaction()
      .execute(async (tx) => {
        await tx
          .insertInto('user_timeframes')
          .values({
            salon_id: u.salonId,
            user_id: u.id,
            day_start: new Date('2026-06-01T07:00:00Z'),
            day_end: new Date('2026-06-01T15:00:00Z'),
          })
          .execute();
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await mismatches()).toBe(0);
    expect(await shiftHourlyMismatches()).toBe(0);
    await sql`UPDATE salons SET time_zone = 'Asia/Tokyo' WHERE id = ${salons[0]}`.execute(db);
    expect(await mismatches()).toBe(0);
    expect(await shiftHourlyMismatches()).toBe(0);
    const gone = users[4] as { id: number; salonId: number };
    await db
      .insertInto('user_timeframes')
      .values({
        salon_id: gone.salonId,
        user_id: gone.id,
        day_start: new Date('2026-06-02T13:00:00Z'),
        day_end: new Date('2026-06-02T21:00:00Z'),
      })
      .execute();
    await db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect(await mismatches()).toBe(0);
    expect(await shiftHourlyMismatches()).toBe(0);
  });

  it('is rebuilt the same by rebuildRollups', async () => {
    const tables = ['staff_hours_daily', 'shift_hourly'] as const;
    const read = () =>
      Promise.all(tables.map(async (table) => (await sql`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2, 3`.execute(db)).rows));
    const before = await read();
    expect(before[1]?.length).toBeGreaterThan(50);
    await rebuildRollupModel(db);
    expect(await read()).toEqual(before);
  });
});
