import { and, eq } from 'drizzle-orm';
import { PROFILE, type GenericActionResponse, type GenericSaveResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { triads } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import { auditWrite } from '../../generic/audit.js';
import { done, saved } from '../../generic/envelopes.js';
import type { ManagerScope } from '../../generic/types.js';
import { insertTestTriad } from '../../services/test-triads.js';
import { text, textRef } from '../../texts/index.js';

/**
 * GET triad/generate-triad-test[?crew=]: a test triad (isTest) of the course whose apprentice, tutor
 * and master are new test accounts (services/test-triads.ts).
 */
export async function generateTestTriad(db: Db, scope: ManagerScope, askedCrew: number | null): Promise<GenericSaveResponse> {
  const id = await db.transaction((tx) => insertTestTriad(tx, scope, scope.course, askedCrew));
  return saved(id, text(scope.locale, 'manager.testCreated'));
}

const MEMBER_COLUMNS = {
  [PROFILE.tutor]: ['tutorId', 'tutor2Id'],
  [PROFILE.apprenticeMaster]: ['apprenticeMasterId', 'apprenticeMaster2Id'],
} as const;

/**
 * DELETE triad/delete-member/{triad}/{type}/{user}: removes the tutor (type 2) or the apprenticeship
 * master (type 3) `user` from the triad; a second tutor or master then takes the first place.
 * Other types are refused (403: the apprentice makes the triad); a user who does not hold that
 * place, or a triad of another course, is a 404.
 */
export async function removeTriadMember(
  db: Db,
  scope: ManagerScope,
  triadId: number,
  type: number,
  userId: number,
): Promise<GenericActionResponse> {
  if (type !== PROFILE.tutor && type !== PROFILE.apprenticeMaster) throw forbidden(textRef('manager.onlyTutorOrMaster'));
  const [first, second] = MEMBER_COLUMNS[type];
  await db.transaction(async (tx) => {
    const [triad] = await tx
      .select()
      .from(triads)
      .where(and(eq(triads.id, triadId), eq(triads.trainingCourseId, scope.course.id)))
      .for('update');
    if (!triad || (triad[first] !== userId && triad[second] !== userId)) throw notFound(textRef('common.memberNotFound'));
    const values = triad[first] === userId ? { [first]: triad[second], [second]: null } : { [second]: null };
    await tx.update(triads).set(values).where(eq(triads.id, triadId));
    await auditWrite(tx, scope, { action: 'triad.delete-member', entity: 'triad', entityId: triadId, details: { type, userId } });
  });
  return done(text(scope.locale, 'manager.memberRemoved'));
}
