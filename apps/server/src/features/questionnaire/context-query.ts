import { and, asc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  answerComments,
  answers,
  questionnaireCategories,
  questionnaires,
  questions,
  replies,
  trainingCourses,
  trainings,
  triads,
} from '../../db/schema/index.js';
import type { CacheBus } from '../../services/shared-cache.js';
import { isCourseManager } from '../../services/triad-membership.js';
import type { AnswerRow, CommentRow, QuestionRow, ReplyRow } from './queries.js';

/**
 * One questionnaire call's data in one statement (issue 18): the triad with the caller's relations
 * to it (as services/triad-access.ts reads them), the questionnaire of the triad's course with its
 * category, the crews and triads it applies to, the rows the triad added to its open clusters, the
 * triad's replies with their writers' names and, for the view, their answers and the answers'
 * comments, aggregated as JSON. The questionnaire's own question tree changes only when it is edited:
 * it comes from the shared cache (topic 'questionnaire', decision 033).
 */

type Json = Record<string, unknown>;

/** A row read back from `to_json(table)`: the columns' driver mappings, except JSON columns, already parsed. */
export function jsonRowReader<T extends PgTable>(table: T): (json: Json) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = json[column.name];
      // A jsonb value arrives parsed: mapping it again would parse a string answer such as "35".
      row[key] =
        value === null || value === undefined
          ? null
          : column.columnType === 'PgJsonb' || column.columnType === 'PgJson'
            ? value
            : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}

const readTriad = jsonRowReader(triads);
const readQuestionnaire = jsonRowReader(questionnaires);
const readQuestion = jsonRowReader(questions);
const readReply = jsonRowReader(replies);
const readAnswer = jsonRowReader(answers);
const readComment = jsonRowReader(answerComments);

const userId = sql.placeholder('userId');
const platformId = sql.placeholder('platformId');

/** The JSON array of a subquery's rows (empty, not null, when it has none). */
const jsonArray = (aggregate: SQL) => sql<unknown[]>`coalesce((${aggregate}), '[]'::json)`;

/** One column of the statement, named so that a raw EXECUTE's rows carry the same keys. */
const column = <T>(expression: SQL, name: string) => sql<T>`${expression}`.as(name);

