// The README's start command on a fresh clone, run as root as on a rented server: once in a private
// folder (0700, as /root/salon is) and once in an ordinary one. Each signs in as every demo user the
// README lists, is stopped as a Ctrl+C stops it, and is started again on the same data.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataLayout, freePort, SYSTEM_CLUSTERS } from './db/embedded.js';

const repoRoot = resolve(import.meta.dirname, '../../..');
const isRoot = process.getuid?.() === 0;
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const section = (from: string, to: string) => readme.slice(readme.indexOf(from), readme.indexOf(to, readme.indexOf(from)));
const startCommand = /```sh\n(.+)\n```/.exec(section('## Quick start', '### Demo logins'))?.[1] ?? '';
const demoUsers = [...section('### Demo logins', '## Settings').matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1] as string);
const DEMO_PASSWORD = 'demo';

const SLOW = 600_000;
const folders: string[] = [];
const running = new Set<ChildProcess>();

afterAll(async () => {
  for (const child of running) await stop(child, 'SIGKILL');
  for (const folder of folders) {
    // The database folder the start kept outside the clone, if it did.
    const location = join(folder, 'salon/data', dataLayout.location);
    if (existsSync(location)) rmSync(dirname(readFileSync(location, 'utf8').trim()), { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
});

function git(args: string[], cwd = repoRoot): string {
  const run = spawnSync('git', ['-c', 'safe.directory=*', ...args], { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

/**
 * A clone of this checkout (with its uncommitted changes, so a local run tests what is on disk) in
 * folder. Its node_modules start as a hard-linked copy of this checkout's: `npm install` still runs,
 * and finds the packages in place instead of spending minutes extracting them.
 */
function cloneInto(folder: string): string {
  const clone = join(folder, 'salon');
  git(['clone', '--quiet', repoRoot, clone]);
  const changed = git(['diff', '--name-only', 'HEAD']).split('\n');
  const untracked = git(['ls-files', '--others', '--exclude-standard']).split('\n');
  for (const file of [...changed, ...untracked].filter(Boolean)) {
    const from = join(repoRoot, file);
    const to = join(clone, file);
    if (!existsSync(from)) rmSync(to, { force: true });
    else {
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(from, to);
    }
  }
  const linked = spawnSync('cp', ['-al', join(repoRoot, 'node_modules'), join(clone, 'node_modules')]);
  if (linked.status !== 0) cpSync(join(repoRoot, 'node_modules'), join(clone, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  // npm rewrites this one: a copy of its own, not a link to this checkout's.
  rmSync(join(clone, 'node_modules/.package-lock.json'), { force: true });
  copyFileSync(join(repoRoot, 'node_modules/.package-lock.json'), join(clone, 'node_modules/.package-lock.json'));
  return clone;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  clusterDir: string;
}

/** Runs the README's start command in clone as a person would in a terminal, until the app is up. */
async function start(clone: string, port: number, command = startCommand): Promise<Started> {
  const child = spawn('sh', ['-c', command], {
    cwd: clone,
    detached: true, // a process group, as a terminal gives it: stop() sends it the Ctrl+C
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? '/root',
      LANG: 'C.UTF-8',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The smallest demo chain that has every demo user (manager2 is of salon 2), on a fixed day.
      DEMO_SALONS: '2',
      DEMO_YEARS: '1',
      DEMO_TODAY: '2025-06-16',
      LOG_LEVEL: 'warn',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    },
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 480_000;
  while (!/Salon back-office is running at/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`\`${command}\` did not start the app:\n${output}`);
    await Promise.race([exited, new Promise((done) => setTimeout(done, 200))]);
  }
  const clusterDir = /Database: embedded PostgreSQL in (\S+)/.exec(output)?.[1];
  if (!clusterDir) throw new Error(`no database line in:\n${output}`);
  return { child, output: () => output, clusterDir };
}

/** Ctrl+C (or a kill) to the whole process group, then waits until every process of it is gone. */
async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT'): Promise<void> {
  const group = child.pid as number;
  try {
    process.kill(-group, signal);
  } catch {
    // Gone already.
  }
  for (let waited = 0; waited < 60_000 && isAlive(-group); waited += 100) await new Promise((done) => setTimeout(done, 100));
  running.delete(child);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function signIn(port: number, username: string): Promise<{ status: number; sessionCode?: string; username?: string }> {
  const query = new URLSearchParams({ username, password: DEMO_PASSWORD });
  const res = await fetch(`http://127.0.0.1:${port}/api/Sessions/Login?${query}`, { method: 'POST' });
  const body = (await res.json()) as { sessionCode?: string; userDTO?: { username?: string } };
  return { status: res.status, sessionCode: body.sessionCode, username: body.userDTO?.username };
}

async function sessionIsValid(port: number, sessionCode: string): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/api/Sessions/Check/?${new URLSearchParams({ sessionCode })}`, { method: 'POST' });
  return res.status === 200;
}

/**
 * Starts, signs in as every demo user, stops (the database stops with the app), starts again and
 * finds the session of the first run: the data is kept. Returns the cluster folder.
 */
async function startSignInStopRestart(clone: string): Promise<string> {
  const port = await freePort();
  const first = await start(clone, port);
  expect(first.output()).toMatch(/Creating the embedded PostgreSQL database/);
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(health.status).toBe(200);
  const sessions = new Map<string, string | undefined>();
  for (const username of demoUsers) {
    const result = await signIn(port, username);
    expect({ username, status: result.status, signedInAs: result.username }).toEqual({ username, status: 200, signedInAs: username });
    sessions.set(username, result.sessionCode);
  }
  const postmaster = Number(readFileSync(join(first.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  expect(isAlive(postmaster)).toBe(true);
  await stop(first.child);
  // Stopping the app stopped its database, cleanly (a clean stop removes its pid file).
  expect(isAlive(postmaster)).toBe(false);
  expect(existsSync(join(first.clusterDir, 'postmaster.pid'))).toBe(false);

  // Started again as a person would, with the packages installed: the command's last step.
  const second = await start(clone, port, startCommand.split('&&').at(-1)?.trim());
  expect(second.clusterDir).toBe(first.clusterDir);
  expect(second.output()).not.toMatch(/Creating the embedded PostgreSQL database|demo: done/);
  expect(await sessionIsValid(port, sessions.get('superadmin') as string)).toBe(true);
  expect((await signIn(port, 'manager2')).status).toBe(200);
  await stop(second.child);
  return first.clusterDir;
}

describe.skipIf(!isRoot)('`npm install && npm start` from a fresh clone, as root (skipped unless run as root; CI runs as root)', () => {
  it('reads the start command and the demo users from the README', () => {
    expect(startCommand).toBe('npm install && npm start');
    expect(demoUsers).toEqual(expect.arrayContaining(['superadmin', 'manager', 'manager2', 'noroles']));
  });

  it(
    'in a private folder (0700, as /root is): keeps the database in a folder of its own the postgres user owns, and the private folder private',
    async () => {
      const privateFolder = mkdtempSync(join(tmpdir(), 'salon-private-'));
      folders.push(privateFolder);
      expect(statSync(privateFolder).mode & 0o777).toBe(0o700);
      const clone = cloneInto(privateFolder);
      const clusterDir = await startSignInStopRestart(clone);
      expect(dirname(dirname(clusterDir))).toBe(SYSTEM_CLUSTERS);
      expect(readFileSync(join(clone, 'data', dataLayout.location), 'utf8').trim()).toBe(clusterDir);
      expect(existsSync(join(clone, 'data', dataLayout.cluster))).toBe(false);
      expect(statSync(clusterDir).uid).not.toBe(0);
      expect(statSync(privateFolder).mode & 0o777).toBe(0o700);
    },
    SLOW,
  );

  it(
    'in an ordinary folder: keeps the database in DATA_DIR (./data/postgres)',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'salon-open-'));
      folders.push(folder);
      chmodSync(folder, 0o755);
      const clone = cloneInto(folder);
      // The web app the previous test built, when there is one: `npm start` builds it only when it is older than its sources.
      const built = folders
        .map((f) => join(f, 'salon/packages/web/dist'))
        .find((dist) => dist !== join(clone, 'packages/web/dist') && existsSync(dist));
      if (built) {
        cpSync(built, join(clone, 'packages/web/dist'), { recursive: true });
        const now = new Date();
        utimesSync(join(clone, 'packages/web/dist/index.html'), now, now);
      }
      const clusterDir = await startSignInStopRestart(clone);
      expect(clusterDir).toBe(join(clone, 'data', dataLayout.cluster));
      expect(existsSync(join(clone, 'data', dataLayout.location))).toBe(false);
    },
    SLOW,
  );
});
