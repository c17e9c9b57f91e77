import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface EmbeddedServer {
  port: number;
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  error(msg: string): void;
}

const script = fileURLToPath(new URL('./pglite-server.mjs', import.meta.url));

function spawnChild(dataDir: string | undefined, port: number): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], {
      env: { ...process.env, PGLITE_DATA_DIR: dataDir ?? '', PGLITE_PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [],
    });
    const onExit = (code: number | null) => reject(new Error(`embedded database exited during start (code ${code})`));
    child.once('exit', onExit);
    child.on('message', (message: { type: string; port?: number; message?: string }) => {
      if (message.type === 'ready' && message.port) {
        child.off('exit', onExit);
        resolve({ child, port: message.port });
      } else if (message.type === 'error') {
        child.off('exit', onExit);
        reject(new Error(message.message));
      }
    });
  });
}

/**
 * Starts PGlite in a child process (in memory when dataDir is undefined), restarts it on the
 * same port if it dies, and stops it cleanly (flushing the data folder) on stop().
 */
export async function startEmbeddedServer(dataDir: string | undefined, log: Logger): Promise<EmbeddedServer> {
  let { child, port } = await spawnChild(dataDir, 0);
  let stopping = false;
  let restarts = 0;

  const watch = (proc: ChildProcess) => {
    proc.once('exit', (code, signal) => {
      if (stopping) return;
      log.error(`embedded database stopped unexpectedly (code ${code}, signal ${signal}); restarting`);
      if (++restarts > 5) {
        log.error('embedded database keeps failing; giving up');
        process.exit(1);
      }
      spawnChild(dataDir, port).then(
        (next) => {
          child = next.child;
          watch(child);
          log.info('embedded database restarted');
        },
        (err: Error) => {
          log.error(`embedded database restart failed: ${err.message}`);
          process.exit(1);
        },
      );
    });
  };
  watch(child);

  return {
    port,
    async stop() {
      if (stopping) return;
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send({ type: 'stop' });
      });
    },
  };
}
