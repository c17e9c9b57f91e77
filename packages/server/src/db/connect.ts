import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Db } from './database.js';
import { startEmbeddedServer } from './embedded.js';
import { migrateToLatest } from './migrate.js';

export type DatabaseKind = 'postgresql' | 'pglite';

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Connection string of the server behind `db` (the embedded one listens on 127.0.0.1). */
  url: string;
  schemaVersion: number;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent, the embedded PGlite is used. */
  databaseUrl?: string;
  /** The embedded database's folder; undefined keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  log?: { info(msg: string): void; error(msg: string): void };
}

const parseNumber = (value: string) => Number(value);
const keepText = (value: string) => value;
const parsers: Record<number, (value: string) => unknown> = {
  20: parseNumber, // int8: counts, sums, bigint ids
  1700: parseNumber, // numeric: averages, percentages
  1082: keepText, // date: YYYY-MM-DD, no time zone shift
};

/** Type parsers for every pg connection we open: numbers as numbers, dates as text. */
export const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    return parsers[oid] ?? pg.types.getTypeParser(oid, format);
  },
};

const quietLog = { info: () => {}, error: (msg: string) => console.error(msg) };

/** Opens the database (PostgreSQL or the embedded PGlite), migrates it and returns a handle. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const log = options.log ?? quietLog;
  let url = options.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedServer(options.dataDir, log);
    url = `postgresql://postgres@127.0.0.1:${embedded.port}/postgres`;
    stopEmbedded = () => embedded.stop();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: pgTypes,
    // pglite-socket accepts no SSL and needs no keep-alive; harmless on PostgreSQL.
    ssl: undefined,
  });
  pool.on('error', (err) => log.error(`database pool error: ${err.message}`));
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) }) as Db;
  try {
    const schemaVersion = await migrateToLatest(db);
    return {
      db,
      kind: stopEmbedded ? 'pglite' : 'postgresql',
      url,
      schemaVersion,
      async close() {
        await db.destroy();
        await stopEmbedded?.();
      },
    };
  } catch (err) {
    await db.destroy().catch(() => {});
    await stopEmbedded?.();
    throw err;
  }
}
