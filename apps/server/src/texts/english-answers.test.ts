import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createQuestionnaireFixture, type Fixture } from '../features/questionnaire/test-fixtures.js';
import { demoCourseId } from '../generic/test-helpers.js';

/** No French on /api/en/…: the catalogue's texts and the shared rules' messages answer in English. */
describe('answers on /api/en are in English', () => {
  let test: TestApp;
  let fixture: Fixture;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'apprenti2', 'manager']) tokens[username] = await tokenFor(test.app, username);
    fixture = await createQuestionnaireFixture(test.app);
  });
  afterAll(async () => {
    await test.close();
  });

  const call = (locale: 'fr' | 'en', username: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    test.app.inject({ method, url: `/api/${locale}${url}`, headers: { host: 'localhost', authorization: `Bearer ${tokens[username]}` }, ...(payload ? { payload } : {}) });

  it('404: an unknown questionnaire', async () => {
    const url = `/app/questionnaire/${fixture.triadId}/987654`;
    expect((await call('en', 'apprenti', 'GET', url)).json()).toEqual({ code: 404, message: 'Questionnaire not found' });
    expect((await call('fr', 'apprenti', 'GET', url)).json()).toEqual({ code: 404, message: 'Questionnaire introuvable' });
  });

  it('403: a questionnaire of another triad', async () => {
    const response = await call('en', 'apprenti2', 'GET', `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`);
    expect(response.json()).toEqual({ code: 403, message: 'Access denied' });
  });

  it('400: a bad body, with the field message of the shared rule', async () => {
    const response = await call('en', 'apprenti', 'POST', `/app/questionnaire/add-comment/${fixture.triadId}/${fixture.questionnaireId}/1`, { comment: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: 'Invalid request', errors: [{ field: 'comment', message: 'This field is required' }] });
  });

  it('an import report: the file field of the triad import', async () => {
    const course = await demoCourseId(test.app);
    const url = `/app/lea-manager/${course}/triad/import-post`;
    const empty = await call('en', 'manager', 'POST', url, { form: [{ code: 'import', form: {} }] });
    expect(empty.json()).toMatchObject({ hasError: true, validationErrors: [{ field: 'file', message: 'This field is required' }] });
    const french = await call('fr', 'manager', 'POST', url, { form: [{ code: 'import', form: {} }] });
    expect(french.json()).toMatchObject({ hasError: true, validationErrors: [{ field: 'file', message: 'Ce champ est obligatoire' }] });
  });
});
