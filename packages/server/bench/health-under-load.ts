/**
 * /api/health latency while clients read reports: 100 concurrent signed-in clients (BENCH_CLIENTS)
 * read a year of daily sales of a demo salon for 20 s (BENCH_LOAD_SECONDS) while one prober asks
 * /api/health every 20 ms; prints the probes' p50/p95/max. The server runs in a child process. On a database with the demo chain
 * (npm run demo) at DATABASE_URL, loaded with DEMO_TODAY=2026-06-30.
 * BENCH_SERVER_ARGS adds node options to the server's process (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
 * Usage: DATABASE_URL=... node --import tsx bench/health-under-load.ts
 */
import { spawn } from 'node:child_process';

const clients = Number(process.env.BENCH_CLIENTS ?? 100);
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is needed');
const port = Number(process.env.BENCH_PORT ?? 18311);
// The server runs in a process of its own, as in production: the clients' work does not delay its answers.
const serverArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, ['--max-semi-space-size=64', ...serverArgs, '--import', 'tsx', 'src/server.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO: '0', DEMO_TODAY: '2026-06-30', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  const up = await fetch(`${base}/api/health`).then(
    (res) => res.ok,
    () => false,
  );
  if (up) break;
  if (i > 600) throw new Error('the server did not start');
  await new Promise((done) => setTimeout(done, 200));
}
const login = await fetch(`${base}/api/Sessions/Login?username=manager&password=demo`, { method: 'POST' });
const { sessionCode, userDTO } = (await login.json()) as { sessionCode: string; userDTO: { salonId: number } };
const report = `${base}/api/Stats/GetSalesDataAnalysisPerDay/2026-06-30/2025-07-01/${userDTO.salonId}/${sessionCode}`;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
const end = Date.now() + seconds * 1000;
let reads = 0;
const failures = new Map<number, number>();
const worker = async () => {
  while (Date.now() < end) {
    const res = await fetch(report, { headers: { 'accept-encoding': 'gzip' } });
    await res.arrayBuffer();
    if (res.ok) reads++;
    else failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
  }
};
const probes: number[] = [];
const prober = async () => {
  await new Promise((done) => setTimeout(done, 2000));
  while (Date.now() < end) {
    const start = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    probes.push(performance.now() - start);
    await new Promise((done) => setTimeout(done, 20));
  }
};
await Promise.all([...Array.from({ length: clients }, worker), prober()]);
const failed = [...failures].map(([status, count]) => `${count} × ${status}`).join(', ');
console.log(`${clients} clients, ${seconds} s: ${reads} report reads (failed: ${failed || 'none'})`);
console.log(
  `/api/health: ${probes.length} probes, p50 ${percentile(probes, 0.5).toFixed(1)} ms, p95 ${percentile(probes, 0.95).toFixed(1)} ms, max ${Math.max(...probes).toFixed(1)} ms`,
);
server.kill('SIGTERM');
await new Promise((done) => server.once('exit', done));
