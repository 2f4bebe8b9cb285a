import { eq } from 'drizzle-orm';
import { CourseTemplateInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { trainingCourseSettings } from '../../db/schema/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';

type TemplateRecord = { id: number; coverText: string | null; headerText: string | null; footerText: string | null };

async function templateOf(db: DbOrTx, courseId: number): Promise<TemplateRecord> {
  const [row] = await db
    .select({
      coverText: trainingCourseSettings.coverText,
      headerText: trainingCourseSettings.headerText,
      footerText: trainingCourseSettings.footerText,
    })
    .from(trainingCourseSettings)
    .where(eq(trainingCourseSettings.trainingCourseId, courseId))
    .limit(1);
  return { id: courseId, coverText: row?.coverText ?? null, headerText: row?.headerText ?? null, footerText: row?.footerText ?? null };
}

/**
 * template (manager area, spec 3 §1 `template`): the booklet's cover text and the header and
 * footer of its pages, printed on the booklet's and the questionnaires' PDFs
 * (features/questionnaire/pdf). A singleton, screen `template/edit`.
 */
export const courseTemplateEntity = defineEntity<TemplateRecord, CourseTemplateInput, 'manager'>({
  alias: 'template',
  table: trainingCourseSettings,
  area: 'manager',
  screen: { path: 'template' },
  titles: {
    list: 'courseModules.template.title',
    add: 'courseModules.template.edit',
    edit: 'courseModules.template.edit',
    back: 'courseModules.template.back',
  },
  async find(db, scope, id) {
    return id === scope.course.id ? templateOf(db, id) : null;
  },
  singleton: { one: (db, scope) => templateOf(db, scope.course.id) },
  async form(_db, scope, { record }) {
    return buildFormModel(
      'template',
      scope.locale,
      [
        {
          code: 'template',
          label: 'courseModules.template.tab',
          fields: [
            { name: 'coverText', kind: 'textarea', label: 'courseModules.template.coverText' },
            { name: 'headerText', kind: 'text', label: 'courseModules.template.headerText' },
            { name: 'footerText', kind: 'text', label: 'courseModules.template.footerText' },
          ],
        },
      ],
      record,
    );
  },
  input: CourseTemplateInput,
  async save(tx, scope, input) {
    await tx
      .insert(trainingCourseSettings)
      .values({ trainingCourseId: scope.course.id, ...input })
      .onConflictDoUpdate({ target: trainingCourseSettings.trainingCourseId, set: input });
    return scope.course.id;
  },
  messages: { saved: 'courseModules.template.saved' },
});
