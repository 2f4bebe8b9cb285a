import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = 'console.log("the hashed entry chunk");'.repeat(20);

describe('Caching of the built web app (decision 034)', () => {
  let test: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A tiny stand-in for apps/web/dist: hashed assets (one pre-compressed), the HTML, the service worker.
    webDist = mkdtempSync(join(tmpdir(), 'lea-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>lea</title>');
    writeFileSync(join(webDist, 'assets', 'index-AbC123.js'), SCRIPT);
    writeFileSync(join(webDist, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(webDist, 'assets', 'index-AbC123.css'), 'body{margin:0}');
    writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
    writeFileSync(join(webDist, 'offline-shell.json'), '["/assets/index-AbC123.js"]');
    test = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await test.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });

  it('caches the hashed files under /assets for a year, immutable', async () => {
    for (const url of ['/assets/index-AbC123.js', '/assets/index-AbC123.css']) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('answers the pre-compressed copy when the browser accepts it, with the same caching', async () => {
    const answer = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(answer.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('revalidates the HTML, directly and as the SPA fallback', async () => {
    for (const url of ['/index.html', '/login', '/dashboard/home']) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('never makes the service worker or its file list immutable', async () => {
    for (const url of ['/sw.js', '/offline-shell.json']) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });
});
