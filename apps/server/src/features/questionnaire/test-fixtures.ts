import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FIELD_TYPE, GRID_CLUSTER_DISPLAY_MODE } from '@lea/shared';
import {
  platforms,
  questionnaireCategories,
  questionnaires,
  questionnaireTriads,
  questions,
  triads,
  userPlatforms,
  users,
  type AccessDates,
} from '../../db/schema/index.js';
import { parisDate } from './rules.js';

/** A day relative to today in Europe/Paris, as YYYY-MM-DD. */
export function dayFromToday(offset: number): string {
  return parisDate(new Date(Date.now() + offset * 86_400_000));
}

export type FixtureOptions = {
  title?: string;
  signedBy?: number[];
  visibleBy?: number[];
  marksVisibleBy?: number[];
  accessDates?: AccessDates;
  useComments?: boolean;
  useInterviewDate?: boolean;
  interviewDateVisibleBy?: number[];
  locked?: boolean;
  year?: number;
  /** Link the questionnaire to the triad (default) or to nothing (it then applies to every triad). */
  linkTriad?: boolean;
};

const CHOICES = [
  { value: 'Oui', mark: 2 },
  { value: 'Non', mark: 0 },
];
const LEVELS = [
  { value: 'Acquis', mark: 3 },
  { value: 'En cours', mark: 1 },
  { value: 'Non acquis', mark: 0 },
];

/**
 * Inserts, for triad 1 of the demo course (apprentice `apprenti`), a questionnaire with every field
 * type for the apprentice, one field for each other profile, a title, a plain cluster of radio
 * rows, a grid cluster with marks, an open cluster and the interview date (given by the tutor).
 */
export async function createQuestionnaireFixture(app: FastifyInstance, options: FixtureOptions = {}) {
  const { db } = app.ctx;
  const [triad] = await db
    .select({ id: triads.id, courseId: triads.trainingCourseId })
    .from(triads)
    .innerJoin(users, eq(users.id, triads.apprenticeId))
    .where(eq(users.username, 'apprenti'));
  if (!triad) throw new Error('demo triad 1 missing');
  const [category] = await db
    .insert(questionnaireCategories)
    .values({ trainingCourseId: triad.courseId, title: 'Suivi en entreprise', position: 0 })
    .returning();
  const [questionnaire] = await db
    .insert(questionnaires)
    .values({
      trainingCourseId: triad.courseId,
      categoryId: category?.id ?? null,
      year: options.year ?? 1,
      title: options.title ?? 'Bilan de période en entreprise',
      description: 'Questionnaire de test : tous les types de champs.',
      signedBy: options.signedBy ?? [1, 2, 3, 4],
      visibleBy: options.visibleBy ?? [1, 2, 3, 4],
      marksVisibleBy: options.marksVisibleBy ?? [2],
      accessDates: options.accessDates ?? { all: { startDate: dayFromToday(-30), endDate: dayFromToday(30) } },
      useComments: options.useComments ?? true,
      useInterviewDate: options.useInterviewDate ?? true,
      interviewDateLabel: 'Date de la visite en entreprise',
      interviewDateVisibleBy: options.interviewDateVisibleBy ?? [2],
      locked: options.locked ?? false,
    })
    .returning();
  if (!questionnaire) throw new Error('questionnaire not inserted');
  if (options.linkTriad ?? true) await db.insert(questionnaireTriads).values({ questionnaireId: questionnaire.id, triadId: triad.id });

  let index = 0;
  const add = async (values: Partial<typeof questions.$inferInsert> & { title: string }) => {
    index += 1;
    const [row] = await db
      .insert(questions)
      .values({ questionnaireId: questionnaire.id, itemType: 'field', index, access: [1], ...values })
      .returning();
    if (!row) throw new Error('question not inserted');
    return row.id;
  };
  const ids = {
    title: await add({ itemType: 'title', title: 'Votre période en entreprise', access: [] }),
    shortText: await add({ title: 'Missions principales', type: FIELD_TYPE.shortText, required: true, comments: true }),
    longText: await add({ title: 'Ce que vous avez appris', type: FIELD_TYPE.longText }),
    dropdown: await add({
      title: 'Service',
      type: FIELD_TYPE.dropdown,
      valueList: [
        { value: 'Développement', mark: null },
        { value: 'Support', mark: null },
      ],
    }),
    uniqueChoice: await add({ title: 'Objectifs atteints', type: FIELD_TYPE.uniqueChoice, valueList: CHOICES, displayMark: true }),
    multipleChoice: await add({
      title: 'Outils utilisés',
      type: FIELD_TYPE.multipleChoice,
      valueList: [
        { value: 'Git', mark: 1 },
        { value: 'Docker', mark: 2 },
        { value: 'Excel', mark: 0 },
      ],
      displayMark: true,
    }),
    number: await add({ title: "Nombre d'heures", type: FIELD_TYPE.number }),
    file: await add({ title: 'Rapport', type: FIELD_TYPE.file }),
    date: await add({ title: 'Date du bilan', type: FIELD_TYPE.date }),
    dateTime: await add({ title: 'Rendez-vous', type: FIELD_TYPE.dateTime }),
    disabled: await add({ title: 'Champ désactivé', type: FIELD_TYPE.shortText, enabled: false }),
    tutorText: await add({ title: 'Avis du tuteur', type: FIELD_TYPE.longText, access: [2], required: true }),
    masterText: await add({ title: "Avis du maître d'apprentissage", type: FIELD_TYPE.longText, access: [3], required: true }),
    managerText: await add({ title: 'Avis du responsable', type: FIELD_TYPE.shortText, access: [4] }),
    cluster: await add({ itemType: 'cluster', title: 'Votre ressenti', access: [1] }),
    grid: await add({
      itemType: 'cluster',
      title: 'Savoir-être',
      access: [1],
      displayMode: GRID_CLUSTER_DISPLAY_MODE,
      valueList: LEVELS,
      displayMark: true,
    }),
    open: await add({
      itemType: 'cluster',
      title: 'Autres activités',
      access: [1, 2],
      openedQuestions: true,
      openedQuestionsAccess: [1, 2],
      openedQuestionsType: 2,
    }),
  };
  const clusterRows = [
    await add({
      parentId: ids.cluster,
      title: 'Très satisfait',
      type: FIELD_TYPE.uniqueChoice,
      valueList: [{ value: 'X', mark: null }],
      required: true,
    }),
    await add({
      parentId: ids.cluster,
      title: 'Peu satisfait',
      type: FIELD_TYPE.uniqueChoice,
      valueList: [{ value: 'X', mark: null }],
      required: true,
    }),
  ];
  const gridRows = [
    await add({ parentId: ids.grid, title: 'Ponctualité', type: FIELD_TYPE.uniqueChoice, required: true, access: [] }),
    await add({ parentId: ids.grid, title: 'Autonomie', type: FIELD_TYPE.uniqueChoice, required: true, access: [] }),
  ];
  const openRows = [await add({ parentId: ids.open, title: 'Projet annexe', type: FIELD_TYPE.longText, access: [] })];
  return {
    questionnaireId: questionnaire.id,
    triadId: triad.id,
    courseId: triad.courseId,
    ids: { ...ids, clusterRows, gridRows, openRows },
  };
}

