import { and, asc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  answerComments,
  answers,
  files,
  institutions,
  platforms,
  questionnaireCategories,
  questionnaireCrews,
  questionnaires,
  questionnaireTriads,
  questions,
  replies,
  replySignatures,
  trainingCourseSettings,
  trainingCourses,
  trainings,
  triads,
  userPlatforms,
  users,
} from '../../db/schema/index.js';
import { isCourseManager } from '../../services/triad-membership.js';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type ReplyRow = typeof replies.$inferSelect;
export type AnswerRow = typeof answers.$inferSelect;
export type CommentRow = typeof answerComments.$inferSelect;

const fullName = (table: typeof users) => sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

/** The active or inactive questionnaires of a course, with their category. */
export async function listCourseQuestionnaires(db: DbOrTx, params: { courseId: number; questionnaireId?: number }) {
  return db
    .select({
      questionnaire: questionnaires,
      category: { id: questionnaireCategories.id, title: questionnaireCategories.title, position: questionnaireCategories.position },
    })
    .from(questionnaires)
    .leftJoin(questionnaireCategories, eq(questionnaireCategories.id, questionnaires.categoryId))
    .where(
      and(
        eq(questionnaires.trainingCourseId, params.courseId),
        params.questionnaireId === undefined ? undefined : eq(questionnaires.id, params.questionnaireId),
      ),
    )
    .orderBy(asc(questionnaires.year), asc(questionnaires.id));
}

/** The crews (with their dates) and triads each questionnaire applies to. */
export async function listQuestionnaireLinks(db: DbOrTx, questionnaireIds: number[]) {
  if (questionnaireIds.length === 0) return { crews: [], triads: [] };
  const [crewRows, triadRows] = await Promise.all([
    db.select().from(questionnaireCrews).where(inArray(questionnaireCrews.questionnaireId, questionnaireIds)),
    db.select().from(questionnaireTriads).where(inArray(questionnaireTriads.questionnaireId, questionnaireIds)),
  ]);
  return { crews: crewRows, triads: triadRows };
}

/** The items of questionnaires: the template ones and the rows the triad added to open clusters. */
export async function listQuestions(db: DbOrTx, questionnaireIds: number[], triadId: number) {
  if (questionnaireIds.length === 0) return [];
  return db
    .select()
    .from(questions)
    .where(and(inArray(questions.questionnaireId, questionnaireIds), or(isNull(questions.triadId), eq(questions.triadId, triadId))))
    .orderBy(asc(questions.index), asc(questions.id));
}

/** The triad's replies to questionnaires, with the writer's name. */
export async function listReplies(db: DbOrTx, params: { triadId: number; questionnaireIds: number[] }) {
  if (params.questionnaireIds.length === 0) return [];
  return db
    .select({ reply: replies, writerName: fullName(users) })
    .from(replies)
    .leftJoin(users, eq(users.id, replies.writerUserId))
    .where(and(eq(replies.triadId, params.triadId), inArray(replies.questionnaireId, params.questionnaireIds)));
}

export async function listAnswers(db: DbOrTx, replyIds: number[]) {
  if (replyIds.length === 0) return [];
  return db.select().from(answers).where(inArray(answers.replyId, replyIds));
}

export async function listAnswerComments(db: DbOrTx, answerIds: number[]) {
  if (answerIds.length === 0) return [];
  return db
    .select({ comment: answerComments, userName: fullName(users) })
    .from(answerComments)
    .leftJoin(users, eq(users.id, answerComments.userId))
    .where(inArray(answerComments.answerId, answerIds))
    .orderBy(asc(answerComments.createdAt), asc(answerComments.id));
}

type ReplyKey = { questionnaireId: number; triadId: number; profile: number };

/**
 * The reply row, created when missing and locked `for update` until the transaction ends: two
 * saves of one reply run one after the other, and the second sees the first one's version.
 */
export async function lockReply(tx: DbOrTx, key: ReplyKey): Promise<ReplyRow> {
  // Most saves find their reply: one statement; the first one creates it, then locks it.
  const existing = await lockExistingReply(tx, key);
  if (existing) return existing;
  await tx
    .insert(replies)
    .values({ ...key, status: 1, version: 0 })
    .onConflictDoNothing();
  const row = await lockExistingReply(tx, key);
  if (!row) throw new Error('reply row vanished inside its transaction');
  return row;
}

/** The reply row when it exists, locked `for update`. */
export async function lockExistingReply(tx: DbOrTx, key: ReplyKey): Promise<ReplyRow | null> {
  const [row] = await tx
    .select()
    .from(replies)
    .where(and(eq(replies.questionnaireId, key.questionnaireId), eq(replies.triadId, key.triadId), eq(replies.profile, key.profile)))
    .for('update');
  return row ?? null;
}

