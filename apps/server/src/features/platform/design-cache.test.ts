import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadOf } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { eventually, openSecondProcess, type SecondProcess } from '../../test/second-process.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** GET /app/design and /app/data-agreement come from the shared cache (decision 033): a save is seen at once, everywhere. */
describe('the platform design and texts, cached', () => {
  let test: TestApp;
  let second: SecondProcess | null = null;
  let admin: string;

  beforeAll(async () => {
    test = await createTestApp();
    await test.app.ctx.cache.ready();
    second = await openSecondProcess(test);
    admin = await tokenFor(test.app, 'admin');
  });
  afterAll(async () => {
    await second?.close();
    await test.close();
  });

  const call = (app: FastifyInstance, method: 'GET' | 'PUT', path: string, payload?: object) =>
    app.inject({ method, url: `/api/fr/app${path}`, headers: { authorization: `Bearer ${admin}` }, ...(payload ? { payload } : {}) });
  const design = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/fr/app/design' })).json<{ principalColor: string }>();
  const agreement = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/fr/app/data-agreement' })).json<{ legalNotice: string | null }>();

  it('shows a saved colour on the next read of this process and of another one', async () => {
    const before = await design(test.app);
    if (second) expect((await design(second.app)).principalColor).toBe(before.principalColor);
    const model = (await call(test.app, 'GET', '/admin/design/unique-form')).json();
    const saved = (await call(test.app, 'PUT', '/admin/design/unique-post', payloadOf(model, { principalColor: '#0a7c3e' }))).json();
    expect(saved.hasError).toBe(false);
    expect((await design(test.app)).principalColor).toBe('#0a7c3e');
    if (second) await eventually(async () => (await design(second!.app)).principalColor === '#0a7c3e');
  });

  it('shows a new legal notice in the data agreement and the design', async () => {
    await agreement(test.app);
    if (second) await agreement(second.app);
    const model = (await call(test.app, 'GET', '/admin/data-agreement/unique-form')).json();
    const saved = (
      await call(test.app, 'PUT', '/admin/data-agreement/unique-post', payloadOf(model, { legalNotice: '<p>Mentions, version 2</p>' }))
    ).json();
    expect(saved.hasError).toBe(false);
    expect((await agreement(test.app)).legalNotice).toContain('version 2');
    expect((await design(test.app)) as unknown).toMatchObject({ legalNotice: expect.stringContaining('version 2') });
    if (second) await eventually(async () => ((await agreement(second!.app)).legalNotice ?? '').includes('version 2'));
  });
});
