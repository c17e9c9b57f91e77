import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/connect.js';
import type { Db } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: DatabaseHandle;
  }
}

/** Makes the database handle available as `app.db` to every route. */
export const dbPlugin = fp(async (app: FastifyInstance, { database }: { database: DatabaseHandle }) => {
  app.decorate('db', database.db);
  app.decorate('database', database);
});
