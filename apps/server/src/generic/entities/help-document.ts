import { and, asc, eq, max } from 'drizzle-orm';
import { FILE_DEFAULT_MAX_BYTES, HelpDocumentInput, MESSAGES, type ValidationError } from '@lea/shared';
import { files, helpDocuments } from '../../db/schema/index.js';
import { text } from '../../texts/index.js';
import { buildFormModel, choicesOf } from '../form-builder.js';
import { defineEntity } from '../types.js';
import { fileValues } from './attachments.js';

type HelpDocumentRecord = typeof helpDocuments.$inferSelect;

/**
 * help-document (admin area, spec 3 §2.3 `help-document/settings`, §3 Help document): the
 * documents of the shell's help modal (GET /app/config), a file (type 1) or a text (type 2),
 * in the administrators' order. Files are public on the platform, like the login page's documents.
 */
export const helpDocumentEntity = defineEntity<HelpDocumentRecord, HelpDocumentInput, 'admin'>({
  alias: 'help-document',
  table: helpDocuments,
  area: 'admin',
  screen: { path: 'help-document/settings' },
  // The help contact above the documents, saved by PUT generic/design/unique-post (spec 3 §7.2).
  settings: { alias: 'design', part: 'help' },
  titles: {
    list: 'adminSetup.helpDocument.list',
    add: 'adminSetup.helpDocument.add',
    edit: 'adminSetup.helpDocument.edit',
    back: 'adminSetup.helpDocument.back',
  },
  async find(db, scope, id) {
    const [row] = await db
      .select()
      .from(helpDocuments)
      .where(and(eq(helpDocuments.id, id), eq(helpDocuments.platformId, scope.platformId)))
      .limit(1);
    return row ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'title', label: 'adminSetup.word.title', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'documentType', label: 'adminSetup.helpDocument.type', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'file', label: 'adminSetup.helpDocument.file', filterable: true, sortable: false, format: 'text', hidden: false },
    ],
    async rows(db, scope) {
      const rows = await db
        .select({ id: helpDocuments.id, title: helpDocuments.title, documentType: helpDocuments.documentType, file: files.originalName })
        .from(helpDocuments)
        .leftJoin(files, eq(files.id, helpDocuments.fileId))
        .where(eq(helpDocuments.platformId, scope.platformId))
        .orderBy(asc(helpDocuments.position), asc(helpDocuments.id));
      return rows.map((row) => ({
        ...row,
        documentType: text(scope.locale, row.documentType === 1 ? 'adminSetup.helpDocument.type1' : 'adminSetup.helpDocument.type2'),
        file: row.file ?? '',
      }));
    },
  },
  async form(db, scope, { record }) {
    const file = record?.fileId ? ((await fileValues(db, [record.fileId])).get(record.fileId) ?? null) : null;
    return buildFormModel(
      'help-document',
      scope.locale,
      [
        {
          code: 'helpDocument',
          label: 'adminSetup.helpDocument.tab',
          fields: [
            { name: 'title', kind: 'text', label: 'adminSetup.word.title', required: true },
            {
              name: 'documentType',
              kind: 'radio',
              label: 'adminSetup.helpDocument.type',
              required: true,
              initial: '1',
              choices: choicesOf(scope.locale, [
                { value: '1', label: 'adminSetup.helpDocument.type1' },
                { value: '2', label: 'adminSetup.helpDocument.type2' },
              ]),
              togglerTarget: 'helpType',
            },
            {
              name: 'file',
              kind: 'file',
              label: 'adminSetup.helpDocument.file',
              toggleClass: 'helpType1',
              attributes: { maxFiles: 1, maxFileBytes: FILE_DEFAULT_MAX_BYTES },
            },
            {
              name: 'description',
              kind: 'editor',
              label: 'adminSetup.helpDocument.description',
              toggleClass: 'helpType2',
              attributes: { editorType: 'medium' },
            },
          ],
        },
      ],
      record ? { title: record.title, documentType: String(record.documentType), description: record.description, file } : null,
    );
  },
  input: HelpDocumentInput,
  async check(db, scope, input, { record }) {
    const errors: ValidationError[] = [];
    if (input.documentType === 1) {
      if (input.file === null) errors.push({ field: 'file', message: MESSAGES.fileMissing });
      else {
        const [file] = await db
          .select({ uploadedBy: files.uploadedBy })
          .from(files)
          .where(and(eq(files.id, input.file.id), eq(files.platformId, scope.platformId)))
          .limit(1);
        if (!file || (input.file.id !== record?.fileId && file.uploadedBy !== scope.caller.userId))
          errors.push({ field: 'file', message: MESSAGES.fileUnavailable });
      }
    } else if (input.description === null) errors.push({ field: 'description', message: MESSAGES.required });
    return errors;
  },
  async save(tx, scope, input, { record }) {
    const values = {
      title: input.title,
      documentType: input.documentType,
      description: input.documentType === 2 ? input.description : null,
      fileId: input.documentType === 1 ? (input.file?.id ?? null) : null,
    };
    if (record) {
      await tx.update(helpDocuments).set(values).where(eq(helpDocuments.id, record.id));
      return record.id;
    }
    const [last] = await tx
      .select({ position: max(helpDocuments.position) })
      .from(helpDocuments)
      .where(eq(helpDocuments.platformId, scope.platformId));
    const [row] = await tx
      .insert(helpDocuments)
      .values({ ...values, platformId: scope.platformId, position: (last?.position ?? -1) + 1 })
      .returning({ id: helpDocuments.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.delete(helpDocuments).where(eq(helpDocuments.id, record.id));
    return { warnings: [] };
  },
  position: {
    column: helpDocuments.position,
    id: helpDocuments.id,
    siblings: (record) => eq(helpDocuments.platformId, record.platformId),
  },
  messages: { saved: 'adminSetup.helpDocument.saved', removed: 'adminSetup.helpDocument.removed' },
});
