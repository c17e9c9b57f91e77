import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { NO_JIT, openDatabase } from '../db/connect.js';
import { storeTable } from '../db/rollups/ddl.js';
import { ROLLUPS } from '../db/rollups/registry.js';
import { describeDatabase } from '../lib/run-main.js';
import { generateDemoChain } from './generate.js';
import { DEFAULT_DENSITY, DEMO_LOGINS } from './seed.js';

/** Data tables emptied by --reset (permissions, migrations and the server secret stay). */
const DATA_TABLES = [
  ...ROLLUPS.map(storeTable),
  'rollup_stale',
  'appointment_services',
  'check_ups',
  'campaign_results',
  'campaign_item_tiers',
  'campaign_services_products',
  'campaign_team_leaders',
  'campaign_staff',
  'campaign_salons',
  'campaigns',
  'full_capacity_settings',
  'salon_configs',
  'news',
  'attendances',
  'user_shift_requests',
  'user_shifts',
  'user_timeframes',
  'stock_movements',
  'nps_responses',
  'feedback',
  'sale_lines',
  'appointments',
  'clients',
  'products',
  'services',
  'login_failures',
  'sessions',
  'user_permissions',
  'users',
  'salons',
];

const usage = `Usage: npm run demo -- [--salons N] [--years Y] [--density D] [--seed N] [--today YYYY-MM-DD] [--data-dir DIR] [--reset]

Fills the database with the demo chain. Without DATABASE_URL it uses the embedded database in
DATA_DIR (or --data-dir). Refuses a database that already holds data unless --reset, which
empties the data tables first. --density 1 is the benchmark volume (20 salons x 3 years is about
5 M sale lines); the chain created on first start uses ${DEFAULT_DENSITY}. The history ends on
--today, else on DEMO_TODAY, else on today in Europe/Rome.`;

async function main() {
  const { values } = parseArgs({
    options: {
      salons: { type: 'string', default: '5' },
      years: { type: 'string', default: '3' },
      density: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      today: { type: 'string' },
      'data-dir': { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const config = loadConfig(values['data-dir'] ? { ...process.env, DATA_DIR: values['data-dir'] } : process.env);
  const log = { info: (msg: string) => console.log(msg), error: (msg: string) => console.error(msg) };
  const opened = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log, poolSize: 2 });
  console.log(`database: ${describeDatabase(database, config.dataDir)} (opened in ${Date.now() - opened} ms)`);
  try {
    if (values.reset) {
      const t0 = Date.now();
      const client = new pg.Client({ connectionString: database.url, options: NO_JIT });
      await client.connect();
      await client.query(`TRUNCATE ${DATA_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
      await client.end();
      console.log(`reset: data tables emptied in ${Date.now() - t0} ms`);
    }
    const report = await generateDemoChain(database, {
      salons: Number(values.salons),
      years: Number(values.years),
      density: Number(values.density),
      seed: Number(values.seed),
      today: values.today ?? config.demoToday,
      log,
    });
    let total = 0;
    console.log('\ntable                          rows     write time');
    for (const { table, rows, milliseconds } of report.tables) {
      total += rows;
      console.log(`${table.padEnd(28)} ${String(rows).padStart(10)} ${(milliseconds / 1000).toFixed(1).padStart(10)} s`);
    }
    console.log(
      `${'total'.padEnd(28)} ${String(total).padStart(10)} ${(report.milliseconds / 1000).toFixed(1).padStart(10)} s (whole run)`,
    );
  } finally {
    const t0 = Date.now();
    await database.close();
    console.log(`database closed in ${Date.now() - t0} ms`);
  }
  if (!config.databaseUrl) {
    try {
      console.log(
        `DATA_DIR size: ${
          execSync(`du -sh ${JSON.stringify(config.dataDir)}`)
            .toString()
            .split('\t')[0]
        }`,
      );
    } catch {
      // du is a convenience; its absence is no error.
    }
  }
  console.log(`Demo logins (password "demo"): ${DEMO_LOGINS.map((l) => l.username).join(', ')}`);
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error(/already holds/.test(message) ? `${message} (add --reset to empty the data tables first)` : message);
  process.exit(1);
});
