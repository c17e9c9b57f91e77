import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.js';
import { type ReportFixture, seedReportFixture } from '../../test/report-fixture.js';
import { RANDOM_WRITES, seededRandom } from '../../test/rollup-writes.js';
import type { DatabaseHandle } from '../connect.js';
import type { Db } from '../database.js';
import { rebuildRollupModel } from './apply.js';
import { differenceFromDefinition } from './check.js';
import { BULK_ROWS_SETTING, definingRows } from './ddl.js';
import { rollupsMarkdown } from './docs.js';
import { everyKey, keysOf, type RollupDeclaration } from './model.js';
import { refreshStale } from './refresher.js';
import { baseTablesWritten, ROLLUPS } from './registry.js';

let database: DatabaseHandle;
let db: Db;
let fixture: ReportFixture;

beforeAll(async () => {
  // No app, so no background refresher: the test decides when the stored rows catch up.
  database = await createTestDatabase();
  db = database.db;
  fixture = await seedReportFixture(db);
  await rebuildRollupModel(db);
});
afterAll(() => database.close());

async function staleKeys(): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM rollup_stale`.execute(db);
  return Number(rows[0]?.n);
}

/** Every rollup's view (or those given) equals its defining query; with `stored`, the stored rows too (after a catch-up). */
async function expectExact(what: 'view' | 'stored', rollups: readonly RollupDeclaration[] = ROLLUPS) {
  const differences = await Promise.all(rollups.map((r) => differenceFromDefinition(db, r, what)));
  for (const [i, r] of rollups.entries()) {
    expect(differences[i], `${r.table} (${what})`).toEqual({ rollup: r.table, extra: [], missing: [] });
  }
}

/**
 * The rollups a write of `table` can change: those computed from it, and those computed from them. The others' views
 * read unchanged stored rows and sources, so they are checked at the catch-ups.
 */
function rollupsMovedBy(table: string): RollupDeclaration[] {
  const moved = new Set<string>([table]);
  // ROLLUPS is in dependency order: a rollup comes after those it is computed from.
  for (const r of ROLLUPS) if (r.from.some((source) => moved.has(source))) moved.add(r.table);
  return ROLLUPS.filter((r) => moved.has(r.table));
}

describe('the rollup model', () => {
  const writtenTables = () => baseTablesWritten();

  it('has a random write for every base table a stale rule names', () => {
    expect(writtenTables().filter((table) => !(table in RANDOM_WRITES))).toEqual([]);
  });

  it('stores what every defining query gives after the fixture and the rebuild', async () => {
    expect(await staleKeys()).toBe(0);
    await expectExact('stored');
    await expectExact('view');
  });

  it("reads exactly after each write a client rollup's hard cases name, each from a caught-up refresher", async () => {
    const { c1, c2, c3 } = fixture.clients;
    const writes = [
      // A client's first visit: the recap's new clients of the old and the new day.
      sql`UPDATE clients SET first_visit = NULL WHERE id = ${c1}`,
      sql`UPDATE clients SET first_visit = (SELECT min(day) FROM sale_lines WHERE client_id = ${c1}) WHERE id = ${c1}`,
      // The lost threshold: the recap's returning clients.
      sql`UPDATE salons SET lost_client_days = 3 WHERE id = ${fixture.salon1}`,
      // A place, a birth date, a gender: the customer map, the client months, every day of the client.
      sql`UPDATE clients SET city = ' Milano ', postal_code = '20121', latitude = 45.4, longitude = 9.2 WHERE id = ${c2}`,
      sql`UPDATE clients SET birth_date = '1970-01-01' WHERE id = ${c3}`,
      sql`UPDATE clients SET gender = CASE gender WHEN 'MALE' THEN 'FEMALE' ELSE 'MALE' END WHERE id = ${c2}`,
      // A client's first day removed: their next day's previous day, on any and on the same weekday.
      sql`DELETE FROM sale_lines WHERE client_id = ${c2} AND day = (SELECT min(day) FROM sale_lines WHERE client_id = ${c2})`,
      // A day a week before a client's day with another of theirs in between: that day's previous one on its weekday.
      sql`INSERT INTO sale_lines (salon_id, client_id, day, kind, service_id, category, list_amount_cents, paid_amount_cents, discount_cents)
        SELECT w.salon_id, w.client_id, w.day - 7, 'SERVICE', ${fixture.services.cut}, 'HAIRCUT', 2500, 2500, 0
        FROM (SELECT DISTINCT salon_id, client_id, day FROM sale_lines WHERE client_id IS NOT NULL) w
        WHERE EXISTS (SELECT 1 FROM sale_lines b WHERE b.salon_id = w.salon_id AND b.client_id = w.client_id AND b.day > w.day - 7 AND b.day < w.day)
          AND NOT EXISTS (SELECT 1 FROM sale_lines b WHERE b.salon_id = w.salon_id AND b.client_id = w.client_id AND b.day = w.day - 7)
        ORDER BY w.day DESC, w.client_id LIMIT 1`,
    ];
    for (const write of writes) {
      await refreshStale(db);
      await write.execute(db);
      await expectExact('view');
    }
    await refreshStale(db);
    await expectExact('stored');
  });

  it('reads exactly after random writes of every kind, before and after the refresher catches up', async () => {
    const rand = seededRandom(2828);
    const tables = writtenTables();
    let marked = 0;
    // Every table in turn, each write checked: a write whose stale rule is missing shows at once.
    for (let round = 0; round < 6 * tables.length; round += 1) {
      const table = tables[round % tables.length] as string;
      await RANDOM_WRITES[table]?.(db, { fixture, rand });
      await expectExact('view', rollupsMovedBy(table));
      if (round % 10 === 9) {
        marked += await staleKeys();
        await refreshStale(db);
        expect(await staleKeys()).toBe(0);
        await expectExact('stored');
      }
    }
    // The writes were seen: keys were marked stale before each catch-up.
    expect(marked).toBeGreaterThan(0);
    await refreshStale(db);
    await expectExact('stored');
    await expectExact('view');
  }, 300_000);

  it("reads exactly after random writes whose statements take the bulk rules, as an import's large ones do", async () => {
    const rand = seededRandom(3131);
    const tables = writtenTables().filter((table) => ROLLUPS.some((r) => r.staleWhen.some((rule) => rule.source === table && rule.bulk)));
    expect(tables).toContain('sale_lines');
    await db.connection().execute(async (connection) => {
      // Every statement of this connection counts as a large one.
      await sql.raw(`SET ${BULK_ROWS_SETTING} = 1`).execute(connection);
      for (let round = 0; round < 8 * tables.length; round += 1) {
        const table = tables[round % tables.length] as string;
        await RANDOM_WRITES[table]?.(connection, { fixture, rand });
        await expectExact('view', rollupsMovedBy(table));
      }
      await sql.raw(`RESET ${BULK_ROWS_SETTING}`).execute(connection);
    });
    await refreshStale(db);
    await expectExact('stored');
  }, 300_000);

  it('gives for any set of keys the rows the rebuild gives for them (every other key, every third key, two of three)', async () => {
    // A person's walk-in client on three days running, after every other day: whichever of them a key set leaves out,
    // the previous day of the next one asked is the one left out.
    await sql`INSERT INTO sale_lines (salon_id, client_id, staff_id, day, kind, service_id, category, list_amount_cents, paid_amount_cents, discount_cents)
      SELECT l.salon_id, l.client_id, l.staff_id, d::date, 'SERVICE', ${fixture.services.cut}, 'HAIRCUT', 2500, 2500, 0
      FROM (SELECT salon_id, client_id, staff_id FROM sale_lines WHERE client_id = ${fixture.clients.c1} AND staff_id IS NOT NULL LIMIT 1) l
      CROSS JOIN generate_series(date '2026-06-01', date '2026-06-03', interval '1 day') d`.execute(db);
    for (const r of ROLLUPS) {
      const grain = r.grain.kind === 'hash' ? `hashtext(e."${r.grain.column}")` : `e."${r.grain.column}"`;
      const every = definingRows(r, everyKey);
      // Two of three: runs of adjacent keys asked together, then a gap (a defining query that looks back across asked keys).
      for (const chosen of ['k.i % 2 = 1', 'k.i % 2 = 0', 'k.i % 3 = 1', 'k.i % 3 <> 0']) {
        // Keys asked with keys between them not asked: the rows of a key may not depend on the keys asked with it.
        const asked = `SELECT k.salon_id, k.g FROM (SELECT k.*, row_number() OVER (PARTITION BY k.salon_id ORDER BY k.g) AS i
          FROM (SELECT DISTINCT e.salon_id, ${grain} AS g FROM (${every}) e) k) k WHERE ${chosen}`;
        const some = definingRows(r, keysOf('asked'));
        const theirs = `SELECT e.* FROM (${every}) e WHERE (e.salon_id, ${grain}) IN (SELECT salon_id, g FROM asked)`;
        const { rows } = await sql
          .raw<{ n: number }>(
            `WITH asked AS MATERIALIZED (${asked}) SELECT (SELECT count(*) FROM ((${some}) EXCEPT ALL (${theirs})) x)
              + (SELECT count(*) FROM ((${theirs}) EXCEPT ALL (${some})) y) AS n`,
          )
          .execute(db);
        expect(Number(rows[0]?.n), `${r.table}, every key i with ${chosen}`).toBe(0);
      }
    }
  });

  it('lets two writers of the same salon and day commit while a refresher runs, with no deadlock and nothing lost', async () => {
    const url = database.url;
    const writer = async (seed: number) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (let i = 0; i < 6; i += 1) {
          await client.query('BEGIN');
          await client.query(
            `INSERT INTO stock_movements (salon_id, product_id, day, type, quantity, unit_cost_cents, note)
             VALUES ($1, $2, '2025-03-10', 'INTERNAL_USE', -1, $3, 'concurrent'), ($1, $2, '2025-04-11', 'LOAD', 5, $3, 'concurrent')`,
            [fixture.salon1, fixture.products.shampoo, 100 + seed],
          );
          await client.query(
            `UPDATE stock_movements SET quantity = quantity - 1 WHERE salon_id = $1 AND note = 'concurrent' AND unit_cost_cents = $2`,
            [fixture.salon1, 100 + seed],
          );
          await new Promise((done) => setTimeout(done, 5));
          await client.query('COMMIT');
        }
      } finally {
        await client.end();
      }
    };
    let refreshing = true;
    const refresher = (async () => {
      while (refreshing) await refreshStale(db);
    })();
    await Promise.all([writer(1), writer(2), writer(3)]);
    refreshing = false;
    await refresher;
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM stock_movements WHERE note = 'concurrent'`.execute(db);
    expect(Number(rows[0]?.n)).toBe(36);
    await expectExact('view');
    await refreshStale(db);
    await expectExact('stored');
  });

  it("marks a stale key once, and leaves a mark a writer holds for a refresh that sees the writer's rows", async () => {
    await refreshStale(db);
    const marksOf = async (rollup: string) => {
      const { rows } = await sql<{ n: number; keys: number }>`
        SELECT count(*) AS n, count(DISTINCT k) AS keys FROM rollup_stale WHERE rollup = ${rollup}`.execute(db);
      return { rows: Number(rows[0]?.n), keys: Number(rows[0]?.keys) };
    };
    const move = (quantity: number) =>
      `INSERT INTO stock_movements (salon_id, product_id, day, type, quantity, unit_cost_cents, note)
       VALUES (${fixture.salon1}, ${fixture.products.shampoo}, '2025-05-20', 'INTERNAL_USE', ${quantity}, 100, 'held')`;
    for (const quantity of [-1, -2, -3]) await sql.raw(move(quantity)).execute(db);
    expect(await marksOf('stock_monthly')).toEqual({ rows: 1, keys: 1 });

    // A writer that found the mark holds it until it commits: the refresher takes nothing, the view stays exact.
    const writer = new pg.Client({ connectionString: database.url });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(move(-4));
      const taken = await refreshStale(db, { salonId: fixture.salon1 });
      expect(taken.keys).toBe(0);
      expect(await marksOf('stock_monthly')).toEqual({ rows: 1, keys: 1 });
      await writer.query('COMMIT');
    } finally {
      await writer.end();
    }
    await expectExact('view');
    await refreshStale(db);
    expect(await marksOf('stock_monthly')).toEqual({ rows: 0, keys: 0 });
    await expectExact('stored');
  });

  it('stores what every defining query gives after a rebuild', async () => {
    await RANDOM_WRITES.stock_movements?.(db, { fixture, rand: seededRandom(7) });
    await rebuildRollupModel(db);
    expect(await staleKeys()).toBe(0);
    await expectExact('stored');
  });

  it('keeps docs/rollups.md in step with the declarations', async () => {
    const path = resolve(import.meta.dirname, '../../../../../docs/rollups.md');
    expect(await readFile(path, 'utf8'), 'run `npm run rollups -w @salon/server -- --docs`').toBe(rollupsMarkdown());
  });
});
