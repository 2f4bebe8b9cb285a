import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentPostResponse, DocumentRemoveResponse, MESSAGES } from '@lea/shared';
import { documents, historyLog, mailOutbox, platforms, timelineEntries, triads, users } from '../../db/schema/index.js';
import { signAccessToken } from '../../http/jwt.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { userIdOf } from '../../test/auth.js';
import { documentFixture } from './test-helpers.js';

describe('posting and removing documents and notes (spec 2 §5, §7)', () => {
  let test: TestApp;
  let fx: Awaited<ReturnType<typeof documentFixture>>;

  beforeAll(async () => {
    test = await createTestApp();
    fx = await documentFixture(test);
  });
  afterAll(async () => {
    await test.close();
  });

  /** Rows a refused call must leave alone. */
  const written = async () => {
    const [docs] = await test.app.ctx.db.select({ n: count() }).from(documents);
    const [lines] = await test.app.ctx.db.select({ n: count() }).from(timelineEntries);
    return { documents: docs?.n, timeline: lines?.n };
  };
  const latestTimeline = async () => {
    const [line] = await test.app.ctx.db
      .select()
      .from(timelineEntries)
      .where(eq(timelineEntries.triadId, fx.triad.id))
      .orderBy(desc(timelineEntries.id))
      .limit(1);
    return line;
  };

  it('adds a document with its uploaded file and a timeline line, and lists it', async () => {
    const documentFile = await fx.upload('apprenti', 'Compte rendu.pdf');
    const response = await fx.post('apprenti', {
      title: ' Compte rendu de projet ',
      type: 1,
      documentFile,
      category: fx.categoryId('general'),
      rights: [1, 2],
      visibleHomeLea: true,
    });
    expect(response.statusCode).toBe(200);
    const answer = DocumentPostResponse.parse(response.json());
    expect(answer).toMatchObject({ hasError: false, message: 'Le document a bien été enregistré' });
    expect(answer.responses[0]?.object).toMatchObject({
      title: 'Compte rendu de projet',
      type: 1,
      rights: [1, 2],
      visibleHomeLea: true,
      file: { id: documentFile, originalName: 'Compte rendu.pdf' },
      uploaderProfile: 1,
      canEdit: true,
    });
    expect(await latestTimeline()).toMatchObject({
      className: 'document',
      titlePart1: 'Lucas Martin',
      titlePart2: 'Compte rendu de projet',
    });
    const timeline = (await fx.call('tuteur', 'GET', `/app/triad/${fx.triad.id}`)).json().timelines[0];
    expect(timeline).toMatchObject({ className: 'document', titlePart2: 'Compte rendu de projet' });
    const seen = (await fx.list('tuteur', 'general')).documents.find((item) => item.title === 'Compte rendu de projet');
    expect(seen).toMatchObject({ canEdit: false, canDelete: false });
    expect((await fx.list('maitre', 'general')).documents.some((item) => item.title === 'Compte rendu de projet')).toBe(false);
  });

  it('adds a note (any type but 1) with its text and a note timeline line', async () => {
    const response = await fx.post(
      'tuteur',
      { title: 'Relire le rapport', type: 2, note: 'Avant vendredi.', category: fx.categoryId('general') },
      'en',
    );
    expect(DocumentPostResponse.parse(response.json())).toMatchObject({
      message: 'The note has been saved',
      responses: [{ object: { type: 2, text: 'Avant vendredi.', category: null, file: null, uploaderProfile: 2 } }],
    });
    expect(await latestTimeline()).toMatchObject({ className: 'note', titlePart1: 'Julien Bernard', titlePart2: 'Relire le rapport' });
    expect((await fx.list('apprenti', 'note')).documents[0]).toMatchObject({ title: 'Relire le rapport', canEdit: false });
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await written();
    const documentFile = await fx.upload('apprenti');
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ title: '  ', type: 1, documentFile, category: fx.categoryId('general') }, 'title', MESSAGES.required],
      [{ title: 'x'.repeat(256), type: 1, documentFile, category: fx.categoryId('general') }, 'title', ''],
      [{ title: 'Sans fichier', type: 1, category: fx.categoryId('general') }, 'documentFile', MESSAGES.fileMissing],
      [{ title: 'Sans catégorie', type: 1, documentFile }, 'category', 'Veuillez choisir une catégorie'],
      [{ title: 'Catégorie inconnue', type: 1, documentFile, category: 999999 }, 'category', 'Veuillez choisir une catégorie'],
      [
        { title: 'Fichier inconnu', type: 1, documentFile: 999999, category: fx.categoryId('general') },
        'documentFile',
        MESSAGES.fileUnavailable,
      ],
      [{ title: 'Sans texte', type: 2 }, 'note', MESSAGES.required],
      [{ title: 'Sans droits', type: 1, documentFile, category: fx.categoryId('general'), rights: [] }, 'rights', MESSAGES.required],
      [{ title: 'Mauvais droit', type: 1, documentFile, category: fx.categoryId('general'), rights: [5] }, 'rights.0', ''],
    ];
    for (const [body, field, message] of refusals) {
      const response = await fx.post('apprenti', body);
      expect(response.statusCode, field).toBe(400);
      const error = (response.json().errors as { field: string; message: string }[]).find((item) => item.field === field);
      expect(error, JSON.stringify(response.json())).toBeDefined();
      if (message) expect(error?.message).toBe(message);
    }
    // A file uploaded by someone else (here the tutor) cannot be attached by a guessed id.
    const foreign = await fx.upload('tuteur');
    const stolen = await fx.post('apprenti', {
      title: 'Fichier du tuteur',
      type: 1,
      documentFile: foreign,
      category: fx.categoryId('general'),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors).toEqual([{ field: 'documentFile', message: MESSAGES.fileUnavailable }]);
    expect(await written()).toEqual(before);
  });

  it('answers 404 for an unknown triad, 403 outside it and to readers who may not add, 401 without a token', async () => {
    const before = await written();
    const body = { title: 'Intrus', type: 2, note: 'x' };
    expect((await fx.call('apprenti', 'POST', '/api/document/post', { ...body, triad: 999999 })).statusCode).toBe(404);
    expect((await fx.post('apprenti2', body)).statusCode).toBe(403);
    expect((await fx.post('admin', body)).statusCode).toBe(403);
    expect((await fx.post('manager', body)).statusCode).toBe(403);
    expect((await fx.call(null, 'POST', '/api/document/post', { ...body, triad: fx.triad.id })).statusCode).toBe(401);
    expect((await fx.call(null, 'POST', '/api/document/remove', { triad: fx.triad.id, id: 1 })).statusCode).toBe(401);
    expect(await written()).toEqual(before);
  });

  it('lets only the author edit: others get 403 and nothing changes', async () => {
    const item = await fx.addDocument('apprenti', 'À modifier', { rights: [1, 2, 3, 4] });
    const edit = (username: 'apprenti' | 'tuteur' | 'manager', extra: Record<string, unknown> = {}) =>
      fx.post(username, {
        id: item.id,
        title: 'Modifié',
        type: 1,
        documentFile: item.file?.id,
        category: fx.categoryId('pedagogic'),
        ...extra,
      });
    expect((await edit('tuteur')).statusCode).toBe(403);
    expect((await edit('manager')).statusCode).toBe(403);
    const [kept] = await test.app.ctx.db.select().from(documents).where(eq(documents.id, item.id));
    expect(kept?.title).toBe('À modifier');

    // The author keeps the file, then replaces it; a note cannot become a document.
    const timelineBefore = await written();
    expect(DocumentPostResponse.parse((await edit('apprenti')).json()).responses[0]?.object).toMatchObject({
      id: item.id,
      title: 'Modifié',
      file: { id: item.file?.id },
    });
    const replacement = await fx.upload('apprenti', 'v2.pdf');
    expect(
      DocumentPostResponse.parse((await edit('apprenti', { documentFile: replacement })).json()).responses[0]?.object.file?.originalName,
    ).toBe('v2.pdf');
    expect((await edit('apprenti', { type: 2, note: 'texte' })).statusCode).toBe(400);
    expect(await written()).toEqual(timelineBefore);

    // Someone else's file is refused on an edit too; the course's shared document is not editable.
    const foreign = await fx.upload('tuteur');
    expect((await edit('apprenti', { documentFile: foreign })).statusCode).toBe(400);
    const shared = (await fx.list('apprenti', 'pedagogic')).documents.find((doc) => doc.shared);
    expect(
      (
        await fx.post('apprenti', {
          id: shared?.id,
          title: 'x',
          type: 1,
          documentFile: shared?.file?.id,
          category: fx.categoryId('pedagogic'),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lets only the author remove, within the item’s own triad', async () => {
    const item = await fx.addDocument('tuteur', 'À supprimer');
    const remove = (username: 'apprenti' | 'tuteur', triad = fx.triad.id) =>
      fx.call(username, 'POST', '/api/document/remove', { triad, id: item.id });
    expect((await remove('apprenti')).statusCode).toBe(403);
    // The tutor also follows the second triad: the item is not one of that triad.
    const [other] = await test.app.ctx.db
      .select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti2'));
    expect((await remove('tuteur', other?.id)).statusCode).toBe(404);
    expect((await fx.list('apprenti', 'pedagogic')).documents.some((doc) => doc.id === item.id)).toBe(true);

    expect(DocumentRemoveResponse.parse((await remove('tuteur')).json())).toEqual({
      success: true,
      hasError: false,
      message: 'Le document a été supprimé',
    });
    expect((await fx.list('apprenti', 'pedagogic')).documents.some((doc) => doc.id === item.id)).toBe(false);
    expect((await remove('tuteur')).statusCode).toBe(404);

    const note = DocumentPostResponse.parse((await fx.post('apprenti', { title: 'Note brève', type: 2, note: 'x' })).json()).responses[0]
      ?.object;
    const removed = await fx.call('apprenti', 'POST', '/api/document/remove', { triad: fx.triad.id, id: note?.id }, 'en');
    expect(removed.json()).toMatchObject({ success: true, message: 'The note has been deleted' });
    const shared = (await fx.list('apprenti', 'pedagogic')).documents.find((doc) => doc.shared);
    expect((await fx.call('apprenti', 'POST', '/api/document/remove', { triad: fx.triad.id, id: shared?.id })).statusCode).toBe(403);
  });

  it('mails the other members allowed to see a new item when notif is set', async () => {
    const addresses = async () =>
      await test.app.ctx.db.select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text }).from(mailOutbox);
    const before = (await addresses()).length;
    await fx.addDocument('apprenti', 'Planning de révisions', { rights: [1, 2], notif: true });
    const mails = (await addresses()).slice(before);
    // Tutor and second tutor of the triad; not the master (not in the rights), not the author.
    expect(mails.map((mail) => mail.to).sort()).toEqual(['isabelle.fournier@example.com', 'julien.bernard@example.com']);
    expect(mails[0]?.subject).toBe('Nouveau document : Planning de révisions');
    expect(mails[0]?.text).toContain('Lucas Martin a ajouté le document « Planning de révisions »');
    expect(mails[0]?.text).toContain(`${test.app.ctx.config.publicUrl}/dashboard/document?category=pedagogic`);
    await fx.addDocument('apprenti', 'Sans prévenir', { notif: false });
    expect(await addresses()).toHaveLength(before + 2);
  });

  it('logs writes made while impersonating with both users', async () => {
    const db = test.app.ctx.db;
    const adminId = await userIdOf(test.app, 'admin');
    const apprenticeId = await userIdOf(test.app, 'apprenti');
    const [platform] = await db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    fx.tokens.impersonated = await signAccessToken(
      { sub: String(apprenticeId), username: 'apprenti', roles: ['ROLE_LEA_USER'], platform: platform?.id ?? 0, impersonator: adminId },
      test.app.ctx.config.jwtSecret,
    );
    const item = await fx.addDocument('impersonated', 'Sous impersonation');
    await fx.call('impersonated', 'POST', '/api/document/remove', { triad: fx.triad.id, id: item.id });
    const logged = await db
      .select()
      .from(historyLog)
      .where(and(eq(historyLog.entity, 'document'), eq(historyLog.entityId, item.id)));
    expect(logged.map((line) => line.action).sort()).toEqual(['document.add', 'document.remove']);
    expect(logged[0]).toMatchObject({ userId: apprenticeId, impersonatorId: adminId });
  });
});
