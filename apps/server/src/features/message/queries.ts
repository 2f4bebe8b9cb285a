import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { files, messageRecipients, messageReports, messages, users } from '../../db/schema/index.js';

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

export type SummaryRow = {
  id: number;
  title: string;
  createdAt: Date | string;
  trainingCourseId: number | null;
  senderId: number;
  senderName: string;
  lastSenderId: number;
  lastSenderName: string;
  lastAt: Date | string;
  userNew: number | string;
};

/**
 * The reader's conversations, newest activity first, with their last sender and the reader's unread
 * count, in one statement: the conversations come from the reader's sent messages and received
 * rows (two index ranges), their last messages (by id and by mother) and the reader's unread rows
 * grouped once: hash joins, linear in the reader's messages (500 conversations in one statement).
 */
export async function listConversations(
  db: DbOrTx,
  params: { userId: number; platformId: number; archived: boolean; courseId: number | null },
): Promise<SummaryRow[]> {
  const { userId, platformId } = params;
  const course = params.courseId === null ? sql`true` : sql`c.training_course_id = ${params.courseId}`;
  const result = (await db.execute(sql`
    with mine as (
      select coalesce(m.mother_id, m.id) as id from messages m where m.sender_id = ${userId} and m.platform_id = ${platformId}
      union
      select coalesce(m.mother_id, m.id) from message_recipients r join messages m on m.id = r.message_id
      where r.recipient_id = ${userId} and m.platform_id = ${platformId}
    ),
    last as (
      select distinct on (t.conv) t.conv as id, t.sender_id, t.created_at from (
        select m.id as conv, m.sender_id, m.created_at, m.id as mid from messages m join mine on mine.id = m.id
        union all
        select m.mother_id, m.sender_id, m.created_at, m.id from messages m join mine on mine.id = m.mother_id
      ) t
      order by t.conv, t.created_at desc, t.mid desc
    ),
    unread as (
      select coalesce(n.mother_id, n.id) as id, count(*) as total
      from message_recipients r join messages n on n.id = r.message_id
      where r.recipient_id = ${userId} and r.opened_at is null and n.deleted_at is null and n.platform_id = ${platformId}
      group by 1
    )
    select c.id, c.title, c.created_at as "createdAt", c.training_course_id as "trainingCourseId",
      c.sender_id as "senderId", s.first_name || ' ' || s.last_name as "senderName",
      l.sender_id as "lastSenderId", ls.first_name || ' ' || ls.last_name as "lastSenderName", l.created_at as "lastAt",
      coalesce(u.total, 0) as "userNew"
    from mine
    join messages c on c.id = mine.id
    join users s on s.id = c.sender_id
    left join training_courses tc on tc.id = c.training_course_id
    join last l on l.id = c.id
    join users ls on ls.id = l.sender_id
    left join unread u on u.id = c.id
    where coalesce(tc.archived, false) = ${params.archived} and ${course}
    order by c.last_at desc, c.id desc
  `)) as unknown as { rows: SummaryRow[] };
  return result.rows;
}

export async function findMessage(db: DbOrTx, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

/** The conversation's messages (mother first, then replies oldest first), with senders and files. */
export function conversationMessages(db: DbOrTx, motherId: number) {
  return db
    .select({
      message: messages,
      senderName: fullName,
      file: { id: files.id, originalName: files.originalName, pathName: files.pathName, mimeType: files.mimeType },
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(files, eq(files.id, messages.fileId))
    .where(or(eq(messages.id, motherId), eq(messages.motherId, motherId)))
    .orderBy(sql`${messages.motherId} is not null`, asc(messages.createdAt), asc(messages.id));
}

export function recipientsOf(db: DbOrTx, messageIds: number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      messageId: messageRecipients.messageId,
      recipientId: messageRecipients.recipientId,
      profile: messageRecipients.profile,
      openedAt: messageRecipients.openedAt,
      fullName,
    })
    .from(messageRecipients)
    .innerJoin(users, eq(users.id, messageRecipients.recipientId))
    .where(inArray(messageRecipients.messageId, messageIds))
    .orderBy(asc(messageRecipients.id));
}

export function reportsBy(db: DbOrTx, messageIds: number[], reporterId: number) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select({ messageId: messageReports.messageId })
    .from(messageReports)
    .where(and(inArray(messageReports.messageId, messageIds), eq(messageReports.reporterId, reporterId)));
}

/** Marks the reader's unread messages of a conversation read; answers how many. */
export async function markConversationOpened(db: DbOrTx, motherId: number, readerId: number): Promise<number> {
  const opened = await db
    .update(messageRecipients)
    .set({ openedAt: new Date() })
    .where(
      and(
        eq(messageRecipients.recipientId, readerId),
        isNull(messageRecipients.openedAt),
        inArray(
          messageRecipients.messageId,
          db
            .select({ id: messages.id })
            .from(messages)
            .where(and(or(eq(messages.id, motherId), eq(messages.motherId, motherId)), isNull(messages.deletedAt))),
        ),
      ),
    )
    .returning({ id: messageRecipients.id });
  return opened.length;
}

export async function insertMessage(db: DbOrTx, values: typeof messages.$inferInsert): Promise<number> {
  const [row] = await db.insert(messages).values(values).returning({ id: messages.id });
  if (!row) throw new Error('message insert returned nothing');
  return row.id;
}

export async function touchConversation(db: DbOrTx, motherId: number): Promise<void> {
  await db.update(messages).set({ lastAt: new Date() }).where(eq(messages.id, motherId));
}

/** A file the caller uploaded on this platform (an attachment is always the sender's own upload). */
export async function findOwnUpload(db: DbOrTx, fileId: number, userId: number, platformId: number) {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.platformId, platformId), eq(files.uploadedBy, userId)))
    .limit(1);
  return row ?? null;
}

/** Empties a deleted message: its text and file go, the row keeps the conversation's shape. */
export async function emptyMessage(db: DbOrTx, id: number): Promise<void> {
  await db.update(messages).set({ deletedAt: new Date(), text: '', fileId: null }).where(eq(messages.id, id));
}

/** A second report by the same reader changes nothing. */
export async function insertReport(db: DbOrTx, messageId: number, reporterId: number): Promise<void> {
  await db.insert(messageReports).values({ messageId, reporterId }).onConflictDoNothing();
}

/** The course's reported messages, newest report first, with their reporters. */
export function reportedMessages(db: DbOrTx, courseId: number) {
  const reporter = alias(users, 'reporter');
  return db
    .select({
      message: messages,
      senderName: fullName,
      reporterId: messageReports.reporterId,
      reporterName: sql<string>`${reporter.firstName} || ' ' || ${reporter.lastName}`,
      reportedAt: messageReports.createdAt,
    })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .innerJoin(reporter, eq(reporter.id, messageReports.reporterId))
    .where(eq(messages.trainingCourseId, courseId))
    .orderBy(sql`${messageReports.createdAt} desc`, asc(messageReports.id));
}
