import { DOCUMENT_TYPE, PROFILE } from '@lea/shared';
import { platformLinks } from '../../services/platform-url.js';
import type { AppContext } from '../../http/context.js';
import type { TriadMembers } from '../../services/triad-access.js';
import { text } from '../../texts/index.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';
import { findMailRecipients } from './queries.js';

export type NewItemNotice = {
  triad: TriadMembers;
  platformId: number;
  authorId: number;
  authorName: string;
  title: string;
  type: number;
  rights: readonly number[];
  categoryCode: string | null;
};

/** The triad's people by profile: the ones a document's rights may name (profile 4 is the course's managers). */
function peopleByProfile(triad: TriadMembers): [number, number | null][] {
  return [
    [PROFILE.apprentice, triad.apprenticeId],
    [PROFILE.tutor, triad.tutorId],
    [PROFILE.tutor, triad.tutor2Id],
    [PROFILE.apprenticeMaster, triad.apprenticeMasterId],
    [PROFILE.apprenticeMaster, triad.apprenticeMaster2Id],
  ];
}

/** The other members of the triad allowed to see the new item: the author is never mailed. */
export function noticeRecipientIds(notice: Pick<NewItemNotice, 'triad' | 'authorId' | 'rights'>): number[] {
  const ids = new Set<number>();
  for (const [profile, id] of peopleByProfile(notice.triad)) {
    if (id !== null && id !== notice.authorId && notice.rights.includes(profile)) ids.add(id);
  }
  return [...ids];
}

function noticeMail(notice: NewItemNotice, firstName: string, link: string) {
  const facts = { firstName, author: notice.authorName, title: notice.title, link };
  return notice.type === DOCUMENT_TYPE.document
    ? { subject: text(RECIPIENT_LOCALE, 'mail.documentSubject', facts), text: text(RECIPIENT_LOCALE, 'mail.documentBody', facts) }
    : { subject: text(RECIPIENT_LOCALE, 'mail.noteSubject', facts), text: text(RECIPIENT_LOCALE, 'mail.noteBody', facts) };
}

/**
 * Mails the other triad members about a new item (the post's `notif` flag). Called after the
 * item's transaction has committed: each mail is written to the outbox, then sent. A failure here
 * must not turn a saved document into an error answer, so it is logged and swallowed.
 */
export async function notifyNewItem(
  ctx: AppContext,
  notice: NewItemNotice,
  log: { error: (obj: object, msg: string) => void },
): Promise<number> {
  try {
    const recipients = await findMailRecipients(ctx.db, noticeRecipientIds(notice));
    const category = notice.type === DOCUMENT_TYPE.document ? (notice.categoryCode ?? '') : 'note';
    const { baseUrl } = await platformLinks(ctx.db, ctx.config.publicUrl, notice.platformId);
    const link = `${baseUrl}/dashboard/document?category=${encodeURIComponent(category)}`;
    for (const recipient of recipients) {
      await ctx.mailer.send({ to: recipient.email, platformId: notice.platformId, ...noticeMail(notice, recipient.firstName, link) });
    }
    return recipients.length;
  } catch (error) {
    log.error({ err: error instanceof Error ? error.message : String(error) }, 'document notification failed');
    return 0;
  }
}
