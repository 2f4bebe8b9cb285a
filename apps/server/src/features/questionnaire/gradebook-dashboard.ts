import { and, eq, gte, inArray } from 'drizzle-orm';
import {
  type DashboardFilter,
  type FileDownloadResponse,
  type Locale,
  type GradebookDashboardResponse,
  type GradebookEntry,
  type GradebookMark,
} from '@lea/shared';
import { profileTitlesOf, titleOf } from '../../services/profile-titles.js';
import type { DbOrTx } from '../../db/client.js';
import { answers, replies } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { badRequest } from '../../http/errors.js';
import {
  appliesTo,
  loadDashboardData,
  loadTemplateQuestions,
  replyOf,
  type DashboardData,
  type DashboardQuestionnaire,
  type DashboardTriadRow,
} from './dashboard-data.js';
import { dashboardCourse, groupByCategory } from './dashboard.js';
import { download, orderedTriads, triadCells, triadHeaders } from './dashboard-export.js';
import { text, textRef } from '../../texts/index.js';
import { answerMark, questionMaximum, replyMarks, type RuleQuestion } from './rules.js';
import { resolveRuleQuestions } from './status.js';

const SHARED = 2;
const PROFILES = [1, 2, 3, 4] as const;

type Marks = {
  data: DashboardData;
  /** The questionnaires with marked fields, with their resolved items. */
  marked: { entry: DashboardQuestionnaire; questions: RuleQuestion[] }[];
  /** replyId → questionId → mark. */
  answerMarks: Map<number, Map<number, number | null>>;
};

/**
 * The marks of every shared or signed reply, computed from the stored answers and the current items
 * with the questionnaire rules (answerMark, replyMarks): an edited value list shows at once.
 */
async function loadMarks(db: DbOrTx, caller: Caller, courseId: number, filter: DashboardFilter): Promise<Marks> {
  const data = await loadDashboardData(db, caller, courseId, filter);
  const items = await loadTemplateQuestions(
    db,
    data.questionnaires.map((entry) => entry.questionnaire.id),
  );
  const marked = data.questionnaires
    .map((entry) => ({ entry, questions: resolveRuleQuestions(items.filter((item) => item.questionnaireId === entry.questionnaire.id)) }))
    .filter(({ questions }) => questions.some((question) => question.itemType === 'field' && questionMaximum(question) !== null));
  const byId = new Map(marked.flatMap(({ questions }) => questions).map((question) => [question.id, question]));
  const answerMarks = new Map<number, Map<number, number | null>>();
  if (marked.length > 0) {
    const rows = await db
      .select({ replyId: answers.replyId, questionId: answers.questionId, value: answers.value })
      .from(answers)
      .innerJoin(replies, eq(replies.id, answers.replyId))
      .where(
        and(
          inArray(
            replies.questionnaireId,
            marked.map(({ entry }) => entry.questionnaire.id),
          ),
          gte(replies.status, SHARED),
          inArray(answers.questionId, [...byId.keys()]),
        ),
      );
    for (const row of rows) {
      const marks = answerMarks.get(row.replyId) ?? new Map<number, number | null>();
      answerMarks.set(row.replyId, marks);
      marks.set(row.questionId, answerMark(byId.get(row.questionId) as RuleQuestion, row.value));
    }
  }
  return { data, marked, answerMarks };
}

function markOf(
  marks: Marks,
  questions: RuleQuestion[],
  entry: DashboardQuestionnaire,
  triad: DashboardTriadRow,
  profile: number,
): GradebookMark | null {
  const reply = replyOf(marks.data, entry.questionnaire.id, triad.id, profile);
  if (!reply || reply.status < SHARED) return null;
  const total = replyMarks(questions, profile, marks.answerMarks.get(reply.id) ?? new Map());
  return total === null ? null : { ...total, status: reply.status };
}

function entryOf(marks: Marks, questions: RuleQuestion[], entry: DashboardQuestionnaire, triad: DashboardTriadRow): GradebookEntry {
  const cell = (profile: number) => markOf(marks, questions, entry, triad, profile);
  return { apprentice: cell(1), tutor: cell(2), apprenticeMaster: cell(3), leaManager: cell(4) };
}

/** GET …/gradebook-dashboard: the dashboard's shape with marks instead of icons, marked questionnaires only. */
export async function getGradebookDashboard(
  db: DbOrTx,
  caller: Caller,
  courseId: number,
  filter: DashboardFilter,
  locale: Locale,
): Promise<GradebookDashboardResponse> {
  const marks = await loadMarks(db, caller, courseId, filter);
  const questionsOf = new Map(marks.marked.map(({ entry, questions }) => [entry.questionnaire.id, questions]));
  const categories = groupByCategory(
    marks.marked.map(({ entry }) => entry),
    (entry) => {
      const questions = questionsOf.get(entry.questionnaire.id) ?? [];
      const dashboardData: Record<string, GradebookEntry> = {};
      for (const triad of marks.data.triads)
        if (appliesTo(entry, triad)) dashboardData[String(triad.id)] = entryOf(marks, questions, entry, triad);
      const { questionnaire } = entry;
      return {
        id: questionnaire.id,
        title: questionnaire.title,
        year: questionnaire.year,
        signedBy: questionnaire.signedBy,
        dashboardData,
      };
    },
    locale,
  );
  return { categories, trainingCourse: dashboardCourse(marks.data, filter, locale) };
}

/** The marked questionnaires of a course among `ids` (the filter form offers only these). */
export async function markedQuestionnaireIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  const items = await loadTemplateQuestions(db, ids);
  const marked = new Set<number>();
  for (const id of ids) {
    const questions = resolveRuleQuestions(items.filter((item) => item.questionnaireId === id));
    if (questions.some((question) => question.itemType === 'field' && questionMaximum(question) !== null)) marked.add(id);
  }
  return marked;
}

/** GET …/gradebook-dashboard/export: per triad, one column per questionnaire and profile with `mark / maximum`. */
export async function exportGradebookDashboard(
  db: DbOrTx,
  caller: Caller,
  params: { courseId: number; filter: DashboardFilter; locale: 'fr' | 'en' },
): Promise<FileDownloadResponse> {
  const marks = await loadMarks(db, caller, params.courseId, params.filter);
  if (marks.data.triads.length === 0 || marks.marked.length === 0) throw badRequest(textRef('dashboard.noData'));
  const columns = marks.marked.flatMap(({ entry, questions }) =>
    PROFILES.filter((profile) => questions.some((question) => question.access.includes(profile) && questionMaximum(question) !== null)).map(
      (profile) => ({ entry, questions, profile }),
    ),
  );
  const titles = (await profileTitlesOf(db, marks.data.course.platformId))[params.locale];
  const headers = [
    ...triadHeaders(params.locale, titles),
    ...columns.map(({ entry, profile }) => `${entry.questionnaire.title} – ${titleOf(titles, profile)}`),
  ];
  const rows = orderedTriads(marks.data, params.locale).map((item) => [
    ...triadCells(item, params.locale),
    ...columns.map(({ entry, questions, profile }) => {
      const mark = appliesTo(entry, item.triad) ? markOf(marks, questions, entry, item.triad, profile) : null;
      return mark === null ? null : `${mark.mark} / ${mark.maximalMark}`;
    }),
  ]);
  return download(
    `lea-tableau-notes-${marks.data.course.id}-${new Date().toISOString().slice(0, 10)}.xlsx`,
    text(params.locale, 'dashboard.marks'),
    headers,
    rows,
  );
}
