import { and, asc, eq } from 'drizzle-orm';
import type { GenericActionResponse, ModuleTriadBody, ModuleTriadList } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { crews, trainingCourseModules, trainingCourseModuleTriads, triads, users } from '../../db/schema/index.js';
import { auditWrite } from '../../generic/audit.js';
import { done } from '../../generic/envelopes.js';
import type { ManagerScope } from '../../generic/types.js';
import { notFound } from '../../http/errors.js';
import { courseModules, ensureTriadEntries } from '../../services/course-modules.js';
import { text, textRef } from '../../texts/index.js';
import type { CacheBus } from '../../services/shared-cache.js';

/**
 * GET …/training-course-module-triad/list: the course's modules and, per triad, whether each one
 * shows in its menu. The entries a triad lacks are created (shown), so that each has the id the
 * edit call takes.
 */
export async function listModuleTriads(db: Db, scope: ManagerScope): Promise<ModuleTriadList> {
  const { course, locale } = scope;
  const moduleRows = await courseModules(db, course, locale);
  const triadRows = await db
    .select({ id: triads.id, firstName: users.firstName, lastName: users.lastName, crew: crews.name })
    .from(triads)
    .leftJoin(users, eq(users.id, triads.apprenticeId))
    .leftJoin(crews, eq(crews.id, triads.crewId))
    .where(eq(triads.trainingCourseId, course.id))
    .orderBy(asc(crews.position), asc(users.lastName), asc(users.firstName), asc(triads.id));
  const entries = await db.transaction((tx) =>
    ensureTriadEntries(
      tx,
      moduleRows.map((row) => row.id),
      triadRows.map((row) => row.id),
    ),
  );
  return {
    modules: moduleRows.map((row) => ({ id: row.id, code: row.code, title: row.title, icon: row.icon, enabled: row.enabled })),
    triads: triadRows.map((triad) => ({
      id: triad.id,
      name: [triad.firstName, triad.lastName].filter(Boolean).join(' ') || `#${triad.id}`,
      crew: triad.crew,
      entries: moduleRows.flatMap((module) => {
        const entry = entries.find((row) => row.triadId === triad.id && row.trainingCourseModuleId === module.id);
        return entry ? [{ id: entry.id, moduleId: module.id, visible: entry.visible }] : [];
      }),
    })),
  };
}

/**
 * PUT …/training-course-module-triad/edit/{id} (spec 3 §7.1): shows or hides a course module in
 * one triad's menu; another course's entry is a 404. One transaction with its history line.
 */
export async function editModuleTriad(
  db: Db,
  scope: ManagerScope,
  id: number,
  body: ModuleTriadBody,
  cache: CacheBus,
): Promise<GenericActionResponse> {
  const [entry] = await db
    .select({ id: trainingCourseModuleTriads.id, triadId: trainingCourseModuleTriads.triadId })
    .from(trainingCourseModuleTriads)
    .innerJoin(trainingCourseModules, eq(trainingCourseModules.id, trainingCourseModuleTriads.trainingCourseModuleId))
    .innerJoin(triads, eq(triads.id, trainingCourseModuleTriads.triadId))
    .where(
      and(
        eq(trainingCourseModuleTriads.id, id),
        eq(trainingCourseModules.trainingCourseId, scope.course.id),
        eq(triads.trainingCourseId, scope.course.id),
      ),
    )
    .limit(1);
  if (!entry) throw notFound(textRef('courseModules.triadEntry.notFound'));
  await db.transaction(async (tx) => {
    await tx.update(trainingCourseModuleTriads).set({ visible: body.visible }).where(eq(trainingCourseModuleTriads.id, id));
    await auditWrite(tx, scope, {
      action: 'training-course-module-triad.edit',
      entity: 'training-course-module-triad',
      entityId: id,
      details: { triadId: entry.triadId, visible: body.visible },
    });
    // The triads' menus of the course (services/course-modules, triadMenu) are cached.
    await cache.changed('courseMenu', scope.course.id, tx);
  });
  return done(text(scope.locale, 'courseModules.triadEntry.saved'));
}
