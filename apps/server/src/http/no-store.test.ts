import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { getAs, tokenFor } from '../test/auth.js';

describe('Cache-Control of API answers', () => {
  let test: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A stand-in for the built web app, to check that its assets keep their own caching.
    webDist = mkdtempSync(join(tmpdir(), 'lea-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>lea</title>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');
    test = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await test.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers every /api/ call with no-store, errors included', async () => {
    const token = await tokenFor(test.app, 'apprenti');
    const answers = [
      await getAs(test.app, '/api/fr/app/design'),
      await getAs(test.app, '/api/fr/app/user/me', token),
      await getAs(test.app, '/api/fr/app/user/me'),
      await getAs(test.app, '/api/fr/app/user/me', 'not-a-token'),
      await getAs(test.app, '/api/fr/app/no-such-route', token),
      await getAs(test.app, '/api/xx/app/design'),
      await getAs(test.app, '/api/fr/app/user/info/abc', token),
      await test.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'apprenti', password: 'wrong password' } }),
      await test.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 42 } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 401, 404, 404, 400, 401, 400]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('leaves the web app its own caching', async () => {
    const asset = await test.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).not.toContain('no-store');
  });
});