export async function updateReply(tx: DbOrTx, id: number, values: Partial<typeof replies.$inferInsert>): Promise<ReplyRow> {
  const [row] = await tx
    .update(replies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(replies.id, id))
    .returning();
  if (!row) throw new Error('reply row vanished inside its transaction');
  return row;
}

export async function upsertAnswer(tx: DbOrTx, values: typeof answers.$inferInsert): Promise<void> {
  await tx
    .insert(answers)
    .values(values)
    .onConflictDoUpdate({
      target: [answers.replyId, answers.questionId],
      set: {
        value: values.value,
        fileId: values.fileId ?? null,
        answerComment: values.answerComment ?? null,
        mark: values.mark ?? null,
        updatedAt: new Date(),
      },
    });
}

/**
 * Inserts or replaces several answers of a reply in one statement (one row per question: the
 * callers never send a question twice); answers the rows as stored.
 */
export async function upsertAnswers(tx: DbOrTx, values: (typeof answers.$inferInsert)[]): Promise<AnswerRow[]> {
  if (values.length === 0) return [];
  const now = new Date();
  return tx
    .insert(answers)
    .values(values.map((value) => ({ ...value, updatedAt: now })))
    .onConflictDoUpdate({
      target: [answers.replyId, answers.questionId],
      set: {
        value: sql`excluded.value`,
        fileId: sql`excluded.file_id`,
        answerComment: sql`excluded.answer_comment`,
        mark: sql`excluded.mark`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning();
}

export async function deleteAnswers(tx: DbOrTx, replyId: number, questionIds: number[]): Promise<void> {
  if (questionIds.length === 0) return;
  await tx.delete(answers).where(and(eq(answers.replyId, replyId), inArray(answers.questionId, questionIds)));
}

/** Files of the platform by id, with their uploader. */
export async function findPlatformFiles(db: DbOrTx, ids: number[], platformId: number) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, originalName: files.originalName, pathName: files.pathName, uploadedBy: files.uploadedBy })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.platformId, platformId)));
}

export async function insertSignature(tx: DbOrTx, values: typeof replySignatures.$inferInsert) {
  const [row] = await tx.insert(replySignatures).values(values).returning();
  return row;
}

/** Marks the reply's standing signature cancelled; the row stays as the audit trail. */
export async function cancelSignatures(tx: DbOrTx, replyId: number, userId: number, at: Date): Promise<void> {
  await tx
    .update(replySignatures)
    .set({ cancelledAt: at, cancelledByUserId: userId })
    .where(and(eq(replySignatures.replyId, replyId), isNull(replySignatures.cancelledAt)));
}

