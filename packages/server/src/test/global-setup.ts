// Once per test run: a database server for every test file (the embedded PostgreSQL in a
// temporary DATA_DIR, or the server at DATABASE_URL) and a migrated template database there.
// Each test file then creates its own database from the template (test/helpers.ts), in
// milliseconds instead of migrating again.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connect.js';
import { type EmbeddedServer, startEmbeddedServer } from '../db/embedded.js';
import { runAdmin, withDatabase } from './server-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the test databases live on, and the migrated template to copy. */
    testDatabases: { serverUrl: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    dataDir = mkdtempSync(join(tmpdir(), 'salon-tests-'));
    embedded = await startEmbeddedServer(dataDir, { info: () => {}, error: (msg) => console.error(msg) });
    serverUrl = embedded.url;
  }
  const template = `salon_template_${randomBytes(5).toString('hex')}`;
  await runAdmin(serverUrl, `CREATE DATABASE ${template}`);
  const migrated = await openDatabase({ databaseUrl: withDatabase(serverUrl, template), poolSize: 1 });
  await migrated.close();
  project.provide('testDatabases', { serverUrl, template });

  return async () => {
    await runAdmin(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
