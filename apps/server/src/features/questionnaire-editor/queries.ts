import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  answers,
  crews,
  questionnaireCategories,
  questionnaireCrews,
  questionnaires,
  questionnaireTriads,
  questions,
  replies,
  triads,
} from '../../db/schema/index.js';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;

const SIGNED = 3;
const apprenticeName = sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${triads.apprenticeId})`;

/** The course's questionnaires (or one of them) with their category. */
export async function listQuestionnaires(db: DbOrTx, courseId: number, questionnaireId?: number) {
  return db
    .select({
      questionnaire: questionnaires,
      category: { id: questionnaireCategories.id, title: questionnaireCategories.title, position: questionnaireCategories.position },
    })
    .from(questionnaires)
    .leftJoin(questionnaireCategories, eq(questionnaireCategories.id, questionnaires.categoryId))
    .where(
      and(
        eq(questionnaires.trainingCourseId, courseId),
        questionnaireId === undefined ? undefined : eq(questionnaires.id, questionnaireId),
      ),
    )
    .orderBy(asc(questionnaires.year), asc(questionnaires.id));
}

/** The questionnaire row of the course, locked until the transaction ends (one save at a time). */
export async function lockQuestionnaire(tx: DbOrTx, courseId: number, questionnaireId: number): Promise<QuestionnaireRow | null> {
  const [row] = await tx
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.id, questionnaireId), eq(questionnaires.trainingCourseId, courseId)))
    .for('update');
  return row ?? null;
}

/** The items the editor edits: every item of the questionnaire except the rows triads added. */
export async function listTemplateQuestions(db: DbOrTx, questionnaireIds: number[]): Promise<QuestionRow[]> {
  if (questionnaireIds.length === 0) return [];
  return db
    .select()
    .from(questions)
    .where(and(inArray(questions.questionnaireId, questionnaireIds), isNull(questions.triadId)))
    .orderBy(asc(questions.index), asc(questions.id));
}

/** Every item of a questionnaire, triad rows included (what a delete or a retype may touch). */
export async function listAllQuestions(db: DbOrTx, questionnaireId: number) {
  return db
    .select({
      id: questions.id,
      parentId: questions.parentId,
      triadId: questions.triadId,
      itemType: questions.itemType,
      type: questions.type,
      title: questions.title,
    })
    .from(questions)
    .where(eq(questions.questionnaireId, questionnaireId));
}

/** Crews (with their dates and names) and triads (with the apprentice's name) a questionnaire applies to. */
export async function listLinks(db: DbOrTx, questionnaireId: number) {
  const [crewRows, triadRows] = await Promise.all([
    db
      .select({
        id: questionnaireCrews.crewId,
        title: crews.name,
        startDate: questionnaireCrews.startDate,
        endDate: questionnaireCrews.endDate,
      })
      .from(questionnaireCrews)
      .innerJoin(crews, eq(crews.id, questionnaireCrews.crewId))
      .where(eq(questionnaireCrews.questionnaireId, questionnaireId))
      .orderBy(asc(crews.position), asc(crews.id)),
    db
      .select({ id: questionnaireTriads.triadId, apprentice: apprenticeName })
      .from(questionnaireTriads)
      .innerJoin(triads, eq(triads.id, questionnaireTriads.triadId))
      .where(eq(questionnaireTriads.questionnaireId, questionnaireId))
      .orderBy(asc(questionnaireTriads.triadId)),
  ]);
  return { crews: crewRows, triads: triadRows };
}

/** The questionnaires among `ids` that have a signed reply. */
export async function listSignedQuestionnaireIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: replies.questionnaireId })
    .from(replies)
    .where(and(inArray(replies.questionnaireId, ids), eq(replies.status, SIGNED)));
  return new Set(rows.map((row) => row.id));
}

/** The answers of the questionnaire's signed replies: what a save must not orphan. */
export async function listSignedAnswers(db: DbOrTx, questionnaireId: number) {
  return db
    .select({ questionId: answers.questionId, value: answers.value })
    .from(answers)
    .innerJoin(replies, eq(replies.id, answers.replyId))
    .where(and(eq(replies.questionnaireId, questionnaireId), eq(replies.status, SIGNED)));
}

/** Question counts of template items (fields, clusters, titles at the top level). */
export async function countTopQuestions(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: questions.questionnaireId, total: count() })
    .from(questions)
    .where(and(inArray(questions.questionnaireId, ids), isNull(questions.parentId), isNull(questions.triadId)))
    .groupBy(questions.questionnaireId);
  return new Map(rows.map((row) => [row.id, Number(row.total)]));
}

/** What the references of a body must belong to: the course's categories, crews, triads and questionnaires. */
export async function listCourseReferences(db: DbOrTx, courseId: number) {
  const [categoryRows, crewRows, triadRows, questionnaireRows] = await Promise.all([
    db
      .select({ id: questionnaireCategories.id, title: questionnaireCategories.title, position: questionnaireCategories.position })
      .from(questionnaireCategories)
      .where(eq(questionnaireCategories.trainingCourseId, courseId))
      .orderBy(asc(questionnaireCategories.position), asc(questionnaireCategories.title)),
    db
      .select({ id: crews.id, title: crews.name })
      .from(crews)
      .where(eq(crews.trainingCourseId, courseId))
      .orderBy(asc(crews.position), asc(crews.id)),
    db
      .select({ id: triads.id, crewId: triads.crewId, active: triads.active, apprentice: apprenticeName })
      .from(triads)
      .where(eq(triads.trainingCourseId, courseId))
      .orderBy(asc(triads.id)),
    db
      .select({ id: questionnaires.id, title: questionnaires.title, year: questionnaires.year })
      .from(questionnaires)
      .where(eq(questionnaires.trainingCourseId, courseId))
      .orderBy(asc(questionnaires.year), asc(questionnaires.title)),
  ]);
  return {
    categories: categoryRows,
    crews: crewRows,
    triads: triadRows,
    questionnaires: questionnaireRows,
  };
}

export type CourseReferences = Awaited<ReturnType<typeof listCourseReferences>>;

export async function insertQuestionnaire(tx: DbOrTx, values: typeof questionnaires.$inferInsert): Promise<QuestionnaireRow> {
  const [row] = await tx.insert(questionnaires).values(values).returning();
  if (!row) throw new Error('questionnaire not inserted');
  return row;
}

export async function updateQuestionnaire(tx: DbOrTx, id: number, values: Partial<typeof questionnaires.$inferInsert>): Promise<void> {
  await tx
    .update(questionnaires)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(questionnaires.id, id));
}

/** Replaces the crews (with their dates) and triads a questionnaire applies to. */
export async function replaceLinks(
  tx: DbOrTx,
  questionnaireId: number,
  links: { crews: { id: number; startDate: string | null; endDate: string | null }[]; triads: { id: number }[] },
): Promise<void> {
  await tx.delete(questionnaireCrews).where(eq(questionnaireCrews.questionnaireId, questionnaireId));
  await tx.delete(questionnaireTriads).where(eq(questionnaireTriads.questionnaireId, questionnaireId));
  if (links.crews.length > 0) {
    await tx
      .insert(questionnaireCrews)
      .values(links.crews.map((crew) => ({ questionnaireId, crewId: crew.id, startDate: crew.startDate, endDate: crew.endDate })));
  }
  if (links.triads.length > 0)
    await tx.insert(questionnaireTriads).values(links.triads.map((triad) => ({ questionnaireId, triadId: triad.id })));
}

/**
 * Removes items and their answers. Answers reference their item with `restrict`, so they go first
 * (the caller has checked that none of them is signed); rows go with their cluster (cascade).
 */
export async function deleteQuestions(tx: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(answers).where(inArray(answers.questionId, ids));
  await tx.delete(questions).where(inArray(questions.id, ids));
}

/** Deletes the answers of unsigned replies to the given items (retyped items lose their drafts). */
export async function deleteDraftAnswers(tx: DbOrTx, questionIds: number[]): Promise<void> {
  if (questionIds.length === 0) return;
  const draftReplies = tx.select({ id: replies.id }).from(replies).where(ne(replies.status, SIGNED));
  await tx.delete(answers).where(and(inArray(answers.questionId, questionIds), inArray(answers.replyId, draftReplies)));
}

export async function insertQuestion(tx: DbOrTx, values: typeof questions.$inferInsert): Promise<number> {
  const [row] = await tx.insert(questions).values(values).returning({ id: questions.id });
  if (!row) throw new Error('question not inserted');
  return row.id;
}

export async function updateQuestion(tx: DbOrTx, id: number, values: Partial<typeof questions.$inferInsert>): Promise<void> {
  await tx.update(questions).set(values).where(eq(questions.id, id));
}

/** Deletes a questionnaire with its replies and answers (answers first: they restrict their items). */
export async function deleteQuestionnaireRows(tx: DbOrTx, questionnaireId: number): Promise<void> {
  const replyIds = tx.select({ id: replies.id }).from(replies).where(eq(replies.questionnaireId, questionnaireId));
  await tx.delete(answers).where(inArray(answers.replyId, replyIds));
  await tx.delete(replies).where(eq(replies.questionnaireId, questionnaireId));
  await tx.delete(questionnaires).where(eq(questionnaires.id, questionnaireId));
  // Others may list it among their secondary questionnaires.
  await tx
    .update(questionnaires)
    .set({
      secondaryQuestionnaireIds: sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(${questionnaires.secondaryQuestionnaireIds}) e where e <> to_jsonb(${questionnaireId}::int)), '[]'::jsonb)`,
    })
    .where(sql`${questionnaires.secondaryQuestionnaireIds} @> to_jsonb(array[${questionnaireId}::int])`);
}
