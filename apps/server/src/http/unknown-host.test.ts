import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import { getAs } from '../test/auth.js';
import { PLATFORM_CACHE_MAX, platformCacheSize } from './platform.js';

/** Per host: the design (public API), the platform lookup by front hostname, and a file link there. */
async function answersOn(env: Record<string, string>, hosts: string[]) {
  const test = await createTestApp({ env });
  try {
    const answers = [];
    for (const host of hosts) {
      const design = await getAs(test.app, '/api/fr/app/design', undefined, host);
      const lookup = await getAs(test.app, `/api/fr/app/platform?frontHostname=${host}`);
      const file = await getAs(test.app, '/inline-file/path-name-nothing.png/original-name-x.png', undefined, host);
      answers.push({ design: design.statusCode, body: design.json(), lookup: lookup.statusCode, file: file.statusCode });
    }
    return answers;
  } finally {
    await test.close();
  }
}

describe('a request for an unknown host', () => {
  it('is answered 404 when the demo is not explicitly on, while the demo keeps its own hostname, localhost', async () => {
    // LEA_DEMO unset is a fresh `npm start`; its demo platform answers on http://localhost:3000.
    const [unknown, local] = await answersOn({ LEA_DEMO: '' }, ['other.example.org', 'localhost']);
    expect(unknown).toEqual({
      design: 404,
      body: { code: 404, message: 'Aucune plateforme pour other.example.org' },
      lookup: 404,
      file: 404,
    });
    expect(local).toMatchObject({ design: 200, body: { hostname: 'localhost' }, lookup: 200 });
  });

  it('is answered 404 with LEA_DEMO=0', async () => {
    const [unknown] = await answersOn({ LEA_DEMO: '0' }, ['other.example.org']);
    expect(unknown).toMatchObject({ design: 404, lookup: 404, file: 404 });
  });

  it('falls back to the default platform with LEA_DEMO=1 (the demo on 127.0.0.1: Playwright and the bench)', async () => {
    const [fallback] = await answersOn({ LEA_DEMO: '1' }, ['127.0.0.1']);
    expect(fallback).toMatchObject({ design: 200, body: { hostname: 'localhost' }, lookup: 200 });
  });
});

describe('the hostname cache', () => {
  it('stays bounded under a flood of made-up hostnames, and still answers the known one', async () => {
    const test = await createTestApp({ env: { LEA_DEMO: '' } });
    try {
      for (let index = 0; index < PLATFORM_CACHE_MAX + 50; index++) {
        expect((await getAs(test.app, '/api/fr/app/design', undefined, `made-up-${index}.example.org`)).statusCode).toBe(404);
      }
      expect(platformCacheSize()).toBeLessThanOrEqual(PLATFORM_CACHE_MAX);
      expect((await getAs(test.app, '/api/fr/app/design', undefined, 'localhost')).statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });
});
