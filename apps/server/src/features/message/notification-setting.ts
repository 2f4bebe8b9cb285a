import { eq } from 'drizzle-orm';
import type { MessageNotificationSetting } from '@lea/shared';
import { users } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { logImpersonatedWrite } from '../../services/history.js';

/** The caller's own preference: a mail for each message they receive (issue 16: "their preference on the profile"). */
export async function readNotificationSetting(ctx: AppContext, caller: Caller): Promise<MessageNotificationSetting> {
  const [row] = await ctx.db.select({ messageNotification: users.messageNotification }).from(users).where(eq(users.id, caller.userId));
  return { messageNotification: row?.messageNotification ?? false };
}

/** Only the caller's own row: the body names no user. */
export async function writeNotificationSetting(
  ctx: AppContext,
  caller: Caller,
  input: MessageNotificationSetting,
  meta: WriteMeta,
): Promise<MessageNotificationSetting> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ messageNotification: input.messageNotification, updatedAt: new Date() })
      .where(eq(users.id, caller.userId));
    await logImpersonatedWrite(tx, caller, meta, { action: 'message.notification', entity: 'user', entityId: caller.userId });
  });
  return { messageNotification: input.messageNotification };
}
