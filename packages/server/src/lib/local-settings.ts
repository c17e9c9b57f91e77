import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, DbOrTx } from '../db/database.js';

/**
 * Runs queries with PostgreSQL settings changed for their transaction alone (`set_config(…, true)`,
 * as SET LOCAL): in the caller's transaction, or in one of its own.
 */
export async function withLocalSettings<T>(
  db: DbOrTx,
  settings: Record<string, string>,
  run: (tx: Kysely<Database> | Transaction<Database>) => Promise<T>,
): Promise<T> {
  const set = async (tx: DbOrTx) => {
    const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
    await sql`SELECT ${sql.join(calls)}`.execute(tx);
  };
  if (db.isTransaction) {
    await set(db);
    return run(db);
  }
  return db.transaction().execute(async (tx) => {
    await set(tx);
    return run(tx);
  });
}
