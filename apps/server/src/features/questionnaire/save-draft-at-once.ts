import { FIELD_TYPE, REPLY_STATUS, type SaveReplyRequest } from '@lea/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { replies } from '../../db/schema/index.js';
import type { RequestMeta } from '../../http/write-meta.js';
import { jsonRowReader } from './context-query.js';
import type { QuestionnaireContext } from './context.js';
import type { ReplyRow } from './queries.js';
import { answerMark, markedFields, replyMarks } from './rules.js';
import type { PreparedAnswer } from './save-checks.js';
import { isProfileOpen } from './status.js';

const readReply = jsonRowReader(replies);

/**
 * The everyday save, a private draft of a reply that exists, in one statement (issue 18,
 * docs/performance.md): the reply locked `for update`, its version and status checked, the answers
 * deleted and upserted, the reply's version, writer and marks updated, and the commit made without
 * waiting for the disk, as the transaction of `saveReply` does for a private draft. Null when the
 * statement wrote nothing (another save came first, the reply was signed meanwhile): the caller then
 * takes the general path, which answers the conflict (or the repeat of a lost save) as before.
 *
 * Only for a save that needs nothing else: not impersonated (no history row), no file answer to
 * resolve, the reply's version as the caller sent it and its window open (the general path refuses
 * the others with their usual codes).
 */
export async function saveDraftAtOnce(
  db: Db,
  context: QuestionnaireContext,
  meta: RequestMeta,
  body: SaveReplyRequest,
  prepared: PreparedAnswer[],
  now: Date,
): Promise<ReplyRow | null> {
  const profile = body.profile;
  const reply = context.replies.get(profile);
  const eligible =
    body.draft === REPLY_STATUS.draft &&
    meta.impersonatorId === null &&
    reply !== undefined &&
    reply.version === body.version &&
    reply.status !== REPLY_STATUS.signed &&
    !prepared.some((answer) => answer.question.type === FIELD_TYPE.file && answer.value !== null) &&
    isProfileOpen(context, profile);
  if (!eligible) return null;

  const written = prepared.filter((answer) => answer.value !== null);
  const touched = prepared.map((answer) => answer.question.id);
  // The reply's marks: the marked questions' stored marks, those of this save replacing theirs.
  const totals = replyMarks(context.questions, profile, new Map());
  const markedIds = markedFields(context.questions, profile).map((question) => question.id);
  const rows = written.map((answer) => ({
    question_id: answer.question.id,
    value: answer.value,
    answer_comment: answer.answerComment ?? null,
    mark: answerMark(answer.question, answer.value),
  }));
  const writtenMarks = rows.filter((row) => markedIds.includes(row.question_id)).reduce((sum, row) => sum + (row.mark ?? 0), 0);
  const input = JSON.stringify({
    answers: rows,
    deleted: prepared.filter((answer) => answer.value === null).map((answer) => answer.question.id),
    marked: markedIds,
    touched,
  });
  const stamp = now.toISOString();
  const interviewDate =
    body.interviewDate === undefined ? sql`r.interview_date` : body.interviewDate === null ? sql`null` : sql`${body.interviewDate}::date`;
  const totalMark = totals
    ? sql`${writtenMarks}::numeric + coalesce((select sum(a.mark) from answers a, input
        where a.reply_id = r.id
          and a.question_id in (select (jsonb_array_elements_text(input.doc -> 'marked'))::integer)
          and a.question_id not in (select (jsonb_array_elements_text(input.doc -> 'touched'))::integer)), 0)`
    : sql`null`;
  const maximalMark = totals ? sql`${totals.maximalMark}::numeric` : sql`null`;

  const result = (await db.execute(sql`with input as (select ${input}::jsonb as doc),
    locked as (select r.id, r.version, r.status from replies r where r.id = ${reply.id} for update),
    ok as (select id from locked where version = ${body.version} and status <> ${REPLY_STATUS.signed}),
    removed as (
      delete from answers a using ok, input
      where a.reply_id = ok.id and a.question_id in (select (jsonb_array_elements_text(input.doc -> 'deleted'))::integer)
    ),
    written as (
      insert into answers (reply_id, question_id, value, file_id, answer_comment, mark, updated_at)
      select ok.id, x.question_id, x.value, null, x.answer_comment, x.mark, ${stamp}::timestamptz
      from ok, input, jsonb_to_recordset(input.doc -> 'answers') as x(question_id integer, value jsonb, answer_comment text, mark numeric)
      on conflict (reply_id, question_id) do update set value = excluded.value, file_id = excluded.file_id,
        answer_comment = excluded.answer_comment, mark = excluded.mark, updated_at = excluded.updated_at
    ),
    updated as (
      update replies r set status = greatest(r.status, ${REPLY_STATUS.draft}), version = r.version + 1,
        writer_user_id = ${context.caller.userId}, interview_date = ${interviewDate}, total_mark = ${totalMark},
        maximal_mark = ${maximalMark}, signed_at = null, updated_at = ${stamp}::timestamptz
      from ok where r.id = ok.id
      returning r.*
    )
    select to_json(u) as reply, set_config('synchronous_commit', 'off', true) as commit_mode from updated u`)) as unknown as {
    rows: { reply: Record<string, unknown> }[];
  };
  const [row] = result.rows;
  return row ? readReply(row.reply) : null;
}
