import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ReportFixture } from './report-fixture.js';

/** A deterministic pseudo-random source, so a failing sequence of writes can be replayed. */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

export interface WriteContext {
  fixture: ReportFixture;
  rand: (n: number) => number;
}

/**
 * One random write of a base table the rollups read: an insert, an update or a delete, the kinds of
 * write the product makes (the API, the import). The rollup model's test runs them for every base table
 * a stale rule names, and fails for a table without one here.
 */
export const RANDOM_WRITES: Record<string, (db: Db, ctx: WriteContext) => Promise<void>> = {
  async stock_movements(db, { fixture, rand }) {
    const day = () => `2025-0${3 + rand(2)}-${String(1 + rand(28)).padStart(2, '0')}`;
    const types = ['INTERNAL_USE', 'INTERNAL_USE', 'LOAD', 'SALE', 'ADJUSTMENT'] as const;
    const products = [fixture.products.shampoo, fixture.products.gel];
    const op = rand(4);
    if (op < 2) {
      await db
        .insertInto('stock_movements')
        .values(
          Array.from({ length: 1 + rand(4) }, () => ({
            salon_id: rand(3) === 0 ? fixture.salon2 : fixture.salon1,
            product_id: products[rand(products.length)] as number,
            day: day(),
            type: types[rand(types.length)] as (typeof types)[number],
            quantity: -1 - rand(4),
            unit_cost_cents: 100 + rand(500),
            note: 'random',
          })),
        )
        .execute();
    } else if (op === 2) {
      await sql`UPDATE stock_movements SET day = ${day()}::date, type = ${types[rand(types.length)]}, quantity = ${-1 - rand(6)}
        WHERE id = (SELECT id FROM stock_movements ORDER BY id OFFSET ${rand(5)} LIMIT 1)`.execute(db);
    } else {
      await sql`DELETE FROM stock_movements WHERE id = (SELECT id FROM stock_movements ORDER BY id DESC OFFSET ${rand(5)} LIMIT 1)`.execute(
        db,
      );
    }
  },
  async products(db, { fixture, rand }) {
    const products = [fixture.products.shampoo, fixture.products.gel];
    await sql`UPDATE products SET category = CASE category WHEN 'RESALE' THEN 'PROFESSIONAL' ELSE 'RESALE' END
      WHERE id = ${products[rand(products.length)]}`.execute(db);
  },
};
