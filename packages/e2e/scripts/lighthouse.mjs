// `npm run bench:web`: Lighthouse performance of the guest pages as our server serves them, on
// the mobile preset (simulated slow 4G, 4x CPU slowdown) and the desktop one, median of RUNS.
// Starts the real server on a fresh demo chain unless E2E_BASE_URL names a running one.
// Lighthouse comes from the npm registry through npx (it is not a dependency of the project).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const PAGES = ['/login', '/forgot-password'];
const PRESETS = ['mobile', 'desktop'];
const RUNS = Number(process.env.RUNS ?? 3);
const TARGET = 90;
const port = process.env.E2E_PORT ?? '8182';
const base = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;

function run(command, args, env = process.env) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(out) : fail(new Error(`${command} ${args.join(' ')} exited ${code}\n${err.slice(-2000)}`)),
    );
  });
}

async function waitForServer(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('The server stopped before it answered');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`No answer from ${url}`);
}

async function lighthouse(url, preset) {
  const args = ['-y', LIGHTHOUSE, url, '--only-categories=performance', '--output=json', '--output-path=stdout', '--quiet'];
  if (preset === 'desktop') args.push('--preset=desktop');
  args.push('--chrome-flags=--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking');
  const report = JSON.parse(await run('npx', args, { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }));
  const audit = (id) => report.audits[id].numericValue;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let server;
if (!process.env.E2E_BASE_URL) {
  console.log(`Starting the server on a fresh demo chain (port ${port})…`);
  server = spawn(process.execPath, [resolve(import.meta.dirname, 'start-server.mjs')], {
    env: { ...process.env, PORT: port },
    stdio: 'ignore',
  });
  await waitForServer(`${base}/api/health`, server);
}

let failed = false;
try {
  console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]} performance, median of ${RUNS} runs (target ${TARGET} on mobile):`);
  console.log(
    `  ${'page'.padEnd(18)}${'preset'.padEnd(9)}${'score'.padStart(6)}${'FCP'.padStart(9)}${'LCP'.padStart(9)}${'TBT'.padStart(9)}${'CLS'.padStart(7)}  runs`,
  );
  for (const page of PAGES) {
    for (const preset of PRESETS) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(`${base}${page}`, preset));
      const m = (key) => median(runs.map((r) => r[key]));
      const ms = (value) => `${Math.round(value)} ms`.padStart(9);
      console.log(
        `  ${page.padEnd(18)}${preset.padEnd(9)}${String(m('score')).padStart(6)}${ms(m('fcp'))}${ms(m('lcp'))}${ms(m('tbt'))}${m('cls').toFixed(3).padStart(7)}  ${runs.map((r) => r.score).join(' ')}`,
      );
      if (preset === 'mobile' && m('score') < TARGET) failed = true;
    }
  }
} finally {
  server?.kill('SIGTERM');
}
if (failed) {
  console.error(`\nA guest page scored under ${TARGET} on the mobile preset.`);
  process.exit(1);
}
