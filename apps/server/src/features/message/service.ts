import type {
  Conversation,
  MessageActionResponse,
  MessageListResponse,
  MessageOpenedResponse,
  ReportedMessage,
  ReportedMessagesResponse,
} from '@lea/shared';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { WriteMeta } from '../../http/write-meta.js';
import type { FileLinks } from '../../services/file-links.js';
import { logImpersonatedWrite } from '../../services/history.js';
import { resolveManagedCourse } from '../../services/managed-course.js';
import { sanitizeHtml } from '../../services/sanitize-html.js';
import { countUnreadMessages } from '../../services/unread-messages.js';
import { text, textRef } from '../../texts/index.js';
import { loadConversation, otherParticipants, toConversation } from './conversation.js';
import { announceMessageChange } from './live.js';
import { emptyMessage, findMessage, insertReport, listConversations, markConversationOpened, reportedMessages } from './queries.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/** `GET /app/message/list/` (spec 2 §7): the reader's conversations with their unread counts, and the total. */
export async function listMessages(
  ctx: AppContext,
  caller: Caller,
  query: { archived?: number | undefined; trainingCourse?: number | undefined },
): Promise<MessageListResponse> {
  const rows = await listConversations(ctx.db, {
    userId: caller.userId,
    platformId: caller.platformId,
    archived: query.archived === 1,
    courseId: query.trainingCourse ?? null,
  });
  return {
    messages: rows.map((row) => ({
      id: row.id,
      title: row.title,
      date: iso(row.createdAt),
      sender: { id: row.senderId, fullName: row.senderName },
      last: { sender: { id: row.lastSenderId, fullName: row.lastSenderName }, date: iso(row.lastAt) },
      userNew: Number(row.userNew),
      trainingCourse: row.trainingCourseId,
    })),
    userNewMessage: await countUnreadMessages(ctx.db, caller.userId, caller.platformId),
  };
}

/** `GET /app/message/show/{id}`: one conversation, for someone who sent or received a message of it. */
export async function showConversation(ctx: AppContext, caller: Caller, links: FileLinks, id: number): Promise<Conversation> {
  return toConversation(ctx.db, caller, links, await loadConversation(ctx.db, caller, id));
}

/** `PUT /app/message/opened/{id}`: the reader's messages of the conversation are read; the total drops by as many. */
export async function openConversation(ctx: AppContext, caller: Caller, id: number, meta: WriteMeta): Promise<MessageOpenedResponse> {
  const conversation = await loadConversation(ctx.db, caller, id);
  const opened = await ctx.db.transaction(async (tx) => {
    const count = await markConversationOpened(tx, conversation.mother.id, caller.userId);
    if (count > 0)
      await logImpersonatedWrite(tx, caller, meta, { action: 'message.open', entity: 'message', entityId: conversation.mother.id });
    return count;
  });
  // The reader's other tabs and devices lower their badge too.
  if (opened > 0)
    await announceMessageChange(ctx, {
      platformId: caller.platformId,
      userIds: [caller.userId],
      conversation: conversation.mother.id,
    });
  return { result: true, opened, userNewMessage: await countUnreadMessages(ctx.db, caller.userId, caller.platformId) };
}

/** `DELETE /app/message/remove/{id}`: the sender only (spec 2 §6); the message is emptied, its replies stay. */
export async function removeMessage(ctx: AppContext, caller: Caller, id: number, meta: WriteMeta): Promise<MessageActionResponse> {
  const message = await findMessage(ctx.db, id);
  if (!message || message.platformId !== caller.platformId) throw notFound(textRef('message.notFound'));
  if (message.senderId !== caller.userId) throw forbidden();
  const conversation = await loadConversation(ctx.db, caller, id);
  if (message.deletedAt === null) {
    await ctx.db.transaction(async (tx) => {
      await emptyMessage(tx, id);
      await logImpersonatedWrite(tx, caller, meta, { action: 'message.remove', entity: 'message', entityId: id });
    });
    const userIds = [...otherParticipants(conversation, caller.userId).map((person) => person.id), caller.userId];
    await announceMessageChange(ctx, { platformId: caller.platformId, userIds, conversation: conversation.mother.id });
  }
  return { success: true, hasError: false, message: text(meta.locale, 'message.removed') };
}

/** `PUT /app/message/report/{id}`: any reader but its sender; kept for the course's managers. */
export async function reportMessage(ctx: AppContext, caller: Caller, id: number, meta: WriteMeta): Promise<MessageActionResponse> {
  const message = await findMessage(ctx.db, id);
  if (!message || message.platformId !== caller.platformId) throw notFound(textRef('message.notFound'));
  await loadConversation(ctx.db, caller, id);
  if (message.senderId === caller.userId) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await insertReport(tx, id, caller.userId);
    await logImpersonatedWrite(tx, caller, meta, { action: 'message.report', entity: 'message', entityId: id });
  });
  return { success: true, hasError: false, message: text(meta.locale, 'message.reported') };
}

/** `GET /app/lea-manager/{course}/message/reported`: the course's reported messages, for its managers and administrators. */
export async function listReportedMessages(ctx: AppContext, caller: Caller, courseId: number): Promise<ReportedMessagesResponse> {
  await resolveManagedCourse(ctx.db, caller, courseId, { access: 'MODULE_LEA_MESSAGE', need: 'view' });
  const rows = await reportedMessages(ctx.db, courseId);
  const byMessage = new Map<number, ReportedMessage>();
  for (const row of rows) {
    const { message } = row;
    let entry = byMessage.get(message.id);
    if (!entry) {
      entry = {
        id: message.id,
        conversation: message.motherId ?? message.id,
        title: message.title,
        text: message.deletedAt ? '' : sanitizeHtml(message.text),
        date: message.createdAt.toISOString(),
        deleted: message.deletedAt !== null,
        sender: { id: message.senderId, fullName: row.senderName },
        reports: [],
      };
      byMessage.set(message.id, entry);
    }
    entry.reports.push({ reporter: { id: row.reporterId, fullName: row.reporterName }, date: row.reportedAt.toISOString() });
  }
  return { messages: [...byMessage.values()] };
}
