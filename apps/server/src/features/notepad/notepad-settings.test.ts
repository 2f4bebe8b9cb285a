import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NoteListResponse, type FormModel } from '@lea/shared';
import { historyLog, notepads, trainingCourses, triads, users } from '../../db/schema/index.js';
import { managerClient, payloadOf, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';

const fieldOf = (model: FormModel, name: string) => model.tabs.flatMap((tab) => tab.fields).find((field) => field.name === name);

/** The course's notepad settings (spec 3 §1 notepad, issue 17 §1): who may add notes, and the notepad's title. */
describe('course notepad settings', () => {
  const fixture = useManagerFixture();
  const app = () => fixture.test.app;
  const courseRow = async () => (await app().ctx.db.select().from(trainingCourses).where(eq(trainingCourses.id, fixture.courseId)))[0]!;
  const apprenticeTriad = async () => {
    const [row] = await app()
      .ctx.db.select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti'));
    return row!.id;
  };
  const as = async (username: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, locale = 'fr') =>
    app().inject({
      method,
      url: `/api/${locale}${path}`,
      headers: { authorization: `Bearer ${await tokenFor(app(), username)}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const listAs = async (username: string) => {
    const response = await as(username, 'GET', `/app/notepad/list/${await apprenticeTriad()}`);
    expect(response.statusCode).toBe(200);
    return NoteListResponse.parse(response.json());
  };
  const addAs = async (username: string, title: string, locale = 'fr') =>
    as(username, 'POST', '/app/notepad/add', { title, text: 'Texte', triad: { id: await apprenticeTriad() } }, locale);
  const model = async () => (await fixture.call('GET', '/course-config/unique-form')).json() as FormModel;
  const save = async (changes: Record<string, unknown>) =>
    (await fixture.call('PUT', '/course-config/unique-post', payloadOf(await model(), changes))).json();

  it('the configuration has a notepad tab naming the profiles with the platform titles, all ticked by default', async () => {
    const served = await model();
    const tab = served.tabs.find((candidate) => candidate.code === 'notepad');
    expect(tab?.label).toBe('Bloc-notes');
    expect(tab?.fields.map((field) => [field.name, field.kind])).toEqual([
      ['notepadWriters', 'checkboxgroup'],
      ['notepadTitle', 'text'],
    ]);
    expect(fieldOf(served, 'notepadWriters')).toMatchObject({
      value: ['1', '2', '3', '4'],
      required: false,
      choices: [
        { value: '1', label: 'Apprenti' },
        { value: '2', label: 'Tuteur pédagogique' },
        { value: '3', label: "Maître d'apprentissage" },
        { value: '4', label: 'Responsable de formation' },
      ],
    });
    expect(fieldOf(served, 'notepadTitle')?.value).toBeNull();
    const english = (
      await managerClient(app(), fixture.courseId, fixture.token, 'en')('GET', '/course-config/unique-form')
    ).json() as FormModel;
    expect(english.tabs.find((candidate) => candidate.code === 'notepad')?.label).toBe('Notepad');
    expect(fieldOf(english, 'notepadWriters')?.label).toBe('Profiles that may add notes');
    expect(fieldOf(english, 'notepadWriters')?.choices?.[0]?.label).toBe('Apprentice');
    const list = await listAs('apprenti');
    expect(list).toMatchObject({ canAdd: true, title: null });
  });

  it('bad writers or title are field errors or a 400, never a 500, and change nothing', async () => {
    const before = await courseRow();
    for (const writers of [['7'], ['1', '0'], 'abc', { profile: 1 }, true, ['x']]) {
      const answer = await save({ notepadWriters: writers });
      expect(answer.hasError, JSON.stringify(writers)).toBe(true);
      expect(answer.responses[0].validationErrors.map((error: { field: string }) => error.field)).toEqual(['notepadWriters']);
    }
    const long = await save({ notepadTitle: 'x'.repeat(256) });
    expect(long.responses[0].validationErrors.map((error: { field: string }) => error.field)).toEqual(['notepadTitle']);
    const nul = await fixture.call('PUT', '/course-config/unique-post', payloadOf(await model(), { notepadTitle: 'Carnet\u0000' }));
    expect(nul.statusCode).toBe(400);
    expect(await courseRow()).toEqual(before);
  });

  it('saves and reads back the writers and the title; the list answers them; an audit line is written', async () => {
    const saved = await save({ notepadWriters: ['4', '2', '3'], notepadTitle: '  Carnet de bord  ' });
    expect(saved).toMatchObject({ hasError: false, message: 'La configuration a été enregistrée' });
    expect(await courseRow()).toMatchObject({ notepadWriters: [2, 3, 4], notepadTitle: 'Carnet de bord' });
    const served = await model();
    expect(fieldOf(served, 'notepadWriters')?.value).toEqual(['2', '3', '4']);
    expect(fieldOf(served, 'notepadTitle')?.value).toBe('Carnet de bord');
    expect(await listAs('apprenti')).toMatchObject({ canAdd: false, title: 'Carnet de bord' });
    expect(await listAs('tuteur')).toMatchObject({ canAdd: true, title: 'Carnet de bord' });
    const lines = await app().ctx.db.select().from(historyLog).where(eq(historyLog.action, 'course-config.edit'));
    expect(lines.length).toBeGreaterThan(0);
    // Emptied title: the default again.
    await save({ notepadTitle: '' });
    expect((await listAs('tuteur')).title).toBeNull();
  });

  it('a profile left out is refused the add (403, in the reader language), keeps editing its notes and pinning, and adds again once ticked', async () => {
    await save({ notepadWriters: ['1', '2', '3', '4'] });
    const mine = await addAs('apprenti', 'Avant le changement');
    expect(mine.statusCode).toBe(200);
    const noteId = mine.json().id as number;

    await save({ notepadWriters: ['2', '3', '4'] });
    const refused = await addAs('apprenti', 'Refusée');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Votre profil ne peut pas ajouter de note au bloc-notes de cette formation');
    expect((await addAs('apprenti', 'Refused', 'en')).json().message).toBe("Your profile may not add notes to this course's notepad");
    expect(await app().ctx.db.select().from(notepads).where(eq(notepads.title, 'Refusée'))).toEqual([]);
    // The author still edits their note; pinning stays with everyone.
    const edited = await as('apprenti', 'PUT', `/app/notepad/${noteId}`, {
      title: 'Modifiée',
      text: 'Texte',
      triad: { id: await apprenticeTriad() },
    });
    expect(edited.statusCode).toBe(200);
    expect((await as('apprenti', 'PUT', `/app/notepad/pin/${noteId}`)).statusCode).toBe(200);
    // The manager of the course (profile 4) and the tutor still add.
    expect((await addAs('manager', 'Note du responsable')).statusCode).toBe(200);
    expect((await addAs('tuteur', 'Note du tuteur')).statusCode).toBe(200);

    // An empty list: read-only for every profile, the course's manager included.
    await save({ notepadWriters: [] });
    expect((await courseRow()).notepadWriters).toEqual([]);
    expect((await addAs('tuteur', 'Vide')).statusCode).toBe(403);
    expect((await addAs('manager', 'Vide')).statusCode).toBe(403);
    expect(await listAs('manager')).toMatchObject({ canAdd: false });

    await save({ notepadWriters: ['1'] });
    expect(await listAs('apprenti')).toMatchObject({ canAdd: true });
    const again = await addAs('apprenti', 'De nouveau');
    expect(again.statusCode).toBe(200);
    const [row] = await app().ctx.db.select().from(notepads).where(eq(notepads.id, again.json().id));
    expect(row?.profile).toBe(1);
    await save({ notepadWriters: ['1', '2', '3', '4'] });
  });

  it('another course manager is refused the configuration (403); an administrator never adds notes', async () => {
    const outsider = managerClient(app(), fixture.courseId, fixture.other.managerToken);
    expect((await outsider('GET', '/course-config/unique-form')).statusCode).toBe(403);
    const before = await courseRow();
    expect((await outsider('PUT', '/course-config/unique-post', payloadOf(await model(), { notepadWriters: [] }))).statusCode).toBe(403);
    expect(await courseRow()).toEqual(before);
    expect((await addAs('admin', 'Administrateur')).statusCode).toBe(403);
    expect(await listAs('admin')).toMatchObject({ canAdd: false });
  });

  it('the duplicate into next year copies the notepad settings', async () => {
    await save({ notepadWriters: ['2', '4'], notepadTitle: 'Journal de suivi' });
    const answer = (await as('admin', 'GET', `/app/admin/training-course/duplicate/${fixture.courseId}?nextYear=1`)).json();
    expect(answer).toMatchObject({ success: true });
    const [copy] = await app().ctx.db.select().from(trainingCourses).where(eq(trainingCourses.id, answer.id));
    expect(copy).toMatchObject({ notepadWriters: [2, 4], notepadTitle: 'Journal de suivi' });
  });
});
