import { and, asc, count, desc, eq, exists, inArray, isNull } from 'drizzle-orm';
import { CourseDocumentInput, DOCUMENT_CATEGORY, PROFILE, readSetQuery, type ValidationError } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { documentCategories, documents, documentTrainingCourses, trainingCourses, trainings, users } from '../../db/schema/index.js';
import { isCourseManager } from '../../services/triad-membership.js';
import { frenchTexts, text, textRef } from '../../texts/index.js';
import { buildFormModel, choicesOf, type FieldSpec } from '../form-builder.js';
import { profileLabel } from '../text.js';
import { defineEntity, type ListColumn, type ManagerScope, type Speech } from '../types.js';
import { checkAttachments, fileValues } from './attachments.js';

type DocumentRecord = typeof documents.$inferSelect & { courseCount: number };

/** A manager's document (documentType 2, spec 3 §9): no triad, given to courses through document_training_courses. */
export const MANAGER_DOCUMENT = 2;
const PROFILES = Object.values(PROFILE);
const CODES = [DOCUMENT_CATEGORY.general, DOCUMENT_CATEGORY.pedagogic] as const;

const linkedTo = (db: DbOrTx, courseId: number) =>
  exists(
    db
      .select({ one: documentTrainingCourses.documentId })
      .from(documentTrainingCourses)
      .where(and(eq(documentTrainingCourses.documentId, documents.id), eq(documentTrainingCourses.trainingCourseId, courseId))),
  );

export async function courseCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: documentTrainingCourses.documentId, total: count() })
    .from(documentTrainingCourses)
    .where(inArray(documentTrainingCourses.documentId, ids))
    .groupBy(documentTrainingCourses.documentId);
  return new Map(rows.map((row) => [row.id, Number(row.total)]));
}

/** The platform's general and pedagogic categories (the two tabs of the manager's documents). */
export async function categoriesOf(db: DbOrTx, platformId: number) {
  return db
    .select({ id: documentCategories.id, code: documentCategories.code, title: documentCategories.title })
    .from(documentCategories)
    .where(and(eq(documentCategories.platformId, platformId), inArray(documentCategories.code, [...CODES])))
    .orderBy(asc(documentCategories.position));
}

/** The courses the caller may give a document to: the ones they manage (every course of the platform for an administrator). */
export async function coursesOf(db: DbOrTx, scope: Pick<ManagerScope, 'caller'>, platformId: number) {
  const managed = isCourseManager(db, trainingCourses.id, scope.caller.userId);
  return db
    .select({ id: trainingCourses.id, name: trainingCourses.displayName })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainings.platformId, platformId), scope.caller.admin ? undefined : managed))
    .orderBy(asc(trainingCourses.displayName), asc(trainingCourses.id));
}

/**
 * The documentInfo tab's fields, the same for a course's documents and the shared documents
 * (shared-document.ts); a new document starts in the general category, or the pedagogic one when
 * added from the pedagogic tab (`pedagogic`). The rights name the profiles with the platform's titles.
 */
export function documentInfoFields(
  categories: Awaited<ReturnType<typeof categoriesOf>>,
  speech: Speech,
  disabled: boolean,
  pedagogic = false,
): FieldSpec[] {
  const initial = categories.find((category) => category.code === (pedagogic ? DOCUMENT_CATEGORY.pedagogic : DOCUMENT_CATEGORY.general));
  return [
    { name: 'title', kind: 'text', label: 'courseModules.document.title', required: true, disabled },
    {
      name: 'category',
      kind: 'select',
      label: 'courseModules.document.category',
      required: true,
      disabled,
      choices: categories.map((category) => ({
        value: String(category.id),
        label:
          category.title ??
          text(
            speech.locale,
            category.code === DOCUMENT_CATEGORY.pedagogic ? 'courseModules.document.pedagogic' : 'courseModules.document.general',
          ),
      })),
      initial: initial ? String(initial.id) : null,
    },
    {
      name: 'file',
      kind: 'file',
      label: 'courseModules.document.file',
      required: true,
      disabled,
      attributes: { maxFiles: 1 },
    },
    { name: 'visibleHomeLea', kind: 'checkbox', label: 'courseModules.document.visibleHomeLea', disabled },
    {
      name: 'rights',
      kind: 'checkboxgroup',
      label: 'courseModules.document.rights',
      required: true,
      disabled,
      choices: choicesOf(
        speech,
        PROFILES.map((profile) => ({ value: String(profile), label: profileLabel(profile) })),
      ),
      initial: PROFILES.map(String),
    },
  ];
}

