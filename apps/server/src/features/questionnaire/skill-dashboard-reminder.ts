import { platformLinks } from '../../services/platform-url.js';
import { PROFILE, type DashboardReminderResponse, type SkillDashboardEntry, type SkillDashboardFilter } from '@lea/shared';
import type { AppContext } from '../../http/context.js';
import type { Caller } from '../../http/caller.js';
import type { RequestMeta } from '../../http/write-meta.js';
import { logBackOfficeWrite } from '../../services/history.js';
import { resolveManagedCourse } from '../../services/managed-course.js';
import { isSessionOpen, loadSkillConfig } from '../../services/skill-levels.js';
import { text, translator } from '../../texts/index.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';
import type { DashboardTriadRow } from './dashboard-data.js';
import { loadBoard } from './skill-dashboard.js';

type Member = NonNullable<DashboardTriadRow['apprentice']>;
type Recipient = { member: Member; apprentices: Set<string> };

/** Who rates which column: each person of a triad with the profile the course lets rate. */
const RATERS: [profile: number, key: keyof SkillDashboardEntry, people: (triad: DashboardTriadRow) => (Member | null)[]][] = [
  [PROFILE.apprentice, 'apprenticeReply', (triad) => [triad.apprentice]],
  [PROFILE.tutor, 'tutorReply', (triad) => [triad.tutor, triad.tutor2]],
  [PROFILE.apprenticeMaster, 'apprenticeMasterReply', (triad) => [triad.apprenticeMaster, triad.apprenticeMaster2]],
];

const frenchDay = (iso: string) => iso.split('-').reverse().join('/');

/**
 * POST …/skill-dashboard/reminder (spec 3 §2.2; issue 14 asks for real e-mails): one e-mail to each
 * person of the filtered active triads who, in the session's open window, has not yet rated every
 * skill of the dashboard for the profile the course lets them rate; it names the apprentices
 * concerned. Needs the skills section at edit (decision 027); a closed session sends nothing.
 */
export async function sendSkillDashboardReminder(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  caller: Caller,
  meta: RequestMeta & { locale: 'fr' | 'en' },
  params: { courseId: number; filter: SkillDashboardFilter },
): Promise<DashboardReminderResponse> {
  await resolveManagedCourse(ctx.db, caller, params.courseId, { access: 'MODULE_LEA_SKILL', need: 'edit' });
  const [board, config] = await Promise.all([
    loadBoard(ctx.db, caller, params.courseId, params.filter),
    loadSkillConfig(ctx.db, params.courseId),
  ]);
  const { session } = board;
  if (session === null || !isSessionOpen(session))
    return { success: false, count: 0, message: text(meta.locale, 'skillDashboard.reminderClosed') };
  // A skill computed from questionnaire fields is nobody's to rate.
  const skills = board.categories.flatMap((category) => category.skills).filter((skill) => !board.computedSkillIds.has(skill.skillId));
  const recipients = new Map<number, Recipient>();
  for (const triad of board.triads) {
    if (!triad.active || !triad.apprentice) continue;
    const apprentice = `${triad.apprentice.firstName} ${triad.apprentice.lastName}`;
    for (const [profile, key, people] of RATERS) {
      if (!config.skillRoles.includes(profile)) continue;
      const missing = skills.some((skill) => (skill.dashboardData[String(triad.id)]?.[key] ?? null) === null);
      if (!missing) continue;
      for (const member of people(triad)) {
        if (!member?.email) continue;
        const recipient = recipients.get(member.id) ?? { member, apprentices: new Set<string>() };
        recipient.apprentices.add(apprentice);
        recipients.set(member.id, recipient);
      }
    }
  }
  const platform = await platformLinks(ctx.db, ctx.config.publicUrl, caller.platformId);
  const t = translator(RECIPIENT_LOCALE);
  for (const { member, apprentices } of recipients.values()) {
    await ctx.mailer.send({
      to: member.email,
      subject: t('skillDashboard.reminderSubject', { platform: platform.name }),
      text: t('skillDashboard.reminderBody', {
        firstName: member.firstName,
        session: session.name,
        course: board.course.displayName,
        end: frenchDay(session.endDate),
        apprentices: [...apprentices].join(', '),
        link: `${platform.baseUrl}/login`,
      }),
      platformId: caller.platformId,
      trainingCourseId: board.course.id,
      kind: 'reminder',
    });
  }
  await logBackOfficeWrite(ctx.db, caller, meta, {
    action: 'skill.dashboard-reminder',
    entity: 'training_course',
    entityId: board.course.id,
    details: { session: session.id, count: recipients.size },
  });
  const count = recipients.size;
  return {
    success: true,
    count,
    message: text(meta.locale, count === 0 ? 'skillDashboard.reminderNobody' : 'skillDashboard.reminderSent', { count }),
  };
}
