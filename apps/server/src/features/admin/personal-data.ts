import { desc, eq, or, sql } from 'drizzle-orm';
import type { FileDownloadResponse, Locale } from '@lea/shared';
import { files, historyLog, platforms, users } from '../../db/schema/index.js';
import { writeZip, type ZipInput } from '../../generic/zip-archive.js';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import type { RequestMeta } from '../../http/write-meta.js';
import { logHistory } from '../../services/history.js';
import { userReferences } from '../../services/user-references.js';
import { text, textRef } from '../../texts/index.js';

/** Rows per table in the export: a person's own records stay far below it. */
const MAX_ROWS = 5000;
/** Secrets never leave the server, not even to their owner: password and token digests. */
const isSecret = (column: string) => /(^|_)(password|token)(_|$)|_hash$/.test(column) || column === 'passwordHash';

const withoutSecrets = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([column]) => !isSecret(column)));

/** A file name safe in an archive: no folders, no control characters. */
const safeName = (name: string) =>
  [...name]
    .map((char) => (char === '/' || char === '\\' || char.charCodeAt(0) < 32 ? '_' : char))
    .join('')
    .slice(0, 120);

/**
 * The caller's personal data (GDPR access and portability): their account (without its password
 * digest), every row of every table that points to them (read from the catalogue's foreign keys,
 * so other features' tables come along), their history lines, as `data.json`, and the files they
 * uploaded (their photo included) under `fichiers/`, in one zip. The download is logged.
 */
export async function personalDataArchive(
  ctx: AppContext,
  caller: Caller,
  locale: Locale,
  meta: RequestMeta,
): Promise<FileDownloadResponse> {
  const { db } = ctx;
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
  if (!user) throw notFound(textRef('common.userNotFound'));
  const records: Record<string, Record<string, unknown>[]> = {};
  for (const reference of await userReferences(db)) {
    const result = (await db.execute(
      sql`select * from ${sql.identifier(reference.table)} where ${sql.identifier(reference.column)} = ${user.id} limit ${MAX_ROWS}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    if (result.rows.length === 0) continue;
    const key = `${reference.table}.${reference.column}`;
    records[key] = result.rows.map(withoutSecrets);
  }
  records['history_log.user_id'] = await db
    .select()
    .from(historyLog)
    .where(eq(historyLog.userId, user.id))
    .orderBy(desc(historyLog.id))
    .limit(MAX_ROWS);
  const uploads = await db
    .select()
    .from(files)
    .where(or(eq(files.uploadedBy, user.id), user.photoFileId === null ? undefined : eq(files.id, user.photoFileId)))
    .limit(MAX_ROWS);
  const entries: ZipInput[] = [];
  for (const file of uploads) {
    const bytes = await ctx.files.get(file.pathName);
    if (bytes) entries.push({ name: `fichiers/${file.id}-${safeName(file.originalName)}`, data: bytes });
  }
  const [platform] = await db.select({ name: platforms.name }).from(platforms).where(eq(platforms.id, caller.platformId));
  const exportedAt = new Date();
  const data = { exportedAt: exportedAt.toISOString(), account: withoutSecrets(user), records, files: uploads.map(withoutSecrets) };
  const readme = text(locale, 'adminUsers.personalData.readme', {
    platform: platform?.name ?? 'lea',
    date: exportedAt.toISOString().slice(0, 10),
  });
  const archive = writeZip([
    { name: 'LISEZMOI.txt', data: Buffer.from(`${readme}\n`, 'utf8') },
    { name: 'data.json', data: Buffer.from(JSON.stringify(data, null, 2), 'utf8') },
    ...entries,
  ]);
  await logHistory(db, {
    platformId: caller.platformId,
    userId: user.id,
    impersonatorId: meta.impersonatorId,
    action: 'user.personal-data',
    entity: 'user',
    entityId: user.id,
    details: { files: entries.length },
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return { filename: `lea-donnees-personnelles-${user.id}.zip`, data: archive.toString('base64'), type: 'application/zip' };
}
