/**
 * Recovery after kill -9 of the embedded PostgreSQL: starts the server (DEMO=0, a fresh DATA_DIR, or
 * BENCH_DATA_DIR: an existing one, such as the bench's 20-salon chain in bench-data, kept afterwards),
 * keeps BENCH_CLIENTS clients signing in with a wrong password (a database read each), kills the
 * database server with SIGKILL and prints how long until /api/health and a sign-in answer again.
 * Usage: node --import tsx bench/db-restart.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const clients = Number(process.env.BENCH_CLIENTS ?? 30);
const port = Number(process.env.BENCH_PORT ?? 18312);
const existing = process.env.BENCH_DATA_DIR;
const dataDir = existing || mkdtempSync(join(tmpdir(), 'salon-restart-'));
const { DATABASE_URL: _unused, ...inherited } = process.env;
const env = { ...inherited, PORT: String(port), HOST: '127.0.0.1', DEMO: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
const base = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
for (
  let i = 0;
  !(await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  ));
  i++
) {
  if (i > 900) throw new Error('the server did not start');
  await sleep(200);
}
let stop = false;
const worker = async () => {
  while (!stop)
    await fetch(`${base}/api/Sessions/Login?username=nobody&password=wrong-1`, { method: 'POST' }).then(
      (r) => r.arrayBuffer(),
      () => {},
    );
};
const workers = Array.from({ length: clients }, worker);
await sleep(3000);
const pidFile = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
const pid = Number(pidFile.split('\n')[0]);
const killedAt = performance.now();
process.kill(pid, 'SIGKILL');
let health: number | undefined;
let signIn: number | undefined;
while (health === undefined || signIn === undefined) {
  if (performance.now() - killedAt > 120_000) break;
  const [h, s] = await Promise.all([
    fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 0,
    ),
    fetch(`${base}/api/Sessions/Login?username=nobody&password=wrong-1`, { method: 'POST' }).then(
      (r) => r.status,
      () => 0,
    ),
  ]);
  const at = (performance.now() - killedAt) / 1000;
  if (health === undefined && h === 200) health = at;
  if (signIn === undefined && (s === 401 || s === 429)) signIn = at;
  await sleep(50);
}
console.log(
  `kill -9 of the database to /api/health 200: ${health?.toFixed(1)} s; to a sign-in answered (401): ${signIn?.toFixed(1)} s (${clients} clients)`,
);
stop = true;
await Promise.all(workers);
server.kill('SIGTERM');
await new Promise((done) => server.once('exit', done));
if (!existing) rmSync(dataDir, { recursive: true, force: true });
