import { asc, eq, max } from 'drizzle-orm';
import { FILE_DEFAULT_MAX_BYTES, WebLinkInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { webLinks } from '../../db/schema/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';
import { checkAttachments, fileValues } from './attachments.js';
import { findInCourse } from '../find-in-course.js';

type WebLinkRecord = typeof webLinks.$inferSelect;

async function nextLinkPosition(db: DbOrTx, courseId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(webLinks.position) })
    .from(webLinks)
    .where(eq(webLinks.trainingCourseId, courseId));
  return (row?.last ?? -1) + 1;
}

/**
 * web-link (manager area, spec 3 §2.1–2.2, CONTRIBUTING's worked example): a useful link of the
 * course, its address http or https only (spec 2 §3), an optional logo (png, jpeg or gif), listed
 * by position and ordered by drag.
 */
export const webLinkEntity = defineEntity<WebLinkRecord, WebLinkInput, 'manager'>({
  alias: 'web-link',
  table: webLinks,
  area: 'manager',
  screen: { path: 'web-link' },
  titles: { list: 'lesson.webLink.list', add: 'lesson.webLink.add', edit: 'lesson.webLink.edit', back: 'lesson.webLink.back' },
  find: findInCourse(webLinks),
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'name', label: 'lesson.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'url', label: 'lesson.webLink.url', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'position', label: 'backOffice.word.position', filterable: false, sortable: true, format: 'text', hidden: true },
    ],
    rows: (db, scope) =>
      db
        .select({ id: webLinks.id, name: webLinks.name, url: webLinks.url, position: webLinks.position })
        .from(webLinks)
        .where(eq(webLinks.trainingCourseId, scope.course.id))
        .orderBy(asc(webLinks.position), asc(webLinks.id)),
  },
  async form(db, scope, { record }) {
    const logo = record?.logoFileId ? ((await fileValues(db, [record.logoFileId])).get(record.logoFileId) ?? null) : null;
    return buildFormModel(
      'web-link',
      scope.locale,
      [
        {
          code: 'webLink',
          label: 'lesson.webLink.tab',
          fields: [
            { name: 'name', kind: 'text', label: 'lesson.word.name', required: true },
            { name: 'url', kind: 'text', label: 'lesson.webLink.url', required: true, attributes: { placeholder: 'https://' } },
            {
              name: 'logoFile',
              kind: 'file',
              label: 'lesson.webLink.logo',
              attributes: {
                maxFiles: 1,
                maxFileBytes: FILE_DEFAULT_MAX_BYTES,
                allowedExtensions: ['png', 'jpg', 'jpeg', 'gif'],
                uploadType: 'web-link',
              },
            },
          ],
        },
      ],
      record ? { name: record.name, url: record.url, logoFile: logo } : null,
    );
  },
  input: WebLinkInput,
  async check(db, scope, input, { record }) {
    return checkAttachments(db, scope, [{ field: 'logoFile', fileId: input.logoFile, picture: true }], [record?.logoFileId ?? null]);
  },
  async save(tx, scope, input, { record }) {
    const values = { name: input.name, url: input.url, logoFileId: input.logoFile };
    if (record) {
      await tx.update(webLinks).set(values).where(eq(webLinks.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(webLinks)
      .values({ ...values, trainingCourseId: scope.course.id, position: await nextLinkPosition(tx, scope.course.id) })
      .returning({ id: webLinks.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.delete(webLinks).where(eq(webLinks.id, record.id));
    return { warnings: [] };
  },
  position: { column: webLinks.position, id: webLinks.id, siblings: (record) => eq(webLinks.trainingCourseId, record.trainingCourseId) },
  messages: { saved: 'lesson.webLink.saved', removed: 'lesson.webLink.removed' },
});
