import { sql } from 'drizzle-orm';
import { platformLinks } from '../../services/platform-url.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { weeklyDigests } from '../../db/schema/index.js';
import type { Mail, Mailer } from '../../services/mailer.js';
import { scheduleJob, type ScheduledJob } from '../../services/scheduled-jobs.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';
import { translator } from '../../texts/index.js';
import { digestItemsOf, isEmpty, type DigestItems } from './digest-items.js';

/**
 * The weekly to-do digest (issue 20 §4). From Monday 07:00 (Europe/Paris) on, each member of an
 * active triad of an active course, with the digest on in their profile, is looked at once per ISO
 * week and platform: a row of `weekly_digests` is claimed (`insert … on conflict do nothing`) in the
 * transaction that queues their mail, so a person gets at most one digest a week whatever the runs
 * and processes, and none when nothing waits for them (the row then says `mailed: false`).
 */

type Deps = { db: Db; mailer: Mailer; publicUrl: string };
type Person = { userId: number; platformId: number; email: string; firstName: string; platformName: string };

/** Day, weekday and hour on the wall clock of Paris. */
function parisClock(now: Date): { day: string; weekday: number; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '') + 1;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, weekday, hour: Number(parts.hour) };
}

/** The ISO week of a day, as `2026-W48`. */
export function isoWeekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay() || 7;
  // The Thursday of the same week decides the week's year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The week whose digests are due at `now`, or null on Monday before 07:00 in Paris. */
export function dueWeek(now: Date): string | null {
  const clock = parisClock(now);
  if (clock.weekday === 1 && clock.hour < 7) return null;
  return isoWeekOf(clock.day);
}

