import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionnaireDashboardResponse, QuestionnaireList, type DashboardEntry, type QuestionnaireSummary } from '@lea/shared';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { apprenticeAnswers, callAs, createQuestionnaireFixture, dayFromToday, type Fixture } from './test-fixtures.js';

const CELLS: [number, keyof DashboardEntry][] = [
  [1, 'apprentice'],
  [2, 'tutor'],
  [3, 'apprenticeMaster'],
  [4, 'leaManager'],
];

/** The icons of one questionnaire in a triad's list, in the dashboard's cell order (null: not concerned). */
const listIcons = (summary: QuestionnaireSummary) => CELLS.map(([profile]) => summary.profileStatus[String(profile)]?.icon ?? null);
const dashboardIcons = (entry: DashboardEntry | undefined) => CELLS.map(([, key]) => entry?.[key]?.icon ?? null);

describe('questionnaire statuses: the lists and the signature dashboard agree', () => {
  let test: TestApp;
  let twoSigners: Fixture;
  const tokens: Record<string, string> = {};
  const list = async (username: string, triadId: number) => {
    const response = await callAs(test.app, tokens[username] as string, 'GET', `/app/questionnaire/list/${triadId}`);
    expect(response.statusCode, response.body).toBe(200);
    return QuestionnaireList.parse(response.json()).years.flatMap((year) => year.categories.flatMap((category) => category.questionnaires));
  };
  const dashboard = async (courseId: number) => {
    const response = await callAs(test.app, tokens.manager as string, 'GET', `/app/lea-manager/${courseId}/dashboard`);
    expect(response.statusCode, response.body).toBe(200);
    return QuestionnaireDashboardResponse.parse(response.json());
  };

  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['manager', 'apprenti', 'maitre']) tokens[username] = await tokenFor(test.app, username);
    twoSigners = await createQuestionnaireFixture(test.app, { title: 'Signé par deux', signedBy: [1, 2] });
  });
  afterAll(async () => {
    await test.close();
  });

  it('gives no status to the profiles that do not sign, in the front-office list as in the dashboard', async () => {
    for (const username of ['apprenti', 'maitre', 'manager']) {
      const summary = (await list(username, twoSigners.triadId)).find((item) => item.id === twoSigners.questionnaireId);
      expect(Object.keys(summary?.profileStatus ?? {}), username).toEqual(['1', '2']);
    }
    const questionnaire = (await dashboard(twoSigners.courseId)).categories
      .flatMap((category) => category.questionnaires)
      .find((item) => item.id === twoSigners.questionnaireId);
    expect(dashboardIcons(questionnaire?.dashboardData[String(twoSigners.triadId)])).toEqual([
      'hourglass-start',
      'hourglass-start',
      null,
      null,
    ]);
  });

  it('shows the same icon in every cell of the demo course, list by list', async () => {
    const response = await dashboard(twoSigners.courseId);
    const triadIds = response.trainingCourse.crews.flatMap((crew) => crew.triads.map((triad) => triad.id));
    expect(triadIds.length).toBeGreaterThan(3);
    let compared = 0;
    for (const triadId of triadIds) {
      const summaries = new Map((await list('manager', triadId)).map((summary) => [summary.id, summary]));
      for (const questionnaire of response.categories.flatMap((category) => category.questionnaires)) {
        const entry = questionnaire.dashboardData[String(triadId)];
        const summary = summaries.get(questionnaire.id);
        // A questionnaire is in the triad's list exactly when it has a cell for the triad.
        expect(summary === undefined, `${questionnaire.title} / triad ${triadId}`).toBe(entry === undefined);
        if (!summary) continue;
        expect(listIcons(summary), `${questionnaire.title} / triad ${triadId}`).toEqual(dashboardIcons(entry));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });
});

describe('the to-do action of a questionnaire', () => {
  let test: TestApp;
  const tokens: Record<string, string> = {};
  const todoOf = async (username: string, fixture: Fixture) => {
    const response = await callAs(test.app, tokens[username] as string, 'GET', `/app/questionnaire/list/${fixture.triadId}`);
    const summaries = QuestionnaireList.parse(response.json()).years.flatMap((year) =>
      year.categories.flatMap((category) => category.questionnaires),
    );
    return summaries.find((item) => item.id === fixture.questionnaireId)?.userTodo;
  };
  const save = async (username: string, fixture: Fixture, body: Record<string, unknown>) => {
    const response = await callAs(
      test.app,
      tokens[username] as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      body,
    );
    expect(response.json().hasError, response.body).toBe(false);
    return response.json().responses[0].object.version as number;
  };

  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'tuteur']) tokens[username] = await tokenFor(test.app, username);
  });
  afterAll(async () => {
    await test.close();
  });

  it('says complete until the required answers are saved, then sign', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { title: 'Sans commentaires', signedBy: [1, 2], useComments: false });
    const due = dayFromToday(30);
    expect(await todoOf('apprenti', fixture)).toEqual({ action: 'complete', dueDate: due });
    const [first] = apprenticeAnswers(fixture);
    const version = await save('apprenti', fixture, { draft: 1, profile: 1, version: 0, answers: [first] });
    expect(await todoOf('apprenti', fixture)).toEqual({ action: 'complete', dueDate: due });
    await save('apprenti', fixture, { draft: 1, profile: 1, version, answers: apprenticeAnswers(fixture) });
    expect(await todoOf('apprenti', fixture)).toEqual({ action: 'sign', dueDate: due });
    // The tutor's required opinion and interview date are still missing.
    expect(await todoOf('tuteur', fixture)).toEqual({ action: 'complete', dueDate: due });
  });

  it('with comments, asks to share the draft, waits for the other signers, then offers to sign', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { title: 'Avec commentaires', signedBy: [1, 2], useComments: true });
    const version = await save('apprenti', fixture, { draft: 1, profile: 1, version: 0, answers: apprenticeAnswers(fixture) });
    expect((await todoOf('apprenti', fixture))?.action).toBe('complete');
    await save('apprenti', fixture, { draft: 2, profile: 1, version, answers: [] });
    expect(await todoOf('apprenti', fixture)).toBeNull();
    await save('tuteur', fixture, {
      draft: 2,
      profile: 2,
      version: 0,
      interviewDate: dayFromToday(-2),
      answers: [{ questionId: fixture.ids.tutorText, value: 'Lucas progresse bien.' }],
    });
    expect((await todoOf('apprenti', fixture))?.action).toBe('sign');
    expect((await todoOf('tuteur', fixture))?.action).toBe('sign');
  });
});
