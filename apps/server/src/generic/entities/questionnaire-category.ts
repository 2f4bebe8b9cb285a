import { asc, count, eq, max } from 'drizzle-orm';
import { QuestionnaireCategoryInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { questionnaireCategories, questionnaires } from '../../db/schema/index.js';
import { text, textRef } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';
import { findInCourse } from '../find-in-course.js';

type CategoryRecord = typeof questionnaireCategories.$inferSelect;

/** The course's categories with how many questionnaires of each year use them. */
async function findCategories(db: DbOrTx, courseId: number) {
  const [rows, uses] = await Promise.all([
    db
      .select()
      .from(questionnaireCategories)
      .where(eq(questionnaireCategories.trainingCourseId, courseId))
      .orderBy(asc(questionnaireCategories.position), asc(questionnaireCategories.title)),
    db
      .select({ categoryId: questionnaires.categoryId, year: questionnaires.year, total: count() })
      .from(questionnaires)
      .where(eq(questionnaires.trainingCourseId, courseId))
      .groupBy(questionnaires.categoryId, questionnaires.year),
  ]);
  return rows.map((category) => {
    const mine = uses.filter((use) => use.categoryId === category.id);
    return {
      category,
      questionnaireCount: mine.reduce((sum, use) => sum + Number(use.total), 0),
      years: mine.map((use) => use.year).sort((a, b) => a - b),
    };
  });
}

async function nextPosition(db: DbOrTx, courseId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(questionnaireCategories.position) })
    .from(questionnaireCategories)
    .where(eq(questionnaireCategories.trainingCourseId, courseId));
  return (row?.last ?? -1) + 1;
}

/**
 * questionnaire-category: the categories questionnaires are grouped by (spec 3 §2.2, §3), listed
 * with the years of their questionnaires; sortable; never deleted while a questionnaire uses one.
 * Also served at the spec's paths `…/questionnaire/category[/form][/{id}]` (features/questionnaire-editor).
 */
export const questionnaireCategoryEntity = defineEntity<CategoryRecord, QuestionnaireCategoryInput, 'manager'>({
  alias: 'questionnaire-category',
  table: questionnaireCategories,
  area: 'manager',
  access: 'MODULE_LEA_QUESTIONNAIRE',
  screen: { path: 'questionnaire/category' },
  titles: {
    list: 'backOffice.category.list',
    add: 'backOffice.category.add',
    edit: 'backOffice.category.edit',
    back: 'backOffice.category.back',
  },
  // The spec's paths of the categories (spec 3 §7.1).
  paths: [
    { method: 'GET', path: 'questionnaire/category', action: 'list' },
    { method: 'GET', path: 'questionnaire/category/form', action: 'form' },
    { method: 'GET', path: 'questionnaire/category/form/:id', action: 'form' },
    { method: 'POST', path: 'questionnaire/category', action: 'save' },
    { method: 'PUT', path: 'questionnaire/category/:id', action: 'save' },
    { method: 'DELETE', path: 'questionnaire/category/delete/:id', action: 'delete' },
  ],
  find: findInCourse(questionnaireCategories),
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'title', label: 'backOffice.word.title', filterable: true, sortable: true, format: 'text', hidden: false },
      {
        key: 'questionnaireCount',
        label: 'backOffice.category.questionnaires',
        filterable: false,
        sortable: true,
        format: 'text',
        hidden: false,
      },
      { key: 'years', label: 'backOffice.category.years', filterable: false, sortable: false, format: 'text', hidden: false },
      { key: 'position', label: 'backOffice.word.position', filterable: false, sortable: true, format: 'text', hidden: true },
    ],
    async rows(db, scope) {
      return (await findCategories(db, scope.course.id)).map(({ category, questionnaireCount, years }) => ({
        id: category.id,
        title: category.title,
        questionnaireCount,
        years: years.join(', '),
        yearList: years,
        position: category.position,
        canRemove: questionnaireCount === 0,
        removeReason: questionnaireCount === 0 ? null : text(scope.locale, 'backOffice.category.inUse', { total: questionnaireCount }),
      }));
    },
  },
  async form(_db, scope, { record }) {
    const tabs = [
      {
        code: 'category',
        label: 'backOffice.category.tab' as const,
        fields: [{ name: 'title', kind: 'text' as const, label: 'backOffice.word.title' as const, required: true }],
      },
    ];
    return buildFormModel('questionnaire_category', scope.locale, tabs, record ? { title: record.title } : null);
  },
  input: QuestionnaireCategoryInput,
  async save(tx, scope, input, { record }) {
    const course = scope.course;
    if (record) {
      await tx.update(questionnaireCategories).set({ title: input.title }).where(eq(questionnaireCategories.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(questionnaireCategories)
      .values({ trainingCourseId: course.id, title: input.title, position: await nextPosition(tx, course.id) })
      .returning({ id: questionnaireCategories.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    // Locked: no questionnaire can take it between the count and the delete.
    await tx
      .select({ id: questionnaireCategories.id })
      .from(questionnaireCategories)
      .where(eq(questionnaireCategories.id, record.id))
      .for('update');
    const [row] = await tx.select({ total: count() }).from(questionnaires).where(eq(questionnaires.categoryId, record.id));
    const total = Number(row?.total ?? 0);
    if (total > 0) return { refused: textRef('backOffice.category.inUse', { total }) };
    await tx.delete(questionnaireCategories).where(eq(questionnaireCategories.id, record.id));
    return { warnings: [] };
  },
  position: {
    column: questionnaireCategories.position,
    id: questionnaireCategories.id,
    siblings: (record) => eq(questionnaireCategories.trainingCourseId, record.trainingCourseId),
  },
  messages: { saved: 'backOffice.category.saved', removed: 'backOffice.category.removed' },
});
