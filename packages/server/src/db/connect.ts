import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { Db } from './database.js';
import { type EmbeddedServer, startEmbeddedServer } from './embedded.js';
import { migrateToLatest } from './migrate.js';
import { preparedName } from './prepared.js';
import { applyRollupModel } from './rollups/apply.js';

export type DatabaseKind = 'postgresql' | 'embedded';

export interface DatabaseStatus {
  ok: boolean;
  /** Why the database cannot be used, when it cannot. */
  reason?: string;
}

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Connection string of the server behind `db` (the embedded one listens on 127.0.0.1). */
  url: string;
  schemaVersion: number;
  /** The embedded server, when the database is the embedded one. */
  embedded?: EmbeddedServer;
  /** Asks the server for `SELECT 1` on a connection of its own (never queued behind reports). */
  check(): Promise<DatabaseStatus>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent, the embedded server is started in dataDir. */
  databaseUrl?: string;
  /** The embedded database's folder (DATA_DIR). */
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

/**
 * A pool whose connections never take the process down: `pg` emits 'error' on a client whose
 * server went away, and a client checked out by a query has no listener of the pool's then.
 * The query in flight fails (answered 503), and the broken client is dropped on release.
 */
/**
 * The startup option every connection of ours passes: JIT off. A read of a rollup view plans its branch for stale
 * keys (the defining query, over the rollups it is computed from), and a bulk write runs the generated stale
 * triggers, at costs past jit_above_cost; compiling took far longer than running the statement.
 */
export const NO_JIT = '-c jit=off';

function createPool(url: string, max: number, log: { error(msg: string): void }, isClosing: () => boolean): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: pgTypes,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    options: NO_JIT,
  });
  let lastLogged = 0;
  const report = (err: Error) => {
    // One line a few seconds at most: a restart makes every open connection fail at once.
    if (isClosing() || Date.now() - lastLogged < 5000) return;
    lastLogged = Date.now();
    log.error(`database connection lost: ${err.message}`);
  };
  pool.on('connect', (client) => {
    client.on('error', report);
    runMarkedPrepared(client);
  });
  pool.on('error', report);
  return pool;
}

/**
 * Runs a statement made with `prepared(name, query)` (db/prepared.ts) as a named prepared statement
 * of the connection (name + a hash of the text: another text never reuses it). After five runs
 * PostgreSQL may keep one generic plan and stop planning it. Other statements run as before,
 * planned with their values every time.
 *
 * Every call without a callback (Kysely's `await client.query(sql, parameters)`) is made through
 * pg's callback form under a promise of our own. pg's own promise form kept a large share of each
 * answer alive past the next young-generation garbage collection, which lengthened its pauses
 * (docs/decisions/0005-young-generation.md).
 */
function runMarkedPrepared(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const mark = typeof text === 'string' ? preparedName(text) : undefined;
    const config =
      mark === undefined || !Array.isArray(values)
        ? text
        : {
            name: `${mark}-${createHash('sha1')
              .update(text as string)
              .digest('hex')
              .slice(0, 16)}`,
            text,
            values,
          };
    const args = config === text ? [text, values] : [config];
    const isSubmittable = typeof (text as { submit?: unknown } | null)?.submit === 'function';
    if (callback !== undefined || typeof values === 'function' || isSubmittable) {
      return config === text ? query(text, values, callback) : query(config, callback);
    }
    return new Promise((resolve, reject) => {
      query(...args, (err: Error | null, result: unknown) => (err ? reject(err) : resolve(result)));
    }).catch((err: Error) => {
      // As pg does: a stack that leads back to the caller, not to the socket's read.
      Error.captureStackTrace(err);
      throw err;
    });
  }) as typeof client.query;
}

/**
 * While the embedded server restarts, a query fails at once (answered 503) instead of trying to connect:
 * a server in crash recovery refuses each try, and a hundred clients retrying slowed its start by seconds.
 */
function closedWhileRestarting(pool: pg.Pool, embedded: EmbeddedServer | undefined): PostgresPool {
  if (!embedded) return pool;
  return {
    connect: () =>
      embedded.isRunning()
        ? pool.connect()
        : Promise.reject(Object.assign(new Error('the embedded database is restarting'), { code: '57P03' })),
    end: () => pool.end(),
  };
}

/** How long a health answer is reused: a load balancer's probes never wait on the database while it is busy. */
export const HEALTH_FRESH_MS = 1000;

/**
 * A health check on its own connection, reopened whenever the last one failed. A status younger than
 * freshMs is answered at once (a failure is never reused: the next probe asks again), and one older
 * than half of it is refreshed in the background meanwhile.
 */
export function createChecker(url: string, freshMs = HEALTH_FRESH_MS): { check(): Promise<DatabaseStatus>; close(): Promise<void> } {
  let client: pg.Client | undefined;
  let pending: Promise<DatabaseStatus> | undefined;
  let last: { status: DatabaseStatus; at: number } | undefined;
  const drop = () => {
    const old = client;
    client = undefined;
    void old?.end().catch(() => {});
  };
  const run = async (): Promise<DatabaseStatus> => {
    try {
      if (!client) {
        const next = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: 2000,
          query_timeout: 2000,
          application_name: 'salon-health',
        });
        next.on('error', drop);
        await next.connect();
        client = next;
      }
      await client.query('SELECT 1');
      return { ok: true };
    } catch (err) {
      drop();
      return { ok: false, reason: `the database does not answer (${(err as Error).message})` };
    }
  };
  const refresh = () => {
    // Concurrent health checks share one round trip.
    pending ??= run()
      .then((status) => {
        last = status.ok ? { status, at: Date.now() } : undefined;
        return status;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  return {
    check() {
      const age = last ? Date.now() - last.at : Number.POSITIVE_INFINITY;
      if (last && age < freshMs) {
        if (age > freshMs / 2) void refresh();
        return Promise.resolve(last.status);
      }
      return refresh();
    },
    async close() {
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

/** Opens the database (PostgreSQL, or the embedded server in dataDir), migrates it and returns a handle. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const log = options.log ?? quietLog;
  let url = options.databaseUrl;
  let embedded: EmbeddedServer | undefined;
  if (!url) {
    if (!options.dataDir) throw new Error('openDatabase: a databaseUrl or a dataDir is needed');
    embedded = await startEmbeddedServer(options.dataDir, log);
    url = embedded.url;
  }
  let closing = false;
  const pool = createPool(url, options.poolSize ?? 10, log, () => closing);
  const checker = createChecker(url);
  const db = new Kysely({ dialect: new PostgresDialect({ pool: closedWhileRestarting(pool, embedded) }) }) as Db;
  const close = async () => {
    closing = true;
    await checker.close();
    await db.destroy().catch(() => {});
    await embedded?.stop();
  };
  try {
    const schemaVersion = await migrateToLatest(db);
    await applyRollupModel(db, log);
    return {
      db,
      kind: embedded ? 'embedded' : 'postgresql',
      url,
      schemaVersion,
      ...(embedded ? { embedded } : {}),
      async check() {
        if (embedded && !embedded.isRunning()) return { ok: false, reason: 'the embedded database is restarting' };
        return checker.check();
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
