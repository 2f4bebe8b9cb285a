import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FileUploadResponse, LessonListResponse, LessonView, MESSAGES, writeSetQuery, type FormModel } from '@lea/shared';
import { historyLog, lessons, lessonSubjects, lessonUnits, triads, users } from '../../db/schema/index.js';
import { managerClient, payloadOf, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n').toString('base64');

describe('lessons: units, subjects and lessons (spec 2 §2, spec 3 §2.1–2.2)', () => {
  const fixture = useManagerFixture();
  const db = () => fixture.test.app.ctx.db;

  const front = async (username: string, path: string, locale = 'fr') =>
    fixture.test.app.inject({
      method: 'GET',
      url: `/api/${locale}${path}`,
      headers: { authorization: `Bearer ${await tokenFor(fixture.test.app, username)}` },
    });
  const triadOf = async (username: string) => {
    const [row] = await db()
      .select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, username));
    return row!.id;
  };
  const upload = async (username: string, name: string, data: string) => {
    const response = await fixture.test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${await tokenFor(fixture.test.app, username)}` },
      payload: { data, originalName: name, type: 'lesson' },
    });
    const id = FileUploadResponse.parse(response.json()).responses[0]?.object?.id;
    if (!id) throw new Error(`upload refused: ${response.body}`);
    return { id, originalName: name };
  };
  const save = async (alias: string, values: Record<string, unknown>, id?: number, query = '') => {
    const model: FormModel = (await fixture.call('GET', `/${alias}/form${id ? `/${id}` : ''}${query}`)).json();
    return fixture.call(id ? 'PUT' : 'POST', `/${alias}/post${id ? `/${id}` : ''}`, payloadOf(model, values));
  };
  const savedId = async (alias: string, values: Record<string, unknown>, id?: number) => {
    const response = await save(alias, values, id);
    expect(response.json()).toMatchObject({ hasError: false });
    return response.json().responses[0].object.id as number;
  };

  it('adds units, subjects (the set query names the unit) and lessons with attachments, and orders them by drag', async () => {
    const unit = await savedId('unit', { name: 'Bloc 1 : support' });
    const unit2 = await savedId('unit', { name: 'Bloc 2 : développement' });
    expect((await fixture.call('PUT', `/unit/sort/${unit2}/0`)).json()).toMatchObject({ success: true });
    // The demo's own units come between: the two added here keep the order given.
    const names = (await fixture.call('GET', '/unit/list')).json().data.map((row: { name: string }) => row.name);
    expect(names.filter((name: string) => name === 'Bloc 1 : support' || name === 'Bloc 2 : développement')).toEqual([
      'Bloc 2 : développement',
      'Bloc 1 : support',
    ]);

    const set = `?set=${encodeURIComponent(writeSetQuery([{ name: 'unit', value: unit }]))}`;
    const addForm: FormModel = (await fixture.call('GET', `/subject/form${set}`)).json();
    const unitField = addForm.tabs[0]!.fields.find((field) => field.name === 'unit');
    expect(unitField).toMatchObject({ value: String(unit), required: true });
    expect(unitField?.choices?.map((choice) => choice.label)).toEqual(
      expect.arrayContaining(['Bloc 2 : développement', 'Bloc 1 : support']),
    );
    const subject = await savedId('subject', { name: 'Réseaux', unit: String(unit) });
    const subject2 = await savedId('subject', { name: 'Systèmes', unit: String(unit) });
    expect((await fixture.call('PUT', `/subject/sort/${subject2}/0`)).json()).toMatchObject({ success: true });

    const picture = await upload('manager', 'schema.png', PNG);
    const handout = await upload('manager', 'cours.pdf', PDF);
    const lesson = await savedId('lesson', {
      title: 'Adressage IPv4',
      subject: String(subject),
      activity: '<p>Découpage en <strong>sous-réseaux</strong><script>alert(1)</script></p>',
      workToDo: '<p>Exercices 1 à 4</p>',
      link: 'https://fr.wikipedia.org/wiki/IPv4',
      lessonFile: picture,
      lessonFile3: handout,
    });
    const second = await savedId('lesson', { title: 'Routage', subject: String(subject) });
    expect((await fixture.call('PUT', `/lesson/sort/${second}/0`)).json()).toMatchObject({ success: true });
    const [stored] = await db().select().from(lessons).where(eq(lessons.id, lesson));
    expect(stored).toMatchObject({ lessonFileId: picture.id, lessonFile3Id: handout.id, position: 1 });
    expect(stored?.activity).toBe('<p>Découpage en <strong>sous-réseaux</strong></p>');

    const edit: FormModel = (await fixture.call('GET', `/lesson/form/${lesson}`)).json();
    const files = edit.tabs.find((tab) => tab.code === 'files')!.fields;
    expect(files.map((field) => field.value)).toEqual([picture, null, handout, null]);
    // Kept files stay acceptable on a later save, whoever uploaded them.
    expect((await save('lesson', { title: 'Adressage IPv4 (révisé)' }, lesson)).json()).toMatchObject({ hasError: false });

    const apprentice = await triadOf('apprenti');
    const list = LessonListResponse.parse((await front('apprenti', `/app/lesson/list/${apprentice}`)).json());
    const ours = list.subjects.filter((entry) => entry.unit.id === unit);
    expect(ours.map((entry) => [entry.name, entry.lessons.map((item) => item.title)])).toEqual([
      ['Systèmes', []],
      ['Réseaux', ['Routage', 'Adressage IPv4 (révisé)']],
    ]);
    for (const username of ['tuteur', 'maitre', 'manager', 'admin'])
      expect((await front(username, `/app/lesson/list/${apprentice}`)).statusCode).toBe(200);

    const view = LessonView.parse((await front('tuteur', `/app/lesson/show/${apprentice}/${lesson}`)).json());
    expect(view).toMatchObject({
      title: 'Adressage IPv4 (révisé)',
      subject: { id: subject, name: 'Réseaux' },
      link: 'https://fr.wikipedia.org/wiki/IPv4',
    });
    expect(view.files.map((file) => [file.originalName, file.picture])).toEqual([
      ['schema.png', true],
      ['cours.pdf', false],
    ]);
    const image = await fixture.test.app.inject({ method: 'GET', url: view.files[0]!.inlineUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/png');

    const history = await db()
      .select()
      .from(historyLog)
      .where(and(eq(historyLog.entity, 'lesson'), eq(historyLog.entityId, lesson)));
    expect(history.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const unit = await savedId('unit', { name: 'Bloc 3' });
    const subject = await savedId('subject', { name: 'Anglais', unit: String(unit) });
    const before = await db().select().from(lessons);
    const other = await savedId('unit', { name: 'Hors cours' });
    await db().update(lessonUnits).set({ trainingCourseId: fixture.other.courseId }).where(eq(lessonUnits.id, other));
    const foreignSubject = (await db().insert(lessonSubjects).values({ unitId: other, name: 'Ailleurs' }).returning())[0]!.id;

    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'x', subject: String(subject), link: 'javascript:alert(1)' }, 'link', MESSAGES.webAddress],
      [{ title: 'x', subject: String(subject), link: 'ftp://example.com/a' }, 'link', MESSAGES.webAddress],
      [{ title: '', subject: String(subject) }, 'title', MESSAGES.required],
      [{ title: 'x', subject: String(foreignSubject) }, 'subject', MESSAGES.choice],
      [
        { title: 'x', subject: String(subject), lessonFile: await upload('apprenti', 'autre.pdf', PDF) },
        'lessonFile',
        MESSAGES.fileUnavailable,
      ],
      [{ title: 'x'.repeat(256), subject: String(subject) }, 'title', MESSAGES.tooLong({ max: 255 })],
    ];
    for (const [values, field, message] of cases) {
      const answer = (await save('lesson', values)).json();
      expect(answer.hasError).toBe(true);
      expect(answer.responses[0].validationErrors).toContainEqual({ field, message });
    }
    const english = managerClient(fixture.test.app, fixture.courseId, fixture.token, 'en');
    const model: FormModel = (await english('GET', '/lesson/form')).json();
    const refused = (
      await english('POST', '/lesson/post', payloadOf(model, { title: 'x', subject: String(subject), link: 'data:text/html,x' }))
    ).json();
    expect(refused.responses[0].validationErrors).toContainEqual({
      field: 'link',
      message: 'Please enter a web address starting with http:// or https://',
    });
    expect((await save('subject', { name: 'x', unit: String(other) })).json().hasError).toBe(true);
    expect(await db().select().from(lessons)).toEqual(before);
  });

  it('refuses to delete a unit or a subject that is not empty, deletes an empty one', async () => {
    const unit = await savedId('unit', { name: 'Bloc 4' });
    const subject = await savedId('subject', { name: 'Gestion', unit: String(unit) });
    const lesson = await savedId('lesson', { title: 'Budget', subject: String(subject) });
    const rows = (await fixture.call('GET', '/unit/list?limit=100')).json().data;
    expect(rows.find((row: { id: number }) => row.id === unit)).toMatchObject({ canRemove: false, subjectCount: 1 });
    expect((await fixture.call('DELETE', `/unit/delete/${unit}`)).json()).toMatchObject({ success: false, hasError: true });
    expect((await fixture.call('DELETE', `/subject/delete/${subject}`)).json()).toMatchObject({ success: false });
    expect((await fixture.call('DELETE', `/lesson/delete/${lesson}`)).json()).toMatchObject({ success: true });
    expect((await fixture.call('DELETE', `/subject/delete/${subject}`)).json()).toMatchObject({ success: true });
    expect((await fixture.call('DELETE', `/unit/delete/${unit}`)).json()).toMatchObject({ success: true });
    expect(await db().select().from(lessonUnits).where(eq(lessonUnits.id, unit))).toEqual([]);
  });

  it('answers 403 outside the course or the triad, 404 for another course or platform', async () => {
    const unit = await savedId('unit', { name: 'Bloc 5' });
    const subject = await savedId('subject', { name: 'Maths', unit: String(unit) });
    const lesson = await savedId('lesson', { title: 'Suites', subject: String(subject) });
    const apprentice = managerClient(fixture.test.app, fixture.courseId, await tokenFor(fixture.test.app, 'apprenti'));
    const otherManager = managerClient(fixture.test.app, fixture.courseId, fixture.other.managerToken);
    for (const path of ['/unit/list', '/subject/form', `/lesson/form/${lesson}`]) {
      expect((await apprentice('GET', path)).statusCode).toBe(403);
      expect((await otherManager('GET', path)).statusCode).toBe(403);
    }
    expect((await apprentice('PUT', `/lesson/sort/${lesson}/0`)).statusCode).toBe(403);
    expect((await apprentice('DELETE', `/lesson/delete/${lesson}`)).statusCode).toBe(403);
    const inOther = managerClient(fixture.test.app, fixture.other.courseId, fixture.other.managerToken);
    expect((await inOther('GET', `/lesson/form/${lesson}`)).statusCode).toBe(404);
    expect((await inOther('DELETE', `/unit/delete/${unit}`)).statusCode).toBe(404);
    expect((await inOther('PUT', `/subject/sort/${subject}/0`)).statusCode).toBe(404);
    const foreign = await createForeignCourse(db(), 'lessons.example');
    expect((await fixture.call('GET', `/lesson/form/987654`)).statusCode).toBe(404);
    expect((await managerClient(fixture.test.app, foreign.courseId, fixture.token)('GET', '/lesson/list')).statusCode).toBe(404);

    const triad = await triadOf('apprenti');
    expect((await front('apprenti2', `/app/lesson/list/${triad}`)).statusCode).toBe(403);
    expect((await front('apprenti2', `/app/lesson/show/${triad}/${lesson}`)).statusCode).toBe(403);
    expect((await front('apprenti', `/app/lesson/show/${triad}/987654`)).statusCode).toBe(404);
    expect((await front('apprenti', '/app/lesson/list/987654')).statusCode).toBe(404);
    expect((await front('apprenti', '/app/lesson/list/abc')).statusCode).toBe(400);
    expect((await front('apprenti', '/app/lesson/show/1/99999999999')).statusCode).toBe(400);
    const unauthenticated = await fixture.test.app.inject({ method: 'GET', url: `/api/fr/app/lesson/list/${triad}` });
    expect(unauthenticated.statusCode).toBe(401);
    // A lesson of another course is not shown through this triad.
    await db().update(lessonUnits).set({ trainingCourseId: fixture.other.courseId }).where(eq(lessonUnits.id, unit));
    expect((await front('apprenti', `/app/lesson/show/${triad}/${lesson}`)).statusCode).toBe(404);
  });
});
