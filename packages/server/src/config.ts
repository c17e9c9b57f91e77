import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** The embedded database's folder (used when databaseUrl is unset). */
  dataDir: string;
  databaseUrl?: string;
  /** HMAC key for session codes; when unset one is generated and kept in the database. */
  sessionSecret?: string;
  /** Sliding lifetime of a session, renewed on use. */
  sessionIdleMinutes: number;
  /** Absolute lifetime of a session, whatever its use. */
  sessionMaxHours: number;
  /**
   * Failed sign-ins allowed within loginWindowMinutes for one username from one client address
   * (so a stranger elsewhere cannot lock the owner out), and from one address whatever the username.
   */
  loginMaxFailuresPerUserAndAddress: number;
  loginMaxFailuresPerAddress: number;
  loginWindowMinutes: number;
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (Fastify's trustProxy):
   * false (default) believes none and uses the connection's address; true believes any; a
   * number, that many hops from the connection (app.ts); a list, those addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** Fill an empty database with the demo chain on start. */
  demo: boolean;
  demoSalons: number;
  demoYears: number;
  /** DEMO_TODAY: the day every salon treats as today (demo chain, report defaults); unset = the real date in each salon's zone. */
  demoToday?: string;
  /** The built web app; served when present. */
  webDist: string;
  logLevel: string;
  /** IMPORT_MAX_MB: the largest import upload (bigger: 413); default 512 MB. */
  importMaxBytes: number;
  /**
   * WORK_CONCURRENCY: signed-in reads worked on at once, the others wait their turn (plugins/work-queue.ts);
   * default two per core, as the database's processes share the cores with the API.
   */
  workConcurrency: number;
  /** WORK_QUEUE_MAX: calls waiting for a turn beyond which a new one is answered 503 with Retry-After. */
  workQueueMax: number;
}

/** A setting the server cannot start with; its message is the one line the start prints (lib/run-main.ts). */
export class ConfigError extends Error {}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** A calendar date YYYY-MM-DD (2026-02-30 is not one), or undefined when unset. */
function dayFrom(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const time = Date.parse(`${raw}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== raw) {
    throw new ConfigError(`${name} must be a calendar date YYYY-MM-DD, got "${raw}"`);
  }
  return raw;
}

/** proxy-addr's names for ranges, beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (/^\d+$/.test(bits)) return Number(bits) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(bits) === 4; // a netmask: 10.0.0.0/255.0.0.0
}

/** TRUST_PROXY: unset or false, true, a hop count, or a comma list of addresses and CIDR ranges. */
export function trustProxyFrom(raw: string | undefined): boolean | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) {
      throw new ConfigError(
        `TRUST_PROXY must be true, a hop count or a comma list of addresses and CIDR ranges (or ${PROXY_RANGE_NAMES.join(', ')}), got "${entry}"`,
      );
    }
  }
  return entries;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Reads every setting from the environment (the README lists them). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env.LOGIN_MAX_FAILURES_PER_USER !== undefined) {
    // Its meaning changed (per username from one address): a stale setting should not pass unnoticed.
    throw new ConfigError(
      'LOGIN_MAX_FAILURES_PER_USER is now LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS (failures of one username from one address)',
    );
  }
  return {
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    // INIT_CWD: where the person typed `npm run …`, not the workspace folder npm runs the script in.
    dataDir: env.DATA_DIR ? resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR) : resolve(repoRoot, 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret: env.SESSION_SECRET || undefined,
    sessionIdleMinutes: intFrom(env, 'SESSION_IDLE_MINUTES', 120),
    sessionMaxHours: intFrom(env, 'SESSION_MAX_HOURS', 12),
    loginMaxFailuresPerUserAndAddress: intFrom(env, 'LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS', 5),
    loginMaxFailuresPerAddress: intFrom(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 20),
    loginWindowMinutes: intFrom(env, 'LOGIN_WINDOW_MINUTES', 15),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    demo: env.DEMO !== '0',
    demoSalons: intFrom(env, 'DEMO_SALONS', 5),
    demoYears: intFrom(env, 'DEMO_YEARS', 3),
    demoToday: dayFrom(env, 'DEMO_TODAY'),
    webDist: resolve(env.WEB_DIST || resolve(repoRoot, 'packages/web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    importMaxBytes: intFrom(env, 'IMPORT_MAX_MB', 512) * 1024 * 1024,
    workConcurrency: Math.max(1, intFrom(env, 'WORK_CONCURRENCY', 2 * availableParallelism())),
    workQueueMax: intFrom(env, 'WORK_QUEUE_MAX', 1000),
  };
}
