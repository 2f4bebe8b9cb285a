import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_SKILLS_PER_SAVE, type SkillSaveRequest, type SkillSaveResponse } from '@lea/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { skillAnswerHistories, skillAnswers, skillReplies } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { badRequest, forbidden, notFound, type FieldError } from '../../http/errors.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { logImpersonatedWrite } from '../../services/history.js';
import { recordUserTimeline } from '../../services/timeline.js';
import { text, textRef } from '../../texts/index.js';
import { resolveSkillAccess, type SkillAccess } from './access.js';
import { isSessionOpen } from '../../services/skill-levels.js';
import { findCourseSession, listCourseCategories, listCourseSkills, listSessionRoots, type SessionRow, type SkillRow } from './queries.js';

/** The skills a session rates: those of its root categories and their daughters, recursively. */
export async function sessionSkills(db: DbOrTx, courseId: number, sessionId: number): Promise<Map<number, SkillRow>> {
  const [categories, roots, courseSkills] = await Promise.all([
    listCourseCategories(db, courseId),
    listSessionRoots(db, [sessionId]),
    listCourseSkills(db, courseId),
  ]);
  const reached = new Set(roots.map((root) => root.categoryId));
  for (let grew = true; grew;) {
    grew = false;
    for (const category of categories) {
      if (category.motherId !== null && reached.has(category.motherId) && !reached.has(category.id)) {
        reached.add(category.id);
        grew = true;
      }
    }
  }
  return new Map(courseSkills.filter((skill) => reached.has(skill.skillCategoryId)).map((skill) => [skill.id, skill]));
}

/** The course's session, 404 when it is another course's or unknown. */
export async function requireSession(db: DbOrTx, courseId: number, sessionId: number): Promise<SessionRow> {
  const session = await findCourseSession(db, courseId, sessionId);
  if (!session) throw notFound(textRef('skill.sessionNotFound'));
  return session;
}

/** The profile the caller rates as: the one asked when they hold it, else their first rating profile (spec 2 §5). */
function ratingProfile(access: SkillAccess, asked: number | undefined): number {
  const profile = asked ?? access.ratingProfiles[0];
  if (profile === undefined || !access.ratingProfiles.includes(profile)) throw forbidden(textRef('skill.notRater'));
  return profile;
}

/** The triad's reply for a session and profile, created on its first save; stamped with the writer. */
export async function upsertReply(tx: DbOrTx, params: { triadId: number; sessionId: number; profile: number; userId: number }) {
  const [reply] = await tx
    .insert(skillReplies)
    .values({ triadId: params.triadId, skillSessionId: params.sessionId, profile: params.profile, userId: params.userId })
    .onConflictDoUpdate({
      target: [skillReplies.triadId, skillReplies.skillSessionId, skillReplies.profile],
      set: { userId: params.userId, updatedAt: sql`now()` },
    })
    .returning({ id: skillReplies.id, updatedAt: skillReplies.updatedAt });
  return reply!;
}

/**
 * `POST /app/skill/{course}/{triad}/save/{session}` (spec 2 §7): levels by skill id, 0 resets. Every
 * rule of spec 2 §5 is checked before anything is written; the changed answers and their history
 * lines are written in one transaction.
 */
export async function saveSkills(
  db: Db,
  caller: Caller,
  params: { courseId: number; triadId: number; sessionId: number; request: SkillSaveRequest; meta: WriteMeta },
): Promise<SkillSaveResponse> {
  const access = await resolveSkillAccess(db, caller, params.courseId, params.triadId);
  const session = await requireSession(db, params.courseId, params.sessionId);
  const profile = ratingProfile(access, params.request.profile);
  if (!isSessionOpen(session)) throw forbidden(textRef('skill.sessionLock'));
  const entries = Object.entries(params.request.skills).map(([id, value]) => ({ skillId: Number(id), value }));
  if (entries.length > MAX_SKILLS_PER_SAVE) throw badRequest(textRef('skill.tooManySkills'));
  const rated = await sessionSkills(db, params.courseId, session.id);
  const max = access.config.maxSkillLevel;
  const errors: FieldError[] = [];
  for (const entry of entries) {
    const skill = rated.get(entry.skillId);
    if (!skill) throw notFound(textRef('skill.skillNotFound'));
    if (skill.computed) throw forbidden(textRef('skill.skillLock'));
    if (entry.value > max)
      errors.push({ field: `skills.${entry.skillId}`, message: textRef('skill.levelTooHigh', { value: entry.value, max }) });
  }
  if (errors.length > 0) throw badRequest(textRef('common.invalidRequest'), errors);

  const updatedAt = await db.transaction(async (tx) => {
    const reply = await upsertReply(tx, { triadId: access.triad.id, sessionId: session.id, profile, userId: caller.userId });
    const ids = entries.map((entry) => entry.skillId);
    const existing = ids.length
      ? await tx
          .select({ skillId: skillAnswers.skillId, value: skillAnswers.value })
          .from(skillAnswers)
          .where(and(eq(skillAnswers.skillReplyId, reply.id), inArray(skillAnswers.skillId, ids)))
      : [];
    const before = new Map(existing.map((row) => [row.skillId, row.value]));
    const changed = entries.filter(
      (entry) => before.get(entry.skillId) !== entry.value && !(entry.value === 0 && !before.has(entry.skillId)),
    );
    if (changed.length > 0) {
      const written = await tx
        .insert(skillAnswers)
        .values(changed.map((entry) => ({ skillReplyId: reply.id, skillId: entry.skillId, value: entry.value })))
        .onConflictDoUpdate({ target: [skillAnswers.skillReplyId, skillAnswers.skillId], set: { value: sql`excluded.value` } })
        .returning({ id: skillAnswers.id, value: skillAnswers.value });
      await tx
        .insert(skillAnswerHistories)
        .values(written.map((row) => ({ skillAnswerId: row.id, userId: caller.userId, value: row.value })));
      await recordUserTimeline(tx, { triadId: access.triad.id, className: 'skill', titlePart2: session.name, userId: caller.userId });
    }
    await logImpersonatedWrite(tx, caller, params.meta, {
      action: 'skill.save',
      entity: 'skill-reply',
      entityId: reply.id,
      details: { session: session.id, profile, changed: changed.length },
    });
    return reply.updatedAt;
  });
  return { hasError: false, message: text(params.meta.locale, 'skill.saved'), updatedAt: updatedAt.toISOString() };
}
