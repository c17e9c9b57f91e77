import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/today.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where "today" comes from for default dates (lib/today.ts): real time, or the day DEMO_TODAY pins. */
    clock: Clock;
  }
}

/** Makes the clock available as `app.clock` to every route. */
export const clockPlugin = fp(async (app: FastifyInstance, { clock }: { clock: Clock }) => {
  app.decorate('clock', clock);
});
