import type { Locale } from '@lea/shared';
import { titleOf, type ProfileTitles } from '../../services/profile-titles.js';
import { text } from '../../texts/index.js';

export type SendKind = 'welcome' | 'new-password';

export type MailFacts = {
  firstName: string;
  username: string;
  platformName: string;
  courseName: string;
  link: string;
  loginUrl: string;
};

/**
 * The welcome and new-password mails a course manager sends (spec 3 §2.2 "Send user infos"): the
 * username to sign in with and a single-use link to choose a password (valid 7 and 3 days). The
 * sender is named with the platform's title of profile 4 in the mail's locale (`titles`).
 */
export function userInfoMail(kind: SendKind, locale: Locale, facts: MailFacts, titles: ProfileTitles): { subject: string; text: string } {
  const { firstName, username, platformName: platform, courseName: course, link, loginUrl } = facts;
  const body = { firstName, username, platform, course, link, loginUrl, manager: titleOf(titles, 4, 'titleWithArticle') };
  return kind === 'welcome'
    ? { subject: text(locale, 'mail.welcomeSubject', { platform }), text: text(locale, 'mail.welcomeBody', body) }
    : { subject: text(locale, 'mail.newPasswordSubject', { platform }), text: text(locale, 'mail.newPasswordBody', body) };
}
