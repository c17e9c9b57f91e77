// Starts the real server for the e2e run on a fresh embedded database in a new temp folder,
// so every run signs in against a freshly generated demo chain. Removes the folder on exit.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'salon-e2e-'));
const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'packages/server/src/server.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
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