function buildSelect(db: DbOrTx, withAnswers: boolean) {
  const ofThisReplySet = sql`r.triad_id = ${triads.id} and r.questionnaire_id = ${questionnaires.id}`;
  const none = sql`'[]'::json`;
  return db
    .select({
      triad: column<Json>(sql`to_json(${triads})`, 'triad'),
      course: column<{ id: number; displayName: string; leaManagerColumn: boolean }>(
        sql`json_build_object('id', ${trainingCourses.id}, 'displayName', ${trainingCourses.displayName}, 'leaManagerColumn', ${trainingCourses.leaManagerColumn})`,
        'course',
      ),
      isManager: column<boolean>(isCourseManager(db, trainingCourses.id, userId as unknown as number), 'isManager'),
      isSecondary: column<boolean>(
        sql`exists (select 1 from triad_users tu where tu.triad_id = ${triads.id} and tu.user_id = ${userId})`,
        'isSecondary',
      ),
      onPlatform: column<boolean>(
        sql`exists (select 1 from user_platforms up where up.user_id = ${userId} and up.platform_id = ${platformId})`,
        'onPlatform',
      ),
      callerName: column<string | null>(sql`(select u.first_name || ' ' || u.last_name from users u where u.id = ${userId})`, 'callerName'),
      questionnaire: column<Json | null>(
        sql`case when ${questionnaires.id} is null then null else to_json(${questionnaires}) end`,
        'questionnaire',
      ),
      category: column<{ id: number; title: string; position: number } | null>(
        sql`case when ${questionnaireCategories.id} is null then null
          else json_build_object('id', ${questionnaireCategories.id}, 'title', ${questionnaireCategories.title}, 'position', ${questionnaireCategories.position}) end`,
        'category',
      ),
      crews: column<unknown[]>(
        jsonArray(
          sql`select json_agg(json_build_object('questionnaireId', qc.questionnaire_id, 'crewId', qc.crew_id, 'startDate', qc.start_date, 'endDate', qc.end_date))
            from questionnaire_crews qc where qc.questionnaire_id = ${questionnaires.id}`,
        ),
        'crews',
      ),
      linkedTriads: column<unknown[]>(
        jsonArray(sql`select json_agg(qt.triad_id) from questionnaire_triads qt where qt.questionnaire_id = ${questionnaires.id}`),
        'linkedTriads',
      ),
      triadItems: column<unknown[]>(
        jsonArray(
          sql`select json_agg(to_json(x) order by x.index, x.id) from questions x
            where x.questionnaire_id = ${questionnaires.id} and x.triad_id = ${triads.id}`,
        ),
        'triadItems',
      ),
      replies: column<unknown[]>(
        jsonArray(
          sql`select json_agg(json_build_object('reply', to_json(r), 'writerName', w.first_name || ' ' || w.last_name) order by r.id)
            from replies r left join users w on w.id = r.writer_user_id where ${ofThisReplySet}`,
        ),
        'replies',
      ),
      answers: column<unknown[]>(
        withAnswers
          ? jsonArray(
              sql`select json_agg(to_json(a) order by a.id) from answers a join replies r on r.id = a.reply_id where ${ofThisReplySet}`,
            )
          : none,
        'answers',
      ),
      comments: column<unknown[]>(
        withAnswers
          ? jsonArray(
              sql`select json_agg(json_build_object('comment', to_json(c), 'userName', cu.first_name || ' ' || cu.last_name)
                  order by c.created_at, c.id)
                from answer_comments c join answers a on a.id = c.answer_id join replies r on r.id = a.reply_id
                left join users cu on cu.id = c.user_id where ${ofThisReplySet}`,
            )
          : none,
        'comments',
      ),
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .leftJoin(
      questionnaires,
      and(eq(questionnaires.id, sql.placeholder('questionnaireId')), eq(questionnaires.trainingCourseId, triads.trainingCourseId)),
    )
    .leftJoin(questionnaireCategories, eq(questionnaireCategories.id, questionnaires.categoryId))
    .where(and(eq(triads.id, sql.placeholder('triadId')), eq(trainings.platformId, platformId)))
    .limit(1);
}

type Ids = { triadId: number; questionnaireId: number; platformId: number; userId: number };
type RawRow = Awaited<ReturnType<ReturnType<typeof buildSelect>['execute']>>[number];
type Runner = (ids: Ids) => Promise<RawRow[]>;

/**
 * A named prepared statement: each PostgreSQL connection plans it once, then keeps its plan; on PGlite
 * the client plans a repeated statement once in its single session (db/pglite-plans.ts).
 */
function runner(db: DbOrTx, withAnswers: boolean): Runner {
  const statement = buildSelect(db, withAnswers).prepare(withAnswers ? 'questionnaire_context_answers' : 'questionnaire_context');
  return (ids) => statement.execute(ids);
}

/** The runners of a handle (the app's database, or a transaction while it lasts). */
const runners = new WeakMap<DbOrTx, { plain?: Runner; answers?: Runner }>();

function runnerOf(db: DbOrTx, withAnswers: boolean): Runner {
  let entry = runners.get(db);
  if (!entry) {
    entry = {};
    runners.set(db, entry);
  }
  const key = withAnswers ? 'answers' : 'plain';
  return (entry[key] ??= runner(db, withAnswers));
}

export type ContextRow = NonNullable<Awaited<ReturnType<typeof readContextRow>>>;

/** The row of a triad of the caller's platform (null: no such triad there); `questionnaire` null when not of its course. */
export async function readContextRow(db: DbOrTx, ids: Ids, withAnswers: boolean) {
  const [row] = await runnerOf(db, withAnswers)(ids);
  if (!row) return null;
  return {
    triad: readTriad(row.triad),
    course: row.course,
    isManager: row.isManager,
    isSecondary: row.isSecondary,
    onPlatform: row.onPlatform,
    callerName: row.callerName,
    questionnaire: row.questionnaire === null ? null : readQuestionnaire(row.questionnaire),
    category: row.category,
    crews: row.crews as { questionnaireId: number; crewId: number; startDate: string | null; endDate: string | null }[],
    linkedTriadIds: row.linkedTriads as number[],
    triadItems: (row.triadItems as Json[]).map(readQuestion),
    replies: (row.replies as { reply: Json; writerName: string | null }[]).map((entry) => ({
      reply: readReply(entry.reply),
      writerName: entry.writerName,
    })),
    answers: (row.answers as Json[]).map(readAnswer) as AnswerRow[],
    comments: (row.comments as { comment: Json; userName: string | null }[]).map((entry) => ({
      comment: readComment(entry.comment) as CommentRow,
      userName: entry.userName,
    })),
  };
}

/** At most this many questionnaires' trees are kept per process. */
const TREE_CACHE_MAX = 500;

/** Awaited here: a query builder is a thenable that would run again at every await of the cached value. */
async function loadTemplateItems(db: DbOrTx, questionnaireId: number): Promise<QuestionRow[]> {
  return await db
    .select()
    .from(questions)
    .where(and(eq(questions.questionnaireId, questionnaireId), isNull(questions.triadId)))
    .orderBy(asc(questions.index), asc(questions.id));
}

/**
 * The questionnaire's own items (not the rows triads added), in index order. Cached when a cache
 * bus is given: shared by every request, never to be modified. Every write of a questionnaire's
 * items calls `cache.changed('questionnaire', id, tx)` in its transaction.
 */
export function templateItems(db: DbOrTx, cache: CacheBus | undefined, questionnaireId: number): Promise<QuestionRow[]> {
  if (!cache) return loadTemplateItems(db, questionnaireId);
  return cache.cache<QuestionRow[]>('questionnaire', TREE_CACHE_MAX).get(questionnaireId, () => loadTemplateItems(db, questionnaireId));
}

/** The template items and a triad's own rows, in the order `listQuestions` gives (index, then id). */
export function mergeItems(template: QuestionRow[], triadRows: QuestionRow[]): QuestionRow[] {
  if (triadRows.length === 0) return template;
  return [...template, ...triadRows].sort((a, b) => a.index - b.index || a.id - b.id);
}

export type { ReplyRow };
