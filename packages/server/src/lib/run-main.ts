import { ConfigError } from '../config.js';
import type { DatabaseHandle } from '../db/connect.js';
import { StartupError } from '../db/embedded.js';

/** Runs a command's main function: a start-up problem a person can fix is one line, exit 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof StartupError || err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
}

/** "embedded PostgreSQL in ./data" or "PostgreSQL (DATABASE_URL)", for start-up lines. */
export function describeDatabase(database: Pick<DatabaseHandle, 'kind'>, dataDir: string): string {
  return database.kind === 'embedded' ? `embedded PostgreSQL in ${dataDir}` : 'PostgreSQL (DATABASE_URL)';
}
