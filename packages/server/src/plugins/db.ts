import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/connect.js';
import type { Db } from '../db/database.js';
import { type Refresher, startRefresher } from '../db/rollups/refresher.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: DatabaseHandle;
    /** Brings the stored rollups up to date after writes, off the writers' path (db/rollups/refresher.ts). */
    rollups: Refresher;
  }
}

/** Makes the database handle available as `app.db` to every route, and runs the rollup refresher while the app lives. */
export const dbPlugin = fp(async (app: FastifyInstance, { database }: { database: DatabaseHandle }) => {
  app.decorate('db', database.db);
  app.decorate('database', database);
  const refresher = startRefresher(database.db, database.url, {
    info: (message) => app.log.info(message),
    error: (message) => app.log.error(message),
  });
  app.decorate('rollups', refresher);
  app.addHook('onClose', async () => {
    await refresher.stop();
  });
});
