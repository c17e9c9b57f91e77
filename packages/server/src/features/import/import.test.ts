import { IMPORT_KINDS } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, signIn, type TestApp } from '../../test/helpers.js';
import { importFile, sampleFile } from '../../test/import-helpers.js';

let t: TestApp;
let code: string;

beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.db, 'chief', null, ['SUPERADMIN']);
  code = await signIn(t.app, 'chief');
});
afterAll(async () => t?.close());

describe('the sample files on an empty database', () => {
  it('import in dependency order', async () => {
    for (const kind of IMPORT_KINDS) {
      const job = await importFile(t.app, code, 1, kind, `${kind}.csv`, sampleFile(kind));
      expect({ kind, status: job.status, errors: job.errors, message: job.message }).toEqual({
        kind,
        status: 'SUCCEEDED',
        errors: [],
        message: null,
      });
    }
  });
});
