import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, COMPRESS_THRESHOLD_BYTES } from './compression.js';
import { tokenFor } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Issue 18 §4: answers over a few KB are compressed as the client accepts; small ones and event streams are not. */
describe('compressed answers', () => {
  let test: TestApp;
  let token: string;
  let listUrl: string;

  beforeAll(async () => {
    test = await createTestApp();
    token = await tokenFor(test.app, 'apprenti');
    const courses = await get('/api/fr/app/training/list?archive=1');
    const courseId = (JSON.parse(courses.body) as { trainingCourses: { id: number }[] }).trainingCourses[0]!.id;
    const triads = await get(`/api/fr/app/triad/list/${courseId}`);
    const triadId = (JSON.parse(triads.body) as { triads: { id: number }[] }).triads[0]!.id;
    listUrl = `/api/fr/app/questionnaire/list/${triadId}`;
  });
  afterAll(() => test.close());

  const get = (url: string, encoding?: string) =>
    test.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends a large answer in brotli or gzip, as asked, with the same content', async () => {
    const plain = await get(listUrl);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await get(listUrl, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await get(listUrl, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
  });

  it('leaves a small answer as it is', async () => {
    const me = await get('/api/fr/app/user/me', 'br, gzip');
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(me.headers['content-encoding']).toBeUndefined();
  });
});

describe('the encoding a remembered answer is sent with (decision 042)', () => {
  it('prefers brotli, honours zero qualities, the wildcard and x-no-compression', () => {
    expect(acceptedEncoding('gzip, deflate, br', false)).toBe('br');
    expect(acceptedEncoding('gzip, br;q=0', false)).toBe('gzip');
    expect(acceptedEncoding('*', false)).toBe('br');
    expect(acceptedEncoding('*;q=0, gzip', false)).toBe('gzip');
    expect(acceptedEncoding('identity', false)).toBeNull();
    expect(acceptedEncoding('br', true)).toBeNull();
    expect(acceptedEncoding(undefined, false)).toBeNull();
  });
});
