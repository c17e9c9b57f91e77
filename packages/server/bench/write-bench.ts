import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { definingRows } from '../src/db/rollups/ddl.js';
import { keysOf } from '../src/db/rollups/model.js';
import { refreshStale } from '../src/db/rollups/refresher.js';
import { ROLLUPS } from '../src/db/rollups/registry.js';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

function row(name: string, times: number[], note = ''): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `${name.padEnd(58)} ${percentile(sorted, 0.5).toFixed(1).padStart(8)} ${percentile(sorted, 0.95).toFixed(1).padStart(8)}  ${note}`;
}

/**
 * One checkout: an appointment and its three sale lines (a service, a second service, a product) in one
 * transaction, as the import writes them. Answers the appointment's id.
 */
export async function checkout(db: Db, salonId: number, day: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const refs = await sql<{ client_id: number; staff_id: number; service_id: number; product_id: number }>`
      SELECT (SELECT id FROM clients WHERE salon_id = ${salonId} ORDER BY id LIMIT 1) AS client_id,
        (SELECT id FROM users WHERE salon_id = ${salonId} ORDER BY id LIMIT 1) AS staff_id,
        (SELECT id FROM services ORDER BY id LIMIT 1) AS service_id, (SELECT id FROM products ORDER BY id LIMIT 1) AS product_id`.execute(
      tx,
    );
    const r = refs.rows[0];
    if (!r) throw new Error('the bench salon has no clients');
    const start = new Date(`${day}T10:00:00Z`);
    const appointment = await tx
      .insertInto('appointments')
      .values({
        salon_id: salonId,
        client_id: r.client_id,
        staff_id: r.staff_id,
        day,
        start_at: start,
        end_at: new Date(start.getTime() + 3_600_000),
        status: 'DONE',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = (kind: 'SERVICE' | 'PRODUCT', cents: number) => ({
      salon_id: salonId,
      appointment_id: appointment.id,
      client_id: r.client_id,
      staff_id: r.staff_id,
      day,
      kind,
      service_id: kind === 'SERVICE' ? r.service_id : null,
      product_id: kind === 'PRODUCT' ? r.product_id : null,
      category: kind === 'SERVICE' ? ('HAIRCUT' as const) : ('RESALE' as const),
      list_amount_cents: cents,
      paid_amount_cents: cents,
    });
    await tx
      .insertInto('sale_lines')
      .values([line('SERVICE', 3000), line('SERVICE', 2500), line('PRODUCT', 1500)])
      .execute();
    return appointment.id;
  });
}

/** Rows of every declared rollup of one salon-day that differ between its view and its defining query (0: exact). */
async function differences(db: Db, salonId: number, day: string): Promise<number> {
  let count = 0;
  for (const r of ROLLUPS) {
    if (r.grain.kind !== 'day' && r.grain.kind !== 'month') continue;
    const g = r.grain.kind === 'month' ? `date_trunc('month', '${day}'::date)::date` : `'${day}'::date`;
    const keys = keysOf(`(SELECT ${Number(salonId)} AS salon_id, ${g} AS g)`);
    const view = `SELECT * FROM public."${r.table}" WHERE salon_id = ${Number(salonId)} AND "${r.grain.column}" = ${g}`;
    const defined = definingRows(r, keys);
    const { rows } = await sql
      .raw<{ n: number }>(`SELECT (SELECT count(*) FROM ((${view}) EXCEPT ALL (${defined})) a)
      + (SELECT count(*) FROM ((${defined}) EXCEPT ALL (${view})) b) AS n`)
      .execute(db);
    count += Number(rows[0]?.n);
  }
  return count;
}

/**
 * The write side of the rollup model on the benchmark chain: one checkout written for a salon (its rows and
 * the stale marks: the writer's whole cost), whether the rollups read it exactly right after, and how long the
 * refresher takes to catch up. The checkouts are removed again at the end.
 */
export async function benchWrites(db: Db, salonId: number, day: string, runs: number): Promise<void> {
  const written: number[] = [];
  const own: number[] = [];
  let inexact = 0;
  try {
    for (let i = 0; i < runs + 2; i += 1) {
      const t0 = performance.now();
      written.push(await checkout(db, salonId, day));
      if (i >= 2) own.push(performance.now() - t0);
      inexact += await differences(db, salonId, day);
    }
    const t1 = performance.now();
    const caughtUp = await refreshStale(db);
    const catchUp = performance.now() - t1;
    console.log(`\nWrites (salon ${salonId}, day ${day})                               p50 ms   p95 ms`);
    console.log(row('Checkout: appointment + 3 sale lines, rows and stale marks', own, 'target 100 ms p95'));
    console.log(`the rollups of that day read exactly right after each checkout: ${inexact === 0 ? 'yes' : `NO (${inexact} rows differ)`}`);
    console.log(
      `refresher catch-up after ${runs + 2} checkouts: ${caughtUp.keys} keys in ${caughtUp.transactions} transactions, ${catchUp.toFixed(0)} ms`,
    );
  } finally {
    await removeCheckouts(db, salonId, written);
    await refreshStale(db);
  }
}

/** Removes checkouts `checkout` wrote: their lines and appointments, in one transaction. */
export async function removeCheckouts(db: Db, salonId: number, appointments: number[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`DELETE FROM sale_lines WHERE salon_id = ${salonId} AND appointment_id = ANY(${appointments}::bigint[])`.execute(tx);
    await sql`DELETE FROM appointments WHERE salon_id = ${salonId} AND id = ANY(${appointments}::bigint[])`.execute(tx);
  });
}