export async function linkedCourses(db: DbOrTx, documentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: documentTrainingCourses.trainingCourseId })
    .from(documentTrainingCourses)
    .where(eq(documentTrainingCourses.documentId, documentId));
  return rows.map((row) => row.id);
}

const sharedReason = (total: number) => textRef('courseModules.document.shared', { count: total });

/** The list columns every manager-document list starts with (a course's, the shared area's). */
export const DOCUMENT_COLUMNS: ListColumn[] = [
  { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
  { key: 'title', label: 'courseModules.document.title', filterable: true, sortable: true, format: 'text', hidden: false },
  { key: 'uploader', label: 'courseModules.document.uploader', filterable: true, sortable: true, format: 'text', hidden: false },
  { key: 'date', label: 'courseModules.document.date', filterable: false, sortable: true, format: 'longDate', hidden: false },
];

/** What a list row selects for the columns above (`uploadedBy` shows the uploader and date), the uploader joined. */
export const DOCUMENT_ROW = {
  id: documents.id,
  title: documents.title,
  firstName: users.firstName,
  lastName: users.lastName,
  date: documents.createdAt,
};

/** The uploader's name and the upload date of a list row, as the columns above show them. */
export const uploadedBy = (row: { firstName: string | null; lastName: string | null; date: Date }) => ({
  uploader: [row.firstName, row.lastName].filter(Boolean).join(' '),
  date: row.date.toISOString(),
});

/** A document's values in the form (its courses apart). */
export const documentFormValues = (record: typeof documents.$inferSelect, files: Awaited<ReturnType<typeof fileValues>>) => ({
  title: record.title,
  category: record.categoryId === null ? null : String(record.categoryId),
  file: record.fileId === null ? null : (files.get(record.fileId) ?? null),
  visibleHomeLea: record.visibleHomeLea,
  rights: record.rights.map(String),
});

/**
 * Writes a manager's document and gives it to exactly `courseIds`: the record's row updated, or a
 * new one uploaded by the caller (the documentInfo tab's uploader, spec 3 §2.2) on the platform.
 */
export async function writeDocument(
  tx: DbOrTx,
  input: CourseDocumentInput,
  record: { id: number } | null,
  courseIds: number[],
  owner: { platformId: number; uploaderId: number },
): Promise<number> {
  const values = {
    title: input.title,
    categoryId: input.category,
    fileId: input.file,
    visibleHomeLea: input.visibleHomeLea,
    rights: [...new Set(input.rights)].sort(),
  };
  let id: number;
  if (record) {
    id = record.id;
    await tx
      .update(documents)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(documents.id, id));
    await tx.delete(documentTrainingCourses).where(eq(documentTrainingCourses.documentId, id));
  } else {
    const [row] = await tx
      .insert(documents)
      .values({ ...values, ...owner, documentType: MANAGER_DOCUMENT, uploaderProfile: 4 })
      .returning({ id: documents.id });
    id = row!.id;
  }
  await tx.insert(documentTrainingCourses).values(courseIds.map((trainingCourseId) => ({ documentId: id, trainingCourseId })));
  return id;
}

/** The pedagogic flag of spec 3 §3 Document, the field the list's tabs go by (`'true'`, `'false'`). */
const PEDAGOGIC = 'pedagogic';

/**
 * document (manager area, spec 3 §2.1 `document`, §3 Document, §4): the documents a manager gives
 * the course, in its general or pedagogic tab, shown on the triads' home when `visibleHomeLea`, read
 * by the profiles of `rights` (services/home-documents.ts reads them). A document shared by two or
 * more courses is neither edited nor deleted here (spec 3 §4), with the reason.
 */
