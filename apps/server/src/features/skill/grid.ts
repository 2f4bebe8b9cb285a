import { PROFILE, type Locale, type SkillAnswerView, type SkillCategoryView, type SkillListResponse, type SkillView } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { FileLinks } from '../../services/file-links.js';
import type { SkillAccess } from './access.js';
import { isSessionOpen, skillLevels } from '../../services/skill-levels.js';
import {
  findLastSkillReply,
  listCourseCategories,
  listCourseSessions,
  listCourseSkills,
  listFiles,
  listSessionRoots,
  listTriadAnswers,
  type CategoryRow,
  type SkillRow,
} from './queries.js';
import { computedLevels, listComputedInputs } from '../../services/computed-skills.js';

type AnswerKey = `${number}:${number}:${number}`;
const answerKey = (sessionId: number, skillId: number, profile: number): AnswerKey => `${sessionId}:${skillId}:${profile}`;

/** The categories of a session as trees: its roots, their daughters recursively, with their skills and answers. */
function buildTrees(
  roots: CategoryRow[],
  categories: CategoryRow[],
  skillsOf: Map<number, SkillRow[]>,
  toSkill: (skill: SkillRow) => SkillView,
): SkillCategoryView[] {
  const daughtersOf = new Map<number, CategoryRow[]>();
  for (const category of categories) {
    if (category.motherId === null) continue;
    daughtersOf.set(category.motherId, [...(daughtersOf.get(category.motherId) ?? []), category]);
  }
  const build = (category: CategoryRow, seen: Set<number>): SkillCategoryView => ({
    id: category.id,
    name: category.name,
    code: category.code,
    mother: category.motherId,
    skills: (skillsOf.get(category.id) ?? []).map(toSkill),
    daughters: (daughtersOf.get(category.id) ?? [])
      .filter((daughter) => !seen.has(daughter.id))
      .map((daughter) => build(daughter, new Set([...seen, daughter.id]))),
  });
  return roots.map((root) => build(root, new Set([root.id])));
}

/** `GET /app/skill/{course}/{triad}/list` (spec 2 §7): sessions, their grids and the caller's rights. */
export async function buildSkillList(db: DbOrTx, access: SkillAccess, locale: Locale, links: FileLinks): Promise<SkillListResponse> {
  const courseId = access.triad.trainingCourseId;
  const [sessions, categories, courseSkills, answerRows, last] = await Promise.all([
    listCourseSessions(db, courseId),
    listCourseCategories(db, courseId),
    listCourseSkills(db, courseId),
    listTriadAnswers(db, access.triad.id),
    findLastSkillReply(db, access.triad.id),
  ]);
  const rootLinks = await listSessionRoots(
    db,
    sessions.map((session) => session.id),
  );
  const fileRows = await listFiles(db, [...new Set(answerRows.flatMap((row) => row.fileIds).filter((id): id is number => id !== null))]);
  const fileById = new Map(fileRows.map((file) => [file.id, { ...file, url: links.download(file) }]));
  const computed = courseSkills.filter((skill) => skill.computed).map((skill) => skill.id);
  const computedLevel = computedLevels(await listComputedInputs(db, [access.triad.id], computed), access.config.maxSkillLevel);

  const answersByKey = new Map<AnswerKey, SkillAnswerView>();
  for (const row of answerRows) {
    answersByKey.set(answerKey(row.sessionId, row.skillId, row.profile), {
      value: row.value,
      assessment: row.assessment,
      files: row.fileIds.flatMap((id) => (id !== null && fileById.has(id) ? [fileById.get(id)!] : [])),
    });
  }
  const skillsOf = new Map<number, SkillRow[]>();
  for (const skill of courseSkills) skillsOf.set(skill.skillCategoryId, [...(skillsOf.get(skill.skillCategoryId) ?? []), skill]);
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const today = new Date().toISOString().slice(0, 10);
  const current = sessions.find((session) => isSessionOpen(session, today)) ?? sessions.at(-1);

  const skillSessions = sessions.map((session) => {
    const toSkill = (skill: SkillRow): SkillView => {
      const answers: Record<string, SkillAnswerView> = {};
      for (const profile of access.columns) {
        if (skill.computed) {
          answers[String(profile)] = { value: computedLevel(access.triad.id, skill.id, profile), assessment: null, files: [] };
          continue;
        }
        const answer = answersByKey.get(answerKey(session.id, skill.id, profile));
        if (answer) answers[String(profile)] = answer;
      }
      return {
        id: skill.id,
        name: skill.name,
        tooltip: skill.tooltip,
        needJustificative: skill.needJustificative,
        requiredValue: skill.requiredValue,
        computed: skill.computed,
        answers,
      };
    };
    const roots = rootLinks
      .filter((link) => link.sessionId === session.id)
      .map((link) => categoryById.get(link.categoryId))
      .filter((category): category is CategoryRow => category !== undefined)
      .sort((a, b) => a.position - b.position || a.id - b.id);
    return {
      id: session.id,
      name: session.name,
      startDate: session.startDate,
      endDate: session.endDate,
      open: isSessionOpen(session, today),
      currentSkillSession: session.id === current?.id,
      skillCategories: buildTrees(roots, categories, skillsOf, toSkill),
    };
  });

  return {
    trainingCourse: {
      id: courseId,
      maxSkillLevel: access.config.maxSkillLevel,
      skillLevels: skillLevels(access.config, locale),
      skillRoles: access.config.skillRoles,
      skillPresentation: access.config.skillPresentation,
    },
    columns: access.columns,
    ratingProfiles: access.ratingProfiles,
    canJustify: access.isMember && !access.roles.includes(PROFILE.manager),
    canManage: access.canManage,
    lastSkillReply: last
      ? {
          date: last.date.toISOString(),
          profile: last.profile,
          user: last.userId === null ? null : { id: last.userId, fullName: `${last.firstName ?? ''} ${last.lastName ?? ''}`.trim() },
        }
      : null,
    skillSessions,
  };
}
