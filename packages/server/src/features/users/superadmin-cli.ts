import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/connect.js';
import { runMain } from '../../lib/run-main.js';
import { createSuperadmin } from './superadmin.service.js';

const usage = `Usage: echo 'a-password-1' | npm run create-superadmin -- --username NAME [--reset]

Creates the chain's first account, a SUPERADMIN of no salon, for a database started empty
(DEMO=0); the password is read from standard input (at least 8 characters, letters and digits).
--reset makes an existing user of that name SUPERADMIN with the new password and ends their
sessions. Without DATABASE_URL it opens the embedded database in DATA_DIR: stop the server first.`;

async function main() {
  const { values } = parseArgs({ options: { username: { type: 'string' }, reset: { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (!values.username) {
    console.error(`--username is missing\n\n${usage}`);
    process.exit(2);
  }
  if (process.stdin.isTTY) {
    console.error(`Give the password on standard input (it is not taken from the command line, which others can read)\n\n${usage}`);
    process.exit(2);
  }
  const password = readFileSync(0, 'utf8').replace(/\r?\n$/, '');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const result = await createSuperadmin(database.db, values.username, password, values.reset === true);
    console.log(`${result.outcome === 'created' ? 'Created' : 'Reset'} SUPERADMIN ${values.username.trim()} (user ${result.userId}).`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

runMain(main);
