import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  QuestionItem as QuestionItemSchema,
  QuestionnaireEditorModel,
  QuestionnaireView,
  SaveReplyResponse,
  type QuestionItem,
} from '@lea/shared';
import { tokenFor } from '../../test/auth.js';
import { openSecondProcess, type SecondProcess } from '../../test/second-process.js';
import { statementCounter, type StatementCounter } from '../../test/statement-counter.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callAs, createQuestionnaireFixture, type Fixture } from './test-fixtures.js';

const find = (items: QuestionItem[], id: number): QuestionItem | undefined => {
  for (const item of items) {
    if (item.id === id) return item;
    const inner = find(item.questions, id);
    if (inner) return inner;
  }
  return undefined;
};

describe('questionnaire view and draft save: round trips and the cached question tree', () => {
  let test: TestApp;
  let fixture: Fixture;
  let counter: StatementCounter;
  const tokens: Record<string, string> = {};
  /** A second server process on the same database: PostgreSQL only (PGlite belongs to one process). */
  let second: SecondProcess | null = null;

  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'manager']) tokens[username] = await tokenFor(test.app, username);
    fixture = await createQuestionnaireFixture(test.app);
    counter = statementCounter(test.app.ctx.database);
    await test.app.ctx.cache.ready();
    second = await openSecondProcess(test);
  });
  afterAll(async () => {
    await second?.close();
    await test.close();
  });

  const viewPath = () => `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`;
  const view = async (app: FastifyInstance = test.app) => {
    const response = await callAs(app, tokens.apprenti as string, 'GET', viewPath());
    expect(response.statusCode, response.body).toBe(200);
    return QuestionnaireView.parse(response.json());
  };
  const saveDraft = async (version: number, value: string) => {
    const response = await callAs(
      test.app,
      tokens.apprenti as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      {
        draft: 1,
        profile: 1,
        version,
        answers: [{ questionId: fixture.ids.shortText, value }],
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const parsed = SaveReplyResponse.parse(response.json());
    expect(parsed.hasError).toBe(false);
    return parsed.responses[0]!.object!;
  };

  it('reads a questionnaire in one statement once its tree is cached', async () => {
    await view(); // the tree is read and kept
    const { statements } = await counter.during(() => view());
    expect(statements).toBeLessThanOrEqual(1);
  });

  it('saves the next private draft of a reply in two statements: its context, then the write at once', async () => {
    const first = await saveDraft((await view()).userReply?.version ?? 0, 'Premier brouillon');
    const { result, statements } = await counter.during(() => saveDraft(first.version, 'Second brouillon'));
    expect(result.version).toBe(first.version + 1);
    expect(statements).toBeLessThanOrEqual(2);
    const shown = find((await view()).questions, fixture.ids.shortText);
    expect(shown?.userAnswer?.value).toBe('Second brouillon');
  });

  it('shows an editor save at the next view, in this process and in another one on the same database', async () => {
    await view();
    if (second) {
      await view(second.app);
      expect(second.app.ctx.cache.cache('questionnaire', 1).size()).toBeGreaterThan(0);
    }
    const editorPath = `/app/lea-manager/${fixture.courseId}/questionnaire/${fixture.questionnaireId}`;
    const model = QuestionnaireEditorModel.parse((await callAs(test.app, tokens.manager as string, 'GET', editorPath)).json());
    const renamed = {
      ...model,
      questions: model.questions.map((item) => (item.id === fixture.ids.shortText ? { ...item, title: 'Missions confiées' } : item)),
    };
    const saved = await callAs(test.app, tokens.manager as string, 'PUT', editorPath, renamed);
    expect(saved.statusCode, saved.body).toBe(200);

    expect(find((await view()).questions, fixture.ids.shortText)?.title).toBe('Missions confiées');
    if (second) {
      const other = second.app;
      // The other process hears the change when the editor's transaction commits (NOTIFY).
      await vi.waitFor(async () => expect(find((await view(other)).questions, fixture.ids.shortText)?.title).toBe('Missions confiées'), {
        timeout: 10_000,
      });
    }
  });

  it('shows a row the triad adds to an open cluster beside the cached items', async () => {
    await view();
    const added = await callAs(
      test.app,
      tokens.apprenti as string,
      'POST',
      `/app/questionnaire/add-row/${fixture.triadId}/${fixture.questionnaireId}/${fixture.ids.open}`,
    );
    expect(added.statusCode, added.body).toBe(200);
    const row = QuestionItemSchema.parse(added.json());
    const open = find((await view()).questions, fixture.ids.open);
    expect(open?.questions.map((item) => item.id)).toEqual([...fixture.ids.openRows, row.id]);
  });
});
