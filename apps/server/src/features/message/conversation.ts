import type { Conversation, Message } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { FileLinks } from '../../services/file-links.js';
import { sanitizeHtml } from '../../services/sanitize-html.js';
import { conversationMessages, findMessage, recipientsOf, reportsBy } from './queries.js';
import { textRef } from '../../texts/index.js';

/** Picture detection by extension (spec 2 §9: gif, jpg, jpeg, png, and svg in messages). */
const PICTURE = /\.(gif|jpe?g|png|svg)$/i;

type MessageRow = Awaited<ReturnType<typeof conversationMessages>>[number];
type RecipientRow = Awaited<ReturnType<typeof recipientsOf>>[number];

/** A conversation as loaded for one reader, checked to be on their platform and theirs to read. */
export type LoadedConversation = {
  mother: MessageRow['message'];
  rows: MessageRow[];
  recipients: RecipientRow[];
  /** The reader's profile in the conversation (the one a reply is sent under). */
  readerProfile: number;
};

/**
 * Loads the conversation of a message (its mother's): 404 when unknown or of another platform,
 * 403 unless the caller sent or received one of its messages.
 */
export async function loadConversation(db: DbOrTx, caller: Caller, messageId: number): Promise<LoadedConversation> {
  const message = await findMessage(db, messageId);
  if (!message || message.platformId !== caller.platformId) throw notFound(textRef('message.notFound'));
  const rows = await conversationMessages(db, message.motherId ?? message.id);
  const mother = rows[0]?.message;
  if (!mother) throw notFound(textRef('message.notFound'));
  const recipients = await recipientsOf(
    db,
    rows.map((row) => row.message.id),
  );
  const received = recipients.find((row) => row.recipientId === caller.userId);
  const sent = rows.find((row) => row.message.senderId === caller.userId);
  if (!received && !sent) throw forbidden();
  return { mother, rows, recipients, readerProfile: received?.profile ?? sent!.message.senderProfile };
}

/** The other people of a conversation, each under the profile they were written to (or wrote as). */
export function otherParticipants(conversation: LoadedConversation, callerId: number): { id: number; profile: number }[] {
  const people = new Map<number, number>();
  for (const row of conversation.rows) {
    if (!people.has(row.message.senderId)) people.set(row.message.senderId, row.message.senderProfile);
  }
  for (const row of conversation.recipients) if (!people.has(row.recipientId)) people.set(row.recipientId, row.profile);
  people.delete(callerId);
  return [...people.entries()].map(([id, profile]) => ({ id, profile }));
}

/** The conversation as its reader sees it: texts sanitised again on the way out, files linked for the reader. */
export async function toConversation(db: DbOrTx, caller: Caller, links: FileLinks, loaded: LoadedConversation): Promise<Conversation> {
  const ids = loaded.rows.map((row) => row.message.id);
  const reported = new Set((await reportsBy(db, ids, caller.userId)).map((row) => row.messageId));
  const messages: Message[] = loaded.rows.map(({ message, senderName, file }) => {
    const deleted = message.deletedAt !== null;
    const recipients = loaded.recipients.filter((row) => row.messageId === message.id);
    const own = recipients.find((row) => row.recipientId === caller.userId);
    return {
      id: message.id,
      mother: message.motherId,
      title: message.title,
      date: message.createdAt.toISOString(),
      text: deleted ? '' : sanitizeHtml(message.text),
      sender: { id: message.senderId, fullName: senderName },
      messageRecipients: recipients.map((row) => ({ recipient: { id: row.recipientId, fullName: row.fullName }, profile: row.profile })),
      messageFile:
        file && !deleted
          ? {
              id: file.id,
              originalName: file.originalName,
              url: links.download(file),
              inlineUrl: links.inline(file),
              isPicture: PICTURE.test(file.originalName),
            }
          : null,
      deleted,
      canRemove: !deleted && message.senderId === caller.userId,
      reported: reported.has(message.id),
      unread: !deleted && own !== undefined && own.openedAt === null,
    };
  });
  return {
    id: loaded.mother.id,
    title: loaded.mother.title,
    trainingCourse: loaded.mother.trainingCourseId,
    messages,
    userNew: messages.filter((message) => message.unread).length,
  };
}
