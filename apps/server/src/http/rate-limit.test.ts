import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lea/shared';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { tokenFor } from '../test/auth.js';

describe('the general rate limit', () => {
  let test: TestApp;
  let apprenti: string;
  let tuteur: string;
  beforeAll(async () => {
    test = await createTestApp({ env: { RATE_LIMIT_READS_PER_MINUTE: '4', RATE_LIMIT_WRITES_PER_MINUTE: '2' } });
    apprenti = await tokenFor(test.app, 'apprenti');
    tuteur = await tokenFor(test.app, 'tuteur');
  });
  afterAll(async () => {
    await test.close();
  });

  const read = (token: string | null, remoteAddress = '127.0.0.1', url = '/api/fr/app/user/me') =>
    test.app.inject({
      method: 'GET',
      url: token ? url : '/api/fr/app/design',
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  // A refused upload: a write that stores nothing.
  const write = (token: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${token}` },
      payload: { data: 'AAAA', originalName: 'a.exe' },
    });

  it('answers 429 with {code, message} and Retry-After past the reads of one user, and counts each user and the writes apart', async () => {
    for (let i = 0; i < 4; i++) expect((await read(apprenti)).statusCode).toBe(200);
    const refused = await read(apprenti);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Another address does not help the same user: the key is the token's subject.
    expect((await read(apprenti, '10.1.2.3')).statusCode).toBe(429);

    expect((await read(tuteur)).statusCode).toBe(200);

    expect((await write(apprenti)).statusCode).toBe(200);
    expect((await write(apprenti)).statusCode).toBe(200);
    const tooManyWrites = await write(apprenti);
    expect(tooManyWrites.statusCode).toBe(429);
    expect(tooManyWrites.json()).toEqual({ code: 429, message: MESSAGES.tooManyRequests });
  });

  it('keys anonymous calls by address', async () => {
    for (let i = 0; i < 4; i++) expect((await read(null, '192.0.2.10')).statusCode).toBe(200);
    expect((await read(null, '192.0.2.10')).statusCode).toBe(429);
    expect((await read(null, '192.0.2.11')).statusCode).toBe(200);
  });

  it('does not limit the web app outside the API and file links', async () => {
    for (let i = 0; i < 6; i++)
      expect((await test.app.inject({ method: 'GET', url: '/health', remoteAddress: '192.0.2.20' })).statusCode).toBe(200);
  });

  it('is on by default, generous for reads and stricter for writes, and 0 turns it off', async () => {
    const defaults = loadConfig({ JWT_SECRET: 'a-test-secret-of-enough-length-0123456789' }).rateLimit;
    expect(defaults).toEqual({ readsPerMinute: 1200, writesPerMinute: 300 });
    const unlimited = await createTestApp({ env: { RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_WRITES_PER_MINUTE: '0' } });
    try {
      const token = await tokenFor(unlimited.app, 'apprenti');
      for (let i = 0; i < 6; i++) {
        const answer = await unlimited.app.inject({
          method: 'GET',
          url: '/api/fr/app/user/me',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(answer.statusCode).toBe(200);
      }
    } finally {
      await unlimited.close();
    }
  });
});
