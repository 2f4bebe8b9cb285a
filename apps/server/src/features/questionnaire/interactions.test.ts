import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerComment, MESSAGES, QuestionItem, QuestionnaireView, SaveReplyResponse } from '@lea/shared';
import { questions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor } from '../../test/auth.js';
import { callAs, createQuestionnaireFixture, type Fixture } from './test-fixtures.js';

describe('add-comment and add-row', () => {
  let test: TestApp;
  let fixture: Fixture;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'tuteur', 'maitre', 'manager']) tokens[username] = await tokenFor(test.app, username);
    fixture = await createQuestionnaireFixture(test.app, { signedBy: [1] });
  });
  afterAll(async () => {
    await test.close();
  });

  const path = (action: string, id: number, f: Fixture = fixture) => `/app/questionnaire/${action}/${f.triadId}/${f.questionnaireId}/${id}`;
  const save = async (body: Record<string, unknown>, f: Fixture = fixture) => {
    const response = await callAs(
      test.app,
      tokens.apprenti as string,
      'PUT',
      `/app/questionnaire/save/${f.triadId}/${f.questionnaireId}`,
      body,
    );
    expect(response.statusCode, response.body).toBe(200);
    return SaveReplyResponse.parse(response.json());
  };
  const answerIdOf = async (username: string, questionId: number) => {
    const view = QuestionnaireView.parse(
      (
        await callAs(test.app, tokens[username] as string, 'GET', `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`)
      ).json(),
    );
    const item = view.questions.find((q) => q.id === questionId);
    return item?.userAnswer?.id ?? item?.answers[0]?.id;
  };

  it('comments an answer the caller can read; refuses an empty comment and a private draft of another', async () => {
    await save({
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.shortText, value: 'Mes missions', answerComment: 'précision' }],
    });
    const answerId = (await answerIdOf('apprenti', fixture.ids.shortText)) as number;
    const hidden = await callAs(test.app, tokens.tuteur as string, 'POST', path('add-comment', answerId), {
      comment: 'Je ne devrais pas voir',
    });
    expect(hidden.statusCode).toBe(404);
    await save({ draft: 2, profile: 1, version: 1, answers: [] });
    const empty = await callAs(test.app, tokens.tuteur as string, 'POST', path('add-comment', answerId), { comment: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'comment', message: MESSAGES.required }]);
    const added = await callAs(test.app, tokens.tuteur as string, 'POST', path('add-comment', answerId), { comment: 'Bien détaillé' });
    expect(added.statusCode, added.body).toBe(200);
    expect(AnswerComment.parse(added.json())).toMatchObject({
      user: { fullName: 'Julien Bernard' },
      writerProfile: 2,
      value: 'Bien détaillé',
    });
    const view = QuestionnaireView.parse(
      (await callAs(test.app, tokens.apprenti as string, 'GET', `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`)).json(),
    );
    const answer = view.questions.find((q) => q.id === fixture.ids.shortText)?.userAnswer;
    expect(answer?.answerComment).toBe('précision');
    expect(answer?.answerComments.map((c) => c.value)).toEqual(['Bien détaillé']);
    expect((await callAs(test.app, tokens.tuteur as string, 'POST', path('add-comment', 999999), { comment: 'x' })).statusCode).toBe(404);
  });

  it('refuses comments when the questionnaire does not use them', async () => {
    const other = await createQuestionnaireFixture(test.app, { useComments: false, signedBy: [1] });
    await save({ draft: 2, profile: 1, version: 0, answers: [{ questionId: other.ids.longText, value: 'texte' }] }, other);
    const view = QuestionnaireView.parse(
      (await callAs(test.app, tokens.tuteur as string, 'GET', `/app/questionnaire/${other.triadId}/${other.questionnaireId}`)).json(),
    );
    const answerId = view.questions.find((q) => q.id === other.ids.longText)?.answers[0]?.id as number;
    expect(
      (await callAs(test.app, tokens.tuteur as string, 'POST', path('add-comment', answerId, other), { comment: 'x' })).statusCode,
    ).toBe(403);
  });

  it('adds a row to an open cluster for a profile of its access list, until that profile signs', async () => {
    const refused = await callAs(test.app, tokens.maitre as string, 'POST', path('add-row', fixture.ids.open));
    expect(refused.statusCode).toBe(403);
    const notOpen = await callAs(test.app, tokens.apprenti as string, 'POST', path('add-row', fixture.ids.cluster));
    expect(notOpen.statusCode).toBe(403);
    const added = await callAs(test.app, tokens.apprenti as string, 'POST', path('add-row', fixture.ids.open));
    expect(added.statusCode, added.body).toBe(200);
    const row = QuestionItem.parse(added.json());
    expect(row).toMatchObject({ itemType: 'field', type: 1, access: [1, 2], writable: true });
    const [stored] = await test.app.ctx.db.select().from(questions).where(eq(questions.id, row.id));
    expect(stored).toMatchObject({ parentId: fixture.ids.open, triadId: fixture.triadId });

    const tutorView = QuestionnaireView.parse(
      (await callAs(test.app, tokens.tuteur as string, 'GET', `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`)).json(),
    );
    expect(tutorView.questions.find((q) => q.id === fixture.ids.open)?.questions.map((q) => q.id)).toEqual([
      ...fixture.ids.openRows,
      row.id,
    ]);

    const saved = await save({
      draft: 3,
      profile: 1,
      version: 2,
      answers: [
        { questionId: row.id, value: 'Une ligne ajoutée' },
        { questionId: fixture.ids.clusterRows[1] as number, value: 'X' },
        { questionId: fixture.ids.gridRows[0] as number, value: 'Acquis' },
        { questionId: fixture.ids.gridRows[1] as number, value: 'Acquis' },
      ],
    });
    expect(saved.hasError, JSON.stringify(saved)).toBe(false);
    const afterSigning = await callAs(test.app, tokens.apprenti as string, 'POST', path('add-row', fixture.ids.open));
    expect(afterSigning.statusCode).toBe(409);
    expect(afterSigning.json()).toEqual({ code: 409, message: MESSAGES.alreadySigned });
  });
});
