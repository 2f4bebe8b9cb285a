import { and, desc, eq, inArray } from 'drizzle-orm';
import { FILE_DEFAULT_MAX_BYTES, MESSAGES, NEWS_TAGS, NewsInput, type ValidationError } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { files, news } from '../../db/schema/index.js';
import { sanitizeHtml } from '../../services/sanitize-html.js';
import { text, type PlainTextKey } from '../../texts/index.js';
import { buildFormModel, choicesOf } from '../form-builder.js';
import { defineEntity } from '../types.js';

type NewsRecord = typeof news.$inferSelect;
const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];
const tagLabel = (tag: number) => `news.tag.${tag}` as PlainTextKey;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

/** The picture must be one the news holds already, or a png, jpeg or gif the administrator uploaded on the platform. */
async function checkPicture(db: DbOrTx, platformId: number, userId: number, fileId: number | null, kept: number | null) {
  if (fileId === null) return [];
  const [file] = await db
    .select({ uploadedBy: files.uploadedBy, mimeType: files.mimeType })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.platformId, platformId)))
    .limit(1);
  const errors: ValidationError[] = [];
  if (!file || (fileId !== kept && file.uploadedBy !== userId)) errors.push({ field: 'picture', message: MESSAGES.fileUnavailable });
  else if (!PICTURE_TYPES.includes(file.mimeType)) errors.push({ field: 'picture', message: text('fr', 'news.notPicture') });
  return errors;
}

/**
 * news (admin area, spec 3 §3 News, issue 13 §6): the platform's news items, written by its
 * administrators (HTML text sanitised when stored, tag, picture, publication day); the readers'
 * screens read them through `GET /app/news` (features/news), hidden until their day comes.
 */
export const newsEntity = defineEntity<NewsRecord, NewsInput, 'admin'>({
  alias: 'news',
  table: news,
  area: 'admin',
  screen: { path: 'news/manage', back: 'news' },
  titles: { list: 'news.list', add: 'news.add', edit: 'news.edit', back: 'news.back' },
  async find(db, scope, id) {
    const [row] = await db
      .select()
      .from(news)
      .where(and(eq(news.id, id), eq(news.platformId, scope.platformId)))
      .limit(1);
    return row ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'dateToDisplay', label: 'news.dateToDisplay', filterable: false, sortable: true, format: 'date', hidden: false },
      { key: 'title', label: 'news.title', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'tag', label: 'news.tag', filterable: true, sortable: true, format: 'text', hidden: false },
    ],
    rows: async (db, scope) => {
      const rows = await db
        .select({ id: news.id, dateToDisplay: news.dateToDisplay, title: news.title, tag: news.tag })
        .from(news)
        .where(eq(news.platformId, scope.platformId))
        .orderBy(desc(news.dateToDisplay), desc(news.id));
      return rows.map((row) => ({ ...row, tag: text(scope.locale, tagLabel(row.tag)) }));
    },
  },
  async form(db, scope, { record }) {
    const picture = record?.pictureFileId
      ? ((
          await db
            .select({ id: files.id, originalName: files.originalName })
            .from(files)
            .where(inArray(files.id, [record.pictureFileId]))
        )[0] ?? null)
      : null;
    return buildFormModel(
      'news',
      scope.locale,
      [
        {
          code: 'news',
          label: 'news.tab',
          fields: [
            { name: 'title', kind: 'text', label: 'news.title', required: true },
            { name: 'subTitle', kind: 'text', label: 'news.subTitle' },
            {
              name: 'tag',
              kind: 'select',
              label: 'news.tag',
              required: true,
              initial: '11',
              choices: choicesOf(
                scope.locale,
                NEWS_TAGS.map((tag) => ({ value: String(tag), label: tagLabel(tag) })),
              ),
            },
            { name: 'dateToDisplay', kind: 'date', label: 'news.dateToDisplay', required: true, initial: today() },
            { name: 'text', kind: 'editor', label: 'news.text', attributes: { editorType: 'medium' } },
            {
              name: 'picture',
              kind: 'file',
              label: 'news.picture',
              attributes: {
                maxFiles: 1,
                maxFileBytes: FILE_DEFAULT_MAX_BYTES,
                allowedExtensions: ['png', 'jpg', 'jpeg', 'gif'],
                uploadType: 'news',
              },
            },
          ],
        },
      ],
      record
        ? {
            title: record.title,
            subTitle: record.subTitle,
            tag: String(record.tag),
            dateToDisplay: record.dateToDisplay,
            text: record.text,
            picture,
          }
        : null,
    );
  },
  input: NewsInput,
  async check(db, scope, input, { record }) {
    return checkPicture(db, scope.platformId, scope.caller.userId, input.picture, record?.pictureFileId ?? null);
  },
  async save(tx, scope, input, { record }) {
    const values = {
      title: input.title,
      subTitle: input.subTitle,
      text: input.text === null ? null : sanitizeHtml(input.text),
      tag: input.tag,
      pictureFileId: input.picture,
      dateToDisplay: input.dateToDisplay,
    };
    if (record) {
      await tx
        .update(news)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(news.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(news)
      .values({ ...values, platformId: scope.platformId })
      .returning({ id: news.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.delete(news).where(eq(news.id, record.id));
    return { warnings: [] };
  },
  messages: { saved: 'news.saved', removed: 'news.removed' },
});
