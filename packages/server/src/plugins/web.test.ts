import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlib } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), `<!doctype html><title>app</title>${'<!-- padding -->'.repeat(200)}`);
  writeFileSync(join(webDist, 'login.html'), `<!doctype html><title>login</title>${'<!-- padding -->'.repeat(200)}`);
  writeFileSync(join(webDist, 'assets', 'index-abc.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(join(webDist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('compression', () => {
  it('brotli-compresses a JSON answer at quality 1 (quality 4 cost more than the query on a year report)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(res.rawPayload);
    expect(JSON.parse(json.toString()).openapi).toMatch(/^3\./);
    const quality = (q: number) =>
      brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: q } });
    expect(res.rawPayload.equals(quality(1))).toBe(true);
    expect(res.rawPayload.equals(quality(4))).toBe(false);
  });

  it('compresses a large JSON answer in one call, so it carries its compressed length (a zlib stream would send it chunked)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    // Larger than the plugin's own threshold for one-call compression on 2 cores (8 KB).
    expect(gunzipSync(res.rawPayload).length).toBeGreaterThan(64 * 1024);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['transfer-encoding']).toBeUndefined();
  });
});

describe('serving the web app', () => {
  it('answers the SPA routes with index.html, compressed and not cached', async () => {
    for (const url of ['/', '/login', '/Salon-Recap?salonId=1', '/some/deep/path']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a prerendered page with its own HTML, and every other route with index.html', async () => {
    const titleOf = async (url: string) => /<title>(\w+)<\/title>/.exec((await t.app.inject({ method: 'GET', url })).body)?.[1];
    expect(await titleOf('/login')).toBe('login');
    expect(await titleOf('/login?redirect=x')).toBe('login');
    expect(await titleOf('/login.html')).toBe('login');
    expect(await titleOf('/Login')).toBe('app');
    expect(await titleOf('/login/more')).toBe('app');
    expect(await titleOf('/forgot-password')).toBe('app');
    expect(await titleOf('/index')).toBe('app');
  });

  it('serves hashed assets with a year of caching, and root files as they are', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const logo = await t.app.inject({ method: 'GET', url: '/logo.svg' });
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('keeps JSON 404s for unknown API paths and for other methods', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/NoSuchThing/x' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No such path for GET' });
    const post = await t.app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
    expect(post.json().statusCode).toBe(404);
  });

  it('never echoes the path or the query string in an error body: they can carry a session code', async () => {
    const code = 's1.SeCrEtRaNdOmPaRt0123456789abcdefghijklmnopq.1900000000.SiGnAtUrE0123456789abcdefghijklmnop';
    const requests = [
      { method: 'GET', url: `/api/Userz/${code}` },
      { method: 'GET', url: `/api/NoSuchThing?sessionCode=${code}` },
      { method: 'DELETE', url: `/api/Users/${code}` },
      { method: 'POST', url: `/login/${code}` },
      { method: 'PATCH', url: `/api/Users/${code}/1` },
      { method: 'GET', url: `/api/Users/${code}/%ZZ` },
      { method: 'GET', url: `/api/Users/${code}/${'x'.repeat(400)}` },
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject(request);
      expect(res.statusCode, request.url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, request.url).toBeLessThan(500);
      expect(res.body, request.url).not.toContain('SeCrEtRaNdOmPaRt');
      expect(res.body, request.url).not.toMatch(/Userz|NoSuchThing|login/);
    }
  });
});
