import type { Locale } from '@lea/shared';
import { text } from '../texts/index.js';
import { titleOf, type ProfileTitles } from './profile-titles.js';

export type EmailChangeFacts = {
  firstName: string;
  platformName: string;
  oldEmail: string;
  newEmail: string;
  link: string;
};

/** The mail to the new address: the link that makes it the account's address (valid 48 hours, once). */
export function emailChangeConfirmMail(locale: Locale, facts: EmailChangeFacts): { subject: string; text: string } {
  const { firstName, platformName: platform, newEmail, link } = facts;
  return {
    subject: text(locale, 'mail.emailConfirmSubject', { platform }),
    text: text(locale, 'mail.emailConfirmBody', { firstName, platform, newEmail, link }),
  };
}

/**
 * The notice to the old address: someone asked to move the account elsewhere; it tells whom to warn
 * (profile 4, named with the platform's title in the mail's locale: `titles`).
 */
export function emailChangeNoticeMail(locale: Locale, facts: EmailChangeFacts, titles: ProfileTitles): { subject: string; text: string } {
  const { firstName, platformName: platform, newEmail } = facts;
  return {
    subject: text(locale, 'mail.emailNoticeSubject', { platform }),
    text: text(locale, 'mail.emailNoticeBody', { firstName, platform, newEmail, manager: titleOf(titles, 4, 'titleWithArticle') }),
  };
}
