// The embedded database's own process: PGlite (PostgreSQL in WASM) served over the
// PostgreSQL wire protocol by pglite-socket, so that the API reaches it through `pg` and a
// long query never blocks the API's event loop. Started, watched and stopped by embedded.ts.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Takes the lock atomically (create-exclusive), so two servers starting together cannot both
 * win. Returns the pid of the live process holding it, or 0 once the lock is ours.
 */
function takeLock() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return 0;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    let pid = 0;
    try {
      pid = Number(readFileSync(lockFile, 'utf8'));
    } catch {
      continue; // removed meanwhile: try again
    }
    if (!pid) {
      // Created this instant by another process that has not written its pid yet.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    if (isAlive(pid)) return pid;
    // Left by a process that is gone: remove it and try again.
    rmSync(lockFile, { force: true });
  }
  throw new Error(`could not take the lock ${lockFile}`);
}

if (dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const holder = takeLock();
  if (holder) {
    const message = `DATA_DIR ${dataDir} is in use by process ${holder} (another server?). Stop it, or delete ${lockFile} if no server runs.`;
    // Exit only once the parent has the message.
    if (process.send) process.send({ type: 'error', message }, () => process.exit(3));
    else process.exit(3);
    await new Promise(() => {});
  }
}

// PGlite's defaults plus a smaller write-ahead log: PostgreSQL keeps up to max_wal_size (1 GB)
// of WAL segments around, which for an embedded database is mostly wasted disk.
const startParams = [...PGlite.defaultStartParams, '-c', 'max_wal_size=128MB', '-c', 'min_wal_size=32MB'];
const db = await PGlite.create(dataDir ? join(dataDir, 'pgdata') : undefined, { startParams });
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
