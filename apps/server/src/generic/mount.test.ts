import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { demoCourseId } from './test-helpers.js';

describe('generic calls: the mount parameters are part of every route schema', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test?.close());

  it('answers 400 naming `course` for a course id that is not an int4 id, on reads and writes alike', async () => {
    const headers = { host: 'localhost', authorization: `Bearer ${await tokenFor(test.app, 'manager')}` };
    for (const course of ['abc', '1.5', '0', '-1', '2147483648', '99999999999999999999']) {
      for (const [method, path] of [
        ['GET', 'crew/list'],
        ['GET', 'generic/triad/form/1'],
        ['DELETE', 'crew/delete/1'],
        ['PUT', 'crew/sort/1/0'],
      ] as const) {
        const response = await test.app.inject({ method, url: `/api/fr/app/lea-manager/${course}/${path}`, headers });
        expect(response.statusCode, `${method} ${course}/${path}`).toBe(400);
        expect(response.json().errors[0].field, `${method} ${course}/${path}`).toBe('course');
      }
    }
    const course = await demoCourseId(test.app);
    expect((await test.app.inject({ method: 'GET', url: `/api/fr/app/lea-manager/${course}/crew/list`, headers })).statusCode).toBe(200);
  });
});
