import { and, desc, eq, exists, isNull, type SQL } from 'drizzle-orm';
import { CourseDocumentInput, type ValidationError } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { documents, documentTrainingCourses, users } from '../../db/schema/index.js';
import { forbidden } from '../../http/errors.js';
import { isCourseManager } from '../../services/triad-membership.js';
import { frenchTexts, text } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity, type SharedScope } from '../types.js';
import { checkAttachments, fileValues } from './attachments.js';
import {
  categoriesOf,
  coursesOf,
  DOCUMENT_COLUMNS,
  documentFormValues,
  documentInfoFields,
  linkedCourses,
  MANAGER_DOCUMENT,
  DOCUMENT_ROW,
  uploadedBy,
  writeDocument,
} from './course-document.js';

type SharedDocumentRecord = typeof documents.$inferSelect;

/** The manager documents of the platform the caller may see: all for an administrator, else those given to a course they manage. */
function visibleTo(db: DbOrTx, scope: SharedScope): SQL | undefined {
  const own = and(eq(documents.platformId, scope.platformId), eq(documents.documentType, MANAGER_DOCUMENT), isNull(documents.triadId));
  if (scope.caller.admin) return own;
  const managed = exists(
    db
      .select({ one: documentTrainingCourses.documentId })
      .from(documentTrainingCourses)
      .where(
        and(
          eq(documentTrainingCourses.documentId, documents.id),
          isCourseManager(db, documentTrainingCourses.trainingCourseId, scope.caller.userId),
        ),
      ),
  );
  return and(own, managed);
}

/** Only the uploader (or an administrator) edits or deletes a shared document (spec 3 §4). */
const mayChange = (scope: SharedScope, uploaderId: number | null) => scope.caller.admin || uploaderId === scope.caller.userId;

/**
 * document, shared area (spec 3 §2.1 `shared-document`, §4, §7.1 `/app/lea-manager/document/post`):
 * a manager's document given to one or more of the courses the caller manages, the same record as a
 * course's documents (course-document.ts), listed across the caller's courses. The uploader alone
 * (or an administrator) edits or deletes it; a manager never sees a document none of whose courses
 * he manages, and links to courses he does not manage survive his edits.
 */
export const sharedDocumentEntity = defineEntity<SharedDocumentRecord, CourseDocumentInput, 'shared'>({
  alias: 'document',
  table: documents,
  area: 'shared',
  screen: { path: 'shared-document' },
  titles: {
    list: 'courseModules.sharedDocument.list',
    add: 'courseModules.sharedDocument.add',
    edit: 'courseModules.sharedDocument.edit',
    back: 'courseModules.sharedDocument.back',
  },
  async find(db, scope, id) {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), visibleTo(db, scope)))
      .limit(1);
    return row ?? null;
  },
  list: {
    columns: DOCUMENT_COLUMNS,
    async rows(db, scope) {
      const rows = await db
        .select({
          uploaderId: documents.uploaderId,
          ...DOCUMENT_ROW,
        })
        .from(documents)
        .leftJoin(users, eq(users.id, documents.uploaderId))
        .where(visibleTo(db, scope))
        .orderBy(desc(documents.createdAt), desc(documents.id));
      return rows.map((row) => {
        const allowed = mayChange(scope, row.uploaderId);
        return {
          id: row.id,
          title: row.title,
          ...uploadedBy(row),
          canEdit: allowed,
          canRemove: allowed,
          removeReason: allowed ? null : text(scope.locale, 'courseModules.sharedDocument.notUploader'),
        };
      });
    },
  },
  async form(db, scope, { record }) {
    if (record && !mayChange(scope, record.uploaderId)) throw forbidden(text(scope.locale, 'courseModules.sharedDocument.notUploader'));
    const [categories, courses, linked, files] = await Promise.all([
      categoriesOf(db, scope.platformId),
      coursesOf(db, scope, scope.platformId),
      record ? linkedCourses(db, record.id) : [],
      fileValues(db, [record?.fileId ?? null]),
    ]);
    return buildFormModel(
      'document',
      scope.locale,
      [
        { code: 'documentInfo', label: 'courseModules.document.tab', fields: documentInfoFields(categories, scope, false) },
        {
          code: 'courses',
          label: 'courseModules.document.courses',
          fields: [
            {
              name: 'courses',
              kind: 'checkboxgroup',
              label: 'courseModules.sharedDocument.coursesHelp',
              required: true,
              choices: courses.map((course) => ({ value: String(course.id), label: course.name })),
            },
          ],
        },
      ],
      record && {
        // Only the caller's courses are choices; the others the document is given to are kept by the save.
        courses: linked.filter((id) => courses.some((course) => course.id === id)).map(String),
        ...documentFormValues(record, files),
      },
    );
  },
  input: CourseDocumentInput,
  async check(db, scope, input, { record }) {
    const errors: ValidationError[] = [];
    if (input.courses.length === 0) errors.push({ field: 'courses', message: frenchTexts('validation').required });
    const categories = await categoriesOf(db, scope.platformId);
    if (!categories.some((category) => category.id === input.category))
      errors.push({ field: 'category', message: frenchTexts('validation').choice });
    errors.push(...(await checkAttachments(db, scope, [{ field: 'file', fileId: input.file }], [record?.fileId ?? null])));
    return errors;
  },
  async save(tx, scope, input, { record }) {
    let courseIds = [...new Set(input.courses)];
    if (record) {
      const reachable = new Set((await coursesOf(tx, scope, scope.platformId)).map((course) => course.id));
      const kept = (await linkedCourses(tx, record.id)).filter((id) => !reachable.has(id));
      courseIds = [...new Set([...courseIds, ...kept])];
    }
    return writeDocument(tx, input, record, courseIds, { platformId: scope.platformId, uploaderId: scope.caller.userId });
  },
  async remove(tx, scope, record) {
    if (!mayChange(scope, record.uploaderId)) throw forbidden(text(scope.locale, 'courseModules.sharedDocument.notUploader'));
    await tx.delete(documents).where(eq(documents.id, record.id));
    return { warnings: [] };
  },
  messages: { saved: 'courseModules.document.saved', removed: 'courseModules.document.removed' },
});
