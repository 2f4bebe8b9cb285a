import { and, eq, inArray } from 'drizzle-orm';
import { platformLinks } from '../../services/platform-url.js';
import { hasMessageContent, MessagePostRequest, PROFILE, type MessagePostResponse } from '@lea/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { messageRecipients, users } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import { badRequest, type FieldError } from '../../http/errors.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { fileLinksFor } from '../../services/file-links.js';
import { logImpersonatedWrite } from '../../services/history.js';
import { sanitizeHtml } from '../../services/sanitize-html.js';
import { text, textRef } from '../../texts/index.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';
import { loadConversation, otherParticipants, toConversation } from './conversation.js';
import { announceMessageChange } from './live.js';
import { findOwnUpload, insertMessage, touchConversation } from './queries.js';
import { reachOf } from './recipients.js';

type PostInput = z.output<typeof MessagePostRequest>;
type Target = {
  title: string;
  courseId: number | null;
  motherId: number | null;
  senderProfile: number;
  to: { id: number; profile: number }[];
};

/** A reply goes to the conversation's other people, under the conversation's title. */
async function replyTarget(ctx: AppContext, caller: Caller, input: PostInput, motherId: number): Promise<Target> {
  const conversation = await loadConversation(ctx.db, caller, motherId);
  return {
    title: input.title || conversation.mother.title,
    courseId: conversation.mother.trainingCourseId,
    motherId: conversation.mother.id,
    senderProfile: conversation.readerProfile,
    to: otherParticipants(conversation, caller.userId),
  };
}

/** A new conversation: a subject, and recipients within the caller's reach in the message's course. */
async function newTarget(ctx: AppContext, caller: Caller, input: PostInput): Promise<Target> {
  const errors: FieldError[] = [];
  if (input.title === '') errors.push({ field: 'title', message: textRef('message.titleRequired') });
  if (input.messageRecipients.length === 0) errors.push({ field: 'messageRecipients', message: textRef('message.recipientRequired') });
  if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
  const reach = await reachOf(ctx.db, caller, input.trainingCourse ? { courseId: input.trainingCourse } : {});
  const to = new Map<number, number>();
  for (const { recipient, profile } of input.messageRecipients) {
    const person = reach.people.get(recipient);
    if (recipient === caller.userId || !person?.profiles.has(profile)) {
      const message = textRef('message.recipientUnreachable');
      throw badRequest(message, [{ field: 'messageRecipients', message }]);
    }
    if (!to.has(recipient)) to.set(recipient, profile);
  }
  const own = [...(reach.people.get(caller.userId)?.profiles ?? [])].sort();
  return {
    title: input.title,
    courseId: reach.courseId,
    motherId: null,
    senderProfile: own[0] ?? PROFILE.manager,
    to: [...to.entries()].map(([id, profile]) => ({ id, profile })),
  };
}

/** The recipients who asked for a mail on a new message (their profile's preference), queued with the message. */
async function queueNotices(ctx: AppContext, tx: Tx, caller: Caller, target: Target, conversation: number, recipientIds: number[]) {
  if (recipientIds.length === 0) return;
  const wanting = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(inArray(users.id, recipientIds), eq(users.messageNotification, true), eq(users.active, true)));
  if (wanting.length === 0) return;
  const [author] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, caller.userId));
  const facts = {
    author: author ? `${author.firstName} ${author.lastName}` : '',
    title: target.title,
    link: `${(await platformLinks(tx, ctx.config.publicUrl, caller.platformId)).baseUrl}/dashboard/message/${conversation}`,
  };
  for (const recipient of wanting) {
    await ctx.mailer.queue(tx, {
      to: recipient.email,
      subject: text(RECIPIENT_LOCALE, 'message.mailSubject', facts),
      text: text(RECIPIENT_LOCALE, 'message.mailBody', { ...facts, firstName: recipient.firstName }),
      platformId: caller.platformId,
      trainingCourseId: target.courseId,
      kind: 'message',
    });
  }
}

/**
 * `POST /app/message/post` (spec 2 §7): every check (conversation or reach, content, attachment)
 * before one transaction that writes the message, its recipients, the conversation's last date,
 * the impersonation history and the queued notices; then the live streams hear of it and the
 * notices go out.
 */
export async function postMessage(ctx: AppContext, caller: Caller, input: PostInput, meta: WriteMeta): Promise<MessagePostResponse> {
  const target = input.mother ? await replyTarget(ctx, caller, input, input.mother) : await newTarget(ctx, caller, input);
  const html = sanitizeHtml(input.text);
  const fileId = input.messageFile ?? null;
  if (!hasMessageContent(html) && fileId === null) {
    const message = textRef('message.contentRequired');
    throw badRequest(message, [{ field: 'text', message }]);
  }
  if (fileId !== null && !(await findOwnUpload(ctx.db, fileId, caller.userId, caller.platformId))) {
    const message = textRef('message.fileUnavailable');
    throw badRequest(message, [{ field: 'messageFile', message }]);
  }
  const conversationId = await ctx.db.transaction(async (tx) => {
    const id = await insertMessage(tx, {
      platformId: caller.platformId,
      trainingCourseId: target.courseId,
      motherId: target.motherId,
      senderId: caller.userId,
      senderProfile: target.senderProfile,
      title: target.title,
      text: html,
      fileId,
    });
    if (target.to.length > 0) {
      await tx
        .insert(messageRecipients)
        .values(target.to.map((person) => ({ messageId: id, recipientId: person.id, profile: person.profile })));
    }
    const conversation = target.motherId ?? id;
    if (target.motherId !== null) await touchConversation(tx, target.motherId);
    await logImpersonatedWrite(tx, caller, meta, { action: 'message.post', entity: 'message', entityId: id });
    if (input.notification)
      await queueNotices(
        ctx,
        tx,
        caller,
        target,
        conversation,
        target.to.map((person) => person.id),
      );
    return conversation;
  });
  await announceMessageChange(ctx, {
    platformId: caller.platformId,
    userIds: [...target.to.map((person) => person.id), caller.userId],
    conversation: conversationId,
  });
  if (input.notification) ctx.mailer.deliverQueued().catch(() => undefined);
  const links = fileLinksFor(ctx.config.jwtSecret, caller);
  const conversation = await toConversation(ctx.db, caller, links, await loadConversation(ctx.db, caller, conversationId));
  return { hasError: false, message: text(meta.locale, 'message.sent'), responses: [{ object: conversation }] };
}
