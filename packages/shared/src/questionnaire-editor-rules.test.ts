import { describe, expect, it } from 'vitest';
import { DashboardFilter, QuestionnaireEditorBody, type QuestionnaireEditorBodyInput } from './contracts/questionnaire-editor.js';
import { checkQuestionnaireModel, DEFAULT_INTERVIEW_DATE_LABEL, EDITOR_MESSAGES, interviewDateItem } from './questionnaire-editor-rules.js';
import { MESSAGES } from './validation.js';

const WINDOW = { startDate: '2026-01-05', endDate: '2026-02-05' };
const check = (input: QuestionnaireEditorBodyInput) => checkQuestionnaireModel(QuestionnaireEditorBody.parse(input));
const base: QuestionnaireEditorBodyInput = { title: 'Bilan', category: { id: 1 }, accessDates: { all: WINDOW } };

describe('questionnaire editor rules', () => {
  it('requires title, category, visibleBy and signedBy; signedBy defaults to the manager', () => {
    expect(check(base).errors).toEqual([]);
    expect(check(base).model.signedBy).toEqual([4]);
    const fields = check({ title: '  ', category: null, visibleBy: [], signedBy: [], accessDates: { all: WINDOW } }).errors.map(
      (error) => error.field,
    );
    expect(fields).toEqual(['title', 'category', 'visibleBy', 'signedBy']);
  });

  it('keeps signers among the profiles that may view', () => {
    expect(check({ ...base, visibleBy: [1, 4], signedBy: [2] }).errors).toEqual([
      { field: 'signedBy', message: EDITOR_MESSAGES.signerCannotView },
    ]);
  });

  it('requires the all-profile window with the switch on, else the windows of the signers only', () => {
    expect(check({ ...base, accessDates: {} }).errors.map((error) => error.field)).toEqual([
      'accessDates.all.startDate',
      'accessDates.all.endDate',
    ]);
    const perProfile = check({
      ...base,
      allProfileDates: false,
      visibleBy: [1, 2, 4],
      signedBy: [1, 4],
      accessDates: { 1: WINDOW, 3: WINDOW },
    });
    expect(perProfile.errors.map((error) => error.field)).toEqual(['accessDates.4.startDate', 'accessDates.4.endDate']);
    expect(perProfile.model.accessDates[3]).toBeNull();
    const reversed = check({ ...base, accessDates: { all: { startDate: '2026-03-01', endDate: '2026-02-01' } } });
    expect(reversed.errors).toEqual([{ field: 'accessDates.all.endDate', message: EDITOR_MESSAGES.endBeforeStart }]);
  });

  it('keys question errors by their position as sent and falls back to default cluster and row titles', () => {
    const { errors, model } = check({
      ...base,
      questions: [
        { itemType: 'title', title: 'Partie 1' },
        { itemType: 'field', title: 'Missions', type: 0, access: [1] },
        { id: 0, index: 50000, itemType: 'field', type: 11, title: 'Visite' },
        { itemType: 'field', title: '', type: 1, access: [] },
        { itemType: 'cluster', title: '', access: [1], questions: [{ itemType: 'field', title: '', type: 0 }] },
      ],
    });
    expect(errors).toEqual([
      { field: 'questions.3.title', message: EDITOR_MESSAGES.titleMissing },
      { field: 'questions.3.access', message: EDITOR_MESSAGES.accessMissing },
    ]);
    expect(model.questions.map((item) => [item.index, item.title])).toEqual([
      [0, 'Partie 1'],
      [1, 'Missions'],
      [2, ''],
      [3, 'Groupe de questions 4'],
    ]);
    expect(model.questions[3]?.questions[0]?.title).toBe('Ligne 1');
  });

  it('keeps one option in choice lists, clears marks and opened-question types that are switched off', () => {
    const { errors, model } = check({
      ...base,
      questions: [
        { itemType: 'field', title: 'Choix', type: 3, access: [1], valueList: [] },
        {
          itemType: 'field',
          title: 'Note',
          type: 3,
          access: [1],
          displayMark: false,
          maximalMark: 4,
          valueList: [{ value: 'Bien', mark: 4 }],
        },
        { itemType: 'cluster', title: 'Ouvert', access: [1], openedQuestions: false, openedQuestionsType: 2, openedQuestionsAccess: [1] },
        {
          itemType: 'cluster',
          title: 'Grille',
          access: [1],
          displayMode: 2,
          displayMark: true,
          valueList: [
            { value: 'A', mark: 2 },
            { value: 'A', mark: 1 },
          ],
          questions: [{ itemType: 'field', title: 'Ligne', type: 0 }],
        },
      ],
    });
    expect(errors).toEqual([
      { field: 'questions.0.valueList', message: EDITOR_MESSAGES.choicesMissing },
      { field: 'questions.3.valueList.1.value', message: EDITOR_MESSAGES.choiceDuplicate },
    ]);
    expect(model.questions[1]).toMatchObject({ maximalMark: null, valueList: [{ value: 'Bien', mark: null }] });
    expect(model.questions[2]).toMatchObject({ openedQuestions: false, openedQuestionsType: 1, openedQuestionsAccess: [] });
    expect(model.questions[3]?.questions[0]).toMatchObject({ type: 3, valueList: [] });
  });

  it('needs the interview date profiles and gives the default label', () => {
    expect(check({ ...base, useInterviewDate: true }).errors).toEqual([{ field: 'interviewDateVisibleBy', message: MESSAGES.required }]);
    expect(check({ ...base, useInterviewDate: true, interviewDateVisibleBy: [2] }).model.interviewDateLabel).toBe(
      DEFAULT_INTERVIEW_DATE_LABEL,
    );
    expect(interviewDateItem({ interviewDateLabel: null, interviewDateVisibleBy: [2] })).toMatchObject({
      id: 0,
      index: 50000,
      type: 11,
      required: true,
      access: [2],
    });
  });

  it('parses dashboard filters from a query string and from JSON alike', () => {
    expect(DashboardFilter.parse({ crews: '1,2', active: '1', year: '2' })).toEqual({ crews: [1, 2], active: '1', year: 2 });
    expect(DashboardFilter.parse({ crews: [3], questionnaires: ['4'], active: false })).toEqual({
      crews: [3],
      questionnaires: [4],
      active: '0',
    });
    expect(DashboardFilter.parse({ active: '' })).toEqual({});
  });
});
