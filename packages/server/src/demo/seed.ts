import type { DatabaseHandle } from '../db/connect.js';

/** The demo users (the README lists them); every one signs in with the password `demo`. */
export const DEMO_LOGINS = [
  { username: 'superadmin', description: 'SUPERADMIN, the whole chain' },
  { username: 'manager', description: 'ADMIN, salon 1' },
  { username: 'reception', description: 'RECEPTIONIST, salon 1' },
  { username: 'marketing', description: 'SALESMARKETING, salon 1' },
  { username: 'stylist', description: 'IMAGE, salon 1' },
  { username: 'assistant', description: 'ASSISTANCE, salon 1' },
  { username: 'manager2', description: 'ADMIN, salon 2' },
  { username: 'noroles', description: 'no permission' },
] as const;

/**
 * Volume of the chain started on an empty database: appointments per salon-day relative to
 * the benchmark volume (density 1: about 5 M sale lines for 20 salons x 3 years). The first
 * start of the embedded database must stay well under a minute, hence less than 1.
 */
export const DEFAULT_DENSITY = 0.35;

export interface DemoOptions {
  salons: number;
  years: number;
  seed?: number;
  /** The last day of history, 'YYYY-MM-DD' (DEMO_TODAY); defaults to today in Europe/Rome. */
  today?: string;
  /** See DEFAULT_DENSITY. */
  density?: number;
  log?: { info(msg: string): void };
}

/** Fills an empty database with the demo chain; does nothing when salons or users exist. */
export async function ensureDemoChain(database: Pick<DatabaseHandle, 'db' | 'url' | 'kind'>, options: DemoOptions): Promise<boolean> {
  const anySalon = await database.db.selectFrom('salons').select('id').limit(1).execute();
  const anyUser = await database.db.selectFrom('users').select('id').limit(1).execute();
  if (anySalon.length > 0 || anyUser.length > 0) return false;
  // The demo logins need two salons; the catalogue names twenty.
  const salons = Math.min(Math.max(options.salons, 2), 20);
  options.log?.info(`Creating the demo chain (${salons} salons, ${options.years} years)…`);
  const { generateDemoChain } = await import('./generate.js');
  await generateDemoChain(database, { ...options, salons, density: options.density ?? DEFAULT_DENSITY });
  return true;
}
