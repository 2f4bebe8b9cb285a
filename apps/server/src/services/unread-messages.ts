import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { messageRecipients, messages } from '../db/schema/index.js';

/**
 * The user's unread messages on a platform (`userNewMessage` of spec 1 §3.1, the header's
 * envelope): one index range of `message_recipients_unread_idx` joined to the messages' platform.
 * Shared by the profile's `user/me` and the message feature, which may not import each other.
 */
export async function countUnreadMessages(db: DbOrTx, userId: number, platformId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(
      and(
        eq(messageRecipients.recipientId, userId),
        isNull(messageRecipients.openedAt),
        eq(messages.platformId, platformId),
        isNull(messages.deletedAt),
      ),
    );
  return row?.total ?? 0;
}
