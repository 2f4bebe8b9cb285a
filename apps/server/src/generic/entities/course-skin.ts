import { eq } from 'drizzle-orm';
import { CourseSkinInput, type FileFieldValue } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { files, trainingCourseSettings } from '../../db/schema/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';
import { checkAttachments } from './attachments.js';

type SkinRecord = { id: number; principalColor: string | null; secondaryColor: string | null; logo: FileFieldValue | null };

/** The course's skin; a course without settings has none (the institution's and platform's design apply). */
async function skinOf(db: DbOrTx, courseId: number): Promise<SkinRecord> {
  const [row] = await db
    .select({
      principalColor: trainingCourseSettings.principalColor,
      secondaryColor: trainingCourseSettings.secondaryColor,
      logoId: files.id,
      logoName: files.originalName,
    })
    .from(trainingCourseSettings)
    .leftJoin(files, eq(files.id, trainingCourseSettings.logoFileId))
    .where(eq(trainingCourseSettings.trainingCourseId, courseId))
    .limit(1);
  return {
    id: courseId,
    principalColor: row?.principalColor ?? null,
    secondaryColor: row?.secondaryColor ?? null,
    logo: row?.logoId ? { id: row.logoId, originalName: row.logoName ?? '' } : null,
  };
}

/**
 * skin (manager area, spec 3 §1 `skin`, §7.1 `generic/training-course/post/{course}`): the
 * course's principal and secondary colours and logo, which the shell applies over the
 * institution's and the platform's design as soon as a triad of the course is chosen. A
 * singleton, screen `skin/edit`; the logo is public on its platform like the institutions' logos.
 */
export const courseSkinEntity = defineEntity<SkinRecord, CourseSkinInput, 'manager'>({
  alias: 'skin',
  table: trainingCourseSettings,
  area: 'manager',
  screen: { path: 'skin' },
  titles: {
    list: 'courseModules.skin.title',
    add: 'courseModules.skin.edit',
    edit: 'courseModules.skin.edit',
    back: 'courseModules.skin.back',
  },
  async find(db, scope, id) {
    return id === scope.course.id ? skinOf(db, id) : null;
  },
  singleton: { one: (db, scope) => skinOf(db, scope.course.id) },
  async form(_db, scope, { record }) {
    return buildFormModel(
      'skin',
      scope.locale,
      [
        {
          code: 'skin',
          label: 'courseModules.skin.tab',
          fields: [
            { name: 'principalColor', kind: 'color', label: 'courseModules.skin.principalColor', help: 'courseModules.skin.help' },
            { name: 'secondaryColor', kind: 'color', label: 'courseModules.skin.secondaryColor' },
            {
              name: 'logo',
              kind: 'file',
              label: 'courseModules.skin.logo',
              attributes: { maxFiles: 1, allowedExtensions: ['png', 'jpg', 'jpeg', 'gif'], uploadType: 'logo' },
            },
          ],
        },
      ],
      record,
    );
  },
  input: CourseSkinInput,
  // The current logo, or a picture the manager uploaded on this platform.
  check: (db, scope, input, { record }) =>
    checkAttachments(db, scope, [{ field: 'logo', fileId: input.logo, picture: true }], [record?.logo?.id ?? null]),
  async save(tx, scope, input) {
    const values = { principalColor: input.principalColor, secondaryColor: input.secondaryColor, logoFileId: input.logo };
    await tx
      .insert(trainingCourseSettings)
      .values({ trainingCourseId: scope.course.id, ...values })
      .onConflictDoUpdate({ target: trainingCourseSettings.trainingCourseId, set: values });
    return scope.course.id;
  },
  // The skin is cached with the triads' menus of the course (services/course-modules, triadMenu).
  caches: (scope) => [{ topic: 'courseMenu', key: scope.course.id }],
  messages: { saved: 'courseModules.skin.saved' },
});
