import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormModel, MESSAGES, NoteListResponse, NoteRemoveResponse, NoteSaveResponse } from '@lea/shared';
import { historyLog, notepads, platforms, triads, users } from '../../db/schema/index.js';
import { signAccessToken } from '../../http/jwt.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor, userIdOf } from '../../test/auth.js';

describe('notepad (spec 2 §7)', () => {
  let test: TestApp;
  let triadId = 0;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['admin', 'manager', 'apprenti', 'apprenti2', 'tuteur']) tokens[username] = await tokenFor(test.app, username);
    const [row] = await test.app.ctx.db
      .select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti'));
    triadId = row?.id ?? 0;
  });
  afterAll(async () => {
    await test.close();
  });

  const call = (token: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}${path}`,
      headers: { host: 'localhost', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const list = async (username: string) => {
    const response = await call(tokens[username], 'GET', `/app/notepad/list/${triadId}`);
    expect(response.statusCode).toBe(200);
    return NoteListResponse.parse(response.json());
  };
  const add = async (username: string, title: string) => {
    const response = await call(tokens[username], 'POST', '/app/notepad/add', { title, text: `Texte de ${title}`, triad: { id: triadId } });
    expect(response.statusCode).toBe(200);
    const answer = NoteSaveResponse.parse(response.json());
    return { ...answer, id: answer.id ?? 0 };
  };

  it('answers 401 without a token', async () => {
    expect((await call(undefined, 'GET', `/app/notepad/list/${triadId}`)).statusCode).toBe(401);
  });

  it('adds, lists newest first with author and profile, and pins first', async () => {
    const first = await add('apprenti', 'Première note');
    expect(first).toMatchObject({ hasError: false, message: 'La note a été enregistrée' });
    const second = await add('tuteur', 'Note du tuteur');
    // The demo seeds notes of its own in this triad: the checks look at the two added here.
    const ours = (result: NoteListResponse) => ({ ...result, notes: result.notes.filter((n) => n.id === first.id || n.id === second.id) });
    const before = ours(await list('apprenti'));
    expect(before.canAdd).toBe(true);
    expect(before.notes.map((n) => n.title)).toEqual(['Note du tuteur', 'Première note']);
    expect(before.notes[1]).toMatchObject({ profile: 1, pinned: false, user: { fullName: 'Lucas Martin' }, triad: { id: triadId } });
    expect(before.notes[0]).toMatchObject({ profile: 2, id: second.id });

    const pin = await call(tokens.tuteur, 'PUT', `/app/notepad/pin/${first.id}`);
    expect(pin.json()).toEqual({ result: true, pinned: true });
    const after = ours(await list('manager'));
    expect(after.notes.map((n) => [n.title, n.pinned])).toEqual([
      ['Première note', true],
      ['Note du tuteur', false],
    ]);
    await call(tokens.manager, 'PUT', `/app/notepad/pin/${first.id}`);
    expect(ours(await list('apprenti')).notes[0]?.title).toBe('Note du tuteur');
  });

  it('serves the form model, filled for the author', async () => {
    const empty = FormModel.parse((await call(tokens.apprenti, 'GET', '/app/notepad/form', undefined, 'en')).json());
    expect(empty.tabs[0]?.fields.map((f) => [f.name, f.kind, f.required, f.label])).toEqual([
      ['title', 'text', true, 'Title'],
      ['text', 'textarea', true, 'Text'],
    ]);
    const { id } = await add('apprenti', 'Pour le formulaire');
    const filled = FormModel.parse((await call(tokens.apprenti, 'GET', `/app/notepad/form/${id}`)).json());
    expect(filled.tabs[0]?.fields[0]?.value).toBe('Pour le formulaire');
    expect((await call(tokens.tuteur, 'GET', `/app/notepad/form/${id}`)).statusCode).toBe(403);
  });

  it('lets only the author edit and delete; others get 403 and nothing changes', async () => {
    const { id } = await add('apprenti', 'À modifier');
    const edit = (username: string, title: string) =>
      call(tokens[username], 'PUT', `/app/notepad/${id}`, { title, text: 'Nouveau texte', triad: { id: triadId } });
    expect((await edit('tuteur', 'Piratée')).statusCode).toBe(403);
    expect((await edit('manager', 'Piratée')).statusCode).toBe(403);
    expect((await call(tokens.tuteur, 'DELETE', `/app/notepad/remove/${id}`)).statusCode).toBe(403);
    const [kept] = await test.app.ctx.db.select().from(notepads).where(eq(notepads.id, id));
    expect(kept).toMatchObject({ title: 'À modifier', text: 'Texte de À modifier' });

    const ok = await edit('apprenti', 'Modifiée');
    expect(NoteSaveResponse.parse(ok.json())).toMatchObject({ hasError: false });
    expect((await list('tuteur')).notes.find((n) => n.id === id)).toMatchObject({ title: 'Modifiée', text: 'Nouveau texte' });

    const removed = await call(tokens.apprenti, 'DELETE', `/app/notepad/remove/${id}`);
    expect(NoteRemoveResponse.parse(removed.json())).toEqual({
      success: true,
      hasError: false,
      detail: [{ message: 'La note a été supprimée' }],
      message: 'La note a été supprimée',
    });
    expect((await list('apprenti')).notes.some((n) => n.id === id)).toBe(false);
    expect((await call(tokens.apprenti, 'DELETE', `/app/notepad/remove/${id}`)).statusCode).toBe(404);
  });

  it('refuses an empty title with field errors and stores nothing', async () => {
    const count = (await list('apprenti')).notes.length;
    const response = await call(tokens.apprenti, 'POST', '/app/notepad/add', { title: '  ', text: 'x', triad: { id: triadId } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'title', message: MESSAGES.required }]);
    const { id } = await add('apprenti', 'Intacte');
    const edit = await call(tokens.apprenti, 'PUT', `/app/notepad/${id}`, { title: '', text: 'x', triad: { id: triadId } });
    expect(edit.statusCode).toBe(400);
    expect((await list('apprenti')).notes).toHaveLength(count + 1);
    expect((await list('apprenti')).notes.find((n) => n.id === id)?.title).toBe('Intacte');
  });

  it('answers 403 to an outsider and to an administrator adding, who still reads', async () => {
    const { id } = await add('apprenti', 'Privée');
    expect((await call(tokens.apprenti2, 'GET', `/app/notepad/list/${triadId}`)).statusCode).toBe(403);
    expect((await call(tokens.apprenti2, 'PUT', `/app/notepad/pin/${id}`)).statusCode).toBe(403);
    const outsider = await call(tokens.apprenti2, 'POST', '/app/notepad/add', { title: 'Intrus', text: 'x', triad: { id: triadId } });
    expect(outsider.statusCode).toBe(403);
    const admin = await call(tokens.admin, 'POST', '/app/notepad/add', { title: 'Admin', text: 'x', triad: { id: triadId } });
    expect(admin.statusCode).toBe(403);
    const read = await list('admin');
    expect(read.canAdd).toBe(false);
    expect(read.notes.some((n) => n.title === 'Intrus' || n.title === 'Admin')).toBe(false);
  });

  it('logs writes made while impersonating with both users', async () => {
    const db = test.app.ctx.db;
    const adminId = await userIdOf(test.app, 'admin');
    const apprenticeId = await userIdOf(test.app, 'apprenti');
    const [platform] = await db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    tokens.impersonated = await signAccessToken(
      { sub: String(apprenticeId), username: 'apprenti', roles: ['ROLE_LEA_USER'], platform: platform?.id ?? 0, impersonator: adminId },
      test.app.ctx.config.jwtSecret,
    );
    const { id } = await add('impersonated', 'Sous impersonation');
    const logged = await db
      .select()
      .from(historyLog)
      .where(and(eq(historyLog.action, 'notepad.add'), eq(historyLog.entityId, id)));
    expect(logged).toEqual([expect.objectContaining({ userId: apprenticeId, impersonatorId: adminId, entity: 'notepad' })]);
  });
});
