import { z } from 'zod';
import { BodyId, Id, writeEnvelope } from './common.js';

/** Rich text of a message: HTML, sanitised by the server with the shared allow-list. */
export const MESSAGE_TEXT_MAX = 100_000;
/** Recipients of one message (a course's whole population is far below it). */
export const MESSAGE_RECIPIENTS_MAX = 1000;

const Profile = z.number().int().min(1).max(4);
const Person = z.object({ id: z.number().int(), fullName: z.string() });
export type MessagePerson = z.infer<typeof Person>;

/** A recipient as the sender picks it: the person and the profile under which they receive it. */
export const MessageRecipientInput = z.object({ recipient: BodyId, profile: Profile });

/**
 * `POST /app/message/post` (spec 2 §7): a new conversation (no `mother`: title, recipients and
 * course required) or a reply (`mother`: it goes to the conversation's other people). The sender is
 * the caller, whatever an `owner` field says; `notification` asks to mail the recipients who want it.
 */
export const MessagePostRequest = z.object({
  title: z.string().trim().max(255).default(''),
  text: z.string().max(MESSAGE_TEXT_MAX).default(''),
  mother: BodyId.nullable().optional(),
  messageFile: BodyId.nullable().optional(),
  messageRecipients: z.array(MessageRecipientInput).max(MESSAGE_RECIPIENTS_MAX).default([]),
  notification: z.boolean().default(true),
  trainingCourse: BodyId.nullable().optional(),
});
export type MessagePostRequest = z.input<typeof MessagePostRequest>;

export const MessageFile = z.object({
  id: z.number().int(),
  originalName: z.string(),
  /** Links signed for the reader (decision 018). */
  url: z.string(),
  inlineUrl: z.string(),
  isPicture: z.boolean(),
});
export type MessageFile = z.infer<typeof MessageFile>;

/** One message of a conversation as its reader sees it; a deleted one keeps its place, emptied. */
export const Message = z.object({
  id: z.number().int(),
  mother: z.number().int().nullable(),
  title: z.string(),
  date: z.string(),
  text: z.string(),
  sender: Person,
  messageRecipients: z.array(z.object({ recipient: Person, profile: Profile })),
  messageFile: MessageFile.nullable(),
  deleted: z.boolean(),
  /** Only the sender deletes (spec 2 §6). */
  canRemove: z.boolean(),
  /** The reader reported it already. */
  reported: z.boolean(),
  /** The reader has not opened it yet. */
  unread: z.boolean(),
});
export type Message = z.infer<typeof Message>;

/** `GET /app/message/show/{id}`: the conversation (mother first, then its replies oldest first). */
export const Conversation = z.object({
  id: z.number().int(),
  title: z.string(),
  trainingCourse: z.number().int().nullable(),
  messages: z.array(Message),
  /** The reader's unread messages in it. */
  userNew: z.number().int(),
});
export type Conversation = z.infer<typeof Conversation>;

/** A conversation in the left panel: title, date, last sender and date, unread badge. */
export const MessageSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  sender: Person,
  last: z.object({ sender: Person, date: z.string() }),
  userNew: z.number().int(),
  trainingCourse: z.number().int().nullable(),
});
export type MessageSummary = z.infer<typeof MessageSummary>;

export const MessageListQuery = z.object({
  /** 1: conversations of archived courses; otherwise the others. */
  archived: z.coerce.number().int().min(0).max(1).optional(),
  /** Only the conversations of this course (manager area). */
  trainingCourse: Id.optional(),
});
export const MessageListResponse = z.object({ messages: z.array(MessageSummary), userNewMessage: z.number().int() });
export type MessageListResponse = z.infer<typeof MessageListResponse>;

export const MessagePostResponse = writeEnvelope(Conversation);
export type MessagePostResponse = z.infer<typeof MessagePostResponse>;

/** `PUT /app/message/opened/{id}`: how many of the conversation's messages it marked read, and the new total. */
export const MessageOpenedResponse = z.object({ result: z.boolean(), opened: z.number().int(), userNewMessage: z.number().int() });
export type MessageOpenedResponse = z.infer<typeof MessageOpenedResponse>;

export const MessageActionResponse = z.object({ success: z.boolean(), hasError: z.boolean(), message: z.string() });
export type MessageActionResponse = z.infer<typeof MessageActionResponse>;

/** `GET /app/[lea-manager/{course}/]message/recipients[/{triadId}]`: the people the caller may write to, by profile. */
export const MessageRecipientsResponse = z.object({
  groups: z.array(z.object({ profile: Profile, recipients: z.array(Person) })),
  trainingCourse: z.number().int().nullable(),
});
export type MessageRecipientsResponse = z.infer<typeof MessageRecipientsResponse>;

export const MessageRecipientsParams = z.object({ triadId: Id.optional() });
export const ManagerMessageParams = z.object({ course: Id, triadId: Id.optional() });
export const MessageCourseParams = z.object({ course: Id });

/** `GET /app/lea-manager/{course}/message/reported`: the course's reported messages, for its managers. */
export const ReportedMessage = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  title: z.string(),
  text: z.string(),
  date: z.string(),
  deleted: z.boolean(),
  sender: Person,
  reports: z.array(z.object({ reporter: Person, date: z.string() })),
});
export type ReportedMessage = z.infer<typeof ReportedMessage>;
export const ReportedMessagesResponse = z.object({ messages: z.array(ReportedMessage) });
export type ReportedMessagesResponse = z.infer<typeof ReportedMessagesResponse>;

/** What the live stream (`GET /app/message/events`) sends: the reader's new unread total and the conversation that changed. */
export const MessageEvent = z.object({ userNewMessage: z.number().int(), conversation: z.number().int().nullable() });
export type MessageEvent = z.infer<typeof MessageEvent>;

/**
 * Spec 2 §5: a message needs content or a file. An emptied editor still holds `<p></p>`; a picture
 * counts as content. The web enables its send button and the server refuses by the same rule.
 */
export function hasMessageContent(html: string): boolean {
  return /<(img|video|audio)\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

/** `GET|PUT /app/message/notification`: the caller's own preference, a mail for each new message (kept on the profile). */
export const MessageNotificationSetting = z.object({ messageNotification: z.boolean() }).strict();
export type MessageNotificationSetting = z.infer<typeof MessageNotificationSetting>;
