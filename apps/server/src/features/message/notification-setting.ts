import type { MessageNotificationSetting } from '@lea/shared';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { readOwnPreference, writeOwnPreference } from '../../services/own-preferences.js';

/** The caller's own preference: a mail for each message they receive (issue 16: "their preference on the profile"). */
export async function readNotificationSetting(ctx: AppContext, caller: Caller): Promise<MessageNotificationSetting> {
  return { messageNotification: await readOwnPreference(ctx.db, caller, 'messageNotification') };
}

/** Only the caller's own row: the body names no user. */
export async function writeNotificationSetting(
  ctx: AppContext,
  caller: Caller,
  input: MessageNotificationSetting,
  meta: WriteMeta,
): Promise<MessageNotificationSetting> {
  const value = await writeOwnPreference(ctx.db, caller, meta, {
    preference: 'messageNotification',
    value: input.messageNotification,
    action: 'message.notification',
  });
  return { messageNotification: value };
}
