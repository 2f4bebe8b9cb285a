import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { FormModel } from '@lea/shared';
import { documents, documentTrainingCourses, trainingCourseManagers } from '../../db/schema/index.js';
import { payloadOf, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

type Row = { id: number; title: string; uploader: string; date: string; canEdit: boolean; canRemove: boolean; removeReason: string | null };

/** A client of the shared area (no course in the path): `/api/{locale}/app/lea-manager{path}`. */
const sharedClient =
  (app: () => FastifyInstance, token: string | null, locale: 'fr' | 'en' = 'fr') =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    app().inject({
      method,
      url: `/api/${locale}/app/lea-manager${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

/** Shared documents (spec 3 §2.1 `shared-document`, §4, §7.1 `document/post`): a manager's documents across his courses. */
describe('shared documents', () => {
  const fixture = useManagerFixture();
  const app = () => fixture.test.app;
  const as = (token: string | null, locale: 'fr' | 'en' = 'fr') => sharedClient(app, token, locale);
  const documentCount = async () => (await app().ctx.db.select({ n: count() }).from(documents))[0]!.n;
  const linksOf = async (id: number) =>
    (await app().ctx.db.select().from(documentTrainingCourses).where(eq(documentTrainingCourses.documentId, id)))
      .map((row) => row.trainingCourseId)
      .sort((a, b) => a - b);
  const upload = async (token: string) => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${token}` },
      payload: { data: PDF.toString('base64'), originalName: 'Reglement.pdf' },
    });
    return response.json().responses[0].object as { id: number; originalName: string };
  };
  const rows = async (token: string) => (await as(token)('GET', '/document/shared?limit=50')).json().data as Row[];
  /** Adds a shared document as `token` for the given courses and answers its id. */
  const add = async (token: string, title: string, courses: number[]) => {
    const call = as(token);
    const form = (await call('GET', '/document/form')).json() as FormModel;
    const file = await upload(token);
    const saved = (await call('POST', '/document/post', payloadOf(form, { title, file: [file], courses: courses.map(String) }))).json();
    expect(saved).toMatchObject({ hasError: false });
    return saved.responses[0].object.id as number;
  };

  it('describes its screens and serves a tabbed form whose courses are the ones the manager runs', async () => {
    const described = (await as(fixture.token)('GET', '/generic/entities')).json();
    expect(described.area).toBe('shared');
    expect(described.entities.map((entity: { alias: string; screen: { path: string } }) => [entity.alias, entity.screen.path])).toEqual([
      ['document', 'shared-document'],
    ]);
    const form = (await as(fixture.token)('GET', '/document/form')).json() as FormModel;
    expect(form.tabs.map((tab) => tab.code)).toEqual(['documentInfo', 'courses']);
    const choices = form.tabs[1]!.fields[0]!.choices!.map((choice) => Number(choice.value));
    expect(choices).toContain(fixture.courseId);
    expect(choices).toHaveLength(2);
    expect(choices).not.toContain(fixture.other.courseId);
  });

  it('adds a document for two courses: listed with its uploader, in both courses, locked there; bad input writes nothing', async () => {
    const call = as(fixture.token);
    const form = (await call('GET', '/document/form')).json() as FormModel;
    const courses = form.tabs[1]!.fields[0]!.choices!.map((choice) => choice.value);
    const before = await documentCount();
    const bad = (await call('POST', '/document/post', payloadOf(form, { title: '', courses: [] }))).json();
    expect(bad.hasError).toBe(true);
    expect(bad.responses[0].validationErrors.map((error: { field: string }) => error.field).sort()).toEqual(['courses', 'file', 'title']);
    const file = await upload(fixture.token);
    const outside = (
      await call('POST', '/document/post', payloadOf(form, { title: 'Règlement', file: [file], courses: [String(fixture.other.courseId)] }))
    ).json();
    expect(outside.responses[0].validationErrors.map((error: { field: string }) => error.field)).toEqual(['courses']);
    expect(await documentCount()).toBe(before);

    const saved = (await call('POST', '/document/post', payloadOf(form, { title: 'Règlement intérieur', file: [file], courses }))).json();
    expect(saved).toMatchObject({ hasError: false, message: 'Le document a été enregistré' });
    const id = saved.responses[0].object.id as number;
    expect(await linksOf(id)).toEqual(courses.map(Number).sort((a, b) => a - b));
    const row = (await rows(fixture.token)).find((candidate) => candidate.id === id);
    expect(row).toMatchObject({ title: 'Règlement intérieur', uploader: 'Sophie Laurent', canEdit: true, canRemove: true });
    for (const courseId of courses) {
      const courseRows = (
        await fixture.test.app.inject({
          method: 'GET',
          url: `/api/fr/app/lea-manager/${courseId}/document/list?limit=50`,
          headers: { authorization: `Bearer ${fixture.token}` },
        })
      ).json().data as { id: number; canRemove: boolean }[];
      expect(courseRows.find((candidate) => candidate.id === id)).toMatchObject({ canRemove: false });
    }
  });

  it('edits and deletes its own document; links to courses the manager does not run survive his edits', async () => {
    const call = as(fixture.token);
    const id = await add(fixture.token, 'Charte', [fixture.courseId]);
    await app().ctx.db.insert(documentTrainingCourses).values({ documentId: id, trainingCourseId: fixture.other.courseId });
    const form = (await call('GET', `/document/form/${id}`)).json() as FormModel;
    expect(form.tabs[1]!.fields[0]!.value).toEqual([String(fixture.courseId)]);
    const edited = (await call('PUT', `/document/post/${id}`, payloadOf(form, { title: 'Charte 2026' }))).json();
    expect(edited).toMatchObject({ hasError: false });
    expect(await linksOf(id)).toEqual([fixture.courseId, fixture.other.courseId].sort((a, b) => a - b));
    const bad = (await call('PUT', `/document/post/${id}`, payloadOf(form, { title: '', courses: [] }))).json();
    expect(bad.hasError).toBe(true);
    expect((await app().ctx.db.select().from(documents).where(eq(documents.id, id)))[0]!.title).toBe('Charte 2026');
    const removed = await call('DELETE', `/document/delete/${id}`);
    expect(removed.statusCode).toBe(200);
    expect((await app().ctx.db.select().from(documents).where(eq(documents.id, id))).length).toBe(0);
  });

  it('only the uploader or an administrator edits or deletes; a manager never sees another course’s documents (404)', async () => {
    const admin = await tokenFor(app(), 'admin');
    const byAdmin = await add(admin, 'Note de la direction', [fixture.courseId]);
    const mine = await add(fixture.token, 'Planning annuel', [fixture.courseId]);
    const row = (await rows(fixture.token)).find((candidate) => candidate.id === byAdmin);
    expect(row).toMatchObject({ canEdit: false, canRemove: false });
    expect(row!.removeReason).toBeTruthy();
    const call = as(fixture.token);
    expect((await call('GET', `/document/form/${byAdmin}`)).statusCode).toBe(403);
    const form = (await as(admin)('GET', `/document/form/${byAdmin}`)).json() as FormModel;
    expect((await call('PUT', `/document/post/${byAdmin}`, payloadOf(form))).statusCode).toBe(403);
    expect((await call('DELETE', `/document/delete/${byAdmin}`)).statusCode).toBe(403);
    // The administrator may change anyone's.
    expect((await as(admin)('GET', `/document/form/${mine}`)).statusCode).toBe(200);

    const otherManager = as(fixture.other.managerToken);
    expect((await rows(fixture.other.managerToken)).map((candidate) => candidate.id)).not.toContain(mine);
    expect((await otherManager('GET', `/document/form/${mine}`)).statusCode).toBe(404);
    expect((await otherManager('PUT', `/document/post/${mine}`, payloadOf(form))).statusCode).toBe(404);
    expect((await otherManager('DELETE', `/document/delete/${mine}`)).statusCode).toBe(404);
    expect((await call('GET', '/document/form/2147483647')).statusCode).toBe(404);
  });

  it('403 for whoever manages no course, 401 without a token, 400 on bad ids and payloads', async () => {
    const apprentice = as(await tokenFor(app(), 'apprenti'));
    for (const [method, path] of [
      ['GET', '/document/list'],
      ['GET', '/document/shared'],
      ['GET', '/document/form'],
      ['POST', '/document/post'],
      ['DELETE', '/document/delete/1'],
    ] as const) {
      const response = await apprentice(method, path, method === 'POST' ? [] : undefined);
      expect([path, response.statusCode]).toEqual([path, 403]);
    }
    expect((await as(null)('GET', '/document/shared')).statusCode).toBe(401);
    const call = as(fixture.token);
    for (const path of ['/document/form/0', '/document/form/abc', '/document/form/2147483648']) {
      expect([path, (await call('GET', path)).statusCode]).toEqual([path, 400]);
    }
    const before = await documentCount();
    expect((await call('POST', '/document/post', { form: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/document/post', [{ code: 'documentInfo', form: { title: 'a\u0000b' } }])).statusCode).toBe(400);
    expect((await call('PUT', '/document/post/-1', [])).statusCode).toBe(400);
    expect(await documentCount()).toBe(before);
  });

  it("another platform's documents are a 404 and its courses are no choice", async () => {
    const { db } = app().ctx;
    const foreign = await createForeignCourse(db, 'partage.example.com');
    const managerId = await userIdOf(app(), 'manager');
    await db.insert(trainingCourseManagers).values({ trainingCourseId: foreign.courseId, userId: managerId });
    const [document] = await db
      .insert(documents)
      .values({
        platformId: foreign.platformId,
        documentType: 2,
        title: 'Ailleurs',
        uploaderId: managerId,
        uploaderProfile: 4,
        rights: [1],
      })
      .returning({ id: documents.id });
    await db.insert(documentTrainingCourses).values({ documentId: document!.id, trainingCourseId: foreign.courseId });
    const call = as(fixture.token);
    expect((await rows(fixture.token)).map((row) => row.id)).not.toContain(document!.id);
    expect((await call('GET', `/document/form/${document!.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/document/delete/${document!.id}`)).statusCode).toBe(404);
    const form = (await call('GET', '/document/form')).json() as FormModel;
    expect(form.tabs[1]!.fields[0]!.choices!.map((choice) => Number(choice.value))).not.toContain(foreign.courseId);
  });

  it('answers in English on /api/en', async () => {
    const call = as(fixture.token, 'en');
    const list = (await call('GET', '/document/shared')).json();
    expect(list.columns.map((column: { label: string }) => column.label)).toEqual(['Id', 'Title', 'Uploaded by', 'Date']);
    const form = (await call('GET', '/document/form')).json() as FormModel;
    const saved = (
      await call(
        'POST',
        '/document/post',
        payloadOf(form, { title: 'Rules', file: [await upload(fixture.token)], courses: [String(fixture.courseId)] }),
      )
    ).json();
    expect(saved).toMatchObject({ hasError: false, message: 'The document has been saved' });
  });
});
