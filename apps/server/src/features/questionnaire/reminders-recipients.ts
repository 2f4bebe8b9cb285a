import type { Locale, SignInChoice, SignInProfile } from '@lea/shared';
import type { Mail } from '../../services/mailer.js';
import { translator } from '../../texts/index.js';
import {
  appliesTo,
  membersOf,
  presentProfiles,
  replyOf,
  windowFor,
  type DashboardData,
  type DashboardQuestionnaire,
} from './dashboard-data.js';
import type { QuestionRow } from './queries.js';
import { hasToComplete, hasToSign } from './rules.js';
import { resolveRuleQuestions, rulesOf } from './status.js';

/** One questionnaire a member still has to complete or sign, in one triad. */
export type PendingItem = {
  questionnaireId: number;
  triadId: number;
  /** The member's profile in that triad (1 apprentice, 2 tutor, 3 master). */
  profile: number;
  title: string;
  apprentice: string | null;
  endDate: string | null;
  toComplete: boolean;
  toSign: boolean;
};
export type Recipient = { userId: number; email: string; firstName: string; items: PendingItem[] };

const MEMBER_PROFILES = [1, 2, 3];

/**
 * Who still has to complete or sign (spec 3 §2.2 mail reminder, issue 6 reminders): for each
 * questionnaire and each active triad it applies to, every member (apprentice, tutors, masters)
 * whose profile's reply is open with something to fill in or to sign. One recipient per person,
 * with all their pending questionnaires.
 */
export function reminderRecipients(data: DashboardData, entries: DashboardQuestionnaire[], items: QuestionRow[]): Recipient[] {
  const recipients = new Map<number, Recipient>();
  for (const entry of entries) {
    const rules = rulesOf(entry.questionnaire);
    const questions = resolveRuleQuestions(items.filter((item) => item.questionnaireId === entry.questionnaire.id));
    for (const triad of data.triads) {
      if (!triad.active || !appliesTo(entry, triad)) continue;
      const present = presentProfiles(triad);
      for (const profile of MEMBER_PROFILES.filter((each) => present.includes(each))) {
        const reply = replyOf(data, entry.questionnaire.id, triad.id, profile);
        const window = windowFor(entry, triad, profile);
        const toSign = hasToSign(rules, profile, window, reply, data.today);
        const toComplete = hasToComplete(rules, questions, profile, window, reply, data.today);
        if (!toSign && !toComplete) continue;
        for (const member of membersOf(triad, profile)) {
          if (member.email.trim() === '') continue;
          const recipient = recipients.get(member.id) ?? { userId: member.id, email: member.email, firstName: member.firstName, items: [] };
          recipients.set(member.id, recipient);
          recipient.items.push({
            questionnaireId: entry.questionnaire.id,
            triadId: triad.id,
            profile,
            title: entry.questionnaire.title,
            apprentice: triad.apprentice?.fullName ?? null,
            endDate: window.endDate,
            toComplete,
            toSign,
          });
        }
      }
    }
  }
  return [...recipients.values()];
}

const day = (iso: string) => iso.split('-').reverse().join('/');

/** The reminder e-mail of a recipient: every pending questionnaire, what is expected and until when. */
export function reminderMail(
  recipient: Recipient,
  context: { platformName: string; publicUrl: string; locale: Locale; signInLink?: string | null },
): Pick<Mail, 'to' | 'subject' | 'text'> {
  const t = translator(context.locale);
  const items = recipient.items.map((item) => {
    const expected = t(
      item.toComplete && item.toSign ? 'mail.reminderCompleteAndSign' : item.toSign ? 'mail.reminderSign' : 'mail.reminderComplete',
    );
    const what = item.endDate ? t('mail.reminderBefore', { what: expected, date: day(item.endDate) }) : expected;
    return item.apprentice
      ? t('mail.reminderItemOf', { title: item.title, apprentice: item.apprentice, what })
      : t('mail.reminderItem', { title: item.title, what });
  });
  return {
    to: recipient.email,
    subject: t('mail.reminderSubject', { platform: context.platformName }),
    text:
      t('mail.reminderBody', { firstName: recipient.firstName, items: items.join('\n'), link: context.publicUrl }) +
      (context.signInLink ? `\n\n${t('signIn.reminderLink', { link: context.signInLink })}` : ''),
  };
}

const SIGN_IN_PROFILE_OF: Record<number, SignInProfile> = { 1: 'apprentice', 2: 'tutor', 3: 'apprentice_master' };

/**
 * Where a reminder's sign-in link lands (issue 20 §1), or null when none of the recipient's
 * profiles in these triads may sign in by e-mail: the questionnaire when there is one, else the home.
 */
export function reminderLinkTarget(recipient: Recipient, choices: Record<SignInProfile, SignInChoice>): string | null {
  const allowed = recipient.items.filter((item) => {
    const profile = SIGN_IN_PROFILE_OF[item.profile];
    return profile !== undefined && choices[profile] !== 'password';
  });
  if (allowed.length === 0) return null;
  const [only] = allowed;
  return allowed.length === 1 && only ? `/dashboard/questionnaire/${only.triadId}/${only.questionnaireId}` : '/dashboard/home';
}
