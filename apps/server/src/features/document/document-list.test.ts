import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentCategoriesResponse, FormModel, Triad } from '@lea/shared';
import { trainingCourses } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { documentFixture } from './test-helpers.js';

describe('document lists, forms and the home block (spec 2 §2, §7)', () => {
  let test: TestApp;
  let fx: Awaited<ReturnType<typeof documentFixture>>;

  beforeAll(async () => {
    test = await createTestApp();
    fx = await documentFixture(test);
  });
  afterAll(async () => {
    await test.close();
  });

  const titles = (items: { title: string }[]) => items.map((item) => item.title);

  it('answers 401 without a token on every call', async () => {
    const id = fx.triad.id;
    for (const [method, path] of [
      ['GET', '/app/document/categories'],
      ['GET', `/app/document/${id}/general/list`],
      ['GET', `/app/document/${id}/document/form`],
      ['POST', '/api/document/post'],
      ['POST', '/api/document/remove'],
    ] as const) {
      const response = await fx.call(null, method, path, method === 'POST' ? { triad: id, id: 1, title: 'x' } : undefined);
      expect(response.statusCode, path).toBe(401);
    }
  });

  it('lists the platform categories in their order', async () => {
    const response = await fx.call('apprenti', 'GET', '/app/document/categories');
    expect(DocumentCategoriesResponse.parse(response.json()).categories.map((c) => c.code)).toEqual([
      'general',
      'pedagogic',
      'administrative',
    ]);
  });

  it("lists a category's documents the caller may see, the course's shared ones included, newest first", async () => {
    const apprentice = await fx.list('apprenti', 'pedagogic');
    expect(apprentice.canAdd).toBe(true);
    expect(titles(apprentice.documents)).toEqual([
      "Rapport d'activité du premier semestre",
      'Compte rendu de la visite de novembre',
      'Référentiel du BTS SIO',
    ]);
    const [own, tutors, shared] = apprentice.documents;
    expect(own).toMatchObject({
      canEdit: true,
      canDelete: true,
      shared: false,
      uploader: { fullName: 'Lucas Martin' },
      uploaderProfile: 1,
      rights: [1, 2, 4],
    });
    expect(own?.file?.url).toMatch(
      /^\/download-file\/path-name-.+\.pdf\/original-name-rapport-activite-s1\.pdf\?expires=\d+&user=\d+&signature=[\w-]+$/,
    );
    expect(tutors).toMatchObject({ canEdit: false, canDelete: false, uploaderProfile: 2 });
    expect(shared).toMatchObject({ shared: true, canEdit: false, canDelete: false, category: { code: 'pedagogic' } });

    // The tutor reads the apprentice's report but may not change it; the master is not in its rights.
    const tutor = await fx.list('tuteur', 'pedagogic');
    expect(tutor.documents.find((item) => item.title.startsWith('Rapport'))).toMatchObject({ canEdit: false, canDelete: false });
    expect(titles((await fx.list('maitre', 'pedagogic')).documents)).toEqual([
      'Compte rendu de la visite de novembre',
      'Référentiel du BTS SIO',
    ]);

    // Rights [1, 4]: the apprentice and the managers only.
    expect(titles((await fx.list('apprenti', 'administrative')).documents)).toEqual(['Fiche de renseignements administratifs']);
    expect((await fx.list('tuteur', 'administrative')).documents).toEqual([]);
    const manager = await fx.list('manager', 'administrative');
    expect(titles(manager.documents)).toEqual(['Fiche de renseignements administratifs']);
    expect(manager.canAdd).toBe(false);
    expect((await fx.list('admin', 'pedagogic')).canAdd).toBe(false);
    // A secondary user reads as the apprentice's side.
    expect((await fx.list('parent', 'pedagogic')).documents).toHaveLength(3);
  });

  it('lists the notes under the note code, and downloads a listed file', async () => {
    const notes = await fx.list('maitre', 'note');
    expect(titles(notes.documents)).toEqual(["Congés d'été", 'Préparer la soutenance du projet', 'Questions pour la première visite']);
    expect(notes.documents[0]).toMatchObject({ type: 2, file: null, category: null, canEdit: true, text: expect.stringContaining('août') });
    const url = (await fx.list('maitre', 'general')).documents[0]?.file?.url ?? '';
    const file = await test.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body.startsWith('%PDF-')).toBe(true);
  });

  it('answers 404 for an unknown triad or category and 403 outside the triad', async () => {
    expect((await fx.call('apprenti', 'GET', '/app/document/999999/general/list')).statusCode).toBe(404);
    expect((await fx.call('apprenti', 'GET', `/app/document/${fx.triad.id}/unknown/list`)).statusCode).toBe(404);
    expect((await fx.call('apprenti2', 'GET', `/app/document/${fx.triad.id}/general/list`)).statusCode).toBe(403);
    expect((await fx.call('apprenti2', 'GET', `/app/document/${fx.triad.id}/document/form`)).statusCode).toBe(403);
    expect((await fx.call('apprenti', 'GET', `/app/document/${fx.triad.id}/other/form`)).statusCode).toBe(400);
  });

  it('serves the document and note forms, preselects a category and fills an edit for its author only', async () => {
    const form = FormModel.parse(
      (await fx.call('apprenti', 'GET', `/app/document/${fx.triad.id}/document/form?category=general`, undefined, 'en')).json(),
    );
    const fields = form.tabs[0]?.fields ?? [];
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['title', 'text', true],
      ['documentFile', 'file', true],
      ['category', 'select', true],
      ['rights', 'checkboxgroup', true],
      ['visibleHomeLea', 'checkbox', false],
      ['notif', 'checkbox', false],
    ]);
    expect(fields[2]?.choices?.map((c) => c.label)).toEqual(['General', 'Pedagogic', 'Administrative']);
    expect(fields[2]?.value).toBe(String(fx.categoryId('general')));
    expect(fields[3]?.value).toEqual(['1', '2', '3', '4']);

    const note = FormModel.parse((await fx.call('apprenti', 'GET', `/app/document/${fx.triad.id}/note/form`)).json());
    expect(note.tabs[0]?.fields.map((f) => [f.name, f.kind, f.label])).toEqual([
      ['title', 'text', 'Titre'],
      ['note', 'textarea', 'Texte'],
    ]);

    const report = (await fx.list('apprenti', 'pedagogic')).documents[0];
    const edit = FormModel.parse((await fx.call('apprenti', 'GET', `/app/document/${fx.triad.id}/document/form?id=${report?.id}`)).json());
    expect(edit.tabs[0]?.fields.map((f) => f.value)).toEqual([
      "Rapport d'activité du premier semestre",
      { id: report?.file?.id, originalName: 'rapport-activite-s1.pdf' },
      String(fx.categoryId('pedagogic')),
      ['1', '2', '4'],
      false,
      false,
    ]);
    expect((await fx.call('tuteur', 'GET', `/app/document/${fx.triad.id}/document/form?id=${report?.id}`)).statusCode).toBe(403);
    expect((await fx.call('apprenti', 'GET', `/app/document/${fx.triad.id}/note/form?id=${report?.id}`)).statusCode).toBe(404);
    expect((await fx.call('admin', 'GET', `/app/document/${fx.triad.id}/document/form`)).statusCode).toBe(403);
  });

  it('fills the home block of the triad with the visible general and pedagogic items the caller may see', async () => {
    const triadOf = async (username: 'apprenti' | 'maitre' | 'manager') =>
      Triad.parse((await fx.call(username, 'GET', `/app/triad/${fx.triad.id}`)).json());
    const home = await triadOf('apprenti');
    expect(titles(home.generalDocuments)).toEqual(['Calendrier des visites en entreprise', "Livret d'accueil de l'entreprise"]);
    expect(titles(home.pedagogicDocuments)).toEqual(['Compte rendu de la visite de novembre', 'Référentiel du BTS SIO']);
    expect(home.generalDocuments[0]?.url).toMatch(/^\/download-file\//);
    expect(home.documentCategories.map((c) => c.code)).toEqual(['general', 'pedagogic', 'administrative']);

    // An item for the apprentice's side only stays off the master's home.
    await fx.addDocument('apprenti', 'Pour moi seul', { category: fx.categoryId('general'), visibleHomeLea: true, rights: [1] });
    expect(titles((await triadOf('apprenti')).generalDocuments)[0]).toBe('Pour moi seul');
    expect(titles((await triadOf('maitre')).generalDocuments)).not.toContain('Pour moi seul');
    expect(titles((await triadOf('manager')).generalDocuments)).toContain('Pour moi seul');

    // At most 10 per list.
    for (let index = 0; index < 10; index++)
      await fx.addDocument('apprenti', `Pièce ${index}`, { category: fx.categoryId('general'), visibleHomeLea: true });
    expect((await triadOf('apprenti')).generalDocuments).toHaveLength(10);

    await test.app.ctx.db.update(trainingCourses).set({ displayDocument: false }).where(eq(trainingCourses.id, fx.triad.courseId));
    const hidden = await triadOf('apprenti');
    expect([hidden.generalDocuments, hidden.pedagogicDocuments]).toEqual([[], []]);
    expect(hidden.documentCategories).toHaveLength(3);
    await test.app.ctx.db.update(trainingCourses).set({ displayDocument: true }).where(eq(trainingCourses.id, fx.triad.courseId));
  });
});
