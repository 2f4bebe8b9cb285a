import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  courseAbsenceConfigs,
  crews,
  questionnaireCategories,
  questionnaireCrews,
  questionnaires,
  questions,
  trainingCourseManagers,
  trainingCourseModules,
  trainingCourseSettings,
  trainingCourses,
} from '../../db/schema/index.js';

type Course = typeof trainingCourses.$inferSelect;

/** A row without its id (and creation date): what a copy inserts. */
function withoutId<T extends { id: number }>(row: T): Omit<T, 'id' | 'createdAt' | 'updatedAt'> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...rest } = row as T & { createdAt?: unknown; updatedAt?: unknown };
  return rest;
}

/** `2025-09-01` a year later; other values as they are. */
const nextYearDate = (value: string | null) =>
  value && /^\d{4}-/.test(value) ? `${Number(value.slice(0, 4)) + 1}${value.slice(4)}` : value;

/** The display name of the copy: its years moved on when it is next year's, else marked as a copy. */
function copyName(course: Course, nextYear: boolean): string {
  if (!nextYear) return `${course.displayName} (copie)`.slice(0, 255);
  return course.displayName.replace(/\b(20\d{2})\b/g, (year) => String(Number(year) + 1)).slice(0, 255);
}

/** Copies a questionnaire's items (fields, clusters and their rows), parents before children; rows a triad added stay. */
async function copyQuestions(tx: Tx, fromId: number, toId: number): Promise<void> {
  const items = await tx
    .select()
    .from(questions)
    .where(and(eq(questions.questionnaireId, fromId), isNull(questions.triadId)))
    .orderBy(asc(questions.id));
  const newIds = new Map<number, number>();
  let pending = items;
  while (pending.length > 0) {
    const ready = pending.filter((item) => item.parentId === null || newIds.has(item.parentId));
    if (ready.length === 0) break; // a parent that is a triad's own row: its children stay with it
    for (const item of ready) {
      const [row] = await tx
        .insert(questions)
        .values({ ...withoutId(item), questionnaireId: toId, parentId: item.parentId === null ? null : newIds.get(item.parentId)! })
        .returning({ id: questions.id });
      newIds.set(item.id, row!.id);
    }
    pending = pending.filter((item) => !newIds.has(item.id));
  }
}

/**
 * Duplicates a training course (issue 13 §3, spec 3 §7.2 `duplicate/{id}?nextYear=1`): its
 * configuration, menu, modules, skin and absence settings, managers, crews, questionnaire
 * categories and questionnaires with their questions and crews are copied; its triads, replies
 * and documents are not. For next year, the years and the questionnaires' dates move on by one.
 * Runs in the caller's transaction; answers the new course's id.
 */
export async function duplicateCourse(tx: Tx, course: Course, nextYear: boolean): Promise<number> {
  const shift = nextYear ? 1 : 0;
  const [created] = await tx
    .insert(trainingCourses)
    .values({
      ...withoutId(course),
      displayName: copyName(course, nextYear),
      startYear: course.startYear === null ? null : course.startYear + shift,
      endYear: course.endYear === null ? null : course.endYear + shift,
      archived: false,
    })
    .returning({ id: trainingCourses.id });
  const to = created!.id;

  const managers = await tx.select().from(trainingCourseManagers).where(eq(trainingCourseManagers.trainingCourseId, course.id));
  if (managers.length > 0) await tx.insert(trainingCourseManagers).values(managers.map((row) => ({ ...row, trainingCourseId: to })));
  const modules = await tx.select().from(trainingCourseModules).where(eq(trainingCourseModules.trainingCourseId, course.id));
  if (modules.length > 0)
    await tx.insert(trainingCourseModules).values(modules.map((row) => ({ ...withoutId(row), trainingCourseId: to })));
  const settings = await tx.select().from(trainingCourseSettings).where(eq(trainingCourseSettings.trainingCourseId, course.id));
  if (settings.length > 0) await tx.insert(trainingCourseSettings).values(settings.map((row) => ({ ...row, trainingCourseId: to })));
  const absence = await tx.select().from(courseAbsenceConfigs).where(eq(courseAbsenceConfigs.trainingCourseId, course.id));
  if (absence.length > 0) await tx.insert(courseAbsenceConfigs).values(absence.map((row) => ({ ...row, trainingCourseId: to })));

  const crewIds = new Map<number, number>();
  for (const crew of await tx.select().from(crews).where(eq(crews.trainingCourseId, course.id)).orderBy(asc(crews.id))) {
    const [row] = await tx
      .insert(crews)
      .values({ ...withoutId(crew), trainingCourseId: to })
      .returning({ id: crews.id });
    crewIds.set(crew.id, row!.id);
  }
  const categoryIds = new Map<number, number>();
  const categories = await tx
    .select()
    .from(questionnaireCategories)
    .where(eq(questionnaireCategories.trainingCourseId, course.id))
    .orderBy(asc(questionnaireCategories.id));
  for (const category of categories) {
    const [row] = await tx
      .insert(questionnaireCategories)
      .values({ ...withoutId(category), trainingCourseId: to })
      .returning({ id: questionnaireCategories.id });
    categoryIds.set(category.id, row!.id);
  }

  const questionnaireIds = new Map<number, number>();
  const sources = await tx
    .select()
    .from(questionnaires)
    .where(eq(questionnaires.trainingCourseId, course.id))
    .orderBy(asc(questionnaires.id));
  for (const source of sources) {
    const accessDates: typeof source.accessDates = nextYear
      ? (Object.fromEntries(
          Object.entries(source.accessDates).map(([profile, window]) => [
            profile,
            window ? { ...window, startDate: nextYearDate(window.startDate), endDate: nextYearDate(window.endDate) } : window,
          ]),
        ) as typeof source.accessDates)
      : source.accessDates;
    const [row] = await tx
      .insert(questionnaires)
      .values({
        ...withoutId(source),
        trainingCourseId: to,
        categoryId: source.categoryId === null ? null : (categoryIds.get(source.categoryId) ?? null),
        accessDates,
        completenessDate: nextYear ? nextYearDate(source.completenessDate) : source.completenessDate,
        firstReminder: nextYear ? nextYearDate(source.firstReminder) : source.firstReminder,
        secondReminder: nextYear ? nextYearDate(source.secondReminder) : source.secondReminder,
        firstReminderSentAt: null,
        secondReminderSentAt: null,
      })
      .returning({ id: questionnaires.id });
    questionnaireIds.set(source.id, row!.id);
    await copyQuestions(tx, source.id, row!.id);
  }
  for (const source of sources) {
    const secondary = source.secondaryQuestionnaireIds.map((id) => questionnaireIds.get(id)).filter((id): id is number => id !== undefined);
    if (secondary.length > 0)
      await tx
        .update(questionnaires)
        .set({ secondaryQuestionnaireIds: secondary })
        .where(eq(questionnaires.id, questionnaireIds.get(source.id)!));
  }
  const sourceIds = [...questionnaireIds.keys()];
  if (sourceIds.length > 0) {
    const links = await tx.select().from(questionnaireCrews).where(inArray(questionnaireCrews.questionnaireId, sourceIds));
    const copies = links.map((link) => ({
      questionnaireId: questionnaireIds.get(link.questionnaireId)!,
      crewId: crewIds.get(link.crewId)!,
      startDate: nextYear ? nextYearDate(link.startDate) : link.startDate,
      endDate: nextYear ? nextYearDate(link.endDate) : link.endDate,
    }));
    if (copies.length > 0) await tx.insert(questionnaireCrews).values(copies);
  }
  return to;
}
