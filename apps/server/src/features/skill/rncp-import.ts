import { and, asc, count, eq, inArray, isNull, like, max } from 'drizzle-orm';
import type { RemoveRepositoryResponse, RncpCertificationsResponse, RncpImportRequest, RncpImportResponse } from '@lea/shared';
import { files, skillAnswers, skillCategories, skills } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { logBackOfficeWrite } from '../../services/history.js';
import { resolveManagedCourse } from '../../services/managed-course.js';
import { text, textRef } from '../../texts/index.js';
import { parseRncp, type RncpCertification } from './rncp-parse.js';

/** The certifications of a file the caller uploaded on this platform (404 for anyone else's file). */
async function readCertifications(ctx: AppContext, caller: Caller, fileId: number): Promise<RncpCertification[]> {
  const [row] = await ctx.db
    .select({ pathName: files.pathName })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.platformId, caller.platformId), eq(files.uploadedBy, caller.userId)));
  const bytes = row ? await ctx.files.get(row.pathName) : null;
  if (!bytes) throw notFound(textRef('common.notFound'));
  let certifications: RncpCertification[];
  try {
    certifications = parseRncp(bytes);
  } catch {
    throw badRequest(textRef('skillManage.rncp.fileUnreadable'));
  }
  if (certifications.length === 0) throw badRequest(textRef('skillManage.rncp.fileUnreadable'));
  return certifications;
}

/** `GET …/skill/france-competence?file=`: the certifications of the uploaded RNCP export, to pick one. */
export async function listRncpCertifications(
  ctx: AppContext,
  caller: Caller,
  courseId: number,
  fileId: number,
): Promise<RncpCertificationsResponse> {
  await resolveManagedCourse(ctx.db, caller, courseId, { access: 'MODULE_LEA_SKILL', need: 'view' });
  const certifications = await readCertifications(ctx, caller, fileId);
  return {
    certifications: certifications.map((entry) => ({ numero: entry.numero, intitule: entry.intitule, blocks: entry.blocks.length })),
  };
}

/**
 * `POST …/skill/france-competence`: one root category per skill block of the picked certification
 * (its code kept, `RNCP12345BC01`), one skill per listed competence, in one transaction. A block
 * the course already has (same code) is left as it is, so importing twice adds nothing.
 */
export async function importRncp(
  ctx: AppContext,
  caller: Caller,
  courseId: number,
  request: RncpImportRequest,
  meta: WriteMeta,
): Promise<RncpImportResponse> {
  const course = await resolveManagedCourse(ctx.db, caller, courseId, { access: 'MODULE_LEA_SKILL', need: 'edit' });
  const certifications = await readCertifications(ctx, caller, request.file);
  const wanted = request.rncp.toUpperCase();
  const certification = certifications.find((entry) => entry.numero.toUpperCase() === wanted);
  if (!certification) throw badRequest(textRef('skillManage.rncp.notInFile', { rncp: wanted }));
  const result = await ctx.db.transaction(async (tx) => {
    const existing = new Set(
      (await tx.select({ code: skillCategories.code }).from(skillCategories).where(eq(skillCategories.trainingCourseId, course.id))).map(
        (row) => row.code,
      ),
    );
    const [last] = await tx
      .select({ last: max(skillCategories.position) })
      .from(skillCategories)
      .where(and(eq(skillCategories.trainingCourseId, course.id), isNull(skillCategories.motherId)));
    let position = (last?.last ?? -1) + 1;
    let categoryCount = 0;
    let skillCount = 0;
    for (const block of certification.blocks) {
      if (!block.code || existing.has(block.code)) continue;
      const [category] = await tx
        .insert(skillCategories)
        .values({
          trainingCourseId: course.id,
          name: (block.libelle || block.code).slice(0, 500),
          code: block.code.slice(0, 50),
          position: position++,
        })
        .returning({ id: skillCategories.id });
      categoryCount += 1;
      if (block.competences.length > 0) {
        await tx.insert(skills).values(block.competences.map((name, index) => ({ skillCategoryId: category!.id, name, position: index })));
        skillCount += block.competences.length;
      }
    }
    await logBackOfficeWrite(tx, caller, meta, {
      action: 'skill.france-competence',
      entity: 'skill-category',
      entityId: course.id,
      details: { rncp: wanted, categories: categoryCount, skills: skillCount },
    });
    return { categories: categoryCount, skills: skillCount };
  });
  return { hasError: false, message: text(meta.locale, 'skillManage.rncp.imported', result), ...result };
}

/** `GET …/skill/remove-repository`: removes the course's RNCP blocks (coded categories) none of whose skills was rated. */
export async function removeRepository(
  ctx: AppContext,
  caller: Caller,
  courseId: number,
  meta: WriteMeta,
): Promise<RemoveRepositoryResponse> {
  const course = await resolveManagedCourse(ctx.db, caller, courseId, { access: 'MODULE_LEA_SKILL', need: 'delete' });
  const removed = await ctx.db.transaction(async (tx) => {
    const blocks = await tx
      .select({ id: skillCategories.id })
      .from(skillCategories)
      .where(and(eq(skillCategories.trainingCourseId, course.id), like(skillCategories.code, 'RNCP%BC%')))
      .orderBy(asc(skillCategories.id));
    const free: number[] = [];
    for (const block of blocks) {
      const [rated] = await tx
        .select({ total: count() })
        .from(skillAnswers)
        .innerJoin(skills, eq(skills.id, skillAnswers.skillId))
        .where(eq(skills.skillCategoryId, block.id));
      if ((rated?.total ?? 0) === 0) free.push(block.id);
    }
    if (free.length > 0) await tx.delete(skillCategories).where(inArray(skillCategories.id, free));
    await logBackOfficeWrite(tx, caller, meta, {
      action: 'skill.remove-repository',
      entity: 'skill-category',
      entityId: course.id,
      details: { removed: free.length },
    });
    return free.length;
  });
  return { success: true, message: text(meta.locale, 'skillManage.rncp.removed', { count: removed }), removed };
}
