import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platforms } from '../../db/schema/index.js';
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

  it('names and colours another hostname’s app by its own platform, black when its colour is not a colour', async () => {
    await test.app.ctx.db
      .insert(platforms)
      .values({ hostname: 'manifest-autre.example.com', name: 'Un CFA au nom plutôt long', principalColor: 'red' });
    const response = await test.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'manifest-autre.example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Un CFA au nom plutôt long', short_name: 'lea', theme_color: '#000000' });
  });
});

describe('GET /manifest.webmanifest (demo off)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { LEA_DEMO: '0' } });
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers 404 {code, message} for a hostname no platform owns', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'nowhere-prod.example.org' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: expect.stringContaining('nowhere-prod.example.org') });
  });
});
