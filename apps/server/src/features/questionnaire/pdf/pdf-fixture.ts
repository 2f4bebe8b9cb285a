import { DEFAULT_PROFILE_TITLES, type Answer, type AnswerValue, type QuestionItem, type QuestionnaireView } from '@lea/shared';
import type { QuestionnairePdfInput } from './index.js';

/** A questionnaire view for the PDF tests: every field type, both cluster kinds, comments, marks. */

let nextId = 1;

function answer(profile: number, value: AnswerValue, extra: Partial<Answer> = {}): Answer {
  nextId += 1;
  return {
    id: nextId,
    fieldId: 0,
    value,
    answerComment: null,
    answerComments: [],
    mark: null,
    writerProfile: profile,
    writerName: null,
    date: '2026-01-12T09:30:00.000Z',
    ...extra,
  };
}

function item(partial: Partial<QuestionItem> & Pick<QuestionItem, 'title'>, answers: Answer[] = []): QuestionItem {
  nextId += 1;
  return {
    id: nextId,
    index: nextId,
    itemType: 'field',
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
    answers,
    writable: false,
    ...partial,
  };
}

const LEVELS = [
  { value: 'Acquis', mark: 3 },
  { value: 'En cours', mark: 1 },
  { value: 'Non acquis', mark: 0 },
];
const LONG_TEXT =
  '<p>Léa a pris en charge la maintenance du parc : installation des postes, mises à jour et support aux utilisateurs de l’agence.</p>' +
  '<p>Elle a ensuite développé un petit outil de suivi des interventions, présenté à l’équipe en réunion ; l’œuvre est appréciée.</p>' +
  '<ul><li>Autonomie croissante</li><li>Très bonne relation avec les collègues</li></ul>';

