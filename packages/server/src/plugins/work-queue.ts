import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.js';

export interface WorkQueueOptions {
  /** Signed-in reads worked on at once (from arrival to their answer serialised and compressed). */
  concurrency: number;
  /** Calls waiting for a turn beyond which a new one is answered 503 at once. */
  maxQueued: number;
}

/** What a call turned away by a full queue is told, with Retry-After. */
export const BUSY_MESSAGE = 'The server is busy; try again in a few seconds.';
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** The queue's state, for tests and the bench. */
export interface WorkQueueState {
  running: number;
  queued: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    workQueue: WorkQueueState;
  }
}

/**
 * Bounds the signed-in reads (GET: reports, lists, exports) the process works on at once and queues the
 * rest in arrival order: the event loop then never holds more answers to build than `concurrency`, so a
 * public call (/api/health, sign-in, the web app's files) is answered between them instead of behind a
 * hundred of them. Writes are not queued (short, and an upload would hold a turn while it is received). A call's turn starts before its session is checked (onRequest, ahead of the auth
 * plugin) and ends when its answer is ready to write (onSend, after compression) or its connection
 * closes, whichever comes first; writing the bytes to a slow client holds no turn.
 */
export const workQueuePlugin = fp(async (app: FastifyInstance, { concurrency, maxQueued }: WorkQueueOptions) => {
  const state: WorkQueueState = { running: 0, queued: 0 };
  const waiting: (() => void)[] = [];
  app.decorate('workQueue', state);

  const next = () => {
    while (state.running < concurrency && waiting.length > 0) {
      state.running++;
      state.queued--;
      (waiting.shift() as () => void)();
    }
  };

  const turns = new WeakMap<FastifyRequest, () => void>();

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public' || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
    let phase: 'waiting' | 'working' | 'over' = 'waiting';
    const start = () => {
      phase = 'working';
      done();
    };
    const end = () => {
      if (phase === 'working') {
        state.running--;
        next();
      } else if (phase === 'waiting') {
        // Gone while waiting: its place is given up, its handler never runs.
        const at = waiting.indexOf(start);
        if (at >= 0) {
          waiting.splice(at, 1);
          state.queued--;
        }
      }
      phase = 'over';
      reply.raw.off('close', end);
    };
    if (state.running < concurrency && waiting.length === 0) {
      state.running++;
      phase = 'working';
    } else if (waiting.length >= maxQueued) {
      reply.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      return done(new HttpError(503, BUSY_MESSAGE));
    }
    turns.set(request, end);
    reply.raw.once('close', end);
    if (phase === 'working') return done();
    state.queued++;
    waiting.push(start);
  });

  app.addHook('onSend', async (request: FastifyRequest) => {
    turns.get(request)?.();
  });
});
