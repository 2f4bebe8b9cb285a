import {
  interviewDateItem as sharedInterviewDateItem,
  PAPER_SIGNATURE_PROFILES,
  REPLY_STATUS,
  type Answer,
  type PaperSignatureSummary,
  type AnswerValue,
  type FileAnswer,
  type QuestionItem,
  type QuestionnaireView,
  type ReplySummary,
} from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import type { FileLinks } from '../../services/file-links.js';
import type { CacheBus } from '../../services/shared-cache.js';
import { storedItemAttributes } from '../../services/question-items.js';
import { INTERVIEW_DATE_ITEM_ID } from './answer-values.js';
import { loadQuestionnaireContext, type QuestionnaireContext } from './context.js';
import { listAnswerComments, listAnswers, listPaperSignatures, type AnswerRow, type QuestionRow, type ReplyRow } from './queries.js';
import { canReadReply, marksVisible } from './rules.js';
import { ALL_PROFILES, buildSummary, isProfileOpen, replyValues, windowOf } from './status.js';

type Comments = { comment: Awaited<ReturnType<typeof listAnswerComments>>[number]['comment']; userName: string | null }[];

export function toReplySummary(reply: ReplyRow, writerName: string | null, showMarks: boolean): ReplySummary {
  const hasMarks = showMarks && reply.totalMark !== null && reply.maximalMark !== null;
  return {
    id: reply.id,
    profile: reply.profile as ReplySummary['profile'],
    status: reply.status,
    version: reply.version,
    signedAt: reply.signedAt?.toISOString() ?? null,
    writerProfile: reply.profile as ReplySummary['profile'],
    writerName,
    interviewDate: reply.interviewDate,
    totalMark: hasMarks ? { mark: reply.totalMark as number, maximalMark: reply.maximalMark as number } : null,
  };
}

/** The replies the caller may read, keyed by profile. */
export function readableReplies(context: QuestionnaireContext): Map<number, ReplyRow> {
  const readable = new Map<number, ReplyRow>();
  for (const [profile, reply] of context.replies) {
    if (canReadReply(reply, context.profile, context.caller.userId)) readable.set(profile, reply);
  }
  return readable;
}

type ItemParts = Pick<QuestionItem, 'access' | 'valueList' | 'questions' | 'userAnswer' | 'answers' | 'writable'>;

/** A stored question item as the view shows it; the caller-dependent parts come from `parts`. */
export function questionItemOf(row: QuestionRow, parts: ItemParts): QuestionItem {
  return {
    ...storedItemAttributes(row),
    openedQuestionsAccess: row.openedQuestionsAccess as QuestionItem['openedQuestionsAccess'],
    ...parts,
  };
}

/**
 * Builds the caller's view of a loaded questionnaire (also the PDF's input). File answers link to
 * their file with the caller's signed `links`; the PDF, which names files without linking them, has none.
 */
export async function buildView(db: DbOrTx, context: QuestionnaireContext, links: FileLinks | null): Promise<QuestionnaireView> {
  const { questionnaire, profile } = context;
  const showMarks = marksVisible(questionnaire, profile);
  const readable = readableReplies(context);
  const replyById = new Map([...readable.values()].map((reply) => [reply.id, reply]));
  // Loaded with the context (the view's one statement), or read now (the PDF's callers).
  const answerRows = context.loaded
    ? context.loaded.answers.filter((row) => replyById.has(row.replyId))
    : await listAnswers(db, [...replyById.keys()]);
  const comments: Comments = context.loaded
    ? context.loaded.comments
    : await listAnswerComments(
        db,
        answerRows.map((row) => row.id),
      );
  const ownReply = profile === null ? null : (context.replies.get(profile) ?? null);
  const ownOpen = profile !== null && isProfileOpen(context, profile);

  const toAnswer = (row: AnswerRow, reply: ReplyRow): Answer => ({
    id: row.id,
    fieldId: row.questionId,
    value: row.fileId !== null && links ? withFileUrl(row.value as FileAnswer, links) : (row.value as AnswerValue),
    answerComment: row.answerComment,
    answerComments: commentsOf(comments, row.id),
    mark: showMarks ? row.mark : null,
    writerProfile: reply.profile as Answer['writerProfile'],
    writerName: context.writerNames.get(reply.id) ?? null,
    date: row.updatedAt.toISOString(),
  });
  const answersOf = (questionId: number) => {
    const list = answerRows
      .filter((row) => row.questionId === questionId)
      .map((row) => toAnswer(row, replyById.get(row.replyId) as ReplyRow));
    return {
      mine: list.find((answer) => answer.writerProfile === profile) ?? null,
      others: list.filter((answer) => answer.writerProfile !== profile),
    };
  };
  const ruleOf = new Map(context.questions.map((question) => [question.id, question]));
  const childrenOf = (parentId: number | null) => context.items.filter((item) => item.parentId === parentId);
  const toItem = (row: QuestionRow): QuestionItem => {
    const rule = ruleOf.get(row.id);
    const children = childrenOf(row.id).map(toItem);
    const { mine, others } = answersOf(row.id);
    const fieldWritable = row.itemType === 'field' && ownOpen && !!rule?.enabled && profile !== null && !!rule?.access.includes(profile);
    return questionItemOf(row, {
      access: rule?.access ?? row.access,
      valueList: showMarks ? row.valueList : row.valueList.map((entry) => ({ value: entry.value, mark: null })),
      questions: children,
      userAnswer: mine,
      answers: others,
      writable: row.itemType === 'cluster' ? children.some((child) => child.writable) : fieldWritable,
    });
  };
  const items = childrenOf(null).map(toItem);
  if (questionnaire.useInterviewDate && profile !== null && questionnaire.interviewDateVisibleBy.includes(profile)) {
    items.push(interviewDateItem(context, readable, ownOpen));
  }
  const lastReply: Record<string, ReplySummary | null> = {};
  for (const each of ALL_PROFILES) {
    const reply = readable.get(each);
    lastReply[String(each)] = reply ? toReplySummary(reply, context.writerNames.get(reply.id) ?? null, showMarks) : null;
  }
  return {
    ...buildSummary(context, replyValues(answerRows, ownReply?.id)),
    paperSignatures: await paperSignaturesOf(db, readable),
    description: questionnaire.description,
    message: questionnaire.message,
    active: questionnaire.active,
    locked: questionnaire.locked,
    visibleBy: questionnaire.visibleBy as QuestionnaireView['visibleBy'],
    marksVisibleBy: questionnaire.marksVisibleBy as QuestionnaireView['marksVisibleBy'],
    useComments: questionnaire.useComments,
    useInterviewDate: questionnaire.useInterviewDate,
    interviewDateLabel: questionnaire.interviewDateLabel,
    interviewDateVisibleBy: questionnaire.interviewDateVisibleBy as QuestionnaireView['interviewDateVisibleBy'],
    userDates: profile === null ? { startDate: null, endDate: null } : windowOf(context, profile),
    userCanExportPdf: true,
    userCanManage: context.access.canManage,
    questions: items,
    lastReply,
    userReply: ownReply ? toReplySummary(ownReply, context.writerNames.get(ownReply.id) ?? null, showMarks) : null,
  };
}

