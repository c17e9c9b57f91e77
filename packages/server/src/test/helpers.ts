import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/connect.js';
import type { Db, Role } from '../db/database.js';
import { hashPassword } from '../lib/password.js';
import { runAdmin, withDatabase } from './server-admin.js';

/** The server and template database of this test run (test/global-setup.ts). */
export function testDatabaseServer(): { serverUrl: string; template: string } {
  return inject('testDatabases');
}

/**
 * A fresh, migrated database for one test file, copied from the run's template database on
 * the run's server (the embedded PostgreSQL, or DATABASE_URL's server), dropped on close.
 */
export async function createTestDatabase(poolSize = 4): Promise<DatabaseHandle> {
  const { serverUrl, template } = testDatabaseServer();
  const name = `salon_test_${randomBytes(6).toString('hex')}`;
  // Copying needs the template to itself: retry while another file's copy holds it.
  for (let attempt = 0; ; attempt++) {
    try {
      await runAdmin(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (err) {
      if (attempt >= 50 || !/being accessed by other users/.test((err as Error).message)) throw err;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  const handle = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), poolSize });
  return {
    ...handle,
    async close() {
      await handle.close();
      await runAdmin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), demo: false, sessionSecret: 'test-secret-test-secret-test-secret', webDist: '/nonexistent', ...overrides };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}, database?: DatabaseHandle): Promise<TestApp> {
  const handle = database ?? (await createTestDatabase());
  const app = await buildApp({ config: testConfig(overrides), database: handle });
  await app.ready();
  return {
    app,
    db: handle.db,
    database: handle,
    async close() {
      await app.close();
      if (!database) await handle.close();
    },
  };
}

const roleIds: Record<Role, number> = { SUPERADMIN: 1, ADMIN: 2, RECEPTIONIST: 3, SALESMARKETING: 4, IMAGE: 5, ASSISTANCE: 6 };

/** Inserts a user with these roles and the given password; returns its id. */
export async function insertUser(db: Db, username: string, salonId: number | null, roles: Role[], password = 'secret123'): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({ username, salon_id: salonId, password_hash: await hashPassword(password), first_name: username, last_name: 'Test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of roles) await db.insertInto('user_permissions').values({ user_id: id, permission_id: roleIds[role] }).execute();
  return id;
}

export async function insertSalon(db: Db, name: string, code: string): Promise<number> {
  const { id } = await db
    .insertInto('salons')
    .values({ name, code, city: 'Milano', opening_hours: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Two salons and a user for every role: the fixture the access tests share. */
export async function seedAccessFixture(db: Db) {
  const salon1 = await insertSalon(db, 'Salone Uno', 'S1');
  const salon2 = await insertSalon(db, 'Salone Due', 'S2');
  const users = {
    superadmin: await insertUser(db, 'superadmin', null, ['SUPERADMIN']),
    manager: await insertUser(db, 'manager', salon1, ['ADMIN']),
    reception: await insertUser(db, 'reception', salon1, ['RECEPTIONIST']),
    marketing: await insertUser(db, 'marketing', salon1, ['SALESMARKETING']),
    stylist: await insertUser(db, 'stylist', salon1, ['IMAGE']),
    assistant: await insertUser(db, 'assistant', salon1, ['ASSISTANCE']),
    manager2: await insertUser(db, 'manager2', salon2, ['ADMIN']),
    noroles: await insertUser(db, 'noroles', salon1, []),
  };
  return { salon1, salon2, users };
}

/** Signs in through the API and returns the session code. */
export async function signIn(app: FastifyInstance, username: string, password = 'secret123'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/Sessions/Login', query: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().sessionCode as string;
}