/** Standing signatures of replies, with the signer's, the impersonator's and (paper) the recorder's names. */
export async function listStandingSignatures(db: DbOrTx, replyIds: number[]) {
  if (replyIds.length === 0) return [];
  const nameOf = (column: AnyPgColumn) =>
    sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${column})`;
  return db
    .select({
      signature: replySignatures,
      signerName: fullName(users),
      impersonatorName: nameOf(replySignatures.impersonatorId),
      recorderName: nameOf(replySignatures.recordedByUserId),
    })
    .from(replySignatures)
    .innerJoin(users, eq(users.id, replySignatures.userId))
    .where(and(inArray(replySignatures.replyId, replyIds), isNull(replySignatures.cancelledAt)));
}

/** Standing paper signatures of replies (issue 20 §3): the day on the page, the recorder and when. */
export async function listPaperSignatures(db: DbOrTx, replyIds: number[]) {
  if (replyIds.length === 0) return [];
  return db
    .select({
      replyId: replySignatures.replyId,
      signedOn: replySignatures.paperSignedOn,
      recordedAt: replySignatures.signedAt,
      recordedBy: fullName(users),
    })
    .from(replySignatures)
    .leftJoin(users, eq(users.id, replySignatures.recordedByUserId))
    .where(and(inArray(replySignatures.replyId, replyIds), eq(replySignatures.method, 'paper'), isNull(replySignatures.cancelledAt)));
}

export async function findAnswer(db: DbOrTx, answerId: number) {
  const [row] = await db
    .select({ answer: answers, reply: replies })
    .from(answers)
    .innerJoin(replies, eq(replies.id, answers.replyId))
    .where(eq(answers.id, answerId))
    .limit(1);
  return row ?? null;
}

export async function insertAnswerComment(db: DbOrTx, values: typeof answerComments.$inferInsert) {
  const [row] = await db.insert(answerComments).values(values).returning();
  if (!row) throw new Error('comment not inserted');
  return row;
}

export async function insertQuestion(db: DbOrTx, values: typeof questions.$inferInsert): Promise<QuestionRow> {
  const [row] = await db.insert(questions).values(values).returning();
  if (!row) throw new Error('question not inserted');
  return row;
}

/** The triads of a course (for unlock-all). */
export async function listCourseTriads(db: DbOrTx, courseId: number) {
  return db.select().from(triads).where(eq(triads.trainingCourseId, courseId)).orderBy(asc(triads.id));
}

/** The course's replies to one questionnaire, locked for update. */
export async function lockQuestionnaireReplies(tx: DbOrTx, questionnaireId: number) {
  return tx.select().from(replies).where(eq(replies.questionnaireId, questionnaireId)).for('update');
}

export async function findUserName(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: fullName(users) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? null;
}

/** A course of the platform with whether the user manages it and belongs to the platform. */
export async function findCourseRelations(db: DbOrTx, params: { courseId: number; platformId: number; userId: number }) {
  const [row] = await db
    .select({
      id: trainingCourses.id,
      isManager: isCourseManager(db, trainingCourses.id, params.userId),
      onPlatform: sql<boolean>`${exists(
        db
          .select({ one: userPlatforms.userId })
          .from(userPlatforms)
          .where(and(eq(userPlatforms.userId, params.userId), eq(userPlatforms.platformId, params.platformId))),
      )}`,
    })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainingCourses.id, params.courseId), eq(trainings.platformId, params.platformId)))
    .limit(1);
  return row ?? null;
}

/** Marks replies unlocked by a manager, creating the missing ones. */
export async function unlockReplies(
  tx: DbOrTx,
  params: { existingIds: number[]; missing: { questionnaireId: number; triadId: number; profile: number }[]; userId: number; at: Date },
): Promise<void> {
  if (params.existingIds.length > 0) {
    await tx
      .update(replies)
      .set({ unlockedAt: params.at, unlockedByUserId: params.userId, updatedAt: params.at })
      .where(inArray(replies.id, params.existingIds));
  }
  if (params.missing.length > 0) {
    await tx
      .insert(replies)
      .values(params.missing.map((key) => ({ ...key, status: 1, version: 0, unlockedAt: params.at, unlockedByUserId: params.userId })))
      .onConflictDoNothing();
  }
}

/** The design a PDF prints of a course: platform name, colours (course, institution, platform), booklet template, logo file. */
const brandingColumns = {
  platformName: platforms.name,
  colors: {
    platformPrincipal: platforms.principalColor,
    platformSecondary: platforms.secondaryColor,
    institutionPrincipal: institutions.principalColor,
    institutionSecondary: institutions.secondaryColor,
    coursePrincipal: trainingCourseSettings.principalColor,
    courseSecondary: trainingCourseSettings.secondaryColor,
  },
  template: {
    coverText: trainingCourseSettings.coverText,
    headerText: trainingCourseSettings.headerText,
    footerText: trainingCourseSettings.footerText,
  },
  logoFileId: sql<
    number | null
  >`coalesce(${trainingCourseSettings.logoFileId}, ${institutions.logoFileId}, ${platforms.logoCfaFileId}, ${platforms.logoTypeFileId})`,
};

async function withLogo<T extends { logoFileId: number | null }>(db: DbOrTx, row: T) {
  const [logo] =
    row.logoFileId === null
      ? []
      : await db.select({ pathName: files.pathName, mimeType: files.mimeType }).from(files).where(eq(files.id, row.logoFileId));
  return { ...row, logo: logo ?? null };
}

/** What the PDF prints about the triad and the design: names, course, crew, colours and logo file. */
export async function findExportDetails(db: DbOrTx, params: { triadId: number; platformId: number }) {
  const person = (column: AnyPgColumn) =>
    sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${column})`;
  const [row] = await db
    .select({
      apprentice: person(triads.apprenticeId),
      tutor: person(triads.tutorId),
      apprenticeMaster: person(triads.apprenticeMasterId),
      trainingCourse: trainingCourses.displayName,
      crew: sql<string | null>`(select c.name from crews c where c.id = ${triads.crewId})`,
      ...brandingColumns,
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .innerJoin(institutions, eq(institutions.id, trainings.institutionId))
    .innerJoin(platforms, eq(platforms.id, trainings.platformId))
    .leftJoin(trainingCourseSettings, eq(trainingCourseSettings.trainingCourseId, trainingCourses.id))
    .where(and(eq(triads.id, params.triadId), eq(platforms.id, params.platformId)))
    .limit(1);
  return row ? withLogo(db, row) : null;
}

/** The design of a course's PDFs that are not a triad's (the Qualiopi report): as findExportDetails reads it. */
export async function findCourseBranding(db: DbOrTx, params: { courseId: number; platformId: number }) {
  const [row] = await db
    .select(brandingColumns)
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .innerJoin(institutions, eq(institutions.id, trainings.institutionId))
    .innerJoin(platforms, eq(platforms.id, trainings.platformId))
    .leftJoin(trainingCourseSettings, eq(trainingCourseSettings.trainingCourseId, trainingCourses.id))
    .where(and(eq(trainingCourses.id, params.courseId), eq(platforms.id, params.platformId)))
    .limit(1);
  return row ? withLogo(db, row) : null;
}