export function fixtureView(): QuestionnaireView {
  const questions: QuestionItem[] = [
    item({ itemType: 'title', title: 'Votre arrivée dans l’entreprise', access: [] }),
    item({ title: 'Intitulé de votre poste', required: true, tip: 'Tel qu’il figure sur votre contrat.', tipActive: true }, [
      answer(1, 'Technicienne support et développement'),
    ]),
    item({ title: 'Décrivez vos premières missions', type: 1, comments: true, commentsLabel: 'Difficultés rencontrées' }, [
      answer(1, LONG_TEXT, { answerComment: 'Prise en main du réseau un peu longue.' }),
    ]),
    item(
      {
        title: 'Modalité de l’entretien',
        type: 2,
        access: [2],
        valueList: ['Sur site', 'Visioconférence', 'Téléphone'].map((value) => ({ value, mark: null })),
      },
      [answer(2, 'Sur site')],
    ),
    item(
      {
        title: 'Intégration dans l’équipe',
        type: 3,
        access: [3],
        valueList: ['Très satisfaisante', 'Satisfaisante', 'À améliorer'].map((value) => ({ value, mark: null })),
      },
      [
        answer(3, 'Très satisfaisante', {
          answerComments: [
            {
              id: 90,
              user: { fullName: 'Paul Durand' },
              writerProfile: 2,
              value: 'Entièrement d’accord avec cette appréciation.',
              date: '2026-01-14T15:05:00.000Z',
            },
          ],
        }),
      ],
    ),
    item(
      {
        title: 'Présentations effectuées',
        type: 4,
        access: [3],
        valueList: ['L’équipe', 'Les règles de sécurité', 'Les outils informatiques', 'Les locaux'].map((value) => ({ value, mark: null })),
      },
      [answer(3, ['L’équipe', 'Les locaux'])],
    ),
    item({ itemType: 'title', title: 'Organisation et évaluation', access: [] }),
    item({ title: 'Durée hebdomadaire de travail (heures)', type: 8, access: [3] }, [answer(3, 35.5)]),
    item({ title: 'Attestation de sécurité signée', type: 10 }, [
      answer(1, { id: 4, originalName: 'attestation-sécurité.pdf', pathName: 'x.pdf' }),
    ]),
    item({ title: 'Date d’arrivée', type: 11 }, [answer(1, '2025-09-08')]),
    item({ title: 'Premier rendez-vous de suivi', type: 12, access: [2] }, [answer(2, '2025-10-02 14:30')]),
    item({
      itemType: 'cluster',
      title: 'Conditions de travail',
      access: [1, 3],
      questions: [
        item({ title: 'Lieu de travail', access: [1, 3] }, [answer(1, 'Lyon 2e'), answer(3, 'Lyon 2e (siège)')]),
        item({ title: 'Horaires', access: [3] }, [answer(3, '9 h - 17 h 30')]),
      ],
    }),
    item({
      itemType: 'cluster',
      title: 'Projets menés en entreprise',
      access: [1],
      openedQuestions: true,
      openedQuestionsAccess: [1, 2],
      questions: [item({ title: 'Projet principal' }, [answer(1, 'Outil de suivi des interventions')])],
    }),
    item({
      itemType: 'cluster',
      title: 'Savoir-être professionnel',
      access: [4],
      displayMode: 2,
      displayMark: true,
      maximalMark: 3,
      valueList: LEVELS,
      questions: [
        item({ title: 'Ponctualité et assiduité', type: 3, access: [4], displayMark: true, maximalMark: 3 }, [
          answer(4, 'Acquis', { mark: 3 }),
        ]),
        item({ title: 'Travail en équipe', type: 3, access: [4], displayMark: true, maximalMark: 3 }, [answer(4, 'En cours', { mark: 1 })]),
      ],
    }),
    item(
      {
        title: 'Appréciation générale',
        type: 3,
        access: [4],
        displayMark: true,
        maximalMark: 4,
        valueList: [
          { value: 'Excellent', mark: 4 },
          { value: 'Bien', mark: 3 },
          { value: 'Passable', mark: 2 },
        ],
      },
      [answer(4, 'Bien', { mark: 3 })],
    ),
  ];
  return {
    id: 7,
    title: 'Visite en entreprise – bilan d’intégration',
    year: 1,
    category: { id: 2, title: 'Suivi en entreprise' },
    signedBy: [1, 2, 3, 4],
    completenessDate: null,
    userProfile: 4,
    userHasToComplete: false,
    userHasToSign: false,
    userHasSigned: false,
    userTodo: null,
    profileStatus: {},
    description: '<p>Compte rendu de la visite du tuteur pédagogique, en présence du maître d’apprentissage.</p>',
    message: null,
    active: true,
    locked: false,
    visibleBy: [1, 2, 3, 4],
    marksVisibleBy: [2, 4],
    useComments: true,
    useInterviewDate: true,
    interviewDateLabel: 'Date de la visite en entreprise',
    interviewDateVisibleBy: [2],
    userDates: { startDate: null, endDate: null },
    userCanExportPdf: true,
    userCanManage: true,
    questions,
    lastReply: {
      2: {
        id: 1,
        profile: 2,
        status: 3,
        version: 2,
        signedAt: '2026-01-15T10:00:00.000Z',
        writerProfile: 2,
        writerName: 'Paul Durand',
        interviewDate: '2026-01-12',
        totalMark: null,
      },
      4: {
        id: 2,
        profile: 4,
        status: 2,
        version: 1,
        signedAt: null,
        writerProfile: 4,
        writerName: 'Claire Petit',
        interviewDate: null,
        totalMark: { mark: 7, maximalMark: 10 },
      },
    },
    userReply: null,
  };
}

export function fixtureInput(model: 0 | 1, overrides: Partial<QuestionnairePdfInput> = {}): QuestionnairePdfInput {
  return {
    view: fixtureView(),
    model,
    platform: {
      name: 'CFA Campus Demo',
      principalColor: '#1d4e89',
      secondaryColor: '#f2a541',
      logo: null,
      logoMime: null,
      profileTitles: DEFAULT_PROFILE_TITLES,
    },
    triad: {
      apprentice: 'Léa Martin',
      tutor: 'Paul Durand',
      apprenticeMaster: 'Sophie Lefèvre',
      trainingCourse: 'BTS SIO 2025-2027',
      crew: 'Promotion 2025 - groupe A',
    },
    signatures: [
      {
        profile: 2,
        signerName: 'Paul Durand',
        signedAt: '2026-01-15T10:00:00.000Z',
        digest: '3f9a0c1be27d4a55e6b0c9d8a7f6e5d4c3b2a1908f7e6d5c4b3a291807f6e5d4',
        impersonatorName: null,
        paper: null,
      },
      {
        profile: 3,
        signerName: 'Sophie Lefèvre',
        signedAt: '2026-01-16T08:45:00.000Z',
        digest: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
        impersonatorName: 'Claire Petit',
        paper: null,
      },
    ],
    generatedAt: new Date('2026-01-20T16:42:00.000Z'),
    locale: 'fr',
    ...overrides,
  };
}
