import { platformLinks } from '../../services/platform-url.js';
import type { DashboardFilter, DashboardReminderResponse } from '@lea/shared';
import type { AppContext } from '../../http/context.js';
import type { Caller } from '../../http/caller.js';
import { logBackOfficeWrite } from '../../services/history.js';
import type { RequestMeta } from '../../http/write-meta.js';
import { loadDashboardData, loadTemplateQuestions } from './dashboard-data.js';
import { reminderMail, reminderRecipients } from './reminders-recipients.js';
import { text } from '../../texts/index.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';

/**
 * POST …/dashboard/reminder (spec 3 §2.2 mail reminder): one e-mail to every member of the
 * filtered active triads who still has to complete or sign one of the filtered questionnaires,
 * listing them, through the mailer (outbox rows of the course, kind `reminder`).
 */
export async function sendDashboardReminder(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  caller: Caller,
  meta: RequestMeta & { locale: 'fr' | 'en' },
  params: { courseId: number; filter: DashboardFilter },
): Promise<DashboardReminderResponse> {
  const data = await loadDashboardData(ctx.db, caller, params.courseId, params.filter, { replies: 'icons' });
  const items = await loadTemplateQuestions(
    ctx.db,
    data.questionnaires.map((entry) => entry.questionnaire.id),
  );
  const recipients = reminderRecipients(data, data.questionnaires, items);
  const platform = await platformLinks(ctx.db, ctx.config.publicUrl, caller.platformId);
  for (const recipient of recipients) {
    const mail = reminderMail(recipient, {
      platformName: platform.name,
      publicUrl: platform.baseUrl,
      locale: RECIPIENT_LOCALE,
    });
    await ctx.mailer.send({ ...mail, platformId: caller.platformId, trainingCourseId: data.course.id, kind: 'reminder' });
  }
  await logBackOfficeWrite(ctx.db, caller, meta, {
    action: 'questionnaire.dashboard-reminder',
    entity: 'training_course',
    entityId: data.course.id,
    details: { count: recipients.length },
  });
  return {
    success: true,
    count: recipients.length,
    message:
      recipients.length === 0
        ? text(meta.locale, 'dashboard.reminderNobody')
        : text(meta.locale, 'dashboard.reminderSent', { count: recipients.length }),
  };
}
