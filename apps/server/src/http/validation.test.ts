import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lea/shared';
import { callAs, createQuestionnaireFixture } from '../features/questionnaire/test-fixtures.js';
import { tokenFor, userIdOf } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { findUnstorableText } from './validation.js';

const refused = (field: string, message: string = MESSAGES.forbiddenCharacter) => ({
  code: 400,
  message: 'Requête invalide',
  errors: [{ field, message }],
});

describe('bad input is a 400 with field messages, never a 500', () => {
  let test: TestApp;
  let admin: string;
  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
  });
  afterAll(async () => test?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token?: string) =>
    test.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { host: 'localhost', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('refuses a NUL in a body, a query string or a path parameter, naming the field, on root routes too', async () => {
    const cases: [Awaited<ReturnType<typeof call>>, string][] = [
      [await call('POST', '/api/login_check', { username: 'admin\u0000', password: 'x' }), 'username'],
      [await call('POST', '/api/fr/app/user/ask-reset-password', { username: 'a\u0000b' }), 'username'],
      [await call('GET', '/api/fr/ufauser/check_username?username=a%00b'), 'username'],
      [await call('GET', '/download-file/path-name-a%00b/original-name-x.pdf'), 'pathName'],
      [await call('GET', '/inline-file/path-name-x/original-name-%00'), 'originalName'],
      [await call('GET', '/api/fr/app/training/list?search=%00', undefined, admin), 'search'],
    ];
    for (const [response, field] of cases) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused(field));
    }
  });

  it('refuses a lone UTF-16 surrogate, which jsonb cannot store, as it refuses a NUL', async () => {
    const fixture = await createQuestionnaireFixture(test.app);
    const answer = { draft: 1, profile: 1, version: 0, answers: [{ questionId: fixture.ids.shortText, value: 'a\ud800' }] };
    const response = await callAs(
      test.app,
      await tokenFor(test.app, 'apprenti'),
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      answer,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused('answers.0.value'));
  });

  it('answers a malformed escape in the path, which the router refuses, in the API error shape', async () => {
    const response = await call('GET', '/api/fr/app/user/info/%E0%A4%A', undefined, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: expect.stringContaining('not a valid url component') });
  });

  it('names a NUL nested in a body by its path, keys included', () => {
    expect(findUnstorableText({ personalAddress: { city: 'Lyon\u0000' } })).toBe('personalAddress.city');
    expect(findUnstorableText({ answers: [{ value: 'ok' }, { value: ['a', 'b\u0000'] }] })).toBe('answers.1.value.1');
    expect(findUnstorableText({ form: { 'na\u0000me': 'x' } })).toBe('form.na\u0000me');
    expect(findUnstorableText({ title: 'no nul', emoji: '😀', count: 3, flag: null })).toBeNull();
    expect(findUnstorableText({ title: 'low \udc00 alone' })).toBe('title');
    let deep: unknown = 'end\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)*$/);
  });

  it('refuses ids beyond PostgreSQL int4 in paths, queries and bodies', async () => {
    const info = await call('GET', '/api/fr/app/user/info/2147483648', undefined, admin);
    expect(info.statusCode).toBe(400);
    expect(info.json().errors[0].field).toBe('id');
    expect((await call('GET', '/api/fr/app/user/info/2147483647', undefined, admin)).statusCode).toBe(404);
    const page = await call('GET', '/api/fr/app/training/list?page=99999999999999999999', undefined, admin);
    expect(page.statusCode).toBe(400);
    expect(page.json().errors[0].field).toBe('page');
    const photo = await call('PUT', `/api/fr/app/user/put/${await userIdOf(test.app, 'admin')}`, { photo: 2147483648 }, admin);
    expect(photo.statusCode).toBe(400);
    expect(photo.json().errors[0].field).toBe('photo');
  });
});
