import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MESSAGES, PROFILE, type SendInfosResponse, type SendInfosResult, type SendInfosUser } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { crews, platforms, triads, triadUsers, users } from '../../db/schema/index.js';
import type { AppContext } from '../../http/context.js';
import { forbidden } from '../../http/errors.js';
import { auditWrite } from '../../generic/audit.js';
import { courseUserIds } from '../../generic/people.js';
import type { ManagerScope } from '../../generic/types.js';
import { unreachableAmong } from '../../services/manager-reach.js';
import { platformBaseUrl } from '../../services/platform-url.js';
import { createPasswordLink, PASSWORD_LINK_TTL_SECONDS } from '../../services/password-links.js';
import { text, textRef } from '../../texts/index.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';
import { userInfoMail, type SendKind } from './send-infos-mails.js';

/** The profile shown for a company manager or a secondary user (no profile number of their own). */
const OTHER_MEMBER = 0;

const SENT = { welcome: 'manager.welcomeSent', 'new-password': 'manager.newPasswordSent' } as const satisfies Record<SendKind, string>;

const MEMBER_PROFILE = [
  ['apprenticeId', PROFILE.apprentice],
  ['tutorId', PROFILE.tutor],
  ['tutor2Id', PROFILE.tutor],
  ['apprenticeMasterId', PROFILE.apprenticeMaster],
  ['apprenticeMaster2Id', PROFILE.apprenticeMaster],
  ['companyManagerId', OTHER_MEMBER],
] as const;

/** A profile 1–3 wins over "other member" when one person holds several places in a crew. */
const stronger = (current: number | undefined, next: number) =>
  current === undefined || current === OTHER_MEMBER || (next !== OTHER_MEMBER && next < current) ? next : current;

/**
 * GET triad/send-user-infos: one list per crew (crew order, triads without crew last) of every
 * distinct person of the course's triads, secondary users included, with the counters of the mails
 * already sent. Four queries whatever the size of the course.
 */
export async function listSendInfos(db: Db, scope: ManagerScope): Promise<SendInfosResponse> {
  const course = scope.course;
  const [crewRows, triadRows, secondaryRows, people] = await Promise.all([
    db
      .select({ id: crews.id, title: crews.name })
      .from(crews)
      .where(eq(crews.trainingCourseId, course.id))
      .orderBy(asc(crews.position), asc(crews.id)),
    db.select().from(triads).where(eq(triads.trainingCourseId, course.id)),
    db
      .select({ crewId: triads.crewId, userId: triadUsers.userId })
      .from(triadUsers)
      .innerJoin(triads, eq(triads.id, triadUsers.triadId))
      .where(eq(triads.trainingCourseId, course.id)),
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        lastLoginAt: users.lastLoginAt,
        welcomeCount: users.welcomeCount,
        resetCount: users.resetCount,
      })
      .from(users)
      .where(inArray(users.id, courseUserIds(db, course.id)))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
  ]);
  const profiles = new Map<number | null, Map<number, number>>();
  const place = (crewId: number | null, userId: number | null, profile: number) => {
    if (userId === null) return;
    const crew = profiles.get(crewId) ?? new Map<number, number>();
    crew.set(userId, stronger(crew.get(userId), profile));
    profiles.set(crewId, crew);
  };
  for (const triad of triadRows) for (const [column, profile] of MEMBER_PROFILE) place(triad.crewId, triad[column], profile);
  for (const row of secondaryRows) place(row.crewId, row.userId, OTHER_MEMBER);

  const listOf = (crewId: number | null): SendInfosUser[] => {
    const crew = profiles.get(crewId) ?? new Map<number, number>();
    return people
      .filter((person) => crew.has(person.id))
      .map((person) => ({
        id: person.id,
        fullName: `${person.firstName} ${person.lastName}`.trim(),
        email: person.email,
        alreadyConnectedOnce: person.lastLoginAt !== null,
        profile: crew.get(person.id)!,
        mail: person.email,
        resetNumber: person.resetCount,
        welcomeNumber: person.welcomeCount,
      }));
  };
  const lists: SendInfosResponse['crews'] = crewRows.map((crew) => ({ id: crew.id, title: crew.title, users: listOf(crew.id) }));
  if (profiles.has(null)) lists.push({ id: null, title: text(scope.locale, 'manager.noCrew'), users: listOf(null) });
  return { crews: lists };
}

/**
 * POST triad/send-welcome and triad/send-new-password: to people of the course's triads whom the
 * caller reaches only (services/manager-reach.ts; any other id: 403, nothing sent). One
 * transaction creates each person's single-use link, queues the mail (kept in the course's mail
 * history with its kind) and counts it; the queued mails are delivered once it has committed.
 */
export async function sendUserMails(ctx: AppContext, scope: ManagerScope, kind: SendKind, userIds: number[]): Promise<SendInfosResult> {
  const course = scope.course;
  const ids = [...new Set(userIds)];
  const recipients = await ctx.db
    .select({ id: users.id, firstName: users.firstName, username: users.username, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), inArray(users.id, courseUserIds(ctx.db, course.id))));
  if (recipients.length !== ids.length) throw forbidden(textRef('manager.peopleOutsideCourse'));
  if ((await unreachableAmong(ctx.db, scope.caller, ids)).size > 0) throw forbidden(MESSAGES.personElsewhere);
  const [platform] = await ctx.db
    .select({ name: platforms.name, hostname: platforms.hostname })
    .from(platforms)
    .where(eq(platforms.id, course.platformId));
  const baseUrl = platformBaseUrl(ctx.config.publicUrl, platform?.hostname ?? '');
  const ttl = kind === 'welcome' ? PASSWORD_LINK_TTL_SECONDS.welcome : PASSWORD_LINK_TTL_SECONDS.newPassword;
  await ctx.db.transaction(async (tx) => {
    for (const recipient of recipients) {
      const link = await createPasswordLink(tx, baseUrl, {
        userId: recipient.id,
        platformId: course.platformId,
        ttlSeconds: ttl,
      });
      const mail = userInfoMail(
        kind,
        RECIPIENT_LOCALE,
        {
          firstName: recipient.firstName,
          username: recipient.username,
          platformName: platform?.name ?? 'lea',
          courseName: course.displayName,
          link,
          loginUrl: `${baseUrl}/login`,
        },
        scope.titles[RECIPIENT_LOCALE],
      );
      await ctx.mailer.queue(tx, { ...mail, to: recipient.email, platformId: course.platformId, trainingCourseId: course.id, kind });
    }
    const counter = kind === 'welcome' ? { welcomeCount: sql`${users.welcomeCount} + 1` } : { resetCount: sql`${users.resetCount} + 1` };
    await tx.update(users).set(counter).where(inArray(users.id, ids));
    await auditWrite(tx, scope, { action: `triad.send-${kind}`, entity: 'training_course', entityId: course.id, details: { users: ids } });
  });
  while ((await ctx.mailer.deliverQueued()) > 0);
  return { hasError: false, message: text(scope.locale, SENT[kind]), sent: recipients.length };
}
