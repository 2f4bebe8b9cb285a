import { and, asc, eq, like } from 'drizzle-orm';
import type { ChoiceSearchResponse, GenericSaveResponse } from '@lea/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { institutions, trainingCourseModules, trainingCourses, trainings } from '../../db/schema/index.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { auditWrite } from '../../generic/audit.js';
import { invalid, saved } from '../../generic/envelopes.js';
import { trainingEntity } from '../../generic/entities/training.js';
import { findPlatformCourse, trainingCourseEntity } from '../../generic/entities/training-course.js';
import type { AdminScope } from '../../generic/types.js';
import { ensureCourseModules } from '../../services/course-modules.js';
import { insertTestTriad } from '../../services/test-triads.js';
import { text, textRef } from '../../texts/index.js';

/** How many test triads a test training starts with. */
export const TEST_TRAINING_TRIADS = 2;

/** The school year a date falls in: from September (2025-09 → 2025–2026, 2026-03 → 2025–2026). */
export function schoolYearOf(date: Date): { start: number; end: number } {
  const start = date.getMonth() >= 8 ? date.getFullYear() : date.getFullYear() - 1;
  return { start, end: start + 1 };
}

/** The first free « Formation de test n » of the platform, in the caller's language. */
async function testNumber(db: DbOrTx, scope: AdminScope): Promise<number> {
  const prefix = text(scope.locale, 'adminTraining.test.trainingTitle', { number: '' });
  const rows = await db
    .select({ title: trainings.title })
    .from(trainings)
    .where(and(eq(trainings.platformId, scope.platformId), like(trainings.title, `${prefix.replace(/[\\%_]/g, '\\$&')}%`)));
  const taken = new Set(rows.map((row) => row.title));
  let number = 1;
  while (taken.has(text(scope.locale, 'adminTraining.test.trainingTitle', { number }))) number += 1;
  return number;
}

/**
 * GET /app/admin/training/generate-training-test (spec 3 §2.3 "add test", §7.2): a test training
 * « Formation de test n » of the platform's first institution, with one course of the current school
 * year created as the course form creates one (its modules' rows made at once, all switched on), and
 * TEST_TRAINING_TRIADS test triads of fresh test accounts (services/test-triads.ts); all in one
 * transaction, one history line. A platform without an institution gets a field error
 * (`institutionId`, HTTP 200 with `hasError`, as a save), nothing written.
 */
export async function generateTestTraining(ctx: AppContext, scope: AdminScope, now = new Date()): Promise<GenericSaveResponse> {
  const created = await ctx.db.transaction(async (tx) => {
    const [institution] = await tx
      .select({ id: institutions.id })
      .from(institutions)
      .where(eq(institutions.platformId, scope.platformId))
      .orderBy(asc(institutions.id))
      .limit(1);
    if (!institution) return null;
    const number = await testNumber(tx, scope);
    const title = text(scope.locale, 'adminTraining.test.trainingTitle', { number });
    const target = { record: null, parentId: null, query: {} };
    const trainingId = await trainingEntity.save(
      tx,
      scope,
      { title, code: text(scope.locale, 'adminTraining.test.code', { number }), institutionId: institution.id, componentId: null },
      target,
      ctx,
    );
    const year = schoolYearOf(now);
    const courseId = await trainingCourseEntity.save(
      tx,
      scope,
      {
        trainingId,
        displayName: text(scope.locale, 'adminTraining.test.courseName', { number, start: year.start, end: year.end }),
        startYear: year.start,
        endYear: year.end,
        archived: false,
        managerIds: [],
      },
      target,
      ctx,
    );
    const course = { id: courseId, platformId: scope.platformId };
    await ensureCourseModules(tx, course);
    // Unlike a course of the form, which starts with its modules off, a test course is there to be tried: all on.
    await tx.update(trainingCourseModules).set({ enabled: true }).where(eq(trainingCourseModules.trainingCourseId, courseId));
    const triadIds: number[] = [];
    for (let index = 0; index < TEST_TRAINING_TRIADS; index += 1) triadIds.push(await insertTestTriad(tx, scope, course, null));
    await auditWrite(tx, scope, {
      action: 'training.generate-test',
      entity: 'training',
      entityId: trainingId,
      details: { trainingCourseId: courseId, triadIds },
    });
    return { trainingId, title };
  });
  if (!created) {
    return invalid([{ field: 'institutionId', message: text(scope.locale, 'adminTraining.test.noInstitution') }], scope.locale);
  }
  return saved(created.trainingId, text(scope.locale, 'adminTraining.test.trainingCreated', { title: created.title }));
}

/**
 * GET /app/admin/training/generate-triad-test?trainingCourse={id} (spec 3 §7.2): one test triad
 * more on a course of the platform (another platform's, or none, is a 404), in its first crew.
 */
export async function generateAdminTestTriad(db: Db, scope: AdminScope, courseId: number): Promise<GenericSaveResponse> {
  const result = await db.transaction(async (tx) => {
    const course = await findPlatformCourse(tx, scope.platformId, courseId);
    if (!course) throw notFound(textRef('common.courseNotFound'));
    const id = await insertTestTriad(tx, scope, { id: course.id, platformId: scope.platformId }, null);
    return { id, course: course.displayName };
  });
  return saved(result.id, text(scope.locale, 'adminTraining.test.triadCreated', { course: result.course }));
}

/**
 * GET /app/admin/training/course-choices: the platform's courses as the test-triad action's picker
 * offers them (`{value, label}`, "training — course (years)"), the archived ones left out.
 */
export async function courseChoices(db: Db, scope: AdminScope): Promise<ChoiceSearchResponse> {
  const rows = await db
    .select({
      id: trainingCourses.id,
      name: trainingCourses.displayName,
      training: trainings.title,
      startYear: trainingCourses.startYear,
      endYear: trainingCourses.endYear,
    })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainings.platformId, scope.platformId), eq(trainingCourses.archived, false)))
    .orderBy(asc(trainings.title), asc(trainingCourses.displayName), asc(trainingCourses.id));
  return rows.map((row) => {
    const years = row.startYear === null ? '' : ` (${row.startYear}–${row.endYear ?? ''})`;
    return { value: String(row.id), label: `${row.training} — ${row.name}${years}` };
  });
}
