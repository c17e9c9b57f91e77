import { generateDemoChain } from '../demo/generate.js';
import { createTestApp, createTestDatabase, signIn, type TestApp } from './helpers.js';

/** The pinned "today" of the cross-check chains. */
export const DEMO_CHAIN_TODAY = '2025-06-30';

/** A small generated demo chain behind the API, signed in as its superadmin. */
export interface DemoChain {
  t: TestApp;
  /** The superadmin's session code. */
  code: string;
  /** The chain's salons, by id. */
  salonIds: number[];
  /** GET through the app; throws with the body unless 200. */
  get<T>(url: string): Promise<T>;
  close(): Promise<void>;
}

/**
 * The cross-checks' chain: 2 salons, about 15 months up to DEMO_CHAIN_TODAY, `density` of the benchmark
 * volume (5 % by default), its rollups as the load fills them, the server's today pinned when `pinToday`.
 */
export async function openDemoChain(options: { seed?: number; density?: number; pinToday?: boolean } = {}): Promise<DemoChain> {
  const database = await createTestDatabase();
  await generateDemoChain(database, {
    salons: 2,
    years: 1.25,
    seed: options.seed ?? 11,
    today: DEMO_CHAIN_TODAY,
    density: options.density ?? 0.05,
  });
  const t = await createTestApp(options.pinToday ? { demoToday: DEMO_CHAIN_TODAY } : {}, database);
  const code = await signIn(t.app, 'superadmin', 'demo');
  const salonIds = (await t.db.selectFrom('salons').select('id').orderBy('id').execute()).map((s) => s.id);
  return {
    t,
    code,
    salonIds,
    async get<T>(url: string): Promise<T> {
      const res = await t.app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as T;
    },
    async close() {
      await t.close();
      await database.close();
    },
  };
}
