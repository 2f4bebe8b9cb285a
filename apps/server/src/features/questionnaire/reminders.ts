import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { platformBaseUrl } from '../../services/platform-url.js';
import type { KeyObject } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.js';
import { platforms, questionnaires, trainingCourses, trainings } from '../../db/schema/index.js';
import type { Mailer } from '../../services/mailer.js';
import { managedCourseColumns } from '../../services/managed-course.js';
import { loadCourseDashboard, loadTemplateQuestions } from './dashboard-data.js';
import { reminderLinkTarget, reminderMail, reminderRecipients } from './reminders-recipients.js';
import { createSignInCode } from '../../services/sign-in-codes.js';
import { signInChoices } from '../../services/sign-in-profiles.js';
import { parisDate } from './rules.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';
import { scheduleJob, type ScheduledJob } from '../../services/scheduled-jobs.js';

/**
 * The questionnaires' first and second reminders (decision 016). A reminder is due when its date
 * is today or past (Europe/Paris) and its `*SentAt` is null. Each one is claimed by an atomic
 * `UPDATE … WHERE … sent_at IS NULL RETURNING` inside the transaction that queues its mails in the
 * outbox: the claim and the mails commit together, a crash before the commit leaves it unclaimed,
 * and a second process (or a second run) finds nothing left to claim. Mails are sent after the commit.
 */

type Deps = { db: Db; mailer: Mailer; publicUrl: string; secret: KeyObject };
type Reminder = 'first' | 'second';

const COLUMNS = {
  first: { date: questionnaires.firstReminder, sentAt: questionnaires.firstReminderSentAt, key: 'firstReminderSentAt' },
  second: { date: questionnaires.secondReminder, sentAt: questionnaires.secondReminderSentAt, key: 'secondReminderSentAt' },
} as const;

const dueCondition = (reminder: Reminder, today: string) => {
  const column = COLUMNS[reminder];
  return and(isNotNull(column.date), lte(column.date, today), isNull(column.sentAt));
};

/** Claims the due reminders of one questionnaire: answers those this transaction took. */
async function claim(tx: DbOrTx, questionnaireId: number, today: string, now: Date): Promise<Reminder[]> {
  const taken: Reminder[] = [];
  for (const reminder of ['first', 'second'] as const) {
    const rows = await tx
      .update(questionnaires)
      .set({ [COLUMNS[reminder].key]: now })
      .where(and(eq(questionnaires.id, questionnaireId), dueCondition(reminder, today)))
      .returning({ id: questionnaires.id });
    if (rows.length > 0) taken.push(reminder);
  }
  return taken;
}

async function findCourse(tx: DbOrTx, courseId: number) {
  const [row] = await tx
    .select({
      ...managedCourseColumns,
      platformName: platforms.name,
      hostname: platforms.hostname,
      signInMethods: platforms.signInMethods,
    })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .innerJoin(platforms, eq(platforms.id, trainings.platformId))
    .where(eq(trainingCourses.id, courseId));
  return row ?? null;
}

/** Claims one questionnaire's due reminders and queues its mails, in one transaction. */
async function remindOne(
  deps: Deps,
  questionnaire: { id: number; trainingCourseId: number },
  now: Date,
): Promise<{ claimed: boolean; mails: number }> {
  const today = parisDate(now);
  return deps.db.transaction(async (tx) => {
    // Both reminders overdue at once (a server down for days) send one mail, not two.
    if ((await claim(tx, questionnaire.id, today, now)).length === 0) return { claimed: false, mails: 0 };
    const course = await findCourse(tx, questionnaire.trainingCourseId);
    if (!course) return { claimed: true, mails: 0 };
    const { platformName, hostname, signInMethods, ...managed } = course;
    const choices = signInChoices(signInMethods);
    const data = await loadCourseDashboard(tx, managed, { questionnaires: [questionnaire.id] }, { replies: 'icons', now });
    const items = await loadTemplateQuestions(tx, [questionnaire.id]);
    const recipients = reminderRecipients(data, data.questionnaires, items);
    for (const recipient of recipients) {
      // Someone who may sign in by e-mail gets a link that signs them in and opens the questionnaire.
      const target = reminderLinkTarget(recipient, choices);
      const signInLink = target
        ? (
            await createSignInCode(
              tx,
              { secret: deps.secret, publicUrl: deps.publicUrl },
              { userId: recipient.userId, platformId: course.platformId, hostname, target, replace: false, now },
            )
          ).link
        : null;
      const publicUrl = platformBaseUrl(deps.publicUrl, hostname);
      const mail = reminderMail(recipient, { platformName, publicUrl, locale: RECIPIENT_LOCALE, signInLink });
      await deps.mailer.queue(tx, { ...mail, platformId: course.platformId, trainingCourseId: course.id, kind: 'reminder' });
    }
    return { claimed: true, mails: recipients.length };
  });
}

/** One pass of the job: every due reminder of every active questionnaire, then the queued mails sent. */
export async function runQuestionnaireReminders(deps: Deps, now = new Date()): Promise<{ questionnaires: number; mails: number }> {
  const today = parisDate(now);
  const due = await deps.db
    .select({ id: questionnaires.id, trainingCourseId: questionnaires.trainingCourseId })
    .from(questionnaires)
    .where(and(eq(questionnaires.active, true), or(dueCondition('first', today), dueCondition('second', today))));
  let claimed = 0;
  let mails = 0;
  for (const questionnaire of due) {
    const outcome = await remindOne(deps, questionnaire, now);
    if (outcome.claimed) claimed += 1;
    mails += outcome.mails;
  }
  await deps.mailer.deliverQueued();
  return { questionnaires: claimed, mails };
}

export const REMINDERS_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Runs the reminders now and every `intervalMs`, one process at a time (scheduled-jobs.ts); the claims
 * above would keep two runs from sending a reminder twice anyway.
 */
export function startQuestionnaireReminders(
  deps: Deps,
  log: Parameters<typeof scheduleJob>[1],
  intervalMs = REMINDERS_INTERVAL_MS,
): ScheduledJob {
  return scheduleJob(deps.db, log, {
    name: 'questionnaire-reminders',
    intervalMs,
    lockSeconds: 10 * 60,
    work: () => runQuestionnaireReminders(deps),
    report: (result) => (result.questionnaires > 0 ? { obj: result, msg: 'questionnaire reminders sent' } : null),
  });
}