export type Fixture = Awaited<ReturnType<typeof createQuestionnaireFixture>>;

/** A user who belongs only to another platform (for the "nothing leaked" checks). */
export async function createForeignUser(app: FastifyInstance, username: string, roles: string[] = ['ROLE_LEA_USER']): Promise<void> {
  const { db } = app.ctx;
  const [platform] = await db
    .insert(platforms)
    .values({ hostname: `${username}.example.org`, name: `CFA ${username}` })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ username, email: `${username}@example.org`, firstName: 'Autre', lastName: 'Plateforme', roles })
    .returning();
  if (!platform || !user) throw new Error('foreign user not inserted');
  await db.insert(userPlatforms).values({ userId: user.id, platformId: platform.id });
}

/** The answers of a complete apprentice reply (every required field and row filled). */
export function apprenticeAnswers(fixture: Fixture) {
  const { ids } = fixture;
  return [
    { questionId: ids.shortText, value: 'Développement d’une API de réservation' },
    { questionId: ids.longText, value: 'Les tests automatisés et la revue de code.' },
    { questionId: ids.dropdown, value: 'Développement' },
    { questionId: ids.uniqueChoice, value: 'Oui' },
    { questionId: ids.multipleChoice, value: ['Git', 'Docker'] },
    { questionId: ids.number, value: 35 },
    { questionId: ids.date, value: dayFromToday(-1) },
    { questionId: ids.dateTime, value: '2026-01-15 10:30' },
    { questionId: ids.clusterRows[0] as number, value: 'X' },
    { questionId: ids.gridRows[0] as number, value: 'Acquis' },
    { questionId: ids.gridRows[1] as number, value: 'En cours' },
  ];
}

/** One API call as a signed-in user (tests only). */
export function callAs(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url: `/api/fr${url}`,
    headers: { host: 'localhost', authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