export const courseDocumentEntity = defineEntity<DocumentRecord, CourseDocumentInput, 'manager'>({
  alias: 'document',
  table: documents,
  area: 'manager',
  screen: { path: 'document' },
  titles: {
    list: 'courseModules.document.list',
    add: 'courseModules.document.add',
    edit: 'courseModules.document.edit',
    back: 'courseModules.document.back',
  },
  async find(db, scope, id) {
    const [row] = await db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.id, id),
          eq(documents.platformId, scope.course.platformId),
          eq(documents.documentType, MANAGER_DOCUMENT),
          isNull(documents.triadId),
          linkedTo(db, scope.course.id),
        ),
      )
      .limit(1);
    if (!row) return null;
    return { ...row, courseCount: (await courseCounts(db, [row.id])).get(row.id) ?? 1 };
  },
  list: {
    columns: [
      ...DOCUMENT_COLUMNS,
      {
        key: 'visibleHomeLea',
        label: 'courseModules.document.visibleHomeLea',
        filterable: false,
        sortable: true,
        format: 'boolean',
        hidden: false,
      },
      { key: 'courseCount', label: 'courseModules.document.courses', filterable: false, sortable: true, format: 'text', hidden: false },
    ],
    // The general and pedagogic tabs (spec 3 §2.1, general by default); the form keeps the category editable.
    tabs: {
      key: PEDAGOGIC,
      initial: 'false',
      options: [
        { value: 'false', label: 'courseModules.document.general' },
        { value: 'true', label: 'courseModules.document.pedagogic' },
      ],
    },
    async rows(db, scope) {
      const rows = await db
        .select({
          code: documentCategories.code,
          ...DOCUMENT_ROW,
          visibleHomeLea: documents.visibleHomeLea,
        })
        .from(documents)
        .leftJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
        .leftJoin(users, eq(users.id, documents.uploaderId))
        .where(
          and(
            eq(documents.platformId, scope.course.platformId),
            eq(documents.documentType, MANAGER_DOCUMENT),
            isNull(documents.triadId),
            linkedTo(db, scope.course.id),
          ),
        )
        .orderBy(desc(documents.createdAt), desc(documents.id));
      const counts = await courseCounts(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => {
        const total = counts.get(row.id) ?? 1;
        return {
          id: row.id,
          title: row.title,
          [PEDAGOGIC]: row.code === DOCUMENT_CATEGORY.pedagogic,
          ...uploadedBy(row),
          visibleHomeLea: row.visibleHomeLea,
          courseCount: total,
          canRemove: total < 2,
          removeReason: total < 2 ? null : text(scope.locale, 'courseModules.document.shared', { count: total }),
        };
      });
    },
  },
  async form(db, scope, { record, query }) {
    const categories = await categoriesOf(db, scope.course.platformId);
    const files = await fileValues(db, [record?.fileId ?? null]);
    const [courses, linked] = await Promise.all([
      coursesOf(db, scope, scope.course.platformId),
      record ? linkedCourses(db, record.id) : [scope.course.id],
    ]);
    const shared = record !== null && record.courseCount >= 2;
    return buildFormModel(
      'document',
      scope.locale,
      [
        {
          code: 'documentInfo',
          label: 'courseModules.document.tab',
          fields: [...documentInfoFields(categories, scope, shared, readSetQuery(query.set)[PEDAGOGIC] === 'true')],
        },
        {
          code: 'courses',
          label: 'courseModules.document.courses',
          fields: [
            {
              name: 'courses',
              kind: 'checkboxgroup',
              label: 'courseModules.document.coursesHelp',
              disabled: shared,
              choices: courses.map((course) => ({ value: String(course.id), label: course.name })),
              initial: linked.map(String),
            },
          ],
        },
      ],
      record && { courses: linked.map(String), ...documentFormValues(record, files) },
    );
  },
  input: CourseDocumentInput,
  async check(db, scope, input, { record }) {
    const errors: ValidationError[] = [];
    if (record && record.courseCount >= 2)
      return [{ field: 'title', message: frenchTexts('courseModules')['document.shared']({ count: record.courseCount }) }];
    const categories = await categoriesOf(db, scope.course.platformId);
    if (!categories.some((category) => category.id === input.category))
      errors.push({ field: 'category', message: frenchTexts('validation').choice });
    errors.push(...(await checkAttachments(db, scope, [{ field: 'file', fileId: input.file }], [record?.fileId ?? null])));
    return errors;
  },
  async save(tx, scope, input, { record }) {
    // The course of the screen always keeps it; the others are the ones ticked (the choice check kept them to the caller's).
    const courseIds = [...new Set([scope.course.id, ...input.courses])];
    return writeDocument(tx, input, record, courseIds, { platformId: scope.course.platformId, uploaderId: scope.caller.userId });
  },
  async remove(tx, _scope, record) {
    if (record.courseCount >= 2) return { refused: sharedReason(record.courseCount) };
    await tx.delete(documents).where(eq(documents.id, record.id));
    return { warnings: [] };
  },
  messages: { saved: 'courseModules.document.saved', removed: 'courseModules.document.removed' },
});
