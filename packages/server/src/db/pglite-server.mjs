// The embedded database's own process: PGlite (PostgreSQL in WASM) served over the
// PostgreSQL wire protocol by pglite-socket, so that the API reaches it through `pg` and a
// long query never blocks the API's event loop. Started, watched and stopped by embedded.ts.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const dataDir = process.env.PGLITE_DATA_DIR || '';
const port = Number(process.env.PGLITE_PORT || 0);
const lockFile = dataDir ? join(dataDir, 'pglite-server.pid') : '';

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

if (dataDir) {
  mkdirSync(dataDir, { recursive: true });
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      process.send?.({ type: 'error', message: `DATA_DIR ${dataDir} is in use by process ${pid}` });
      process.exit(3);
    }
  }
  writeFileSync(lockFile, String(process.pid));
}

const db = await PGlite.create(dataDir ? join(dataDir, 'pgdata') : undefined);
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 64 });
await server.start();
const listening = Number(server.getServerConn().split(':').pop());
process.send?.({ type: 'ready', port: listening });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  try {
    await server.stop();
    await db.close();
  } finally {
    if (lockFile) rmSync(lockFile, { force: true });
    process.exit(0);
  }
}

process.on('message', (message) => {
  if (message && message.type === 'stop') void stop();
});
// The parent went away (crash or kill -9): never outlive it, or the data folder stays locked.
process.on('disconnect', () => void stop());
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
