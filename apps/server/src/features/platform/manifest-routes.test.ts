import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The installable app (decision 037): named and coloured by the platform's design, with the generated icons. */
describe('GET /manifest.webmanifest', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers the platform’s name and colour as a web manifest, revalidated on each use', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = response.json<{
      name: string;
      theme_color: string;
      display: string;
      start_url: string;
      icons: { sizes: string; purpose: string }[];
    }>();
    expect(manifest).toMatchObject({
      name: 'CFA Campus Demo',
      theme_color: '#1c5d99',
      display: 'standalone',
      start_url: '/dashboard/home',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });
});