/** The paper signatures among the signed tutor's and master's replies shown (one more statement only when there are some). */
async function paperSignaturesOf(db: DbOrTx, readable: Map<number, ReplyRow>): Promise<PaperSignatureSummary[]> {
  const signed = [...readable.values()].filter(
    (reply) => reply.status === REPLY_STATUS.signed && (PAPER_SIGNATURE_PROFILES as readonly number[]).includes(reply.profile),
  );
  const profileOf = new Map(signed.map((reply) => [reply.id, reply.profile]));
  const rows = await listPaperSignatures(
    db,
    signed.map((reply) => reply.id),
  );
  return rows.flatMap((row) =>
    row.signedOn === null
      ? []
      : [
          {
            profile: profileOf.get(row.replyId)!,
            signedOn: row.signedOn,
            recordedBy: row.recordedBy,
            recordedAt: row.recordedAt.toISOString(),
          },
        ],
  );
}

const withFileUrl = (file: FileAnswer, links: FileLinks): FileAnswer => ({ ...file, url: links.download(file) });

function commentsOf(comments: Comments, answerId: number): Answer['answerComments'] {
  return comments
    .filter((row) => row.comment.answerId === answerId)
    .map((row) => ({
      id: row.comment.id,
      user: { fullName: row.userName ?? '' },
      writerProfile: row.comment.writerProfile as Answer['writerProfile'],
      value: row.comment.value,
      date: row.comment.createdAt.toISOString(),
    }));
}

/** The interview date as an item of type 11 (id 0, index 50000): each profile's reply carries its date. */
function interviewDateItem(context: QuestionnaireContext, readable: Map<number, ReplyRow>, ownOpen: boolean): QuestionItem {
  const { questionnaire, profile } = context;
  const answers: Answer[] = [...readable.values()]
    .filter((reply) => reply.interviewDate !== null && questionnaire.interviewDateVisibleBy.includes(reply.profile))
    .map((reply) => ({
      id: INTERVIEW_DATE_ITEM_ID,
      fieldId: INTERVIEW_DATE_ITEM_ID,
      value: reply.interviewDate,
      answerComment: null,
      answerComments: [],
      mark: null,
      writerProfile: reply.profile as Answer['writerProfile'],
      writerName: context.writerNames.get(reply.id) ?? null,
      date: reply.updatedAt.toISOString(),
    }));
  return {
    ...sharedInterviewDateItem(questionnaire),
    id: INTERVIEW_DATE_ITEM_ID,
    access: questionnaire.interviewDateVisibleBy as QuestionItem['access'],
    questions: [],
    userAnswer: answers.find((answer) => answer.writerProfile === profile) ?? null,
    answers: answers.filter((answer) => answer.writerProfile !== profile),
    writable: ownOpen,
  };
}

/** GET /app/questionnaire/{triad}/{questionnaire}. */
export async function getQuestionnaireView(
  db: DbOrTx,
  caller: Caller,
  params: { triadId: number; questionnaireId: number; profile?: number | undefined },
  links: FileLinks,
  now = new Date(),
  cache?: CacheBus,
): Promise<QuestionnaireView> {
  const context = await loadQuestionnaireContext(db, caller, params, { profile: params.profile, now, cache, withAnswers: true });
  return buildView(db, context, links);
}
