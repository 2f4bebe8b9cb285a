import { and, asc, count, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { absenceJustifications, calendarEvents, trainingCourses, trainings, triads } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { countUnreadMessages } from '../../services/unread-messages.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';
import { listQuestionnaireTodo } from '../questionnaire/todo.js';

/** What one person has to do on one platform this week (issue 20 §4). */
export type DigestItems = {
  questionnaires: {
    triadId: number;
    courseId: number;
    questionnaireId: number;
    title: string;
    apprentice: string | null;
    action: 'sign' | 'complete';
    dueDate: string | null;
  }[];
  /** The apprentice's absences with no justification sent or accepted, and not justified by the manager. */
  absences: { courseId: number; count: number }[];
  unreadMessages: number;
};

export const isEmpty = (items: DigestItems) =>
  items.questionnaires.length === 0 && items.absences.length === 0 && items.unreadMessages === 0;

/** The absences to justify of the triads where the person is the apprentice, per course. */
async function absencesToJustify(db: DbOrTx, caller: Caller) {
  const rows = await db
    .select({ courseId: calendarEvents.trainingCourseId, count: count() })
    .from(calendarEvents)
    .innerJoin(triads, eq(triads.id, calendarEvents.triadId))
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(
      and(
        eq(calendarEvents.type, 3),
        eq(calendarEvents.justified, false),
        eq(triads.apprenticeId, caller.userId),
        eq(triads.active, true),
        eq(trainingCourses.archived, false),
        eq(trainings.platformId, caller.platformId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(absenceJustifications)
            .where(and(eq(absenceJustifications.eventId, calendarEvents.id), inArray(absenceJustifications.status, [0, 1]))),
        ),
      ),
    )
    .groupBy(calendarEvents.trainingCourseId)
    .orderBy(asc(calendarEvents.trainingCourseId));
  return rows.map((row) => ({ courseId: row.courseId, count: Number(row.count) }));
}

/**
 * A person's to-do as the portal shows it: the questionnaires of the course list's to-do block
 * (GET /app/questionnaire/todo, read the same way), the absences to justify, the unread messages.
 */
export async function digestItemsOf(db: DbOrTx, caller: Caller, now: Date): Promise<DigestItems> {
  const [todo, absences, unreadMessages] = await Promise.all([
    listQuestionnaireTodo(db, caller, RECIPIENT_LOCALE, now),
    absencesToJustify(db, caller),
    countUnreadMessages(db, caller.userId, caller.platformId),
  ]);
  return {
    questionnaires: todo.items.map((item) => ({
      triadId: item.triad.id,
      courseId: item.triad.trainingCourseId,
      questionnaireId: item.questionnaire.id,
      title: item.questionnaire.title,
      apprentice: item.triad.apprenticeName,
      action: item.action,
      dueDate: item.dueDate,
    })),
    absences,
    unreadMessages,
  };
}
