import { describe, expect, it } from 'vitest';
import type { BackOfficeEntities } from '@lea/shared';
import { tokenFor } from '../test/auth.js';
import { managerClient, useManagerFixture } from './test-helpers.js';

/** GET …/generic/entities: what the web app draws the screens from, behind the area's gate. */
describe('describe call and the manager scope', () => {
  const fixture = useManagerFixture();

  it("describes the manager area's entities from their declarations, in the request's language", async () => {
    const answer = (await fixture.call('GET', '/generic/entities')).json() as BackOfficeEntities;
    expect(answer.area).toBe('manager');
    expect(answer.entities.map((entity) => entity.alias)).toEqual([
      'planning',
      'absence',
      'course-absence-config',
      'crew',
      'triad',
      'contract',
      'triad-user',
      'lea-user',
      'questionnaire-category',
      'training-course-module',
      'course-config',
      'skin',
      'template',
      'document',
      'skill-type',
      'skill-category',
      'skill-session',
      'skill',
      'skill-configuration',
      'unit',
      'subject',
      'lesson',
      'web-link',
    ]);
    const category = answer.entities.find((entity) => entity.alias === 'questionnaire-category');
    expect(category).toMatchObject({
      parent: null,
      screen: { path: 'questionnaire/category', back: null },
      titles: { list: 'Catégories de questionnaires', add: 'Ajouter une catégorie' },
      can: { list: true, remove: true, sort: true, copy: false, import: false },
    });
    expect(category?.bulkRemove).toBeNull();
    // The planning's multi-select deletes through its own call (spec 3 §7.1).
    expect(answer.entities.find((entity) => entity.alias === 'planning')?.bulkRemove).toEqual({
      path: 'planning/delete',
      field: 'plannings',
    });
    const contract = answer.entities.find((entity) => entity.alias === 'contract');
    expect(contract).toMatchObject({ parent: 'triad', screen: { path: 'triad/contract', back: null } });
    const english = (
      await managerClient(fixture.test.app, fixture.courseId, fixture.token, 'en')('GET', '/generic/entities')
    ).json() as BackOfficeEntities;
    expect(english.entities.find((entity) => entity.alias === 'triad')).toMatchObject({
      titles: { import: 'Import triads' },
      importTexts: { created: { other: '{count} triads created' } },
      can: { import: true, export: true, move: true },
    });
  });

  it('answers 403 for a course the caller does not run, 404 for an unknown course, 400 for a bad course id', async () => {
    const { app } = fixture.test;
    const otherCourse = managerClient(app, fixture.other.courseId, fixture.token);
    for (const path of ['/generic/entities', '/crew/list', '/questionnaire/category', '/generic/triad-user/list/1']) {
      expect((await otherCourse('GET', path)).statusCode, path).toBe(403);
    }
    expect((await managerClient(app, fixture.courseId, await tokenFor(app, 'apprenti'))('GET', '/generic/entities')).statusCode).toBe(403);
    expect((await managerClient(app, 2_000_000_000, fixture.token)('GET', '/generic/entities')).statusCode).toBe(404);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/fr/app/lea-manager/abc/generic/entities',
      headers: { authorization: `Bearer ${fixture.token}` },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('serves the declared spec paths with the generic services (categories, secondary users)', async () => {
    const form = (await fixture.call('GET', '/questionnaire/category/form')).json();
    const created = (
      await fixture.call('POST', '/questionnaire/category', [{ code: form.tabs[0].code, form: { title: 'Catégorie déclarée' } }])
    ).json();
    expect(created.hasError).toBe(false);
    const id = created.responses[0].object.id as number;
    const list = (await fixture.call('GET', '/questionnaire/category?limit=100')).json();
    expect(list.data.find((row: { id: number }) => row.id === id)).toMatchObject({ title: 'Catégorie déclarée', canRemove: true });
    expect(
      (await fixture.call('PUT', `/questionnaire/category/${id}`, [{ code: form.tabs[0].code, form: { title: 'Renommée' } }])).json()
        .hasError,
    ).toBe(false);
    expect((await fixture.call('DELETE', `/questionnaire/category/delete/${id}`)).json()).toMatchObject({ success: true });
    expect((await fixture.call('GET', '/questionnaire/category/form/0')).statusCode).toBe(400);
    expect((await fixture.call('DELETE', `/questionnaire/category/delete/${id}`)).statusCode).toBe(404);
  });
});
