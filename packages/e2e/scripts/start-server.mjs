// Starts the real server for the e2e run on a fresh embedded database in a new temp folder,
// so every run signs in against a freshly generated demo chain. Removes the folder on exit.
// DEMO_TODAY (from tests/helpers.ts, passed by playwright.config.ts) pins the chain's last day
// and every salon's today: the specs derive their dates from it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';

if (!process.env.DEMO_TODAY) {
  console.error('DEMO_TODAY is not set: run the suite through Playwright (playwright.config.ts sets it from tests/helpers.ts)');
  process.exit(1);
}
const root = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'salon-e2e-'));
// tsx as a loader in the server's process (its CLI would SIGKILL a server slow to acknowledge a signal).
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', join(root, 'packages/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    // Always the embedded database, as `npm start` uses: DATABASE_URL (CI's PostgreSQL 15) is for the unit tests.
    DATABASE_URL: '',
    PORT: process.env.PORT ?? '8181',
    DATA_DIR: dataDir,
    WEB_DIST: process.env.WEB_DIST ?? join(root, 'packages/web/dist'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Sign-ins are many and fast in the suite; throttling is tested in the server's own tests.
    LOGIN_MAX_FAILURES_PER_ADDRESS: process.env.LOGIN_MAX_FAILURES_PER_ADDRESS ?? '1000',
  },
});

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child.kill(signal);
  });
}
child.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
