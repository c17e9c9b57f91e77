import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { rebuildRollupModel } from '../db/rollups/apply.js';
import { rollupsMarkdown } from '../db/rollups/docs.js';
import { runMain } from '../lib/run-main.js';

/**
 * `npm run rollups -w @salon/server`: rebuilds every rollup from the raw tables.
 * `-- --docs`: writes docs/rollups.md from the declarations instead.
 */
async function main() {
  if (process.argv.includes('--docs')) {
    const path = resolve(import.meta.dirname, '../../../../docs/rollups.md');
    await writeFile(path, rollupsMarkdown());
    console.log(`Wrote ${path}`);
    return;
  }
  const config = loadConfig();
  const log = { info: (msg: string) => console.log(msg), error: (msg: string) => console.error(msg) };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  try {
    const started = performance.now();
    log.info('Rebuilding the rollups…');
    await rebuildRollupModel(database.db);
    log.info(`Rollups rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

runMain(main);
