import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { QuestionnaireEditorBodyInput } from '@lea/shared';
import {
  crews,
  questionnaireCategories,
  trainingCourseManagers,
  trainingCourses,
  triads,
  userPlatforms,
  users,
} from '../../db/schema/index.js';

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** A day relative to today in Europe/Paris, as YYYY-MM-DD. */
export function dayFromToday(offset: number): string {
  return PARIS_DAY.format(new Date(Date.now() + offset * 86_400_000));
}

/** The demo's active course (the first one), its crews and the first triad (apprentice `apprenti`). */
export async function demoCourse(app: FastifyInstance) {
  const { db } = app.ctx;
  const courseRows = await db.select({ id: trainingCourses.id }).from(trainingCourses).orderBy(asc(trainingCourses.id));
  const course = courseRows[0];
  const archived = courseRows[1];
  if (!course || !archived) throw new Error('demo courses missing');
  const crewRows = await db.select({ id: crews.id }).from(crews).where(eq(crews.trainingCourseId, course.id)).orderBy(asc(crews.position));
  const [triad] = await db
    .select({ id: triads.id })
    .from(triads)
    .innerJoin(users, eq(users.id, triads.apprenticeId))
    .where(eq(users.username, 'apprenti'));
  if (!triad) throw new Error('demo triad missing');
  const categoryRows = await db
    .select({ id: questionnaireCategories.id })
    .from(questionnaireCategories)
    .where(eq(questionnaireCategories.trainingCourseId, course.id))
    .orderBy(asc(questionnaireCategories.position));
  return {
    courseId: course.id,
    archivedCourseId: archived.id,
    crewIds: crewRows.map((crew) => crew.id),
    triadId: triad.id,
    categoryIds: categoryRows.map((row) => row.id),
  };
}

/** A manager of the archived course only: a manager of another course for the active one. */
export async function createOtherCourseManager(app: FastifyInstance, username = 'gestionnaire2'): Promise<void> {
  const { db } = app.ctx;
  const { archivedCourseId } = await demoCourse(app);
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'manager'));
  const [platform] = await db
    .select({ platformId: userPlatforms.platformId })
    .from(userPlatforms)
    .where(eq(userPlatforms.userId, manager?.id ?? 0));
  const [user] = await db
    .insert(users)
    .values({ username, email: `${username}@example.com`, firstName: 'Autre', lastName: 'Gestionnaire', type: 'lea_manager' })
    .returning();
  if (!user || !platform) throw new Error('other manager not inserted');
  await db.insert(userPlatforms).values({ userId: user.id, platformId: platform.platformId });
  await db.insert(trainingCourseManagers).values({ trainingCourseId: archivedCourseId, userId: user.id });
}

const LEVELS = [
  { value: 'Acquis', mark: 3 },
  { value: 'En cours', mark: 1 },
  { value: 'Non acquis', mark: 0 },
];

/**
 * A questionnaire with every field type, a title, a plain cluster, a grid cluster with marks, an
 * open cluster and the interview date, for the apprentice (1), the tutor (2) and the manager (4).
 */
export function fullBody(categoryId: number, extra: Partial<QuestionnaireEditorBodyInput> = {}): QuestionnaireEditorBodyInput {
  const field = (title: string, type: number, more: Record<string, unknown> = {}) => ({
    itemType: 'field' as const,
    title,
    type,
    access: [1],
    ...more,
  });
  return {
    title: 'Bilan de fin de période',
    code: 'BFP-1',
    description: '<p>Bilan complet.</p>',
    descriptionPdf: 'Bilan complet (PDF).',
    category: { id: categoryId },
    year: 1,
    visibleBy: [1, 2, 3, 4],
    signedBy: [1, 2],
    marksVisibleBy: [2, 4],
    canBeCopiedBy: [4],
    useComments: true,
    allProfileDates: true,
    accessDates: { all: { startDate: dayFromToday(-10), endDate: dayFromToday(30) } },
    completenessDate: dayFromToday(20),
    firstReminder: dayFromToday(5),
    secondReminder: dayFromToday(15),
    useInterviewDate: true,
    interviewDateLabel: 'Date de la visite',
    interviewDateVisibleBy: [2],
    markAutomatic: true,
    markMaximum: 20,
    questions: [
      { itemType: 'title', title: 'Votre période' },
      field('Missions', 0, {
        required: true,
        tip: 'Les principales',
        tipActive: true,
        comments: true,
        commentsLabel: 'Précisions',
        commentsType: 2,
      }),
      field('Ce que vous avez appris', 1),
      field('Service', 2, {
        valueList: [
          { value: 'Développement', mark: null },
          { value: 'Support', mark: null },
        ],
      }),
      field('Objectifs atteints', 3, {
        displayMark: true,
        maximalMark: 2,
        valueList: [
          { value: 'Oui', mark: 2 },
          { value: 'Non', mark: 0 },
        ],
      }),
      field('Outils', 4, {
        displayMark: true,
        displayRadar: true,
        valueList: [
          { value: 'Git', mark: 1 },
          { value: 'Docker', mark: 2 },
        ],
      }),
      field("Nombre d'heures", 8),
      field('Rapport', 10),
      field('Date du bilan', 11),
      field('Rendez-vous', 12),
      { ...field('Avis du tuteur', 1), access: [2] },
      {
        itemType: 'cluster',
        title: 'Votre ressenti',
        access: [1],
        questions: [
          field('Très satisfait', 3, { valueList: [{ value: 'X', mark: null }] }),
          field('Peu satisfait', 3, { valueList: [{ value: 'X', mark: null }] }),
        ],
      },
      {
        itemType: 'cluster',
        title: 'Savoir-être',
        access: [1],
        displayMode: 2,
        displayMark: true,
        maximalMark: 3,
        valueList: LEVELS,
        questions: [
          { itemType: 'field', title: 'Ponctualité', type: 3, required: true },
          { itemType: 'field', title: 'Autonomie', type: 3, required: true },
        ],
      },
      {
        itemType: 'cluster',
        title: 'Autres activités',
        access: [1, 2],
        openedQuestions: true,
        openedQuestionsAccess: [1, 2],
        openedQuestionsType: 2,
        questions: [{ itemType: 'field', title: 'Projet annexe', type: 1 }],
      },
    ],
    ...extra,
  };
}

/** One API call under /api/fr as the holder of `token` (tests only). */
export function callAs(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `/api/fr${url}`,
    headers: { host: 'localhost', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
