import { loadConfig } from '../config.js';
import { runMain } from '../lib/run-main.js';
import { openDatabase } from './connect.js';
import { rebuildRollups } from './rollups.js';

/** `npm run rollups -w @salon/server`: rebuilds every daily rollup from the raw tables. */
async function main() {
  const config = loadConfig();
  const log = { info: (msg: string) => console.log(msg), error: (msg: string) => console.error(msg) };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  try {
    const started = performance.now();
    log.info('Rebuilding the daily rollups…');
    await rebuildRollups(database.db);
    log.info(`Rollups rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

runMain(main);
