import type { DataAgreementStatus, GenericActionResponse, Locale, ProfileTitlesResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { auditWrite } from '../../generic/audit.js';
import { duplicateCourse } from '../../generic/entities/course-duplicate.js';
import { findPlatformCourse } from '../../generic/entities/training-course.js';
import { done } from '../../generic/envelopes.js';
import type { AdminScope } from '../../generic/types.js';
import type { Caller } from '../../http/caller.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { acceptDataAgreement, dataAgreementStatus } from '../../services/data-agreement.js';
import { platformProfileTitles } from '../../services/profile-titles.js';
import { text, textRef } from '../../texts/index.js';

/** GET /app/admin/training-course/duplicate/{id}[?nextYear=1]: one transaction, with its history line. */
export async function duplicateTrainingCourse(db: Db, scope: AdminScope, id: number, nextYear: boolean): Promise<GenericActionResponse> {
  const course = await findPlatformCourse(db, scope.platformId, id);
  if (!course) throw notFound(textRef('backOffice.recordNotFound'));
  const copyId = await db.transaction(async (tx) => {
    const newId = await duplicateCourse(tx, course, nextYear);
    await auditWrite(tx, scope, {
      action: 'training-course.duplicate',
      entity: 'training-course',
      entityId: newId,
      details: { from: id, nextYear },
    });
    return newId;
  });
  return done(text(scope.locale, 'adminSetup.course.duplicated'), { id: copyId });
}

/** Nothing to accept while someone else acts as the user: only the person may accept (the screen does not show). */
export async function agreementStatus(db: Db, caller: Caller, meta: WriteMeta): Promise<DataAgreementStatus> {
  if (meta.impersonatorId !== null) return { pending: null };
  return dataAgreementStatus(db, caller.platformId, caller.userId);
}

/** Records the acceptance (date, address, version) and answers what is left to accept (the latest, if it moved on). */
export async function acceptAgreement(db: Db, caller: Caller, meta: WriteMeta, version: number): Promise<DataAgreementStatus> {
  if (meta.impersonatorId !== null) throw forbidden(textRef('adminSetup.agreement.impersonating'));
  await acceptDataAgreement(db, { platformId: caller.platformId, userId: caller.userId, version, ip: meta.ip, userAgent: meta.userAgent });
  return dataAgreementStatus(db, caller.platformId, caller.userId);
}

export async function profileTitlesOf(db: Db, platformId: number, locale: Locale): Promise<ProfileTitlesResponse> {
  return (await platformProfileTitles(db, platformId))[locale];
}
