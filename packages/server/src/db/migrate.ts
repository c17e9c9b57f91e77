import { sql } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/**
 * Applies the migrations not yet recorded, each in its own transaction, under an advisory
 * lock so that two processes starting together do not race. Safe to run any number of times.
 * Returns the schema version now in force.
 */
export async function migrateToLatest(db: Db): Promise<number> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(7310001)`.execute(conn);
    try {
      const applied = await conn.selectFrom('schema_migrations').select('version').execute();
      const done = new Set(applied.map((row) => row.version));
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await conn.transaction().execute(async (tx) => {
          await sql.raw(migration.sql).execute(tx);
          await tx.insertInto('schema_migrations').values({ version: migration.version, name: migration.name }).execute();
        });
        for (const table of migration.vacuum ?? []) await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(conn);
      }
      return currentVersion();
    } finally {
      await sql`SELECT pg_advisory_unlock(7310001)`.execute(conn);
    }
  });
}

export function currentVersion(): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}
