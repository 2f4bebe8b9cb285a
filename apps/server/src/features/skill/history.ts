import { and, desc, eq } from 'drizzle-orm';
import type { SkillHistoryResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { skillAnswerHistories, skillAnswers, skillReplies, users } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import { textRef } from '../../texts/index.js';
import { resolveSkillAccess } from './access.js';
import { findCourseSkill } from './queries.js';
import { requireSession } from './save.js';

/** `GET historic/{skill}[?session=]` (spec 2 §7): every change of the skill's answers in the triad, newest first. */
export async function skillHistory(
  db: Db,
  caller: Caller,
  params: { courseId: number; triadId: number; skillId: number; sessionId?: number | undefined },
): Promise<SkillHistoryResponse> {
  const access = await resolveSkillAccess(db, caller, params.courseId, params.triadId);
  const skill = await findCourseSkill(db, params.courseId, params.skillId);
  if (!skill) throw notFound(textRef('skill.skillNotFound'));
  if (params.sessionId !== undefined) await requireSession(db, params.courseId, params.sessionId);
  const rows = await db
    .select({
      date: skillAnswerHistories.createdAt,
      value: skillAnswerHistories.value,
      profile: skillReplies.profile,
      session: skillReplies.skillSessionId,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(skillAnswerHistories)
    .innerJoin(skillAnswers, eq(skillAnswers.id, skillAnswerHistories.skillAnswerId))
    .innerJoin(skillReplies, eq(skillReplies.id, skillAnswers.skillReplyId))
    .leftJoin(users, eq(users.id, skillAnswerHistories.userId))
    .where(
      and(
        eq(skillReplies.triadId, access.triad.id),
        eq(skillAnswers.skillId, skill.id),
        params.sessionId === undefined ? undefined : eq(skillReplies.skillSessionId, params.sessionId),
      ),
    )
    .orderBy(desc(skillAnswerHistories.createdAt), desc(skillAnswerHistories.id))
    .limit(500);
  return {
    history: rows
      .filter((row) => access.columns.includes(row.profile))
      .map((row) => ({
        skillReply: {
          user: row.userId === null ? null : { id: row.userId, fullName: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() },
          date: row.date.toISOString(),
          profile: row.profile,
        },
        session: row.session,
        value: row.value,
      })),
  };
}
