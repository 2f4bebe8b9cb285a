import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FormModel } from '@lea/shared';
import { documents, documentTrainingCourses, triads, users } from '../../db/schema/index.js';
import { managerClient, payloadOf, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

type Row = { id: number; title: string; canRemove?: boolean; removeReason?: string | null; courseCount: number };

/** The course's documents (spec 3 §2.1 `document`, §3 Document, §4 shared documents): the manager area's entity. */
describe('course documents', () => {
  const fixture = useManagerFixture();
  const app = () => fixture.test.app;
  const rows = async () => (await fixture.call('GET', '/document/list?limit=50')).json().data as Row[];
  const documentCount = async () => (await app().ctx.db.select({ n: count() }).from(documents))[0]!.n;
  const upload = async (token: string) => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${token}` },
      payload: { data: PDF.toString('base64'), originalName: 'Calendrier.pdf' },
    });
    return response.json().responses[0].object as { id: number; originalName: string };
  };
  const homeOf = async (username: string) => {
    const [triad] = await app()
      .ctx.db.select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti'));
    const response = await app().inject({
      method: 'GET',
      url: `/api/fr/app/triad/${triad!.id}`,
      headers: { authorization: `Bearer ${await tokenFor(app(), username)}` },
    });
    return (response.json().generalDocuments as { title: string }[]).map((document) => document.title);
  };

  it('adds a document to the general tab, shown on the home of the profiles that read it; bad input writes nothing', async () => {
    const { call } = fixture;
    const form = (await call('GET', '/document/form')).json() as FormModel;
    expect(form.tabs.map((tab) => tab.code)).toEqual(['documentInfo', 'courses']);
    const category = form.tabs[0]!.fields.find((field) => field.name === 'category')!;
    expect(category.choices!.map((choice) => choice.label)).toEqual(expect.arrayContaining(['Général']));
    expect(category.value).toBe(category.choices!.find((choice) => choice.label === 'Général')!.value);
    const before = await documentCount();
    const bad = (await call('POST', '/document/post', payloadOf(form, { title: '', rights: [] }))).json();
    expect(bad.hasError).toBe(true);
    expect(bad.responses[0].validationErrors.map((error: { field: string }) => error.field).sort()).toEqual(['file', 'rights', 'title']);
    const noFile = (await call('POST', '/document/post', payloadOf(form, { title: 'Calendrier 2025' }))).json();
    expect(noFile.responses[0].validationErrors).toEqual([{ field: 'file', message: 'Ce champ est obligatoire' }]);
    expect(await documentCount()).toBe(before);

    const file = await upload(fixture.token);
    const saved = (
      await call(
        'POST',
        '/document/post',
        payloadOf(form, { title: 'Calendrier 2025', file: [file], visibleHomeLea: true, rights: ['1', '2'] }),
      )
    ).json();
    expect(saved).toMatchObject({ hasError: false, message: 'Le document a été enregistré' });
    expect((await rows()).find((row) => row.title === 'Calendrier 2025')).toMatchObject({ courseCount: 1, canRemove: true });
    expect(await homeOf('apprenti')).toContain('Calendrier 2025');
    expect(await homeOf('maitre')).not.toContain('Calendrier 2025');
  });

  it("a document given to two of the manager's courses is shared: neither edited nor deleted, with the reason", async () => {
    const { call, courseId, other } = fixture;
    const form = (await call('GET', '/document/form')).json() as FormModel;
    const courses = form.tabs[1]!.fields[0]!;
    expect(courses.value).toEqual([String(courseId)]);
    const second = courses.choices!.find((choice) => choice.value !== String(courseId))!.value;
    // A course the manager does not run is not a choice.
    expect(courses.choices!.some((choice) => choice.value === String(other.courseId))).toBe(false);
    const file = await upload(fixture.token);
    const before = await documentCount();
    const outside = (
      await call(
        'POST',
        '/document/post',
        payloadOf(form, { title: 'Charte', file: [file], courses: [String(courseId), String(other.courseId)] }),
      )
    ).json();
    expect(outside.responses[0].validationErrors[0].field).toBe('courses');
    expect(await documentCount()).toBe(before);
    const saved = (
      await call('POST', '/document/post', payloadOf(form, { title: 'Charte', file: [file], courses: [String(courseId), second] }))
    ).json();
    expect(saved.hasError).toBe(false);
    const id = saved.responses[0].object.id as number;
    const shared = (await rows()).find((candidate) => candidate.id === id)!;
    expect(shared).toMatchObject({
      courseCount: 2,
      canRemove: false,
      removeReason: 'Ce document est partagé par 2 formations : il ne peut être ni modifié ni supprimé',
    });
    const edited = (await call('GET', `/document/form/${id}`)).json() as FormModel;
    expect(edited.tabs.flatMap((tab) => tab.fields).every((field) => field.disabled)).toBe(true);
    const edit = (await call('PUT', `/document/post/${id}`, payloadOf(edited, { title: 'Autre titre' }))).json();
    expect(edit.hasError).toBe(true);
    expect((await call('DELETE', `/document/delete/${id}`)).json()).toMatchObject({ success: false });
    const [kept] = await app().ctx.db.select().from(documents).where(eq(documents.id, id));
    expect(kept!.title).toBe('Charte');
    const links = await app().ctx.db.select().from(documentTrainingCourses).where(eq(documentTrainingCourses.documentId, id));
    expect(links.map((link) => link.trainingCourseId).sort()).toEqual([courseId, Number(second)].sort());
  });

  it("another course's manager is refused (403), another course's document is a 404; deleting an unshared one removes it", async () => {
    const { call, courseId, other } = fixture;
    const row = (await rows()).find((candidate) => candidate.title === 'Calendrier 2025')!;
    const outsider = managerClient(app(), courseId, other.managerToken);
    expect((await outsider('GET', '/document/list')).statusCode).toBe(403);
    expect((await outsider('DELETE', `/document/delete/${row.id}`)).statusCode).toBe(403);
    const otherCourse = managerClient(app(), other.courseId, other.managerToken);
    expect((await otherCourse('GET', `/document/form/${row.id}`)).statusCode).toBe(404);
    expect((await otherCourse('DELETE', `/document/delete/${row.id}`)).statusCode).toBe(404);
    // Another manager's upload cannot be attached.
    const form = (await call('GET', '/document/form')).json() as FormModel;
    const foreignFile = await upload(other.managerToken);
    const refused = (await call('POST', '/document/post', payloadOf(form, { title: 'Pièce', file: [foreignFile] }))).json();
    expect(refused.responses[0].validationErrors[0].field).toBe('file');
    expect((await call('DELETE', `/document/delete/${row.id}`)).json()).toMatchObject({ success: true });
    expect((await rows()).some((candidate) => candidate.id === row.id)).toBe(false);
    expect(await homeOf('apprenti')).not.toContain('Calendrier 2025');
  });
});