/** Members of active triads of active courses whose digest of `week` is not claimed yet (among `only` when given). */
async function dueMembers(db: DbOrTx, week: string, only: number[] | null): Promise<Person[]> {
  const among =
    only === null
      ? sql``
      : sql`and u.id in (${sql.join(
          [0, ...only].map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const result = (await db.execute(sql`
    select distinct u.id as "userId", tr.platform_id as "platformId", u.email, u.first_name as "firstName", p.name as "platformName"
    from triads t
    join training_courses c on c.id = t.training_course_id and not c.archived
    join trainings tr on tr.id = c.training_id
    join platforms p on p.id = tr.platform_id
    cross join lateral (
      select member from (values (t.apprentice_id), (t.tutor_id), (t.tutor2_id), (t.apprentice_master_id),
                                 (t.apprentice_master2_id), (t.company_manager_id)) as m(member)
      union select tu.user_id from triad_users tu where tu.triad_id = t.id
    ) as m
    join users u on u.id = m.member and u.active and u.weekly_digest and u.email <> ''
    where t.active
      and not exists (select 1 from ${weeklyDigests} d where d.user_id = u.id and d.platform_id = tr.platform_id and d.week = ${week})
      ${among}
    order by 2, 1`)) as unknown as { rows: Person[] };
  return result.rows;
}

const day = (iso: string) => iso.split('-').reverse().join('/');

/** The digest mail of one person: the questionnaires with their due dates, the absences, the messages, each with its link. */
export function digestMail(person: Person, items: DigestItems, publicUrl: string): Pick<Mail, 'to' | 'subject' | 'text'> {
  const t = translator(RECIPIENT_LOCALE);
  const base = publicUrl.replace(/\/$/, '');
  const sections: string[] = [];
  if (items.questionnaires.length > 0) {
    const lines = items.questionnaires.map((item) => {
      const expected = t(item.action === 'sign' ? 'mail.reminderSign' : 'mail.reminderComplete');
      const what = item.dueDate ? t('mail.reminderBefore', { what: expected, date: day(item.dueDate) }) : expected;
      const link = `${base}/dashboard/questionnaire/${item.triadId}/${item.questionnaireId}`;
      return item.apprentice
        ? t('mail.digestQuestionnaireOf', { title: item.title, apprentice: item.apprentice, what, link })
        : t('mail.digestQuestionnaire', { title: item.title, what, link });
    });
    sections.push([t('mail.digestQuestionnaires'), ...lines].join('\n'));
  }
  const absences = items.absences.reduce((sum, row) => sum + row.count, 0);
  if (absences > 0) {
    const link = `${base}/dashboard/timetable/list/absence`;
    sections.push(absences === 1 ? t('mail.digestAbsencesOne', { link }) : t('mail.digestAbsences', { count: absences, link }));
  }
  if (items.unreadMessages > 0) {
    const link = `${base}/dashboard/message`;
    const count = items.unreadMessages;
    sections.push(count === 1 ? t('mail.digestMessagesOne', { link }) : t('mail.digestMessages', { count, link }));
  }
  return {
    to: person.email,
    subject: t('mail.digestSubject', { platform: person.platformName }),
    text: t('mail.digestBody', {
      firstName: person.firstName,
      sections: sections.join('\n\n'),
      profileLink: `${base}/profile/${person.userId}`,
    }),
  };
}

/** The course a digest is filed under in the mail history: the one most of its items belong to. */
function courseOf(items: DigestItems): number | null {
  const counts = new Map<number, number>();
  for (const item of items.questionnaires) counts.set(item.courseId, (counts.get(item.courseId) ?? 0) + 1);
  for (const row of items.absences) counts.set(row.courseId, (counts.get(row.courseId) ?? 0) + row.count);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
}

/** Claims one person's week and queues their mail in one transaction; 'taken' when another run claimed it first. */
async function digestOne(deps: Deps, person: Person, week: string, now: Date): Promise<'mailed' | 'nothing' | 'taken'> {
  return deps.db.transaction(async (tx) => {
    const items = await digestItemsOf(tx, { userId: person.userId, platformId: person.platformId, admin: false }, now);
    const mailed = !isEmpty(items);
    const claimed = await tx
      .insert(weeklyDigests)
      .values({ userId: person.userId, platformId: person.platformId, week, mailed })
      .onConflictDoNothing()
      .returning({ id: weeklyDigests.id });
    if (claimed.length === 0) return 'taken';
    if (!mailed) return 'nothing';
    const mail = digestMail(person, items, (await platformLinks(tx, deps.publicUrl, person.platformId)).baseUrl);
    await deps.mailer.queue(tx, { ...mail, platformId: person.platformId, trainingCourseId: courseOf(items), kind: 'digest' });
    return 'mailed';
  });
}

/**
 * One pass: every person whose digest of this week is due (or only the users `only`: the end-to-end
 * journeys' own people), then the queued mails sent.
 */
export async function runWeeklyDigest(
  deps: Deps,
  now = new Date(),
  only: number[] | null = null,
): Promise<{ week: string | null; mailed: number; nothing: number }> {
  const week = dueWeek(now);
  if (week === null) return { week, mailed: 0, nothing: 0 };
  let mailed = 0;
  let nothing = 0;
  for (const person of await dueMembers(deps.db, week, only)) {
    const outcome = await digestOne(deps, person, week, now);
    if (outcome === 'mailed') mailed += 1;
    if (outcome === 'nothing') nothing += 1;
  }
  if (mailed > 0) await deps.mailer.deliverQueued();
  return { week, mailed, nothing };
}

export const WEEKLY_DIGEST_INTERVAL_MS = 60 * 60 * 1000;

/** Runs the digest now and every hour, one process at a time (scheduled-jobs.ts); the claims keep it once a week anyway. */
export function startWeeklyDigest(
  deps: Deps,
  log: Parameters<typeof scheduleJob>[1],
  intervalMs = WEEKLY_DIGEST_INTERVAL_MS,
): ScheduledJob {
  return scheduleJob(deps.db, log, {
    name: 'weekly-digest',
    intervalMs,
    lockSeconds: 30 * 60,
    work: () => runWeeklyDigest(deps),
    report: (result) => (result.mailed > 0 ? { obj: result, msg: 'weekly digests sent' } : null),
  });
}
