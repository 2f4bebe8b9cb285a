import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Triad } from '@lea/shared';
import { questionnaires, timelineEntries, triads, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor } from '../../test/auth.js';

/**
 * The dashboard's timeline (spec 2 §2, issue 4 item 7): a signed questionnaire reply and an added
 * notepad note are written in their own transaction, and GET /app/triad/{id} returns them newest
 * first, for that triad only.
 */
describe('timeline of a triad', () => {
  let test: TestApp;
  const tokens: Record<string, string> = {};
  const triadOf: Record<string, number> = {};
  let questionnaireId = 0;

  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'apprenti2', 'tuteur', 'maitre']) tokens[username] = await tokenFor(test.app, username);
    const { db } = test.app.ctx;
    const rows = await db
      .select({ id: triads.id, courseId: triads.trainingCourseId, username: users.username })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId));
    for (const row of rows) triadOf[row.username] = row.id;
    const courseId = rows.find((row) => row.username === 'apprenti')?.courseId ?? 0;
    // Nothing to fill and no comments: each profile signs directly, in any order.
    const [row] = await db
      .insert(questionnaires)
      .values({
        trainingCourseId: courseId,
        year: 1,
        title: 'Charte du livret',
        signedBy: [1, 2],
        visibleBy: [1, 2, 3, 4],
        accessDates: { all: null },
      })
      .returning({ id: questionnaires.id });
    questionnaireId = row?.id ?? 0;
  });
  afterAll(async () => {
    await test.close();
  });

  const call = (username: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    test.app.inject({
      method,
      url: `/api/fr${url}`,
      headers: { host: 'localhost', authorization: `Bearer ${tokens[username]}` },
      ...(payload ? { payload } : {}),
    });
  const timelineOf = async (username: string, triadId: number) => {
    const response = await call(username, 'GET', `/app/triad/${triadId}`);
    expect(response.statusCode, response.body).toBe(200);
    return Triad.parse(response.json()).timelines;
  };
  const sign = (username: string, profile: number, version = 0) =>
    call(username, 'PUT', `/app/questionnaire/save/${triadOf.apprenti}/${questionnaireId}`, { draft: 3, profile, version, answers: [] });
  const entriesOf = (triadId: number) => test.app.ctx.db.select().from(timelineEntries).where(eq(timelineEntries.triadId, triadId));

  it('records nothing for a draft save', async () => {
    const before = (await entriesOf(triadOf.apprenti ?? 0)).length;
    const draft = await call('tuteur', 'PUT', `/app/questionnaire/save/${triadOf.apprenti}/${questionnaireId}`, {
      draft: 1,
      profile: 2,
      version: 0,
      answers: [],
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await entriesOf(triadOf.apprenti ?? 0)).length).toBe(before);
  });

  it('records who signed which questionnaire, newest first, once per signature', async () => {
    expect((await sign('apprenti', 1)).statusCode).toBe(200);
    expect((await sign('tuteur', 2, 1)).statusCode).toBe(200);
    // A retried signature (the answer was lost) is answered like the first one and writes nothing more.
    expect((await sign('apprenti', 1)).statusCode).toBe(200);
    const timeline = await timelineOf('maitre', triadOf.apprenti ?? 0);
    const signatures = timeline.filter((entry) => entry.className === 'questionnaire' && entry.titlePart2 === 'Charte du livret');
    expect(signatures.map((entry) => entry.titlePart1)).toEqual(['Julien Bernard', 'Lucas Martin']);
    expect(timeline.slice(0, 2)).toEqual(signatures);
    for (const entry of signatures) expect(entry.minute).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
  });

  it('records the author and title of an added note, and nothing for its edit', async () => {
    const added = await call('maitre', 'POST', '/app/notepad/add', {
      title: 'Visite du 12 mars',
      text: 'Préparer le poste.',
      triad: { id: triadOf.apprenti },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [latest] = await timelineOf('apprenti', triadOf.apprenti ?? 0);
    expect(latest).toMatchObject({ className: 'note', titlePart1: 'Nathalie Dubois', titlePart2: 'Visite du 12 mars' });
    const count = (await entriesOf(triadOf.apprenti ?? 0)).length;
    const noteId = (added.json() as { id: number }).id;
    const edited = await call('maitre', 'PUT', `/app/notepad/${noteId}`, {
      title: 'Visite du 13 mars',
      text: 'Préparer le poste.',
      triad: { id: triadOf.apprenti },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await entriesOf(triadOf.apprenti ?? 0)).length).toBe(count);
  });

  it('keeps each triad to its own entries', async () => {
    const other = await timelineOf('apprenti2', triadOf.apprenti2 ?? 0);
    expect(other.some((entry) => entry.titlePart2 === 'Charte du livret' || entry.titlePart2 === 'Visite du 12 mars')).toBe(false);
    const rows = await entriesOf(triadOf.apprenti2 ?? 0);
    expect(other.map((entry) => entry.id).sort()).toEqual(rows.map((row) => row.id).sort());
  });

  it('gives the newest entries first, to the minute, and at most 20', async () => {
    const { db } = test.app.ctx;
    const triadId = triadOf.apprenti2 ?? 0;
    const base = Date.UTC(2026, 0, 10, 9, 0, 42);
    await db.insert(timelineEntries).values(
      Array.from({ length: 25 }, (_, index) => ({
        triadId,
        className: 'note',
        titlePart1: 'Emma Petit',
        titlePart2: `Note ${index}`,
        createdAt: new Date(base + index * 60_000),
      })),
    );
    const timeline = await timelineOf('apprenti2', triadId);
    expect(timeline).toHaveLength(20);
    expect(timeline[0]).toMatchObject({ titlePart2: 'Note 24', minute: '2026-01-10T09:24:00.000Z' });
    expect(timeline.map((entry) => entry.minute)).toEqual([...timeline.map((entry) => entry.minute)].sort().reverse());
  });
});
