import type { Db } from '../db/database.js';

/** The demo users of issue 2; every one signs in with the password `demo`. */
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

export interface DemoOptions {
  salons: number;
  years: number;
  seed?: number;
  log?: { info(msg: string): void };
}

/** Fills an empty database with the demo chain; does nothing when salons exist. */
export async function ensureDemoChain(db: Db, options: DemoOptions): Promise<void> {
  const existing = await db.selectFrom('salons').select('id').limit(1).execute();
  if (existing.length > 0) return;
  const { generateDemoChain } = await import('./generate.js');
  await generateDemoChain(db, options);
}
