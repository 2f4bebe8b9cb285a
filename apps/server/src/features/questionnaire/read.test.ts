import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionnaireList, QuestionnaireView, type QuestionItem } from '@lea/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor } from '../../test/auth.js';
import { apprenticeAnswers, callAs, createQuestionnaireFixture, dayFromToday, type Fixture } from './test-fixtures.js';

const USERS = ['apprenti', 'tuteur', 'tuteur2', 'maitre', 'manager', 'admin', 'dirigeant', 'parent'] as const;

describe('questionnaire reads', () => {
  let test: TestApp;
  let fixture: Fixture;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of USERS) tokens[username] = await tokenFor(test.app, username);
    fixture = await createQuestionnaireFixture(test.app, { visibleBy: [1, 2, 4] });
  });
  afterAll(async () => {
    await test.close();
  });

  const view = async (username: string, query = '') => {
    const response = await callAs(
      test.app,
      tokens[username] as string,
      'GET',
      `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return QuestionnaireView.parse(response.json());
  };
  const list = async (username: string) => {
    const response = await callAs(test.app, tokens[username] as string, 'GET', `/app/questionnaire/list/${fixture.triadId}`);
    expect(response.statusCode, response.body).toBe(200);
    return QuestionnaireList.parse(response.json());
  };
  const save = (username: string, body: Record<string, unknown>) =>
    callAs(test.app, tokens[username] as string, 'PUT', `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`, body);
  const find = (items: QuestionItem[], id: number): QuestionItem | undefined => {
    for (const item of items) {
      if (item.id === id) return item;
      const inner = find(item.questions, id);
      if (inner) return inner;
    }
    return undefined;
  };
  const mine = (list: QuestionnaireList) =>
    list.years
      .flatMap((year) => year.categories.flatMap((category) => category.questionnaires))
      .find((q) => q.id === fixture.questionnaireId);

  it('lists the questionnaire by year and category with a status per profile', async () => {
    const result = await list('apprenti');
    expect(result.leaManagerColumn).toBe(false);
    const year = result.years.find((entry) => entry.year === 1);
    const category = year?.categories.find((entry) => entry.title === 'Suivi en entreprise');
    expect(category?.questionnaires.map((q) => q.id)).toContain(fixture.questionnaireId);
    const summary = mine(result);
    expect(summary).toMatchObject({
      userProfile: 1,
      userHasToComplete: true,
      userHasToSign: true,
      userHasSigned: false,
      signedBy: [1, 2, 3, 4],
    });
    expect(Object.keys(summary?.profileStatus ?? {})).toEqual(['1', '2', '3', '4']);
    expect(summary?.profileStatus['1']).toEqual({
      hasToSign: true,
      hasToComplete: true,
      hasSigned: false,
      signedAt: null,
      startDate: dayFromToday(-30),
      endDate: dayFromToday(30),
      icon: 'hourglass-start',
    });
  });

  it('hides a questionnaire from a profile outside visibleBy, but not from managers and administrators', async () => {
    expect(mine(await list('maitre'))).toBeUndefined();
    const forbidden = await callAs(
      test.app,
      tokens.maitre as string,
      'GET',
      `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(mine(await list('manager'))?.userProfile).toBe(4);
    expect(mine(await list('admin'))?.userProfile).toBe(4);
    expect((await list('dirigeant')).years.flatMap((y) => y.categories)).toEqual([]);
    expect(
      (await callAs(test.app, tokens.parent as string, 'GET', `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`))
        .statusCode,
    ).toBe(403);
  });

  it('builds the items tree with rows, writable flags and the interview date item for its profile only', async () => {
    const apprentice = await view('apprenti');
    expect(apprentice.questions.map((item) => item.id)).toEqual([
      fixture.ids.title,
      fixture.ids.shortText,
      fixture.ids.longText,
      fixture.ids.dropdown,
      fixture.ids.uniqueChoice,
      fixture.ids.multipleChoice,
      fixture.ids.number,
      fixture.ids.file,
      fixture.ids.date,
      fixture.ids.dateTime,
      fixture.ids.disabled,
      fixture.ids.tutorText,
      fixture.ids.masterText,
      fixture.ids.managerText,
      fixture.ids.cluster,
      fixture.ids.grid,
      fixture.ids.open,
    ]);
    expect(find(apprentice.questions, fixture.ids.shortText)?.writable).toBe(true);
    expect(find(apprentice.questions, fixture.ids.disabled)?.writable).toBe(false);
    expect(find(apprentice.questions, fixture.ids.tutorText)?.writable).toBe(false);
    expect(find(apprentice.questions, fixture.ids.grid)?.questions.map((row) => [row.id, row.access, row.writable])).toEqual(
      fixture.ids.gridRows.map((id) => [id, [1], true]),
    );
    expect(apprentice.userDates).toEqual({ startDate: dayFromToday(-30), endDate: dayFromToday(30) });
    expect(apprentice.userCanExportPdf).toBe(true);
    expect(apprentice.userCanManage).toBe(false);
    expect(find(apprentice.questions, 0)).toBeUndefined();

    const tutor = await view('tuteur');
    const interview = tutor.questions.at(-1);
    expect(interview).toMatchObject({
      id: 0,
      index: 50000,
      type: 11,
      required: true,
      title: 'Date de la visite en entreprise',
      writable: true,
    });
    expect(find(tutor.questions, fixture.ids.tutorText)?.writable).toBe(true);
    expect(find(tutor.questions, fixture.ids.shortText)?.writable).toBe(false);
  });

  it('shows a private draft to its writer only, and a shared draft to the triad', async () => {
    const draft = await save('apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.shortText, value: 'Brouillon privé' }],
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(find((await view('apprenti')).questions, fixture.ids.shortText)?.userAnswer?.value).toBe('Brouillon privé');
    const tutorView = await view('tuteur');
    expect(find(tutorView.questions, fixture.ids.shortText)?.answers).toEqual([]);
    expect(tutorView.lastReply['1']).toBeNull();
    expect((await view('manager')).lastReply['1']).toBeNull();

    const shared = await save('apprenti', { draft: 2, profile: 1, version: 1, answers: apprenticeAnswers(fixture) });
    expect(shared.statusCode, shared.body).toBe(200);
    const after = await view('tuteur');
    const answer = find(after.questions, fixture.ids.shortText)?.answers[0];
    expect(answer).toMatchObject({ writerProfile: 1, writerName: 'Lucas Martin', value: 'Développement d’une API de réservation' });
    expect(after.lastReply['1']).toMatchObject({ status: 2, version: 2, writerName: 'Lucas Martin' });
  });

  it('lets a caller with several profiles choose one, and refuses a profile they do not hold', async () => {
    expect((await view('admin', '?profile=4')).userProfile).toBe(4);
    const refused = await callAs(
      test.app,
      tokens.apprenti as string,
      'GET',
      `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}?profile=2`,
    );
    expect(refused.statusCode).toBe(403);
  });
});
