import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../test/helpers.js';
import { inlineScriptHashes } from './security-headers.js';

const BOOT = "(function () { document.documentElement.dataset.boot = 'yes'; })();";
const OTHER = '\n  console.log("forgot");\n';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let t: TestApp;
let webDist: string;
let code: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'web-dist-csp-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title><script type="module" src="/assets/index-abc.js"></script>');
  writeFileSync(join(webDist, 'login.html'), `<!doctype html><title>login</title><script>${BOOT}</script>`);
  writeFileSync(join(webDist, 'forgot-password.html'), `<!doctype html><title>forgot</title><script >${OTHER}</script >`);
  writeFileSync(join(webDist, 'assets', 'index-abc.js'), 'console.log(1);');
  writeFileSync(join(webDist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist });
  await seedAccessFixture(t.db);
  code = await signIn(t.app, 'manager');
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The directives of a CSP header by name. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('security headers', () => {
  it('are on every answer: API, errors, static files, the pages, the docs', async () => {
    const requests = [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: `/api/Salons/${code}` },
      { method: 'GET', url: '/api/Salons/s1.forged.1.x' },
      { method: 'POST', url: `/api/Users/${code}`, payload: { nope: 1 } },
      { method: 'GET', url: '/api/NoSuchThing' },
      { method: 'GET', url: `/api/Users/${code}/%ZZ` },
      { method: 'GET', url: '/assets/index-abc.js' },
      { method: 'GET', url: '/logo.svg' },
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/login' },
      { method: 'GET', url: '/Salon-Recap?salonId=1' },
      { method: 'POST', url: '/login' },
      { method: 'GET', url: '/api/docs' },
      { method: 'GET', url: '/api/docs/json' },
      { method: 'GET', url: '/api/docs/static/index.html' },
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject(request);
      const label = `${request.method} ${request.url} (${res.statusCode})`;
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      expect(res.headers['x-frame-options'], label).toBe('DENY');
      expect(res.headers['referrer-policy'], label).toBe('no-referrer');
      expect(directives(res.headers['content-security-policy'])['frame-ancestors'], label).toEqual(["'none'"]);
    }
  });

  it('let API answers load nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Salons/${code}` });
    expect(directives(res.headers['content-security-policy'])['default-src']).toEqual(["'none'"]);
  });

  it("let the pages run only this server's scripts and their own inline boot script, by hash", async () => {
    for (const [url, hashes] of [
      ['/', []],
      ['/some/route', []],
      ['/login', [sha256(BOOT)]],
      ['/login.html', [sha256(BOOT)]],
      ['/forgot-password', [sha256(OTHER)]],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual(["'self'", ...hashes]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['base-uri'], url).toEqual(["'none'"]);
      // MUI (emotion) inserts <style> elements at run time.
      expect(csp['style-src'], url).toEqual(["'self'", "'unsafe-inline'"]);
    }
  });

  it("keep a page's CSP on a 304: the browser would otherwise take the API's onto its cached page", async () => {
    const first = await t.app.inject({ method: 'GET', url: '/login' });
    const again = await t.app.inject({ method: 'GET', url: '/login', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(directives(again.headers['content-security-policy'])['script-src']).toEqual(["'self'", sha256(BOOT)]);
  });

  it('follow a rebuild of the pages under the running server', async () => {
    const rebuilt = "document.documentElement.dataset.build = '2';";
    writeFileSync(join(webDist, 'login.html'), `<!doctype html><title>login</title><script>${rebuilt}</script><!-- longer -->`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/login' });
      expect(directives(res.headers['content-security-policy'])['script-src']).toEqual(["'self'", sha256(rebuilt)]);
    } finally {
      writeFileSync(join(webDist, 'login.html'), `<!doctype html><title>login</title><script>${BOOT}</script>`);
    }
  });

  it('keep /api/docs and its OpenAPI document out of every cache, with a CSP of their own', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html', '/api/docs/static/swagger-ui.css']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
    }
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the body of each script without src, as the browser does', () => {
    const html = `<script type="module" src="/a.js"></script><script>${BOOT}</script><SCRIPT type="text/javascript">x()</SCRIPT>`;
    expect(inlineScriptHashes(html).map((hash) => `'${hash}'`)).toEqual([sha256(BOOT), sha256('x()')]);
  });
});
