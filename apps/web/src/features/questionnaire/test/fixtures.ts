import type { Answer, QuestionItem, QuestionnaireView } from '@lea/shared';

/** A question item with every attribute, for the page's component tests. */
export function item(id: number, overrides: Partial<QuestionItem> = {}): QuestionItem {
  return {
    id,
    index: id,
    itemType: 'field',
    title: `Question ${id}`,
    type: 0,
    tip: null,
    tipActive: false,
    required: false,
    enabled: true,
    access: [1],
    comments: false,
    commentsLabel: null,
    commentsType: 1,
    displayMode: 1,
    displayMark: false,
    displayRadar: false,
    maximalMark: null,
    valueList: [],
    openedQuestions: false,
    openedQuestionsAccess: [],
    openedQuestionsType: 1,
    questions: [],
    userAnswer: null,
    answers: [],
    writable: true,
    ...overrides,
  };
}

export function answer(id: number, fieldId: number, overrides: Partial<Answer> = {}): Answer {
  return {
    id,
    fieldId,
    value: null,
    answerComment: null,
    answerComments: [],
    mark: null,
    writerProfile: 1,
    writerName: 'Léa Martin',
    date: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const choices = (...values: string[]) => values.map((value) => ({ value, mark: null }));

/** One block of every field type, a title, a plain cluster with radio rows and a grid cluster. */
export function fixtureQuestions(): QuestionItem[] {
  return [
    item(1, { itemType: 'title', title: 'Partie 1 : en entreprise', access: [] }),
    item(2, { title: 'Poste occupé', type: 0, required: true }),
    item(3, { title: 'Missions confiées', type: 1 }),
    item(4, { title: 'Service', type: 2, valueList: choices('Production', 'Qualité') }),
    item(5, { title: 'Intégration', type: 3, valueList: choices('Bonne', 'Difficile') }),
    item(6, { title: 'Outils utilisés', type: 4, valueList: choices('Tableur', 'ERP', 'CAO') }),
    item(7, { title: 'Heures par semaine', type: 8 }),
    item(8, { title: 'Rapport de stage', type: 10 }),
    item(9, { title: "Date d'entrée", type: 11 }),
    item(10, { title: 'Rendez-vous', type: 12 }),
    item(11, {
      itemType: 'cluster',
      title: 'Savoir-être',
      type: 0,
      displayMode: 2,
      valueList: choices('Acquis', 'En cours', 'Non acquis'),
      questions: [item(12, { title: 'Ponctualité', type: 3, required: true }), item(13, { title: 'Autonomie', type: 3 })],
    }),
    item(14, {
      itemType: 'cluster',
      title: 'Activités réalisées',
      openedQuestions: true,
      openedQuestionsAccess: [1],
      questions: [item(15, { title: 'Activité 1', type: 0, required: true })],
    }),
  ];
}

export function fixtureView(overrides: Partial<QuestionnaireView> = {}): QuestionnaireView {
  return {
    id: 7,
    title: 'Bilan de période',
    year: 1,
    category: { id: 1, title: 'Bilans' },
    signedBy: [1, 2],
    completenessDate: '2026-06-30',
    userProfile: 1,
    userHasToComplete: true,
    userHasToSign: true,
    userHasSigned: false,
    userTodo: { action: 'complete', dueDate: '2026-06-30' },
    profileStatus: {
      '1': {
        hasToSign: true,
        hasToComplete: true,
        hasSigned: false,
        signedAt: null,
        startDate: '2026-01-01',
        endDate: '2026-06-30',
        icon: 'hourglass-start',
      },
      '2': {
        hasToSign: true,
        hasToComplete: false,
        hasSigned: false,
        signedAt: null,
        startDate: '2026-01-01',
        endDate: '2026-07-15',
        icon: 'hourglass-start',
      },
    },
    description: null,
    message: null,
    active: true,
    locked: false,
    visibleBy: [1, 2, 3],
    marksVisibleBy: [4],
    useComments: true,
    useInterviewDate: false,
    interviewDateLabel: null,
    interviewDateVisibleBy: [],
    userDates: { startDate: '2026-01-01', endDate: '2026-06-30' },
    userCanExportPdf: true,
    userCanManage: false,
    questions: fixtureQuestions(),
    lastReply: { '1': null, '2': null },
    userReply: null,
    ...overrides,
  };
}
