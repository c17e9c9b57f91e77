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

/** "embedded PostgreSQL in ./data/postgres" or "PostgreSQL (DATABASE_URL)", for start-up lines. */
export function describeDatabase(database: Pick<DatabaseHandle, 'kind' | 'embedded'>, dataDir: string): string {
  const embedded = database.embedded;
  if (database.kind !== 'embedded' || !embedded) return 'PostgreSQL (DATABASE_URL)';
  return embedded.outside
    ? `embedded PostgreSQL in ${embedded.dir} (kept outside DATA_DIR ${dataDir}, which the system user "postgres" cannot reach; its password stays in DATA_DIR)`
    : `embedded PostgreSQL in ${embedded.dir}`;
}
