import { and, asc, eq, sql } from 'drizzle-orm';
import type { Locale, QuestionnaireTodoItem, QuestionnaireTodoResponse } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { trainingCourses, trainings, triads, users } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { isTriadMember } from '../../services/triad-membership.js';
import { listTriadQuestionnaires } from './list.js';

/** The active triads of the caller's active courses on the platform that the caller belongs to. */
async function listMemberTriads(db: DbOrTx, caller: Caller) {
  return db
    .select({
      id: triads.id,
      trainingCourseId: triads.trainingCourseId,
      apprenticeName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .leftJoin(users, eq(users.id, triads.apprenticeId))
    .where(
      and(
        eq(trainings.platformId, caller.platformId),
        eq(triads.active, true),
        eq(trainingCourses.archived, false),
        isTriadMember(db, triads, caller.userId),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(triads.id));
}

/**
 * GET /app/questionnaire/todo: the dashboard's to-do of every triad the caller is a member of, in one
 * list (the training course list's side block, spec 2 §2). Each triad is read as the questionnaire
 * list reads it, so the block and the dashboards never disagree.
 */
export async function listQuestionnaireTodo(
  db: DbOrTx,
  caller: Caller,
  locale: Locale,
  now = new Date(),
): Promise<QuestionnaireTodoResponse> {
  const items: QuestionnaireTodoItem[] = [];
  for (const triad of await listMemberTriads(db, caller)) {
    const list = await listTriadQuestionnaires(db, caller, { triadId: triad.id, locale }, now);
    for (const summary of list.years.flatMap((year) => year.categories.flatMap((category) => category.questionnaires))) {
      if (summary.userTodo) items.push({ triad, questionnaire: { id: summary.id, title: summary.title }, ...summary.userTodo });
    }
  }
  // The nearest due date first, undated last; ties keep the triads' order.
  return { items: items.sort((a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999')) };
}
