import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connect.js';
import { createTestDatabase, insertSalon, insertUser } from '../../test/helpers.js';
import { getDataQuality } from './data-qualities.query.js';
import { getDataQualityRecomputed } from './data-quality-reference.js';

/*
 * Migration 027 keeps each record's date-independent findings (dq_flags) and score (dq_score) as
 * generated columns, and the report reads them, the score index and the few odd records
 * (duplicates, implausible birth dates) instead of re-checking every record. After inserts,
 * updates and upserts (the import's way), the report must equal the full recomputation of the
 * checks (data-quality-reference.ts), for several "today"s and pages.
 */
let h: DatabaseHandle;
let salon: number;
let staff: number;

const phones = [null, '', '  ', '+39 333 123 4567', '12 34', '(02) 1234-5678', '333-999-8888', 'abc123456', '1234567890123456'];
const emails = [null, '', ' ', 'a@b.it', 'bruno@example', 'elsa@@example.com', ' ANNA.ROSSI@example.com ', 'x y@z.it'];
const births = [null, '1990-05-01', '1915-01-01', '1916-02-10', '2026-02-10', '2030-01-01', '1880-12-31'];
const names: [string, string][] = [
  ['Anna', 'Rossi'],
  ['ANNA', ' Rossi '],
  ['Bruno', 'Bianchi'],
  ['', ''],
  ['Carla', 'Verdi'],
];

function client(i: number) {
  const [first, last] = names[i % names.length] as [string, string];
  return {
    salon_id: salon,
    first_name: first,
    last_name: last,
    phone: phones[(i * 7) % phones.length] ?? null,
    email: emails[(i * 5) % emails.length] ?? null,
    birth_date: births[(i * 3) % births.length] ?? null,
    gender: i % 4 === 0 ? null : i % 2 === 0 ? ('MALE' as const) : ('FEMALE' as const),
    privacy_consent: i % 3 !== 0,
    created_by: i % 5 === 0 ? null : staff,
    external_id: `E${i}`,
  };
}

async function expectSameAsRecomputed() {
  for (const today of ['2026-02-10', '2026-02-09', '2140-01-01', '1995-01-01']) {
    for (const page of [{ limit: 100, offset: 0 }, { limit: 7, offset: 0 }, { limit: 7, offset: 30 }, null]) {
      expect(await getDataQuality(h.db, salon, today, page)).toEqual(await getDataQualityRecomputed(h.db, salon, today, page));
    }
  }
  // the stored flags and score are the rules of migration 010 on the record as it is now
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM clients
    WHERE dq_flags IS DISTINCT FROM (
        CASE WHEN phone IS NULL OR btrim(phone) = '' THEN 1 ELSE 0 END
        + CASE WHEN dq_phone_key IS NULL AND coalesce(btrim(phone), '') <> '' THEN 2 ELSE 0 END
        + CASE WHEN dq_email_key IS NULL THEN 4 ELSE 0 END
        + CASE WHEN dq_email_key IS NOT NULL AND NOT dq_email_valid THEN 8 ELSE 0 END
        + CASE WHEN birth_date IS NULL THEN 16 ELSE 0 END + CASE WHEN gender IS NULL THEN 32 ELSE 0 END
        + CASE WHEN NOT privacy_consent THEN 64 ELSE 0 END)
      OR dq_score IS DISTINCT FROM 20 * (5 - (dq_flags & 3 <> 0)::int - (dq_flags & 12 <> 0)::int
        - (dq_flags & 16 <> 0)::int - (dq_flags & 32 <> 0)::int - (dq_flags & 64 <> 0)::int)`.execute(h.db);
  expect(rows).toEqual([]);
}

beforeAll(async () => {
  h = await createTestDatabase();
  salon = await insertSalon(h.db, 'Flags', 'F1');
  staff = await insertUser(h.db, 'flags-reception', salon, ['RECEPTIONIST']);
});
afterAll(() => h.close());

describe('data-quality flags (migration 027)', () => {
  it('give the report of the full recomputation after inserts', async () => {
    await h.db
      .insertInto('clients')
      .values(Array.from({ length: 60 }, (_, i) => client(i)))
      .execute();
    const report = await getDataQuality(h.db, salon, '2026-02-10', null);
    expect(report.duplicateGroups.length).toBeGreaterThan(0);
    expect(report.salon.issues.birthDateImplausible).toBeGreaterThan(0);
    await expectSameAsRecomputed();
  });

  it('follow updates of every checked field, and upserts', async () => {
    const ids = (await h.db.selectFrom('clients').select('id').where('salon_id', '=', salon).orderBy('id').execute()).map((r) => r.id);
    for (const [k, id] of ids.entries()) {
      if (k % 4 === 0)
        await h.db
          .updateTable('clients')
          .set({ phone: phones[(k + 1) % phones.length] ?? null })
          .where('id', '=', id)
          .execute();
      if (k % 4 === 1)
        await h.db
          .updateTable('clients')
          .set({ email: emails[(k + 2) % emails.length] ?? null, gender: null })
          .where('id', '=', id)
          .execute();
      if (k % 4 === 2)
        await h.db
          .updateTable('clients')
          .set({ birth_date: births[(k + 1) % births.length] ?? null })
          .where('id', '=', id)
          .execute();
      if (k % 4 === 3)
        await h.db
          .updateTable('clients')
          .set({ first_name: 'Anna', last_name: 'Rossi', privacy_consent: k % 8 === 3 })
          .where('id', '=', id)
          .execute();
    }
    await h.db
      .insertInto('clients')
      .values(Array.from({ length: 20 }, (_, i) => ({ ...client(i + 50), phone: '+39 333 123 4567' })))
      .onConflict((oc) =>
        oc.columns(['salon_id', 'external_id']).doUpdateSet((eb) => ({ phone: eb.ref('excluded.phone'), email: eb.ref('excluded.email') })),
      )
      .execute();
    await expectSameAsRecomputed();
  });
});
