import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  files,
  skillAnswers,
  skillCategories,
  skillReplies,
  skills,
  skillSessionCategories,
  skillSessions,
  users,
} from '../../db/schema/index.js';
import { computedSkillFlag } from '../../services/computed-skills.js';

export type SessionRow = typeof skillSessions.$inferSelect;
export type CategoryRow = typeof skillCategories.$inferSelect;
export type SkillRow = typeof skills.$inferSelect & { computed: boolean };

export function listCourseSessions(db: DbOrTx, courseId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(skillSessions)
    .where(eq(skillSessions.trainingCourseId, courseId))
    .orderBy(asc(skillSessions.startDate), asc(skillSessions.position), asc(skillSessions.id));
}

export async function findCourseSession(db: DbOrTx, courseId: number, sessionId: number): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(skillSessions)
    .where(and(eq(skillSessions.id, sessionId), eq(skillSessions.trainingCourseId, courseId)));
  return row ?? null;
}

export function listCourseCategories(db: DbOrTx, courseId: number): Promise<CategoryRow[]> {
  return db
    .select()
    .from(skillCategories)
    .where(eq(skillCategories.trainingCourseId, courseId))
    .orderBy(asc(skillCategories.position), asc(skillCategories.id));
}

export function listSessionRoots(db: DbOrTx, sessionIds: number[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .select({ sessionId: skillSessionCategories.skillSessionId, categoryId: skillSessionCategories.skillCategoryId })
    .from(skillSessionCategories)
    .where(inArray(skillSessionCategories.skillSessionId, sessionIds));
}

/** The course's skills, each saying whether questionnaire fields compute it. */
export async function listCourseSkills(db: DbOrTx, courseId: number): Promise<SkillRow[]> {
  const rows = await db
    .select({
      skill: skills,
      computed: computedSkillFlag(),
    })
    .from(skills)
    .innerJoin(skillCategories, eq(skillCategories.id, skills.skillCategoryId))
    .where(eq(skillCategories.trainingCourseId, courseId))
    .orderBy(asc(skills.position), asc(skills.id));
  return rows.map((row) => ({ ...row.skill, computed: Boolean(row.computed) }));
}

export async function findCourseSkill(db: DbOrTx, courseId: number, skillId: number): Promise<SkillRow | null> {
  const rows = await db
    .select({
      skill: skills,
      computed: computedSkillFlag(),
    })
    .from(skills)
    .innerJoin(skillCategories, eq(skillCategories.id, skills.skillCategoryId))
    .where(and(eq(skills.id, skillId), eq(skillCategories.trainingCourseId, courseId)));
  const row = rows[0];
  return row ? { ...row.skill, computed: Boolean(row.computed) } : null;
}

/** Every answer of the triad, with its session and profile. */
export function listTriadAnswers(db: DbOrTx, triadId: number) {
  return db
    .select({
      id: skillAnswers.id,
      sessionId: skillReplies.skillSessionId,
      profile: skillReplies.profile,
      skillId: skillAnswers.skillId,
      value: skillAnswers.value,
      assessment: skillAnswers.assessment,
      file1: skillAnswers.justificativeFileId,
      file2: skillAnswers.justificativeFile2Id,
      file3: skillAnswers.justificativeFile3Id,
      file4: skillAnswers.justificativeFile4Id,
      file5: skillAnswers.justificativeFile5Id,
    })
    .from(skillAnswers)
    .innerJoin(skillReplies, eq(skillReplies.id, skillAnswers.skillReplyId))
    .where(eq(skillReplies.triadId, triadId))
    .then((rows) =>
      rows.map(({ file1, file2, file3, file4, file5, ...row }) => ({ ...row, fileIds: [file1, file2, file3, file4, file5] })),
    );
}

export function listFiles(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: files.id, pathName: files.pathName, name: files.name, originalName: files.originalName, mimeType: files.mimeType })
    .from(files)
    .where(inArray(files.id, ids));
}

/** The triad's latest skill reply: who saved last, when, as which profile (spec 2 §3 lastSkillReply). */
export async function findLastSkillReply(db: DbOrTx, triadId: number) {
  const [row] = await db
    .select({
      date: skillReplies.updatedAt,
      profile: skillReplies.profile,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(skillReplies)
    .leftJoin(users, eq(users.id, skillReplies.userId))
    .where(eq(skillReplies.triadId, triadId))
    .orderBy(desc(skillReplies.updatedAt), desc(skillReplies.id))
    .limit(1);
  return row ?? null;
}
