import type { Db } from '../db/database.js';
import type { DemoOptions } from './seed.js';

/** Placeholder replaced by the demo-chain generator. */
export async function generateDemoChain(_db: Db, _options: DemoOptions): Promise<void> {}
