import { resolve } from 'node:path';
import { parsePinnedToday } from './lib/today.js';

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
  /** Failed sign-ins allowed per username, and per address, within loginWindowMinutes. */
  loginMaxFailuresPerUser: number;
  loginMaxFailuresPerAddress: number;
  loginWindowMinutes: number;
  /** Fill an empty database with the demo chain on start. */
  demo: boolean;
  demoSalons: number;
  demoYears: number;
  /** DEMO_TODAY: the day every salon treats as today (demo chain, report defaults); unset = the real date in each salon's zone. */
  demoToday?: string;
  /** The built web app; served when present. */
  webDist: string;
  logLevel: string;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Reads every setting from the environment (the README lists them). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || resolve(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret: env.SESSION_SECRET || undefined,
    sessionIdleMinutes: intFrom(env, 'SESSION_IDLE_MINUTES', 120),
    sessionMaxHours: intFrom(env, 'SESSION_MAX_HOURS', 12),
    loginMaxFailuresPerUser: intFrom(env, 'LOGIN_MAX_FAILURES_PER_USER', 5),
    loginMaxFailuresPerAddress: intFrom(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 20),
    loginWindowMinutes: intFrom(env, 'LOGIN_WINDOW_MINUTES', 15),
    demo: env.DEMO !== '0',
    demoSalons: intFrom(env, 'DEMO_SALONS', 5),
    demoYears: intFrom(env, 'DEMO_YEARS', 3),
    demoToday: parsePinnedToday(env.DEMO_TODAY),
    webDist: resolve(env.WEB_DIST || resolve(repoRoot, 'packages/web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
