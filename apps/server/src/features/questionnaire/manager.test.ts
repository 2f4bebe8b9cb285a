import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, QuestionnaireList, QuestionnaireView } from '@lea/shared';
import { replies, replySignatures, triads } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { renderText } from '../../texts/index.js';
import { MANAGER_MESSAGES } from './manager-actions.js';
import { apprenticeAnswers, callAs, createQuestionnaireFixture, dayFromToday, type Fixture } from './test-fixtures.js';

/** Apprentice and master windows ended yesterday; the tutor's is still open. */
const endedForApprentice = () => ({
  all: { startDate: dayFromToday(-30), endDate: dayFromToday(30) },
  1: { startDate: dayFromToday(-30), endDate: dayFromToday(-1) },
  3: { startDate: dayFromToday(-30), endDate: dayFromToday(-1) },
});

describe('manager actions: unlock, cancel signature, unlock all', () => {
  let test: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'tuteur', 'maitre', 'manager', 'admin']) tokens[username] = await tokenFor(test.app, username);
  });
  afterAll(async () => {
    await test.close();
  });

  const unlock = (f: Fixture, username: string, profile: number) =>
    callAs(test.app, tokens[username] as string, 'GET', `/app/questionnaire/unlock/${f.triadId}/${f.questionnaireId}?profile=${profile}`);
  const cancel = (f: Fixture, username: string, profile: number) =>
    callAs(
      test.app,
      tokens[username] as string,
      'PUT',
      `/app/questionnaire/cancel-signature/${f.triadId}/${f.questionnaireId}?profile=${profile}`,
    );
  const view = async (f: Fixture, username: string) =>
    QuestionnaireView.parse(
      (await callAs(test.app, tokens[username] as string, 'GET', `/app/questionnaire/${f.triadId}/${f.questionnaireId}`)).json(),
    );
  const listOf = async (f: Fixture, username: string) => {
    const list = QuestionnaireList.parse(
      (await callAs(test.app, tokens[username] as string, 'GET', `/app/questionnaire/list/${f.triadId}`)).json(),
    );
    const found = list.years
      .flatMap((year) => year.categories.flatMap((category) => category.questionnaires))
      .find((q) => q.id === f.questionnaireId);
    if (!found) throw new Error('questionnaire missing from the list');
    return found;
  };
  const replyOf = async (f: Fixture, profile: number, triadId = f.triadId) => {
    const [row] = await test.app.ctx.db
      .select()
      .from(replies)
      .where(and(eq(replies.questionnaireId, f.questionnaireId), eq(replies.triadId, triadId), eq(replies.profile, profile)));
    return row ?? null;
  };

  it('unlocks a reply after its end date for managers only; 409 before the end date', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { accessDates: endedForApprentice() });
    const before = await view(fixture, 'apprenti');
    expect(before.profileStatus['1']?.icon).toBe('lock');
    expect(before.questions.find((q) => q.id === fixture.ids.shortText)?.writable).toBe(false);
    expect(before.userHasToComplete).toBe(false);

    expect((await unlock(fixture, 'apprenti', 1)).statusCode).toBe(403);
    expect(await replyOf(fixture, 1)).toBeNull();
    const tooEarly = await unlock(fixture, 'manager', 2);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toBe(renderText(MANAGER_MESSAGES.notEnded(dayFromToday(30)), 'fr'));

    const unlocked = await unlock(fixture, 'manager', 1);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json()).toEqual({ success: true, icon: 'lock-open' });
    expect(await replyOf(fixture, 1)).toMatchObject({ status: 1, version: 0, unlockedByUserId: await userIdOf(test.app, 'manager') });
    expect((await unlock(fixture, 'admin', 1)).json()).toEqual({ success: true, icon: 'lock-open' });

    const after = await view(fixture, 'apprenti');
    expect(after.profileStatus['1']?.icon).toBe('lock-open');
    expect(after.questions.find((q) => q.id === fixture.ids.shortText)?.writable).toBe(true);
    expect(after.userHasToComplete).toBe(true);
    const saved = await callAs(
      test.app,
      tokens.apprenti as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      {
        draft: 1,
        profile: 1,
        version: 0,
        answers: [{ questionId: fixture.ids.shortText, value: 'Rattrapage' }],
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('cancels a signature for managers only: back to a shared draft, audit row kept', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { signedBy: [1] });
    const signed = await callAs(
      test.app,
      tokens.apprenti as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      {
        draft: 3,
        profile: 1,
        version: 0,
        answers: apprenticeAnswers(fixture),
      },
    );
    expect(signed.json().hasError, signed.body).toBe(false);
    expect((await view(fixture, 'apprenti')).profileStatus['1']?.icon).toBe('check');
    const signedAt = (await replyOf(fixture, 1))?.signedAt?.toISOString();
    expect(signedAt).toEqual(expect.any(String));
    // The signed date is in the triad's list for the other profiles too; the profiles that do not sign have no status.
    const listed = (await listOf(fixture, 'tuteur')).profileStatus;
    expect(listed).toEqual({ '1': expect.objectContaining({ signedAt }) });
    expect((await cancel(fixture, 'apprenti', 1)).statusCode).toBe(403);
    expect((await cancel(fixture, 'manager', 2)).statusCode).toBe(409);

    const cancelled = await cancel(fixture, 'manager', 1);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ success: true, icon: 'hourglass-start' });
    const reply = await replyOf(fixture, 1);
    expect(reply).toMatchObject({ status: 2, signedAt: null, version: 2 });
    const [audit] = await test.app.ctx.db
      .select()
      .from(replySignatures)
      .where(eq(replySignatures.replyId, reply?.id ?? 0));
    expect(audit).toMatchObject({
      cancelledAt: expect.any(Date),
      cancelledByUserId: await userIdOf(test.app, 'manager'),
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const apprentice = await view(fixture, 'apprenti');
    expect(apprentice.profileStatus['1']?.icon).toBe('hourglass-start');
    expect(apprentice.profileStatus['1']?.signedAt).toBeNull();
    expect((await listOf(fixture, 'manager')).profileStatus['1']?.signedAt).toBeNull();
    expect(apprentice.userHasToSign).toBe(true);
    expect((await cancel(fixture, 'manager', 1)).statusCode).toBe(409);

    const again = await callAs(
      test.app,
      tokens.apprenti as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      {
        draft: 3,
        profile: 1,
        version: 2,
        answers: [],
      },
    );
    expect(again.json().hasError).toBe(false);
    const rows = await test.app.ctx.db
      .select()
      .from(replySignatures)
      .where(eq(replySignatures.replyId, reply?.id ?? 0));
    expect(rows.map((row) => row.cancelledAt === null).sort()).toEqual([false, true]);
    expect(
      (
        await callAs(test.app, tokens.apprenti as string, 'PUT', `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`, {
          draft: 1,
          profile: 1,
          version: 3,
          answers: [],
        })
      ).json(),
    ).toEqual({ code: 409, message: MESSAGES.alreadySigned });
  });

  it('unlocks every locked reply of profiles 1–3 in the course, creating missing replies, in one call', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { accessDates: endedForApprentice(), linkTriad: false });
    const url = `/app/lea-manager/${fixture.courseId}/unlock-all/${fixture.questionnaireId}`;
    expect((await callAs(test.app, tokens.apprenti as string, 'GET', url)).statusCode).toBe(403);
    expect((await callAs(test.app, tokens.tuteur as string, 'GET', url)).statusCode).toBe(403);
    const courseTriads = await test.app.ctx.db.select().from(triads).where(eq(triads.trainingCourseId, fixture.courseId));
    const withMaster = courseTriads.filter((triad) => triad.apprenticeMasterId !== null || triad.apprenticeMaster2Id !== null).length;
    const withApprentice = courseTriads.filter((triad) => triad.apprenticeId !== null).length;
    const response = await callAs(test.app, tokens.manager as string, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, count: withApprentice + withMaster });
    expect((await replyOf(fixture, 1))?.unlockedAt).not.toBeNull();
    expect(await replyOf(fixture, 2)).toBeNull();
    const icons = (await view(fixture, 'tuteur')).profileStatus;
    expect([icons['1']?.icon, icons['2']?.icon, icons['3']?.icon]).toEqual(['lock-open', 'hourglass-start', 'lock-open']);
    expect((await callAs(test.app, tokens.admin as string, 'GET', url)).json()).toEqual({ success: true, count: 0 });
    expect(
      (await callAs(test.app, tokens.manager as string, 'GET', `/app/lea-manager/${fixture.courseId}/unlock-all/987654`)).statusCode,
    ).toBe(404);
    expect(
      (await callAs(test.app, tokens.manager as string, 'GET', `/app/lea-manager/987654/unlock-all/${fixture.questionnaireId}`)).statusCode,
    ).toBe(404);
  });
});
