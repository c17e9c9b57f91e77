import { buildApp, loggerOptions } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { DEMO_LOGINS, ensureDemoChain } from './demo/seed.js';
import { describeDatabase, runMain } from './lib/run-main.js';

/** Starts the back-office: database (embedded or PostgreSQL), demo chain when empty, API and web app. */
async function main() {
  const config = loadConfig();
  const log = { info: (msg: string) => console.log(msg), error: (msg: string) => console.error(msg) };
  log.info(config.databaseUrl ? 'Connecting to PostgreSQL (DATABASE_URL)…' : `Starting the embedded database in ${config.dataDir}…`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  if (config.demo) await ensureDemoChain(database, { salons: config.demoSalons, years: config.demoYears, today: config.demoToday, log });
  const app = await buildApp({ config, database, logger: loggerOptions(config.logLevel) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: stopping…`);
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  log.info(`\nSalon back-office is running at ${url}  (API docs: ${url}/api/docs)`);
  log.info(`Database: ${describeDatabase(database, config.dataDir)}`);
  if (config.demo) {
    log.info('Demo logins (password "demo"):');
    for (const login of DEMO_LOGINS) log.info(`  ${login.username.padEnd(12)} ${login.description}`);
  }
}

runMain(main);
