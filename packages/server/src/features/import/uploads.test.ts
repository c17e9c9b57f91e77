import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, signIn, type TestApp } from '../../test/helpers.js';
import { importFile } from '../../test/import-helpers.js';

let t: TestApp;
let dataDir: string;
let code: string;
const MAX = 1024 * 1024;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'salon-uploads-'));
  mkdirSync(join(dataDir, 'uploads'));
  // Left by a process that is gone (no process has pid 2^22 + 1 on Linux's default pid_max), and by a live one (ours... the test runner's parent).
  writeFileSync(join(dataDir, 'uploads', '4194305-deadbeef.csv'), 'half an import');
  writeFileSync(join(dataDir, 'uploads', `${process.ppid}-alive.csv`), 'another server still reading it');
  t = await createTestApp({ dataDir, importMaxBytes: MAX });
  await insertUser(t.db, 'chief', null, ['SUPERADMIN']);
  code = await signIn(t.app, 'chief');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads', () => {
  it('go under DATA_DIR/uploads; what a dead process left there is removed on start, a live one’s kept', () => {
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual([`${process.ppid}-alive.csv`]);
  });

  it('are removed when their job ends', async () => {
    const job = await importFile(
      t.app,
      code,
      1,
      'salons',
      'salons.csv',
      'external_id;code;name;city;address;postal_code;time_zone;active_client_days;lost_client_days\nS-X;X1;X;Milano;Via 1;20123;Europe/Rome;90;180\n',
      { dryRun: 'true' },
    );
    expect(job.jobId).toBeGreaterThan(0);
    for (let i = 0; i < 100 && readdirSync(join(dataDir, 'uploads')).length > 1; i++) await new Promise((done) => setTimeout(done, 50));
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual([`${process.ppid}-alive.csv`]);
  });

  it('answer 413 from a Content-Length over the limit before the body is sent', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((done, fail) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/Import/${code}/1/salons HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${600 * 1024 * 1024}\r\n\r\n`,
        );
      });
      let text = '';
      const timer = setTimeout(() => {
        socket.destroy();
        fail(new Error('no answer within 5 s: the server waited for the body'));
      }, 5000);
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.includes('\r\n\r\n')) {
          clearTimeout(timer);
          socket.destroy();
          done(text);
        }
      });
      socket.on('error', fail);
    });
    expect(answer).toMatch(/^HTTP\/1.1 413/);
    expect(existsSync(join(dataDir, 'uploads'))).toBe(true);
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual([`${process.ppid}-alive.csv`]);
  });
});
