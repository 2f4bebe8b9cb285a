import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  calendarEvents,
  companies,
  contracts,
  contractTypes,
  crews,
  mailOutbox,
  questionnaireCrews,
  questionnaires,
  questionnaireTriads,
  replies,
  skillAnswers,
  skillCategories,
  skillReplies,
  skills,
  skillSessions,
  timelineEntries,
  trainingCourseManagers,
  trainingCourses,
  trainings,
  triads,
  userPlatforms,
  users,
} from '../../db/schema/index.js';
import { text } from '../../texts/index.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';

/** The period the dataset's figures are counted in. */
export const PERIOD = { from: '2025-09-01', to: '2026-06-30' };

/** A Paris-time instant of a day (noon), as signatures and mails are stamped. */
const at = (day: string) => new Date(`${day}T11:00:00Z`);

/**
 * A course of its own on the demo platform, run by the demo's `manager`, with figures known in
 * advance over PERIOD (see qualiopi.test.ts): three apprentices reported (one inactive), one
 * inactive without activity and one test triad left out.
 */
export async function createQualiopiDataset(app: FastifyInstance, tag = 'q') {
  const { db } = app.ctx;
  const [manager] = await db.select().from(users).where(eq(users.username, 'manager'));
  const [membership] = await db.select().from(userPlatforms).where(eq(userPlatforms.userId, manager!.id));
  const platformId = membership!.platformId;
  const [training] = await db.select().from(trainings).where(eq(trainings.platformId, platformId)).limit(1);
  const [course] = await db
    .insert(trainingCourses)
    .values({ trainingId: training!.id, displayName: `BTS Qualiopi ${tag}`, startYear: 2025, endYear: 2027 })
    .returning();
  const courseId = course!.id;
  await db.insert(trainingCourseManagers).values({ trainingCourseId: courseId, userId: manager!.id });
  const [crewA, crewB] = await db
    .insert(crews)
    .values([
      { trainingCourseId: courseId, name: 'Groupe A', position: 0 },
      { trainingCourseId: courseId, name: 'Groupe B', position: 1 },
    ])
    .returning();

  const person = async (username: string, firstName: string, lastName: string) => {
    const [user] = await db
      .insert(users)
      .values({ username: `${username}-${tag}`, email: `${username}.${tag}@example.org`, firstName, lastName })
      .returning();
    await db.insert(userPlatforms).values({ userId: user!.id, platformId });
    return user!;
  };
  const alice = await person('alice', 'Alice', 'Martin');
  const bruno = await person('bruno', 'Bruno', 'Petit');
  const chloe = await person('chloe', 'Chloé', 'Durand');
  const denis = await person('denis', 'Denis', 'Roy');
  const tutor = await person('tutrice', 'Tina', 'Tutrice');
  const master = await person('maitre', 'Marc', 'Maître');
  const triad = async (values: Partial<typeof triads.$inferInsert>) =>
    (
      await db
        .insert(triads)
        .values({ trainingCourseId: courseId, ...values })
        .returning()
    )[0]!.id;
  const t1 = await triad({ crewId: crewA!.id, apprenticeId: alice.id, tutorId: tutor.id, apprenticeMasterId: master.id });
  const t2 = await triad({ crewId: crewB!.id, apprenticeId: bruno.id, tutorId: tutor.id });
  const t3 = await triad({ crewId: crewA!.id, apprenticeId: chloe.id, active: false });
  const t4 = await triad({ crewId: crewA!.id, apprenticeId: denis.id, active: false });
  const test = await triad({ crewId: crewA!.id, apprenticeId: tutor.id, isTest: true });

  const questionnaire = async (values: Partial<typeof questionnaires.$inferInsert> & { title: string }) =>
    (
      await db
        .insert(questionnaires)
        .values({ trainingCourseId: courseId, ...values })
        .returning()
    )[0]!.id;
  const interview = await questionnaire({
    title: 'Entretien de début de formation',
    signedBy: [1, 4],
    completenessDate: '2025-10-15',
  });
  const visit = await questionnaire({
    title: 'Visite en entreprise',
    signedBy: [2, 3, 4],
    useInterviewDate: true,
    interviewDateVisibleBy: [2],
    accessDates: { all: { startDate: '2025-09-01', endDate: '2026-03-31' } },
  });
  await db.insert(questionnaireCrews).values({ questionnaireId: visit, crewId: crewA!.id });
  const final = await questionnaire({ title: 'Bilan final', signedBy: [4], completenessDate: '2026-09-15' });
  await db.insert(questionnaireTriads).values({ questionnaireId: final, triadId: t1 });
  await questionnaire({ title: 'Questionnaire désactivé', signedBy: [4], completenessDate: '2026-01-10', active: false });
  await questionnaire({ title: 'Sans échéance', signedBy: [4] });
  const later = await questionnaire({
    title: 'Seconde visite',
    signedBy: [2],
    useInterviewDate: true,
    interviewDateVisibleBy: [2],
    completenessDate: '2026-09-30',
  });
  await db.insert(replies).values([
    { questionnaireId: interview, triadId: t1, profile: 1, status: 3, signedAt: at('2025-10-01') },
    { questionnaireId: interview, triadId: t1, profile: 4, status: 3, signedAt: at('2025-10-10') },
    { questionnaireId: interview, triadId: t2, profile: 1, status: 3, signedAt: at('2025-10-20') },
    { questionnaireId: interview, triadId: t2, profile: 4, status: 3, signedAt: at('2025-10-21') },
    { questionnaireId: visit, triadId: t1, profile: 2, status: 3, signedAt: at('2026-02-12'), interviewDate: '2026-02-10' },
    { questionnaireId: visit, triadId: t1, profile: 3, status: 3, signedAt: at('2026-02-12') },
    { questionnaireId: later, triadId: t1, profile: 2, status: 2, interviewDate: '2026-07-15' },
  ]);

  const [type] = await db.insert(contractTypes).values({ platformId, title: 'Apprentissage' }).returning();
  const [company] = await db.insert(companies).values({ platformId, companyName: 'Garage Martin' }).returning();
  await db.insert(contracts).values([
    { triadId: t1, contractTypeId: type!.id, companyId: company!.id, startDate: '2025-09-01', endDate: '2027-08-31' },
    { triadId: t1, contractTypeId: type!.id, companyId: company!.id, startDate: '2023-09-01', endDate: '2025-06-30' },
    { triadId: t2, contractTypeId: type!.id, startDate: '2024-09-01', endDate: '2026-08-31', ruptureDate: '2025-12-15' },
    { triadId: t4, contractTypeId: type!.id, startDate: '2022-09-01', endDate: '2024-06-30' },
  ]);

  const [category] = await db.insert(skillCategories).values({ trainingCourseId: courseId, name: 'Bloc 1' }).returning();
  const skillRows = await db
    .insert(skills)
    .values(['Diagnostiquer', 'Réparer', 'Conseiller'].map((name) => ({ skillCategoryId: category!.id, name })))
    .returning();
  const [s1, s2, s3] = await db
    .insert(skillSessions)
    .values([
      { trainingCourseId: courseId, name: 'Semestre 1', startDate: '2025-09-01', endDate: '2026-01-31', position: 0 },
      { trainingCourseId: courseId, name: 'Semestre 2', startDate: '2026-02-01', endDate: '2026-06-30', position: 1 },
      { trainingCourseId: courseId, name: 'Semestre 3', startDate: '2026-09-01', endDate: '2027-01-31', position: 2 },
    ])
    .returning();
  const rate = async (triadId: number, sessionId: number, values: number[]) => {
    const [reply] = await db.insert(skillReplies).values({ triadId, skillSessionId: sessionId, profile: 2 }).returning();
    await db.insert(skillAnswers).values(values.map((value, index) => ({ skillReplyId: reply!.id, skillId: skillRows[index]!.id, value })));
  };
  await rate(t1, s1!.id, [2, 3, 0]);
  await rate(t1, s2!.id, [0]);
  await rate(t1, s3!.id, [1, 1, 1]);
  await rate(t2, s2!.id, [0, 2]);

  const absence = (triadId: number, day: string, hours: number, justified = false) => ({
    trainingCourseId: courseId,
    triadId,
    type: 3,
    title: 'Absence',
    startDate: `${day} 08:30:00`,
    endDate: `${day} 17:00:00`,
    hours,
    justified,
  });
  await db
    .insert(calendarEvents)
    .values([absence(t1, '2025-10-06', 4), absence(t1, '2025-11-03', 7, true), absence(t1, '2026-08-01', 3), absence(t3, '2026-01-12', 7)]);
  const alert = (hours: string) => text(RECIPIENT_LOCALE, 'calendar.timelineAlert', { hours });
  await db.insert(timelineEntries).values([
    { triadId: t1, className: 'absence', titlePart1: 'Alice Martin', titlePart2: alert('36'), createdAt: at('2025-11-04') },
    { triadId: t1, className: 'absence', titlePart1: 'Alice Martin', titlePart2: alert('39'), createdAt: at('2026-08-02') },
    {
      triadId: t1,
      className: 'absence',
      titlePart1: 'Tina Tutrice',
      titlePart2: 'Absence du 06/10/2025',
      userId: tutor.id,
      createdAt: at('2025-10-07'),
    },
  ]);

  const [demoCourse] = await db
    .select({ id: trainingCourses.id })
    .from(trainingCourses)
    .where(eq(trainingCourses.archived, false))
    .limit(1);
  const mail = (values: Partial<typeof mailOutbox.$inferInsert> & { toAddress: string; createdAt: Date }) => ({
    platformId,
    trainingCourseId: courseId,
    kind: 'reminder',
    subject: 'Relance',
    text: 'Bonjour',
    status: 'sent',
    ...values,
  });
  await db
    .insert(mailOutbox)
    .values([
      mail({ toAddress: alice.email, createdAt: at('2025-10-14') }),
      mail({ toAddress: tutor.email.toUpperCase(), createdAt: at('2026-03-01') }),
      mail({ toAddress: alice.email, createdAt: at('2025-10-15'), status: 'failed' }),
      mail({ toAddress: alice.email, createdAt: at('2026-07-02') }),
      mail({ toAddress: alice.email, createdAt: at('2025-10-16'), kind: 'welcome' }),
      mail({ toAddress: alice.email, createdAt: at('2025-10-17'), trainingCourseId: demoCourse!.id }),
    ]);
  return {
    courseId,
    crewA: crewA!.id,
    crewB: crewB!.id,
    triads: { t1, t2, t3, t4, test },
    people: { alice, bruno, chloe, denis, tutor, master },
  };
}

export type QualiopiDataset = Awaited<ReturnType<typeof createQualiopiDataset>>;
