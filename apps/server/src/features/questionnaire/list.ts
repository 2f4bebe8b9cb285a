import { REPLY_STATUS, type Locale, type QuestionnaireList, type QuestionnaireSummary } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { occupiedProfiles, resolveTriadAccess } from '../../services/triad-access.js';
import { chooseProfile, crewDatesOf, repliesByProfile } from './context.js';
import { listAnswers, listCourseQuestionnaires, listQuestionnaireLinks, listQuestions, listReplies } from './queries.js';
import { appliesToTriad, canSeeQuestionnaire, parisDate } from './rules.js';
import { buildSummary, replyValues, resolveRuleQuestions, rulesOf, type QuestionnaireCategory } from './status.js';
import { text } from '../../texts/index.js';

type Group = { category: QuestionnaireCategory | null; questionnaires: QuestionnaireSummary[] };

/** Years ascending; in a year, categories by position then title, the uncategorised last. */
function groupByYear(
  entries: { category: QuestionnaireCategory | null; summary: QuestionnaireSummary }[],
  noCategory: string,
): QuestionnaireList['years'] {
  const years = new Map<number, Map<number | null, Group>>();
  for (const { category, summary } of entries) {
    const groups = years.get(summary.year) ?? new Map<number | null, Group>();
    years.set(summary.year, groups);
    const key = category?.id ?? null;
    const group = groups.get(key) ?? { category, questionnaires: [] };
    groups.set(key, group);
    group.questionnaires.push(summary);
  }
  const rank = (group: Group) => [group.category === null ? 1 : 0, group.category?.position ?? 0, group.category?.title ?? ''] as const;
  return [...years.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, groups]) => ({
      year,
      categories: [...groups.values()]
        .sort((a, b) => {
          const [ra, rb] = [rank(a), rank(b)];
          return ra[0] - rb[0] || ra[1] - rb[1] || ra[2].localeCompare(rb[2], 'fr');
        })
        .map((group) => ({
          id: group.category?.id ?? null,
          title: group.category?.title ?? noCategory,
          questionnaires: group.questionnaires,
        })),
    }));
}

/** GET /app/questionnaire/list/{triad}: the questionnaires the caller sees in the triad, with every status. */
export async function listTriadQuestionnaires(
  db: DbOrTx,
  caller: Caller,
  params: { triadId: number; profile?: number | undefined; locale: Locale },
  now = new Date(),
): Promise<QuestionnaireList> {
  const access = await resolveTriadAccess(db, caller, params.triadId);
  const profile = chooseProfile(access.roles, params.profile);
  const candidates = (await listCourseQuestionnaires(db, { courseId: access.course.id })).filter((row) => row.questionnaire.active);
  const ids = candidates.map((row) => row.questionnaire.id);
  const [links, items, replyRows] = await Promise.all([
    listQuestionnaireLinks(db, ids),
    listQuestions(db, ids, access.triad.id),
    listReplies(db, { triadId: access.triad.id, questionnaireIds: ids }),
  ]);
  // The caller's unsigned replies' answers: whether their part is complete decides the to-do's action.
  const ownReplies = replyRows.map((row) => row.reply).filter((reply) => reply.profile === profile && reply.status !== REPLY_STATUS.signed);
  const ownAnswers = await listAnswers(
    db,
    ownReplies.map((reply) => reply.id),
  );
  const today = parisDate(now);
  const present = occupiedProfiles(access.triad);
  const entries = [];
  for (const { questionnaire, category } of candidates) {
    const applies = appliesToTriad(
      {
        crewIds: links.crews.filter((crew) => crew.questionnaireId === questionnaire.id).map((crew) => crew.crewId),
        triadIds: links.triads.filter((triad) => triad.questionnaireId === questionnaire.id).map((triad) => triad.triadId),
      },
      access.triad,
    );
    if (!canSeeQuestionnaire(rulesOf(questionnaire), applies, profile, access.canManage)) continue;
    const replies = repliesByProfile(replyRows, questionnaire.id);
    const ownReplyId = profile === null ? undefined : replies.get(profile)?.id;
    const summary = buildSummary(
      {
        questionnaire,
        category,
        questions: resolveRuleQuestions(items.filter((item) => item.questionnaireId === questionnaire.id)),
        crewDates: crewDatesOf(links.crews, questionnaire.id, access.triad.crewId),
        replies,
        profile,
        present,
        today,
        admin: caller.admin,
      },
      replyValues(ownAnswers, ownReplyId),
    );
    entries.push({ category, summary });
  }
  return { leaManagerColumn: access.course.leaManagerColumn, years: groupByYear(entries, text(params.locale, 'questionnaire.noCategory')) };
}
