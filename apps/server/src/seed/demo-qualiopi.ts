import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { answers, questionnaires, questions, replies, replySignatures, triads } from '../db/schema/index.js';
import { replyDigest } from '../services/reply-digest.js';
import { parisDayAfter } from './paris-day.js';

const EVALUATION = 'Évaluation du premier semestre';
const VISIT = 'Visite en entreprise';

const daysBefore = (today: Date, days: number) => new Date(today.getTime() - days * 86_400_000);

/**
 * What the Qualiopi follow-up report (issue 20 §5) has to show on the demo course besides the rest of
 * the demo: a company visit and a late signature, both for Léa Moreau's triad (`apprenti4`, whom no
 * other demo story uses). Her tutor shared the visit's report with the day of the visit, 25 days ago;
 * the manager signed her first-term evaluation 4 days ago, after its window closed 10 days ago (the
 * graded triad's answers and marks, copied). In the demo and in the journeys' copies.
 */
export async function insertDemoQualiopi(tx: Tx, params: { courseId: number; people: Map<string, number> }, today = new Date()) {
  const apprenticeId = params.people.get('apprenti4');
  const managerId = params.people.get('manager');
  const list = await tx
    .select({ id: questionnaires.id, title: questionnaires.title })
    .from(questionnaires)
    .where(and(eq(questionnaires.trainingCourseId, params.courseId), inArray(questionnaires.title, [EVALUATION, VISIT])));
  const idOf = (title: string) => list.find((entry) => entry.title === title)?.id;
  const [triad] = apprenticeId
    ? await tx.select({ id: triads.id, tutorId: triads.tutorId }).from(triads).where(eq(triads.apprenticeId, apprenticeId))
    : [];
  const evaluation = idOf(EVALUATION);
  const visit = idOf(VISIT);
  if (!triad?.tutorId || !managerId || evaluation === undefined || visit === undefined)
    throw new Error('demo seed: the Qualiopi report’s triad or questionnaires are missing');

  const tutorItems = await tx
    .select({ id: questions.id, title: questions.title })
    .from(questions)
    .where(
      and(
        eq(questions.questionnaireId, visit),
        inArray(questions.title, ['Points abordés lors de la visite', 'Compte rendu de la visite']),
      ),
    );
  const [shared] = await tx
    .insert(replies)
    .values({
      questionnaireId: visit,
      triadId: triad.id,
      profile: 2,
      status: 2,
      version: 1,
      writerUserId: triad.tutorId,
      interviewDate: parisDayAfter(today, -25),
      updatedAt: daysBefore(today, 24),
    })
    .returning({ id: replies.id });
  await tx.insert(answers).values(
    tutorItems.map((item) => ({
      replyId: shared!.id,
      questionId: item.id,
      value:
        item.title === 'Compte rendu de la visite'
          ? '<p>Visite sur site avec le maître d’apprentissage : Léa gère seule le support de niveau 1 et commence la supervision du parc.</p>'
          : ['Missions confiées', 'Progression au CFA'],
    })),
  );

  // The graded triad's signed evaluation, given to Léa's triad too, but signed after the window closed.
  const [graded] = await tx
    .select({ id: replies.id, totalMark: replies.totalMark, maximalMark: replies.maximalMark })
    .from(replies)
    .where(and(eq(replies.questionnaireId, evaluation), eq(replies.profile, 4), eq(replies.status, 3)))
    .limit(1);
  if (!graded) throw new Error('demo seed: the graded evaluation is missing');
  const gradedAnswers = await tx
    .select({ questionId: answers.questionId, value: answers.value, mark: answers.mark })
    .from(answers)
    .where(eq(answers.replyId, graded.id));
  const signedAt = daysBefore(today, 4);
  const [late] = await tx
    .insert(replies)
    .values({
      questionnaireId: evaluation,
      triadId: triad.id,
      profile: 4,
      status: 3,
      version: 1,
      writerUserId: managerId,
      signedAt,
      totalMark: graded.totalMark,
      maximalMark: graded.maximalMark,
    })
    .returning({ id: replies.id });
  if (gradedAnswers.length > 0) await tx.insert(answers).values(gradedAnswers.map((answer) => ({ replyId: late!.id, ...answer })));
  await tx.insert(replySignatures).values({
    replyId: late!.id,
    signedAt,
    userId: managerId,
    ip: '127.0.0.1',
    userAgent: 'seed',
    digest: replyDigest(gradedAnswers.map(({ questionId, value }) => ({ questionId, value }))),
  });
}
