import { asc, eq } from 'drizzle-orm';
import { FIELD_TYPE, QuestionnaireEditorBody, type EditorQuestion, type GeneratedQuestionnaireResponse, type Locale } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { questionnaireCategories } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import { resolveManagedCourse } from '../../services/managed-course.js';
import { DEFAULT_SKILL_ROLES, isSessionOpen, loadSkillConfig, skillLevels } from '../../services/skill-levels.js';
import { text, textRef } from '../../texts/index.js';
import { sessionCategories } from '../../services/skill-session-links.js';
import { listCourseSessions, type SessionRow } from './queries.js';

/** The editor's limit of top-level items (QuestionnaireEditorBody.questions). */
const MAX_ITEMS = 500;

/** The session asked for, or the current one (open today, else the last): 404 when the course has none such. */
function pickSession(sessions: SessionRow[], sessionId: number | undefined): SessionRow {
  const today = new Date().toISOString().slice(0, 10);
  const session =
    sessionId === undefined
      ? (sessions.find((entry) => isSessionOpen(entry, today)) ?? sessions.at(-1))
      : sessions.find((entry) => entry.id === sessionId);
  if (!session) throw notFound(textRef('skill.sessionNotFound'));
  return session;
}

/** One choice per level (1..maxSkillLevel) with the course's label, its mark the level; a repeated label gets its level. */
function levelChoices(labels: { level: number; label: string }[]) {
  const seen = new Set<string>();
  return labels.map(({ level, label }) => {
    const value = seen.has(label) ? `${label} (${level})` : label;
    seen.add(value);
    return { value: value.slice(0, 500), mark: level };
  });
}

/**
 * `GET /app/lea-manager/{course}/skill/generate-questionnaire[/{session}]` (spec 3 §2.1): the
 * editor body of a questionnaire rating the session's skills — one title block per category
 * holding skills, one unique-choice field per skill (its levels as choices, marked with the
 * level) linked to the skill by `fieldSkills` (coefficient 1), open to the course's skill roles
 * during the session's dates. Nothing is written: the editor saves it with `?skillSession=`.
 */
export async function generateQuestionnaire(
  db: DbOrTx,
  caller: Caller,
  courseId: number,
  sessionId: number | undefined,
  locale: Locale,
): Promise<GeneratedQuestionnaireResponse> {
  const course = await resolveManagedCourse(db, caller, courseId, { access: 'MODULE_LEA_SKILL', need: 'view' });
  const sessions = await listCourseSessions(db, course.id);
  const session = pickSession(sessions, sessionId);
  const current = pickSession(sessions, undefined);
  const [config, categories, [firstCategory]] = await Promise.all([
    loadSkillConfig(db, course.id),
    sessionCategories(db, course.id, session.id),
    db
      .select({ id: questionnaireCategories.id })
      .from(questionnaireCategories)
      .where(eq(questionnaireCategories.trainingCourseId, course.id))
      .orderBy(asc(questionnaireCategories.position), asc(questionnaireCategories.title))
      .limit(1),
  ]);
  const roles = config.skillRoles.filter((role) => role >= 1 && role <= 4);
  const access = roles.length > 0 ? [...roles].sort() : DEFAULT_SKILL_ROLES;
  const choices = levelChoices(skillLevels(config, locale));
  const questions: Partial<EditorQuestion>[] = [];
  for (const category of categories) {
    if (category.skills.length === 0) continue;
    questions.push({ itemType: 'title', title: category.path.slice(0, 5000) });
    for (const skill of category.skills) {
      questions.push({
        itemType: 'field',
        type: FIELD_TYPE.uniqueChoice,
        title: skill.name.slice(0, 5000),
        tip: skill.tooltip ? skill.tooltip.slice(0, 5000) : null,
        tipActive: Boolean(skill.tooltip),
        access,
        displayMark: true,
        valueList: choices,
        fieldSkills: [{ skill: { id: skill.id }, coefficient: 1 }],
      });
    }
  }
  const questionnaire = QuestionnaireEditorBody.parse({
    title: text(locale, 'skillManage.generate.title', { session: session.name }).slice(0, 255),
    category: firstCategory ? { id: firstCategory.id } : null,
    visibleBy: [1, 2, 3, 4],
    signedBy: [4],
    marksVisibleBy: [4],
    allProfileDates: true,
    accessDates: { all: { startDate: session.startDate, endDate: session.endDate }, 1: null, 2: null, 3: null, 4: null },
    questions: questions.slice(0, MAX_ITEMS).map((item, index) => ({ ...item, index })),
  });
  return {
    session: { id: session.id, name: session.name },
    sessions: sessions.map((entry) => ({ id: entry.id, name: entry.name, current: entry.id === current.id })),
    questionnaire,
  };
}
