import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { absenceConfigs, absenceJustifications, absenceReasons, calendarEvents, triads } from '../db/schema/index.js';

/** The demo's absence reasons and configuration (platform part of the seed): alerts past 35 unjustified hours. */
export async function insertDemoAbsenceSettings(tx: Tx, platformId: number): Promise<void> {
  await tx.insert(absenceReasons).values(
    [
      { label: 'Maladie', justifying: false },
      { label: 'Rendez-vous médical', justifying: false },
      { label: 'Transport', justifying: false },
      { label: 'Raison familiale', justifying: false },
      { label: 'Convocation officielle', justifying: true },
    ].map((reason, position) => ({ ...reason, platformId, position })),
  );
  await tx.insert(absenceConfigs).values({ platformId, alertThresholdHours: 35, dayHours: 7, allowAdvanceNotice: true });
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The Monday of the first week of September of the school year running at `today`. */
export function schoolYearStart(today: Date): Date {
  const year = today.getUTCMonth() >= 7 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const first = new Date(Date.UTC(year, 8, 1));
  first.setUTCDate(first.getUTCDate() + ((8 - first.getUTCDay()) % 7));
  return first;
}

const SUBJECTS = [
  { title: 'Développement web', subject: 'Informatique', teacher: 'M. Bernard', classroom: 'B12' },
  { title: 'Réseaux et systèmes', subject: 'Informatique', teacher: 'Mme Petit', classroom: 'B14' },
  { title: 'Mathématiques', subject: 'Enseignement général', teacher: 'M. Roux', classroom: 'A03' },
  { title: 'Culture économique', subject: 'Enseignement général', teacher: 'Mme Fournier', classroom: 'A05' },
];

/** School holidays (weeks without courses nor company days in the demo): Christmas and the summer. */
const isHoliday = (day: Date) =>
  (day.getUTCMonth() === 11 && day.getUTCDate() >= 20) || (day.getUTCMonth() === 0 && day.getUTCDate() <= 3) || day.getUTCMonth() === 7;

/**
 * A year of planning for each crew of the demo course (about 800 events): two course days a week, Monday and
 * Tuesday, morning and afternoon, and three company days; plus absences of the demo apprentice of several kinds
 * (unjustified, justified by an accepted certificate, refused, and one announced before the day).
 */
export async function insertDemoCalendar(
  tx: Tx,
  params: { platformId: number; courseId: number; crewIds: number[]; people: Map<string, number>; today?: Date },
): Promise<void> {
  const today = params.today ?? new Date();
  const start = schoolYearStart(today);
  const rows: (typeof calendarEvents.$inferInsert)[] = [];
  for (const [crewIndex, crewId] of params.crewIds.entries()) {
    for (let week = 0; week < 52; week++) {
      for (let weekday = 0; weekday < 5; weekday++) {
        const date = new Date(start.getTime() + (week * 7 + weekday) * 86_400_000);
        if (isHoliday(date)) continue;
        const day = dayOf(date);
        const common = { trainingCourseId: params.courseId, crewId };
        if (weekday < 2) {
          const morning = SUBJECTS[(week + weekday * 2 + crewIndex) % SUBJECTS.length]!;
          const afternoon = SUBJECTS[(week + weekday * 2 + crewIndex + 1) % SUBJECTS.length]!;
          rows.push({ ...common, ...morning, type: 1, startDate: `${day} 08:30:00`, endDate: `${day} 12:30:00`, hours: 4 });
          rows.push({ ...common, ...afternoon, type: 1, startDate: `${day} 13:30:00`, endDate: `${day} 17:00:00`, hours: 3.5 });
        } else {
          rows.push({ ...common, title: 'Entreprise', type: 0, startDate: `${day} 09:00:00`, endDate: `${day} 17:00:00`, hours: 7 });
        }
      }
    }
  }
  for (let at = 0; at < rows.length; at += 1000) await tx.insert(calendarEvents).values(rows.slice(at, at + 1000));

  const apprenticeIds = ['apprenti', 'apprenti2']
    .map((username) => params.people.get(username))
    .filter((id): id is number => id !== undefined);
  const demoTriads = await tx
    .select({ id: triads.id, apprenticeId: triads.apprenticeId })
    .from(triads)
    .where(and(eq(triads.trainingCourseId, params.courseId), inArray(triads.apprenticeId, apprenticeIds.length ? apprenticeIds : [0])));
  const demoTriad = demoTriads.find((triad) => triad.apprenticeId === params.people.get('apprenti'));
  if (!demoTriad) return;
  const reasons = new Map(
    (
      await tx
        .select({ id: absenceReasons.id, label: absenceReasons.label })
        .from(absenceReasons)
        .where(eq(absenceReasons.platformId, params.platformId))
    ).map((reason) => [reason.label, reason.id]),
  );
  const courseDay = (weeksAgo: number, weekday: number) => {
    const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ((today.getUTCDay() + 6) % 7)));
    return dayOf(new Date(monday.getTime() + (weekday - weeksAgo * 7) * 86_400_000));
  };
  const absence = (day: string, from: string, to: string, hours: number, extra: Partial<typeof calendarEvents.$inferInsert> = {}) => ({
    trainingCourseId: params.courseId,
    triadId: demoTriad.id,
    type: 3,
    title: 'Absence',
    startDate: `${day} ${from}:00`,
    endDate: `${day} ${to}:00`,
    hours,
    createdBy: params.people.get('manager') ?? null,
    ...extra,
  });
  const [, certified, refused, announced] = await tx
    .insert(calendarEvents)
    .values([
      absence(courseDay(3, 0), '08:30', '12:30', 4, { reasonId: reasons.get('Transport') ?? null }),
      absence(courseDay(2, 1), '08:30', '17:00', 7.5, { reasonId: reasons.get('Maladie') ?? null, justified: true }),
      absence(courseDay(1, 0), '13:30', '17:00', 3.5, { reasonId: reasons.get('Raison familiale') ?? null }),
      absence(courseDay(-1, 1), '13:30', '15:30', 2, {
        title: 'Absence annoncée',
        reasonId: reasons.get('Rendez-vous médical') ?? null,
        announced: true,
        createdBy: params.people.get('apprenti') ?? null,
      }),
    ])
    .returning({ id: calendarEvents.id });
  const apprenticeId = params.people.get('apprenti') ?? null;
  const managerId = params.people.get('manager') ?? null;
  await tx.insert(absenceJustifications).values([
    {
      eventId: certified!.id,
      authorId: apprenticeId,
      comment: 'Arrêt maladie de deux jours',
      status: 1,
      decidedBy: managerId,
      decidedAt: new Date(),
    },
    {
      eventId: refused!.id,
      authorId: apprenticeId,
      comment: 'Panne de réveil',
      status: 2,
      refusalReason: 'Motif non recevable',
      decidedBy: managerId,
      decidedAt: new Date(),
    },
    { eventId: announced!.id, authorId: apprenticeId, comment: 'Rendez-vous chez le dentiste', status: 0 },
  ]);
  const second = demoTriads.find((triad) => triad.apprenticeId !== params.people.get('apprenti'));
  if (second) await tx.insert(calendarEvents).values({ ...absence(courseDay(2, 0), '08:30', '12:30', 4), triadId: second.id });
}
